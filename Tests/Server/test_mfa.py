"""Multi-factor authentication against `authflow serve`: the v2 REST endpoints as the client SDKs call them, with
TOTP codes computed here from the shared secret at the server's virtual time, and the Admin SDK's factor fields.

The Python firebase-admin SDK (7.x) has no multi-factor API (`UserRecord.multi_factor`, `MultiFactorUpdate` are
the Node SDK's), so the Admin calls are made over REST with the bodies the Node Admin SDK sends; the Python SDK
still reads the records.
"""
import base64
import hashlib
import hmac
import struct

import firebase_admin
import pytest
import requests
from firebase_admin import auth

from conftest import PROJECT

ADMIN = {"Authorization": "Bearer owner"}


@pytest.fixture(scope="module")
def app(server):
    app = firebase_admin.initialize_app(options={"projectId": PROJECT}, name=f"authflow-mfa-{server.host}")
    yield app
    firebase_admin.delete_app(app)


def error(response):
    return response.json()["error"]["message"]


def v2(server, endpoint, body):
    return requests.post(f"{server.base}/identitytoolkit.googleapis.com/v2/accounts/{endpoint}?key=fake-api-key",
                         json=body, timeout=10)


def admin(server, endpoint, body):
    return requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/{endpoint}",
                         json=body, headers=ADMIN, timeout=10)


def totp(secret_base32, unix_seconds, digits=6, period=30):
    """RFC 6238 with HMAC-SHA1, as an authenticator app computes it."""
    key = base64.b32decode(secret_base32 + "=" * (-len(secret_base32) % 8))
    digest = hmac.new(key, struct.pack(">Q", unix_seconds // period), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(value % 10 ** digits).zfill(digits)


def server_time(server):
    return server.control("GET", "clock").json()["secondsSince1970"]


def sign_up_verified(server, email):
    token = server.post("accounts:signUp", {"email": email, "password": "secret-1"}).json()["idToken"]
    server.post("accounts:sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": token}).raise_for_status()
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10).json()["oobCodes"]
    code = [c for c in codes if c["email"] == email and c["requestType"] == "VERIFY_EMAIL"][-1]["oobCode"]
    server.post("accounts:update", {"oobCode": code}).raise_for_status()
    return server.post("accounts:signInWithPassword", {"email": email, "password": "secret-1"}).json()


def test_totp_enrolment_then_sign_in_with_a_code_computed_here(server, app):
    signed_in = sign_up_verified(server, "totp@example.com")
    started = v2(server, "mfaEnrollment:start", {"idToken": signed_in["idToken"], "totpEnrollmentInfo": {}})
    assert started.status_code == 200, started.text
    info = started.json()["totpSessionInfo"]
    assert (info["verificationCodeLength"], info["hashingAlgorithm"], info["periodSec"]) == (6, "SHA1", 30)
    secret = info["sharedSecretKey"]
    finalize = {"idToken": signed_in["idToken"], "displayName": "authenticator",
                "totpVerificationInfo": {"sessionInfo": info["sessionInfo"],
                                         "verificationCode": totp(secret, server_time(server))}}
    enrolled = v2(server, "mfaEnrollment:finalize", finalize)
    assert enrolled.status_code == 200, enrolled.text
    assert set(enrolled.json()) >= {"idToken", "refreshToken"}

    first = server.post("accounts:signInWithPassword", {"email": "totp@example.com", "password": "secret-1"})
    assert first.status_code == 200
    pending = first.json()
    assert "idToken" not in pending and "refreshToken" not in pending
    [factor] = pending["mfaInfo"]
    assert factor["displayName"] == "authenticator" and factor["totpInfo"] == {}

    server.control("POST", "clock:advance", {"by": "3m"}).raise_for_status()
    body = {"mfaPendingCredential": pending["mfaPendingCredential"], "mfaEnrollmentId": factor["mfaEnrollmentId"],
            "totpVerificationInfo": {"verificationCode": "000000"}}
    code = totp(secret, server_time(server))
    if code != "000000":
        assert error(v2(server, "mfaSignIn:finalize", body)) == "INVALID_CODE"
    body["totpVerificationInfo"]["verificationCode"] = code
    done = v2(server, "mfaSignIn:finalize", body)
    assert done.status_code == 200, done.text
    decoded = auth.verify_id_token(done.json()["idToken"], app=app)
    assert decoded["firebase"]["sign_in_provider"] == "password"
    assert decoded["firebase"]["sign_in_second_factor"] == "totp"
    assert decoded["firebase"]["second_factor_identifier"] == factor["mfaEnrollmentId"]
    user = server.post("accounts:lookup", {"idToken": done.json()["idToken"]}).json()["users"][0]
    assert user["email"] == "totp@example.com"
    assert user["mfaInfo"][0]["mfaEnrollmentId"] == factor["mfaEnrollmentId"]
    assert error(v2(server, "mfaSignIn:finalize", body)) == "INVALID_MFA_PENDING_CREDENTIAL"


def test_a_seeded_authenticators_code_is_listed_for_the_sign_in(server):
    scenario = """version: 1
scenario: seeded authenticator
given:
  accounts:
    - { email: tina@example.com, password: "correct-horse", email_verified: true, mfa: [{ factor: totp }] }
steps:
  - wait: 1m
"""
    assert requests.post(f"{server.base}/authflow/v1/given", data=scenario, timeout=10).status_code == 200
    pending = server.post("accounts:signInWithPassword", {"email": "tina@example.com", "password": "correct-horse"})
    [factor] = pending.json()["mfaInfo"]
    [listed] = requests.get(f"{server.base}/authflow/v1/authenticators", timeout=10).json()["authenticators"]
    assert (listed["email"], listed["mfaEnrollmentId"]) == ("tina@example.com", factor["mfaEnrollmentId"])
    assert len(listed["code"]) == 6 and listed["code"].isdigit()
    body = {"mfaPendingCredential": pending.json()["mfaPendingCredential"],
            "mfaEnrollmentId": factor["mfaEnrollmentId"], "totpVerificationInfo": {"verificationCode": listed["code"]}}
    done = v2(server, "mfaSignIn:finalize", body)
    assert done.status_code == 200, done.text
    wrong = requests.post(f"{server.base}/authflow/v1/authenticators", timeout=10)
    assert wrong.status_code == 404 and error(wrong) == "Method not found."


def test_a_guest_that_links_an_email_link_may_enroll_a_second_factor(server):
    """The session a link answers with names the method linked (`password`), not the guest's `anonymous`, whose
    sessions may not enroll (`UNSUPPORTED_FIRST_FACTOR`)."""
    guest = server.post("accounts:signUp", {}).json()
    server.post("accounts:sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": "gil@example.com"}).raise_for_status()
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10).json()["oobCodes"]
    code = [c for c in codes if c["email"] == "gil@example.com"][-1]["oobCode"]
    linked = server.post("accounts:signInWithEmailLink",
                         {"email": "gil@example.com", "oobCode": code, "idToken": guest["idToken"]})
    assert linked.status_code == 200, linked.text
    started = v2(server, "mfaEnrollment:start", {"idToken": linked.json()["idToken"], "totpEnrollmentInfo": {}})
    assert started.status_code == 200, started.text


def test_enrolment_needs_a_verified_email(server):
    token = server.post("accounts:signUp", {"email": "unverified@example.com", "password": "secret-1"}).json()
    response = v2(server, "mfaEnrollment:start", {"idToken": token["idToken"], "totpEnrollmentInfo": {}})
    assert response.status_code == 400
    assert error(response).startswith("UNVERIFIED_EMAIL")


def test_admin_factor_list_is_read_by_lookup_and_by_the_python_sdk(server, app):
    user = auth.create_user(email="factors@example.com", email_verified=True, password="secret-1", app=app)
    # What the Node Admin SDK's updateUser(uid, {multiFactor: {enrolledFactors: [...]}}) sends.
    response = admin(server, "accounts:update", {"localId": user.uid, "mfa": {"enrollments": [
        {"phoneInfo": "+15555550142", "displayName": "work phone"}]}})
    assert response.status_code == 200, response.text
    looked = admin(server, "accounts:lookup", {"localId": [user.uid]}).json()["users"][0]
    [factor] = looked["mfaInfo"]
    assert factor["phoneInfo"] == "+15555550142" and factor["displayName"] == "work phone"
    assert auth.get_user(user.uid, app=app).email == "factors@example.com"

    pending = server.post("accounts:signInWithPassword", {"email": "factors@example.com", "password": "secret-1"})
    assert pending.json()["mfaInfo"][0]["phoneInfo"] == "+*******0142"
    assert error(admin(server, "accounts:update", {"localId": user.uid, "mfa": {"enrollments": [
        {"phoneInfo": "0142"}]}})) == "INVALID_MFA_PHONE_NUMBER : Invalid format."
    admin(server, "accounts:update", {"localId": user.uid, "mfa": {}}).raise_for_status()
    assert "mfaInfo" not in admin(server, "accounts:lookup", {"localId": [user.uid]}).json()["users"][0]
    signed_in = server.post("accounts:signInWithPassword", {"email": "factors@example.com", "password": "secret-1"})
    assert "idToken" in signed_in.json()


def test_with_mfa_off_a_sign_in_is_not_challenged(server, app):
    """Factors stay enrolled, but with the project's MFA off the first factor signs in alone (as the emulator
    does for a `DISABLED` MFA state); on again, they are asked for."""
    user = auth.create_user(email="mfa-off@example.com", email_verified=True, password="secret-1", app=app)
    admin(server, "accounts:update", {"localId": user.uid, "mfa": {"enrollments": [
        {"phoneInfo": "+15555550143"}]}}).raise_for_status()
    body = {"email": "mfa-off@example.com", "password": "secret-1"}
    server.control("PATCH", "settings", {"mfa": {"enabled": False}}).raise_for_status()
    try:
        signed_in = server.post("accounts:signInWithPassword", body).json()
        assert "idToken" in signed_in and "mfaPendingCredential" not in signed_in
        looked = admin(server, "accounts:lookup", {"localId": [user.uid]}).json()["users"][0]
        assert looked["mfaInfo"][0]["phoneInfo"] == "+15555550143"
    finally:
        server.control("PATCH", "settings", {"mfa": {"enabled": True}}).raise_for_status()
    assert "mfaPendingCredential" in server.post("accounts:signInWithPassword", body).json()
