"""Helpers for the ports of the Firebase Auth emulator's spec cases (oob, emailLink, customToken, batch, idp).

Each emulator case starts from an empty emulator; `fresh` gives each test its own `authflow serve`, so no
account, code, tenant or setting leaks from one case into the next.
"""
import base64
import json
import urllib.parse

import pytest
import requests

from conftest import PROJECT, start_server, stop_server

IDENTITY = "/identitytoolkit.googleapis.com"
TEST_PHONE_NUMBER = "+15555550100"
TEST_MFA_INFO = {"displayName": "Cell Phone", "phoneInfo": TEST_PHONE_NUMBER}
OWNER = {"Authorization": "Bearer owner"}


class Api:
    """The emulator specs' `authApi()`: client calls carry an API key, Admin calls the owner bearer."""

    def __init__(self, server):
        self.server = server
        self.base = server.base

    def client(self, endpoint, body, version="v1"):
        return requests.post(f"{self.base}{IDENTITY}/{version}/{endpoint}", params={"key": "fake-api-key"},
                             json=body, timeout=10)

    def admin(self, endpoint, body):
        return requests.post(f"{self.base}{IDENTITY}/v1/{endpoint}", headers=OWNER, json=body, timeout=10)

    def project(self, endpoint, body=None, method="POST", params=None, tenant=None):
        scope = f"projects/{PROJECT}" + (f"/tenants/{tenant}" if tenant else "")
        return requests.request(method, f"{self.base}{IDENTITY}/v1/{scope}/{endpoint}", headers=OWNER,
                                json=body, params=params, timeout=10)

    def oobs(self, tenant=None):
        scope = f"projects/{PROJECT}" + (f"/tenants/{tenant}" if tenant else "")
        listed = requests.get(f"{self.base}/emulator/v1/{scope}/oobCodes", timeout=10)
        assert listed.status_code == 200, listed.text
        return listed.json()["oobCodes"]

    def verification_codes(self, tenant=None):
        scope = f"projects/{PROJECT}" + (f"/tenants/{tenant}" if tenant else "")
        listed = requests.get(f"{self.base}/emulator/v1/{scope}/verificationCodes", timeout=10)
        assert listed.status_code == 200, listed.text
        return listed.json()["verificationCodes"]

    def emulator_config(self, config):
        patched = requests.patch(f"{self.base}/emulator/v1/projects/{PROJECT}/config", headers=OWNER,
                                 json=config, timeout=10)
        assert patched.status_code == 200, patched.text

    def project_config(self, config, update_mask=None):
        """`PATCH /v2/projects/{id}/config`, as the emulator specs' `updateConfig`."""
        params = {"updateMask": update_mask} if update_mask else None
        return requests.patch(f"{self.base}{IDENTITY}/v2/projects/{PROJECT}/config", headers=OWNER, params=params,
                              json=config, timeout=10)

    def settings(self, knobs):
        patched = self.server.control("PATCH", "settings", knobs)
        assert patched.status_code == 200, patched.text


@pytest.fixture
def api():
    running = start_server()
    yield Api(running)
    stop_server(running)


def ok(response):
    assert response.status_code == 200, f"expected 200, got {response.status_code}: {response.text}"
    return response.json()


def error(response, status=400):
    assert response.status_code == status, f"expected {status}, got {response.status_code}: {response.text}"
    return response.json()["error"]["message"]


def jwt_parts(token):
    """The header and payload of an unsigned JWT (the ID tokens serve issues)."""

    def part(text):
        return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))

    header, payload, _ = token.split(".")
    return part(header), part(payload)


def unsigned_jwt(payload):
    """A JWT with `alg: none`, as `jsonwebtoken.sign(…, {algorithm: "none"})` and the Admin SDKs mint it for the emulator."""

    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(payload)}."


def register_user(api, email, password, **extra):
    body = ok(api.client("accounts:signUp", {"email": email, "password": password, **extra}))
    return body


def register_anon(api):
    return ok(api.client("accounts:signUp", {"returnSecureToken": True}))


def update_by_local_id(api, local_id, fields):
    ok(api.admin("accounts:update", {"localId": local_id, **fields}))


def create_email_sign_in_oob(api, email, tenant=None):
    body = {"email": email, "requestType": "EMAIL_SIGNIN", "returnOobLink": True}
    if tenant:
        body["tenantId"] = tenant
    return ok(api.admin("accounts:sendOobCode", body))


def sign_in_with_email_link(api, email):
    code = create_email_sign_in_oob(api, email)["oobCode"]
    return ok(api.client("accounts:signInWithEmailLink", {"email": email, "oobCode": code}))


def sign_in_with_password(api, email, password):
    return ok(api.client("accounts:signInWithPassword", {"email": email, "password": password}))


def sign_in_with_phone_number(api, phone_number):
    session = ok(api.client("accounts:sendVerificationCode",
                            {"phoneNumber": phone_number, "recaptchaToken": "ignored"}))["sessionInfo"]
    code = [c for c in api.verification_codes() if c["sessionInfo"] == session][-1]["code"]
    return ok(api.client("accounts:signInWithPhoneNumber", {"sessionInfo": session, "code": code}))


def fake_claims(**claims):
    return {"iss": "example.com", "aud": "example.com", "exp": 1597974008, "iat": 1597970408, **claims}


def idp_request(provider_id, claims, **extra):
    post_body = urllib.parse.urlencode({"providerId": provider_id, "id_token": json.dumps(fake_claims(**claims))})
    return {"postBody": post_body, "requestUri": "http://localhost", "returnIdpCredential": True,
            "returnSecureToken": True, **extra}


def sign_in_with_fake_claims(api, provider_id, **claims):
    return ok(api.client("accounts:signInWithIdp", idp_request(provider_id, claims)))


def sign_in_methods(api, email):
    body = ok(api.client("accounts:createAuthUri", {"continueUri": "http://example.com/", "identifier": email}))
    return body.get("signinMethods", [])


def lookup_by_id_token(api, id_token, tenant=None):
    body = {"idToken": id_token}
    if tenant:
        body["tenantId"] = tenant
    users = ok(api.client("accounts:lookup", body)).get("users", [])
    assert len(users) == 1
    return users[0]


def lookup_by_local_id(api, local_id, tenant=None):
    body = {"localId": [local_id]}
    if tenant:
        body["tenantId"] = tenant
    users = ok(api.admin("accounts:lookup", body)).get("users", [])
    assert len(users) == 1
    return users[0]


def register_tenant(api, **config):
    created = requests.post(f"{api.base}{IDENTITY}/v2/projects/{PROJECT}/tenants", params={"key": "fake-api-key"},
                            headers=OWNER, json=config, timeout=10)
    return ok(created)


def enroll_phone_mfa(api, id_token, phone_number):
    started = ok(api.client("accounts/mfaEnrollment:start",
                            {"idToken": id_token, "phoneEnrollmentInfo": {"phoneNumber": phone_number}}, version="v2"))
    session = started["phoneSessionInfo"]["sessionInfo"]
    code = [c for c in api.verification_codes() if c["sessionInfo"] == session][-1]["code"]
    return ok(api.client("accounts/mfaEnrollment:finalize",
                         {"idToken": id_token, "phoneVerificationInfo": {"code": code, "sessionInfo": session}},
                         version="v2"))
