"""A tenant's configuration as it changes what its users may do: the MFA states that turn MFA on, the TOTP window,
test phone numbers, and the listing's page size. Also the phone sign-in's `operation` enum.

Production's values and ranges: Identity Platform's `projects.tenants` resource (`MultiFactorAuthConfig.State`
includes `MANDATORY`; `TotpMfaProviderConfig.adjacentIntervals` is 0 to 10, 5 by default), the Admin SDKs'
checks of test phone numbers (E.164 numbers, six-digit codes, at most 10).
"""
import requests

from conftest import PROJECT
from test_mfa import server_time, totp

OWNER = {"Authorization": "Bearer owner"}


def tenants(server, suffix=""):
    return f"{server.base}/identitytoolkit.googleapis.com/v2/projects/{PROJECT}/tenants{suffix}"


def create_tenant(server, **config):
    return requests.post(tenants(server), json=config, headers=OWNER, timeout=10)


def message(response):
    return response.json()["error"]["message"]


def test_a_mandatory_mfa_tenant_challenges_a_sign_in_as_an_enabled_one(server):
    tenant = create_tenant(server, allowPasswordSignup=True,
                           mfaConfig={"state": "MANDATORY", "enabledProviders": ["PHONE_SMS"]}).json()["tenantId"]
    created = requests.post(
        f"{server.base}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/tenants/{tenant}/accounts",
        json={"email": "m@example.com", "password": "secret-1", "emailVerified": True,
              "mfaInfo": [{"phoneInfo": "+15555550100"}]}, headers=OWNER, timeout=10)
    assert created.status_code == 200, created.text
    first = server.post("accounts:signInWithPassword",
                        {"email": "m@example.com", "password": "secret-1", "tenantId": tenant})
    assert first.status_code == 200 and "idToken" not in first.json()
    assert isinstance(first.json()["mfaPendingCredential"], str)


def enrol_totp_start(server, tenant):
    signed_up = server.post("accounts:signUp", {"email": "w@example.com", "password": "secret-1", "tenantId": tenant})
    uid = signed_up.json()["localId"]
    requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/tenants/{tenant}/accounts:update",
                  json={"localId": uid, "emailVerified": True}, headers=OWNER, timeout=10).raise_for_status()
    token = server.post("accounts:signInWithPassword",
                        {"email": "w@example.com", "password": "secret-1", "tenantId": tenant}).json()["idToken"]
    started = requests.post(
        f"{server.base}/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=k",
        json={"idToken": token, "totpEnrollmentInfo": {}, "tenantId": tenant}, timeout=10)
    assert started.status_code == 200, started.text
    return token, started.json()["totpSessionInfo"]


def finalize(server, tenant, token, info, code):
    return requests.post(
        f"{server.base}/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize?key=k",
        json={"idToken": token, "tenantId": tenant,
              "totpVerificationInfo": {"sessionInfo": info["sessionInfo"], "verificationCode": code}}, timeout=10)


def test_a_tenants_totp_window_is_applied_and_bounded(server):
    for outside in (-1, 11):
        refused = create_tenant(server, mfaConfig={"state": "ENABLED", "providerConfigs": [
            {"state": "ENABLED", "totpProviderConfig": {"adjacentIntervals": outside}}]})
        assert refused.status_code == 400 and "adjacentIntervals" in message(refused)
    tenant = create_tenant(server, allowPasswordSignup=True, mfaConfig={"state": "ENABLED", "providerConfigs": [
        {"state": "ENABLED", "totpProviderConfig": {"adjacentIntervals": 0}}]}).json()["tenantId"]
    token, info = enrol_totp_start(server, tenant)
    now = server_time(server)
    # A code one step ahead is inside production's default window of 5, outside this tenant's 0.
    early = finalize(server, tenant, token, info, totp(info["sharedSecretKey"], now + 30))
    assert early.status_code == 400 and message(early).startswith("INVALID_CODE"), early.text
    on_time = finalize(server, tenant, token, info, totp(info["sharedSecretKey"], now))
    assert on_time.status_code == 200, on_time.text


def test_test_phone_numbers_must_be_numbers_with_six_digit_codes(server):
    for numbers in ({"bad": "123456"}, {"+15555550111": "abcdef"}, {"+15555550111": "12345"}):
        refused = create_tenant(server, testPhoneNumbers=numbers)
        assert refused.status_code == 400 and message(refused).startswith("INVALID_TESTING_PHONE_NUMBER"), numbers
    eleven = {f"+1555555{number:04d}": "123456" for number in range(11)}
    too_many = create_tenant(server, testPhoneNumbers=eleven)
    assert too_many.status_code == 400 and message(too_many).startswith("MAXIMUM_TEST_PHONE_NUMBER_EXCEEDED")
    ten = dict(list(eleven.items())[:10])
    assert create_tenant(server, testPhoneNumbers=ten).json()["testPhoneNumbers"] == ten


def test_a_page_size_of_zero_or_less_is_the_default_and_text_is_refused(server):
    for _ in range(3):
        create_tenant(server, displayName="Paged").raise_for_status()
    total = len(requests.get(tenants(server), headers=OWNER, timeout=10).json()["tenants"])
    assert total >= 3
    for size in ("0", "-5"):
        listed = requests.get(tenants(server), params={"pageSize": size}, headers=OWNER, timeout=10).json()
        assert len(listed["tenants"]) == min(total, 20), size
    for size in ("x", "1.5"):
        refused = requests.get(tenants(server), params={"pageSize": size}, headers=OWNER, timeout=10)
        assert refused.status_code == 400 and message(refused) == \
            f"Invalid value at 'page_size' (TYPE_INT32), \"{size}\""


def test_a_phone_sign_in_with_an_operation_verify_op_lacks_is_refused(server):
    session = server.post("accounts:sendVerificationCode", {"phoneNumber": "+15555550400"}).json()["sessionInfo"]
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/verificationCodes", timeout=10).json()
    code = [entry for entry in codes["verificationCodes"] if entry["sessionInfo"] == session][0]["code"]
    for operation in ("REAUTHH", "reauth", 7):
        refused = server.post("accounts:signInWithPhoneNumber",
                              {"sessionInfo": session, "code": code, "operation": operation})
        assert refused.status_code == 400, operation
        assert message(refused).endswith(f"Invalid value at 'operation' (TYPE_ENUM), \"{operation}\"")
    # A name or number it has still works: 1 is SIGN_UP_OR_IN.
    signed_in = server.post("accounts:signInWithPhoneNumber", {"sessionInfo": session, "code": code, "operation": 1})
    assert signed_in.status_code == 200 and signed_in.json()["isNewUser"] is True
