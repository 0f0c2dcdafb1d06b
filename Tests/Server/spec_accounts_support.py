"""Shared by the ports of the emulator's account specs (test_spec_*.py): the calls its cases make, against
`authflow serve`.

Each emulator case runs on a fresh emulator, so `fresh` (autouse in those files) starts the server over before
every test. The emulator's cases assume improved email privacy is off (its default) unless the case switches it
on; authflow's default is production's (on for new projects), so `fresh` switches it off through the
emulator's config endpoint, the same state the case starts from.
"""
import base64
import json
import urllib.parse

import pytest
import requests

from conftest import PROJECT

TOOLKIT = "/identitytoolkit.googleapis.com"
OWNER = {"Authorization": "Bearer owner"}
PHONE = "+15555550100"
PHONE_2 = "+15555550101"
PHONE_3 = "+15555550102"
INVALID_PHONE = "5555550100"
MFA_INFO = {"displayName": "Cell Phone", "phoneInfo": PHONE}
FRESH = "version: 1\nscenario: spec\nsteps:\n  - wait: 1s\n"


@pytest.fixture(autouse=True)
def fresh(server):
    loaded = requests.post(f"{server.base}/authflow/v1/given", data=FRESH, timeout=10)
    assert loaded.status_code == 200, loaded.text
    set_privacy(server, False)


def set_privacy(server, enabled):
    patched = requests.patch(f"{server.base}/emulator/v1/projects/{PROJECT}/config",
                             json={"emailPrivacyConfig": {"enableImprovedEmailPrivacy": enabled}}, timeout=10)
    assert patched.status_code == 200, patched.text


def update_config(server, config, mask):
    """The Admin API's project config (`PATCH /v2/projects/{id}/config`), as the emulator's cases set it."""
    return requests.patch(f"{server.base}{TOOLKIT}/v2/projects/{PROJECT}/config", params={"updateMask": mask},
                          json=config, headers=OWNER, timeout=10)


def client(server, endpoint, body):
    """A client SDK call: an API key, no credential."""
    return requests.post(f"{server.base}{TOOLKIT}/v1/{endpoint}", params={"key": "fake-api-key"}, json=body,
                         timeout=10)


def owner(server, endpoint, body):
    """An Admin call on the unscoped path with the emulator's owner credential."""
    return requests.post(f"{server.base}{TOOLKIT}/v1/{endpoint}", json=body, headers=OWNER, timeout=10)


def error(response):
    return response.json()["error"]["message"]


def expect_error(response, message):
    assert response.status_code == 400, response.text
    assert error(response) == message


def ok(response):
    assert response.status_code == 200, response.text
    return response.json()


def jwt_parts(token):
    def decode(part):
        return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    header, payload, _ = token.split(".")
    return decode(header), decode(payload)


def claims(token):
    return jwt_parts(token)[1]


def register(server, email, password, **extra):
    return ok(client(server, "accounts:signUp", {"email": email, "password": password, **extra}))


def register_anon(server):
    return ok(client(server, "accounts:signUp", {"returnSecureToken": True}))


def sign_in_with_fake_claims(server, provider, tenant=None, **fields):
    token = json.dumps({"iss": "example.com", "aud": "example.com", "exp": 1597974008, "iat": 1597970408,
                        **fields})
    body = {"postBody": urllib.parse.urlencode({"providerId": provider, "id_token": token}),
            "requestUri": "http://localhost", "returnIdpCredential": True, "returnSecureToken": True}
    if tenant:
        body["tenantId"] = tenant
    return ok(client(server, "accounts:signInWithIdp", body))


def verification_codes(server):
    listed = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/verificationCodes", timeout=10)
    return ok(listed)["verificationCodes"]


def sign_in_with_phone(server, number):
    session_info = ok(client(server, "accounts:sendVerificationCode",
                             {"phoneNumber": number, "recaptchaToken": "ignored"}))["sessionInfo"]
    code = [c for c in verification_codes(server) if c["sessionInfo"] == session_info][-1]["code"]
    return ok(client(server, "accounts:signInWithPhoneNumber", {"sessionInfo": session_info, "code": code}))


def oob_codes(server, tenant=None):
    path = f"tenants/{tenant}/oobCodes" if tenant else "oobCodes"
    return ok(requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/{path}", timeout=10))["oobCodes"]


def sign_in_with_email_link(server, email, id_token=None):
    code = ok(owner(server, "accounts:sendOobCode",
                    {"email": email, "requestType": "EMAIL_SIGNIN", "returnOobLink": True}))["oobCode"]
    body = {"email": email, "oobCode": code}
    if id_token:
        body["idToken"] = id_token
    return ok(client(server, "accounts:signInWithEmailLink", body))


def lookup_by_token(server, id_token):
    users = ok(client(server, "accounts:lookup", {"idToken": id_token})).get("users", [])
    assert len(users) == 1
    return users[0]


def lookup_by_local_id(server, local_id, tenant=None):
    body = {"localId": [local_id]}
    if tenant:
        body["tenantId"] = tenant
    users = ok(owner(server, "accounts:lookup", body)).get("users", [])
    assert len(users) == 1
    return users[0]


def signin_methods(server, email):
    answer = ok(client(server, "accounts:createAuthUri",
                       {"continueUri": "http://example.com/", "identifier": email}))
    return answer.get("signinMethods", [])


def update_by_local_id(server, local_id, **fields):
    return ok(owner(server, "accounts:update", {"localId": local_id, **fields}))


def register_tenant(server, **config):
    return ok(requests.post(f"{server.base}{TOOLKIT}/v2/projects/{PROJECT}/tenants", params={"key": "fake-api-key"},
                            json=config, headers=OWNER, timeout=10))


def tenant_id(tenant):
    return tenant.get("tenantId") or tenant["name"].rsplit("/", 1)[-1]
