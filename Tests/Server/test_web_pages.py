"""The pages the web SDK opens for popup and redirect sign-in: the IdP widget (`/emulator/auth/handler`) and the
relay page it loads hidden in the app (`/emulator/auth/iframe`).

Their scripts run under Node (page_harness.js) in a fake window: a user's click on the widget, the opener's
frames, and `gapi.iframes` as the web SDK drives it (firebase-js-sdk `platform_browser/iframe` and
`popup_redirect`: the SDK asks `webStorageSupport`, expects one `authEvent` at start, then one per popup).
The real `gapi` comes from apis.google.com, as for production's `/__/auth/iframe`, so it is faked here.
"""
import json
import os
import shutil
import subprocess
import urllib.parse

import pytest
import requests

HERE = os.path.dirname(os.path.abspath(__file__))
NODE = shutil.which("node") or shutil.which("nodejs")
# CI sets AUTHFLOW_REQUIRE_NODE, having installed Node: there, a missing Node fails instead of skipping.
pytestmark = pytest.mark.skipif(NODE is None and not os.environ.get("AUTHFLOW_REQUIRE_NODE"),
                                reason="Node.js runs the pages' scripts")

APP = "apiKey=fake-api-key&appName=%5BDEFAULT%5D"


def in_browser(page, html, url, **setup):
    done = subprocess.run([NODE, os.path.join(HERE, "page_harness.js")],
                          input=json.dumps({"page": page, "html": html, "url": url, **setup}),
                          capture_output=True, text=True, timeout=30, check=True)
    return json.loads(done.stdout)


def known_google_account(server):
    claims = json.dumps({"sub": "g-popup", "email": "popup@gmail.com", "name": "Pop"})
    body = {"postBody": "id_token=" + urllib.parse.quote(claims) + "&providerId=google.com",
            "requestUri": "http://localhost", "returnSecureToken": True}
    signed_in = server.post("accounts:signInWithIdp", body)
    assert signed_in.status_code == 200, signed_in.text
    return signed_in.json()["localId"]


def widget(server, auth_type, extra=""):
    url = (f"{server.base}/emulator/auth/handler?{APP}&authType={auth_type}&providerId=google.com"
           f"&eventId=ev-7&tid=&v=11{extra}")
    response = requests.get(url, timeout=10)
    assert response.status_code == 200
    return url, response.text


def relay(server, query=APP):
    url = f"{server.base}/emulator/auth/iframe?{query}&v=11"
    return url, requests.get(url, timeout=10)


def test_a_popup_hands_the_picked_account_to_its_apps_relay_page_and_closes(server):
    uid = known_google_account(server)
    url, html = widget(server, "signInViaPopup")
    frame = f"{server.base}/emulator/auth/iframe?{APP}&v=11"
    other_app = f"{server.base}/emulator/auth/iframe?apiKey=fake-api-key&appName=other&v=11"
    page = in_browser("handler", html, url, frames=[{"crossOrigin": True}, {"url": other_app}, {"url": frame}])
    assert page["prevented"] and page["closed"] and page["problem"] is None
    assert [post["frame"] for post in page["posted"]] == [2]
    message = page["posted"][0]["message"]
    assert page["posted"][0]["targetOrigin"] == server.base
    assert message["eventType"] == "sendAuthEvent"
    assert message["data"]["storageKey"] == "fake-api-key:[DEFAULT]"
    event = message["data"]["authEvent"]
    assert event["type"] == "signInViaPopup" and event["eventId"] == "ev-7" and event["error"] is None
    # What the SDK then sends: the event's urlResponse as requestUri, its sessionId and postBody.
    signed_in = server.post("accounts:signInWithIdp", {
        "requestUri": event["urlResponse"], "sessionId": event["sessionId"], "postBody": event["postBody"],
        "returnSecureToken": True})
    assert signed_in.status_code == 200, signed_in.text
    assert signed_in.json()["localId"] == uid


def test_a_popup_without_its_relay_page_says_so_and_stays_open(server):
    known_google_account(server)
    url, html = widget(server, "signInViaPopup")
    without_opener = in_browser("handler", html, url, noOpener=True)
    assert not without_opener["closed"] and without_opener["posted"] == []
    assert "no authflow relay page for app [DEFAULT]" in without_opener["problem"]
    other_app = f"{server.base}/emulator/auth/iframe?apiKey=fake-api-key&appName=other&v=11"
    wrong_frame = in_browser("handler", html, url, frames=[{"url": other_app}])
    assert not wrong_frame["closed"] and wrong_frame["posted"] == [] and wrong_frame["problem"]


def test_a_redirect_stores_the_event_for_the_relay_page_and_goes_back(server):
    known_google_account(server)
    url, html = widget(server, "signInViaRedirect", "&redirectUrl=" + urllib.parse.quote("http://app.test/", safe=""))
    page = in_browser("handler", html, url)
    assert page["location"] == "http://app.test/" and not page["closed"]
    stored = json.loads(page["storage"]["firebase:redirectEvent:fake-api-key:[DEFAULT]"])
    assert stored["type"] == "signInViaRedirect" and stored["urlResponse"] == page["link"]
    # Back in the app, the SDK's relay page finds it and sends it once.
    relay_url, response = relay(server)
    back = in_browser("relay", response.text, relay_url, stored=page["storage"])
    assert [sent["data"]["authEvent"] for sent in back["sent"]] == [stored]
    assert back["storage"] == {}


def test_the_relay_page_answers_the_sdk_and_forwards_only_its_apps_events(server):
    url, response = relay(server)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/html")
    assert '<script src="https://apis.google.com/js/api.js"></script>' in response.text
    key = "fake-api-key:[DEFAULT]"
    event = {"type": "signInViaPopup", "eventId": "ev-1", "urlResponse": "http://x/", "error": None}
    mine = {"origin": server.base, "data": {"eventType": "sendAuthEvent",
                                            "data": {"storageKey": key, "authEvent": event}}}
    foreign = {"origin": "http://evil.test", "data": mine["data"]}
    other_app = {"origin": server.base, "data": {"eventType": "sendAuthEvent",
                                                 "data": {"storageKey": "fake-api-key:other", "authEvent": event}}}
    page = in_browser("relay", response.text, url, messages=[foreign, other_app, mine])
    assert page["registered"] == {"webStorageSupport": {"answer": {"status": "ACK", "webStorageSupport": True},
                                                        "filtered": True}}
    events = [sent["data"]["authEvent"] for sent in page["sent"]]
    assert events == [{"type": "unknown", "error": {"code": "auth/no-auth-event"}}, event]
    assert all(sent["name"] == "authEvent" and sent["filtered"] for sent in page["sent"])
    # A popup's event that comes before gapi has loaded is the first one sent.
    early = in_browser("relay", response.text, url, before=[mine])
    assert [sent["data"]["authEvent"] for sent in early["sent"]] == [event]


def test_the_relay_page_needs_the_apps_key_and_name(server):
    for query in ("apiKey=fake-api-key", "appName=app", "apiKey=&appName=app"):
        _, response = relay(server, query)
        assert response.status_code == 400, query
    posted = requests.post(f"{server.base}/emulator/auth/iframe?{APP}", timeout=10)
    assert posted.status_code == 404
