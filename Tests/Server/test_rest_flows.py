"""The client flows over plain REST, as the Firebase client SDKs make them in emulator mode."""
import json
import socket
import urllib.parse

import requests

from conftest import PROJECT


def error(response):
    return response.json()["error"]["message"]


def test_sign_up_verify_lookup(server):
    created = server.post("accounts:signUp", {"email": "flow@example.com", "password": "secret-1",
                                              "returnSecureToken": True})
    assert created.status_code == 200
    token = created.json()["idToken"]
    assert server.post("accounts:sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": token}).status_code == 200
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10).json()["oobCodes"]
    mine = [c for c in codes if c["email"] == "flow@example.com" and c["requestType"] == "VERIFY_EMAIL"]
    assert server.post("accounts:update", {"oobCode": mine[-1]["oobCode"]}).status_code == 200
    users = server.post("accounts:lookup", {"idToken": token}).json()["users"]
    assert users[0]["emailVerified"] is True


def test_action_link_handler_verifies(server):
    token = server.post("accounts:signUp", {"email": "link@example.com", "password": "secret-1"}).json()["idToken"]
    server.post("accounts:sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": token})
    emails = server.control("GET", "outbox").json()["emails"]
    link = [e for e in emails if e["to"] == "link@example.com"][-1]["link"]
    page = requests.get(link, timeout=10)
    assert page.status_code == 200 and "verified" in page.text
    assert server.post("accounts:lookup", {"idToken": token}).json()["users"][0]["emailVerified"]


def test_requires_recent_login_after_advancing_the_clock(server):
    token = server.post("accounts:signUp", {"email": "old@example.com", "password": "secret-1"}).json()["idToken"]
    server.control("POST", "clock:advance", {"by": "6m"}).raise_for_status()
    for endpoint, body in [("accounts:update", {"idToken": token, "password": "another-1"}),
                           ("accounts:delete", {"idToken": token})]:
        response = server.post(endpoint, body)
        assert response.status_code == 400
        assert error(response) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"
    again = server.post("accounts:signInWithPassword", {"email": "old@example.com", "password": "secret-1"}).json()
    assert server.post("accounts:delete", {"idToken": again["idToken"]}).status_code == 200


def idp_post_body(provider, sub, email, verified):
    claims = json.dumps({"sub": sub, "email": email, "email_verified": verified})
    return urllib.parse.urlencode({"id_token": claims, "providerId": provider})


def test_collision_through_sign_in_with_idp(server):
    server.post("accounts:signUp", {"email": "collide@gmail.com", "password": "secret-1"}).raise_for_status()
    # Facebook is not trusted: the service asks for confirmation instead of signing in.
    untrusted = server.post("accounts:signInWithIdp", {
        "postBody": idp_post_body("facebook.com", "fb-1", "collide@gmail.com", True),
        "requestUri": "http://localhost", "returnSecureToken": True}).json()
    assert untrusted["needConfirmation"] is True and "idToken" not in untrusted
    # Google for a gmail.com address is trusted: it takes the unverified password account over.
    trusted = server.post("accounts:signInWithIdp", {
        "postBody": idp_post_body("google.com", "g-1", "collide@gmail.com", True),
        "requestUri": "http://localhost", "returnSecureToken": True}).json()
    assert trusted["emailVerified"] is True and trusted["isNewUser"] is False
    password = server.post("accounts:signInWithPassword", {"email": "collide@gmail.com", "password": "secret-1"})
    assert error(password) == "INVALID_LOGIN_CREDENTIALS"


def test_sign_in_with_idp_refuses_an_accounts_own_provider(server):
    # A token claiming `sign_in_provider: phone` without an SMS, or `password` without one, would fool rules.
    for provider in ("password", "phone", "anonymous", "custom", "emailLink", "email"):
        refused = server.post("accounts:signInWithIdp", {
            "postBody": idp_post_body(provider, "own-1", "own@example.com", True),
            "requestUri": "http://localhost", "returnSecureToken": True})
        assert refused.status_code == 400 and error(refused) == "INVALID_PROVIDER_ID", (provider, refused.text)


def test_refresh_token_and_revocation(server):
    first = server.post("accounts:signUp", {"email": "refresh@example.com", "password": "secret-1"}).json()
    refreshed = requests.post(f"{server.base}/securetoken.googleapis.com/v1/token?key=fake-api-key",
                              data={"grant_type": "refresh_token", "refresh_token": first["refreshToken"]},
                              timeout=10)
    assert refreshed.status_code == 200 and refreshed.json()["user_id"] == first["localId"]
    server.post("accounts:update", {"idToken": first["idToken"], "password": "changed-1"}).raise_for_status()
    stale = requests.post(f"{server.base}/securetoken.googleapis.com/v1/token?key=fake-api-key",
                          json={"grant_type": "refresh_token", "refresh_token": first["refreshToken"]}, timeout=10)
    assert stale.status_code == 400 and error(stale) == "TOKEN_EXPIRED"


def test_a_deleted_users_id_token_is_user_not_found_everywhere(server):
    """Production checks that the token's user exists before its age or revoked sessions: the SDKs then report
    user-not-found, not user-token-expired."""
    first = server.post("accounts:signUp", {"email": "gone@example.com", "password": "secret-1"}).json()
    admin = requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:delete",
                          json={"localId": first["localId"]}, headers={"Authorization": "Bearer owner"},
                          timeout=10)
    assert admin.status_code == 200
    token = first["idToken"]
    for endpoint, body in [("accounts:lookup", {"idToken": token}),
                           ("accounts:delete", {"idToken": token}),
                           ("accounts:update", {"idToken": token, "displayName": "Ghost"}),
                           ("accounts:sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": token})]:
        answer = server.post(endpoint, body)
        assert answer.status_code == 400 and error(answer) == "USER_NOT_FOUND", endpoint


def test_an_action_link_carries_the_continue_url_it_was_sent_with(server):
    server.post("accounts:signUp", {"email": "next@example.com", "password": "secret-1"}).raise_for_status()
    server.post("accounts:sendOobCode", {"requestType": "PASSWORD_RESET", "email": "next@example.com",
                                         "continueUrl": "https://app.example/done?x=1&y=2"}).raise_for_status()
    server.post("accounts:sendOobCode", {"requestType": "PASSWORD_RESET",
                                         "email": "next@example.com"}).raise_for_status()
    codes = requests.get(f"{server.base}/emulator/v1/projects/demo-authflow/oobCodes", timeout=10).json()["oobCodes"]
    links = [code["oobLink"] for code in codes if code["email"] == "next@example.com"]
    assert len(links) == 2
    assert "&continueUrl=https%3A%2F%2Fapp.example%2Fdone%3Fx%3D1%26y%3D2" in links[0], links[0]
    assert "continueUrl" not in links[1], links[1]
    generated = requests.post(
        f"{server.base}/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:sendOobCode",
        json={"requestType": "PASSWORD_RESET", "email": "next@example.com", "returnOobLink": True,
              "continueUrl": "https://app.example/"}, headers={"Authorization": "Bearer owner"}, timeout=10)
    assert "&continueUrl=https%3A%2F%2Fapp.example%2F" in generated.json()["oobLink"]
    # A fresh world repeats its seeded codes: the same code sent again without a continueUrl has none.
    given = ("version: 1\nscenario: fresh\ngiven:\n  accounts:\n    - { email: next@example.com, password: secret-1 }\n"
             "steps: [launch]\n")
    sent = []
    for body in [{"continueUrl": "https://app.example/first"}, {}]:
        assert requests.post(f"{server.base}/authflow/v1/given", data=given, timeout=10).status_code == 200
        server.post("accounts:sendOobCode", {"requestType": "PASSWORD_RESET", "email": "next@example.com",
                                             **body}).raise_for_status()
        sent += requests.get(f"{server.base}/emulator/v1/projects/demo-authflow/oobCodes",
                             timeout=10).json()["oobCodes"]
    assert len(sent) == 2 and sent[0]["oobCode"] == sent[1]["oobCode"], sent
    assert "continueUrl=" in sent[0]["oobLink"] and "continueUrl" not in sent[1]["oobLink"], sent


def test_concurrent_sends_to_one_address_keep_their_own_continue_urls(server):
    """The codes a send made get its continueUrl under the world's lock, so concurrent sends of one kind to one
    address never take each other's."""
    from concurrent.futures import ThreadPoolExecutor
    server.control("PATCH", "settings", {"oob_send_limit": {"count": 100, "per": "1h"}}).raise_for_status()
    server.post("accounts:signUp", {"email": "many@example.com", "password": "secret-1"}).raise_for_status()
    urls = [f"https://app.example/{n}" for n in range(24)]

    def send(url):
        return server.post("accounts:sendOobCode", {"requestType": "PASSWORD_RESET", "email": "many@example.com",
                                                    "continueUrl": url}).status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert set(pool.map(send, urls)) == {200}
    codes = requests.get(f"{server.base}/emulator/v1/projects/demo-authflow/oobCodes", timeout=10).json()["oobCodes"]
    linked = sorted(c["oobLink"].split("&continueUrl=")[1].split("&")[0] for c in codes
                    if c["email"] == "many@example.com")
    assert linked == sorted(requests.utils.quote(url, safe="") for url in urls)
    server.control("PATCH", "settings", {"oob_send_limit": {"count": 5, "per": "1h"}}).raise_for_status()


def test_fail_next_and_error_shapes(server):
    typo = server.control("POST", "failNext", {"operation": "signInWithPasswrd", "error": "too-many-requests"})
    assert typo.status_code == 400 and error(typo).endswith("Did you mean 'signInWithPassword'?"), typo.text
    server.control("POST", "failNext", {"operation": "signInWithPassword", "error": "too-many-requests"})
    failed = server.post("accounts:signInWithPassword", {"email": "x@example.com", "password": "secret-1"})
    assert error(failed) == "TOO_MANY_ATTEMPTS_TRY_LATER"
    body = failed.json()["error"]
    assert body["code"] == 400 and body["errors"][0]["message"] == "TOO_MANY_ATTEMPTS_TRY_LATER"
    # An outage: Identity Toolkit's 500, which the SDKs report as internal-error.
    server.control("POST", "failNext", {"operation": "signInWithPassword", "error": "internal-error"})
    outage = server.post("accounts:signInWithPassword", {"email": "x@example.com", "password": "secret-1"})
    body = outage.json()["error"]
    assert outage.status_code == 500 and (body["code"], body["message"], body["status"]) == (
        500, "INTERNAL_ERROR", "INTERNAL")
    bad = requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", data="{nope",
                        headers={"Content-Type": "application/json"}, timeout=10)
    assert bad.status_code == 400 and bad.json()["error"]["status"] == "INVALID_ARGUMENT"
    assert requests.get(f"{server.base}/no/such/endpoint", timeout=10).status_code == 404
    assert requests.delete(f"{server.base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                           timeout=10).json()["error"]["code"] == 404
    # A request cut off half way does not take the server down.
    with socket.create_connection(("127.0.0.1", int(server.host.rsplit(":", 1)[1]))) as raw:
        raw.sendall(b"POST /identitytoolkit.googleapis.com/v1/accounts:signUp HTTP/1.1\r\nContent-Length: 99\r\n\r\n{")
    assert server.control("GET", "clock").status_code == 200
    # A chunk size that is no number is a malformed request (400), not a body too large (413), which stays
    # the answer to a body past the limit.
    with socket.create_connection(("127.0.0.1", int(server.host.rsplit(":", 1)[1])), timeout=10) as raw:
        raw.sendall(b"POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r\nHost: x\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
        answer = raw.recv(4096).decode("latin-1")
    assert answer.startswith("HTTP/1.1 400"), answer[:80]
    # 2 MB is read (an Admin SDK import of 1,000 users with large claims is that big); past 16 MiB is refused.
    large = requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                          data=b"{" + b" " * 2_000_000 + b"}", headers={"Content-Type": "application/json"},
                          timeout=10)
    assert large.status_code == 200 and large.json()["kind"] == "identitytoolkit#SignupNewUserResponse"
    huge = requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                         data=b"{" + b" " * (16 << 20) + b"}", headers={"Content-Type": "application/json"},
                         timeout=10)
    assert huge.status_code == 413


def test_settings_and_given(server):
    knobs = server.control("PATCH", "settings", {"recent_login": "1h", "password_min_length": 8}).json()
    assert knobs["recent_login"] == "1h" and knobs["password_min_length"] == 8
    weak = server.post("accounts:signUp", {"email": "knob@example.com", "password": "seven77"})
    assert error(weak) == "WEAK_PASSWORD : Password should be at least 8 characters"
    unknown = server.control("PATCH", "settings", {"recent_logn": "1h"})
    assert unknown.status_code == 400 and "recent_login" in error(unknown)
    # As in a scenario's backend: an ID token must live some time, and a send limit needs a window.
    for knobs, key in (({"id_token_ttl": "0s"}, "id_token_ttl"),
                       ({"sms_send_limit": {"count": 1, "per": "0m"}}, "sms_send_limit")):
        refused = server.control("PATCH", "settings", knobs)
        assert refused.status_code == 400 and error(refused) == f"INVALID_ARGUMENT : '{key}' must be a duration longer than 0s"
    assert server.control("GET", "settings").json()["id_token_ttl"] == "1h"
    # The language's least whole numbers too: a password of no characters, a send limit that allows nothing.
    for knobs in ({"password_min_length": 0}, {"oob_send_limit": {"count": 0, "per": "1h"}}):
        refused = server.control("PATCH", "settings", knobs)
        assert refused.status_code == 400 and "at least 1" in error(refused), refused.text
    assert server.control("GET", "settings").json()["password_min_length"] == 8
    scenario = """version: 1
scenario: seeded
given:
  accounts:
    - { email: seeded@example.com, password: "correct-horse", email_verified: true }
steps:
  - wait: 1m
"""
    loaded = requests.post(f"{server.base}/authflow/v1/given", data=scenario, timeout=10)
    assert loaded.status_code == 200, loaded.text
    signed_in = server.post("accounts:signInWithPassword", {"email": "seeded@example.com", "password": "correct-horse"})
    assert signed_in.status_code == 200
    # A world needs no scenario or steps, and a half-written step does not stop it; a mistake in the world does.
    world_only = """given:
  accounts:
    - { email: only@example.com, password: "correct-horse" }
steps:
  - sign_inn: { email: only@example.com }
"""
    assert requests.post(f"{server.base}/authflow/v1/given", data=world_only, timeout=10).status_code == 200
    only = server.post("accounts:signInWithPassword", {"email": "only@example.com", "password": "correct-horse"})
    assert only.status_code == 200, only.text
    typo = requests.post(f"{server.base}/authflow/v1/given", data="given:\n  acounts: []\n", timeout=10)
    assert typo.status_code == 400 and "unknown key 'acounts'" in typo.text, typo.text


def test_wrong_passwords_lock_the_account_until_the_password_is_reset(server):
    assert server.control("GET", "settings").json()["password_attempt_limit"] == "none"
    knobs = server.control("PATCH", "settings", {"password_attempt_limit": {"count": 2, "per": "1h"}}).json()
    assert knobs["password_attempt_limit"] == {"count": 2, "per": "1h"}
    assert server.post("accounts:signUp", {"email": "lock@example.com", "password": "correct-horse"}).status_code == 200
    for _ in range(2):
        wrong = server.post("accounts:signInWithPassword", {"email": "lock@example.com", "password": "wrong-one"})
        assert error(wrong) == "INVALID_LOGIN_CREDENTIALS"
    locked = server.post("accounts:signInWithPassword", {"email": "lock@example.com", "password": "correct-horse"})
    assert error(locked).startswith("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily "
                                    "disabled due to many failed login attempts."), locked.text
    sent = server.post("accounts:sendOobCode", {"requestType": "PASSWORD_RESET", "email": "lock@example.com"})
    assert sent.status_code == 200
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10).json()["oobCodes"]
    code = [c for c in codes if c["email"] == "lock@example.com" and c["requestType"] == "PASSWORD_RESET"][-1]
    reset = server.post("accounts:resetPassword", {"oobCode": code["oobCode"], "newPassword": "battery-staple"})
    assert reset.status_code == 200, reset.text
    again = server.post("accounts:signInWithPassword", {"email": "lock@example.com", "password": "battery-staple"})
    assert again.status_code == 200, again.text
    for off in (None, "none"):
        assert server.control("PATCH", "settings", {"password_attempt_limit": off}).json()["password_attempt_limit"] == "none"
    refused = server.control("PATCH", "settings", {"password_attempt_limit": {"count": 0, "per": "1h"}})
    assert refused.status_code == 400 and "for no limit" in error(refused)


def test_a_change_to_the_accounts_own_address_changes_nothing(server):
    server.control("PATCH", "settings", {"email_enumeration_protection": False})
    up = server.post("accounts:signUp", {"email": "own@example.com", "password": "correct-horse"}).json()
    refused = server.post("accounts:sendOobCode", {"requestType": "VERIFY_AND_CHANGE_EMAIL",
                                                   "idToken": up["idToken"], "newEmail": "OWN@example.com"})
    assert error(refused) == "EMAIL_EXISTS"
    same = server.post("accounts:update", {"idToken": up["idToken"], "email": "Own@Example.com"})
    assert same.status_code == 200, same.text
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10).json()["oobCodes"]
    assert [c for c in codes if c["email"] == "own@example.com"] == []
    # No session was revoked: the first ID token still works.
    looked_up = server.post("accounts:lookup", {"idToken": up["idToken"]})
    assert looked_up.status_code == 200 and looked_up.json()["users"][0]["email"] == "own@example.com"
    server.control("PATCH", "settings", {"email_enumeration_protection": True})


def _verification_code(server, session_info):
    listed = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/verificationCodes", timeout=10).json()
    return [c for c in listed["verificationCodes"] if c["sessionInfo"] == session_info][-1]


def test_phone_sign_in_with_the_code_from_verification_codes(server):
    sent = server.post("accounts:sendVerificationCode", {"phoneNumber": "+15555550150", "recaptchaToken": "x"})
    assert sent.status_code == 200, sent.text
    session_info = sent.json()["sessionInfo"]
    entry = _verification_code(server, session_info)
    assert entry["phoneNumber"] == "+15555550150"
    wrong = "000000" if entry["code"] != "000000" else "111111"
    assert error(server.post("accounts:signInWithPhoneNumber",
                             {"sessionInfo": session_info, "code": wrong})) == "INVALID_CODE"
    signed_in = server.post("accounts:signInWithPhoneNumber", {"sessionInfo": session_info, "code": entry["code"]})
    assert signed_in.status_code == 200, signed_in.text
    body = signed_in.json()
    assert body["isNewUser"] is True and body["phoneNumber"] == "+15555550150"
    user = server.post("accounts:lookup", {"idToken": body["idToken"]}).json()["users"][0]
    assert user["localId"] == body["localId"] and user["phoneNumber"] == "+15555550150"
    assert error(server.post("accounts:signInWithPhoneNumber",
                             {"sessionInfo": session_info, "code": entry["code"]})) == "INVALID_SESSION_INFO"
    assert error(server.post("accounts:sendVerificationCode", {"phoneNumber": "555"})).startswith("INVALID_PHONE_NUMBER")


def test_phone_codes_expire_and_test_numbers_get_no_sms(server):
    session_info = server.post("accounts:sendVerificationCode", {"phoneNumber": "+15555550151"}).json()["sessionInfo"]
    code = _verification_code(server, session_info)["code"]
    server.control("POST", "clock:advance", {"by": "6m"})
    late = server.post("accounts:signInWithPhoneNumber", {"sessionInfo": session_info, "code": code})
    assert error(late) == "SESSION_EXPIRED"

    knobs = server.control("PATCH", "settings", {"test_phone_numbers": {"+15555550159": "654321"}}).json()
    assert knobs["test_phone_numbers"] == {"+15555550159": "654321"}
    test_session = server.post("accounts:sendVerificationCode", {"phoneNumber": "+15555550159"}).json()["sessionInfo"]
    listed = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/verificationCodes", timeout=10).json()
    assert all(c["phoneNumber"] != "+15555550159" for c in listed["verificationCodes"])
    signed_in = server.post("accounts:signInWithPhoneNumber", {"sessionInfo": test_session, "code": "654321"})
    assert signed_in.json()["phoneNumber"] == "+15555550159"


def test_linking_a_taken_number_answers_a_temporary_proof(server):
    first = server.post("accounts:sendVerificationCode", {"phoneNumber": "+15555550152"}).json()["sessionInfo"]
    owner = server.post("accounts:signInWithPhoneNumber",
                        {"sessionInfo": first, "code": _verification_code(server, first)["code"]}).json()
    guest = server.post("accounts:signUp", {}).json()
    second = server.post("accounts:sendVerificationCode", {"phoneNumber": "+15555550152"}).json()["sessionInfo"]
    answer = server.post("accounts:signInWithPhoneNumber",
                         {"sessionInfo": second, "code": _verification_code(server, second)["code"],
                          "idToken": guest["idToken"]})
    assert answer.status_code == 200 and "idToken" not in answer.json()
    proof = answer.json()["temporaryProof"]
    back = server.post("accounts:signInWithPhoneNumber", {"temporaryProof": proof, "phoneNumber": "+15555550152"})
    assert back.json()["localId"] == owner["localId"]


def test_the_ios_sdks_v3_paths_reach_the_same_operations(server):
    """The iOS SDK (FirebaseAuth 11, `IdentityToolkitRequest`) calls the v3 relying-party paths for most
    operations, and the v2 reCAPTCHA config before a phone sign-in."""
    def v3(name, body, method="POST"):
        return requests.request(method, f"{server.base}/www.googleapis.com/identitytoolkit/v3/relyingparty/{name}",
                                params={"key": "fake-api-key"}, json=body, timeout=10)

    created = v3("signupNewUser", {"email": "ios@example.com", "password": "secret-1", "returnSecureToken": True})
    assert created.status_code == 200, created.text
    signed_in = v3("verifyPassword", {"email": "ios@example.com", "password": "secret-1", "returnSecureToken": True})
    assert signed_in.json()["localId"] == created.json()["localId"]
    assert error(v3("verifyPassword", {"email": "ios@example.com", "password": "nope"})) == "INVALID_LOGIN_CREDENTIALS"
    id_token = signed_in.json()["idToken"]
    users = v3("getAccountInfo", {"idToken": id_token}).json()["users"]
    assert [user["email"] for user in users] == ["ios@example.com"]
    renamed = v3("setAccountInfo", {"idToken": id_token, "displayName": "Io", "returnSecureToken": True})
    assert renamed.json()["displayName"] == "Io"
    sent = v3("getOobConfirmationCode", {"requestType": "VERIFY_EMAIL", "idToken": id_token})
    assert sent.json()["email"] == "ios@example.com"
    assert v3("getProjectConfig", None, method="GET").json()["projectId"] == PROJECT
    config = requests.get(f"{server.base}/identitytoolkit.googleapis.com/v2/recaptchaConfig",
                          params={"key": "fake-api-key", "clientType": "CLIENT_TYPE_IOS",
                                  "version": "RECAPTCHA_ENTERPRISE"}, timeout=10).json()
    assert {state["enforcementState"] for state in config["recaptchaEnforcementState"]} == {"OFF"}
    assert v3("deleteAccount", {"idToken": id_token}).status_code == 200
    assert v3("signOutUser", {}).status_code == 404
    assert v3("verifyPassword", {"email": "ios@example.com"}, method="GET").status_code == 404


def _phone_code(server, number):
    session_info = server.post("accounts:sendVerificationCode", {"phoneNumber": number}).json()["sessionInfo"]
    return {"sessionInfo": session_info, "code": _verification_code(server, session_info)["code"]}


def test_reauthentication_and_number_updates_follow_the_operation(server):
    """`operation: REAUTH` (how the SDKs re-authenticate) never makes an account; `operation: UPDATE` (iOS
    `updatePhoneNumber`) replaces the number, where a plain link would be refused."""
    unknown = server.post("accounts:signInWithPhoneNumber", {**_phone_code(server, "+15555550160"),
                                                             "operation": "REAUTH"})
    assert error(unknown) == "USER_NOT_FOUND"
    assert server.post("accounts:lookup", {"phoneNumber": ["+15555550160"]},
                       ).json().get("users", []) == []
    owner = server.post("accounts:signInWithPhoneNumber", _phone_code(server, "+15555550161")).json()
    again = server.post("accounts:signInWithPhoneNumber", {**_phone_code(server, "+15555550161"), "operation": 2})
    assert again.status_code == 200, again.text
    assert (again.json()["localId"], again.json()["isNewUser"]) == (owner["localId"], False)

    relink = server.post("accounts:signInWithPhoneNumber", {**_phone_code(server, "+15555550162"),
                                                            "idToken": owner["idToken"]})
    assert relink.status_code == 400
    updated = server.post("accounts:signInWithPhoneNumber", {**_phone_code(server, "+15555550162"),
                                                             "idToken": owner["idToken"], "operation": "UPDATE"})
    assert updated.status_code == 200, updated.text
    assert (updated.json()["localId"], updated.json()["phoneNumber"]) == (owner["localId"], "+15555550162")


PROJECT_SCOPED = [("POST", f"v1/projects/{PROJECT}/accounts:lookup", {"localId": ["nobody"]}),
                  ("GET", f"v1/projects/{PROJECT}/accounts:batchGet", None),
                  ("POST", f"v1/projects/{PROJECT}/accounts:update", {"localId": "nobody", "displayName": "X"}),
                  ("POST", f"v1/projects/{PROJECT}/tenants/scoped-tenant/accounts:query", {}),
                  ("GET", f"v2/projects/{PROJECT}/config", None),
                  ("GET", f"v2/projects/{PROJECT}/tenants", None)]


def project_scoped(server, method, path, body, **options):
    return requests.request(method, f"{server.base}/identitytoolkit.googleapis.com/{path}", json=body, timeout=10,
                            **options)


def test_project_scoped_paths_need_the_admin_credential(server):
    """The Admin API's paths name the project, which takes an OAuth 2 credential: without any credential they are
    403 `PERMISSION_DENIED`, as every Identity Toolkit call is; with an API key alone `INSUFFICIENT_PERMISSION`, as
    the emulator answers them (its `targetProjectId` check) and production answers a client's target project."""
    for method, path, body in PROJECT_SCOPED:
        bare = project_scoped(server, method, path, body)
        assert bare.status_code == 403 and bare.json()["error"]["status"] == "PERMISSION_DENIED", (path, bare.text)
        keyed = project_scoped(server, method, path, body, params={"key": "fake-api-key"})
        assert keyed.status_code == 400, (path, keyed.text)
        assert error(keyed) == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."
        admin = project_scoped(server, method, path, body, headers={"Authorization": "Bearer owner"})
        assert admin.status_code in (200, 400) and "PERMISSION" not in admin.text, (path, admin.text)
    created = project_scoped(server, "POST", f"v1/projects/{PROJECT}/accounts", {"email": "scoped@example.com"},
                             headers={"Authorization": "Bearer owner"})
    assert created.status_code == 200 and created.json()["email"] == "scoped@example.com"


def test_a_tenants_mfa_endpoints_take_an_api_key(server):
    """A tenant's v2 MFA endpoints (`/v2/projects/{id}/tenants/{tenantId}/accounts/mfa…`) are client calls."""
    response = project_scoped(server, "POST", f"v2/projects/{PROJECT}/tenants/mfa-tenant/accounts/mfaSignIn:start",
                              {"mfaPendingCredential": "nothing", "mfaEnrollmentId": "nothing"},
                              params={"key": "fake-api-key"})
    assert "PERMISSION" not in response.text, response.text
