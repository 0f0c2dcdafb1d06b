"""Ports of the Firebase Auth emulator's misc.spec.ts (token refresh, createSessionCookie, accounts:lookup,
accounts:query and the emulator's own utility endpoints) to `authflow serve`.

Each test names the emulator case it ports. serve's refresh tokens are opaque, as production's are; the
emulator's are base64 JSON records, so the cases that forge one (another project, missing fields) send such a
record to serve, which has never issued it.
"""
import base64
import json

import pytest
import requests

from conftest import PROJECT
from spec_helpers_b import (OWNER, api, error, jwt_parts, lookup_by_id_token, ok, register_anon, register_tenant,
                            register_user, sign_in_with_phone_number, TEST_PHONE_NUMBER, update_by_local_id)

SESSION_COOKIES = ("session cookies (createSessionCookie) are not served (Docs/Serve.md, 'Not served'): they are "
                   "outside what the backend models (SPEC 5)")


def refresh(api, body):
    """`POST /securetoken.googleapis.com/v1/token`, form-encoded as the SDKs send it."""
    return requests.post(f"{api.base}/securetoken.googleapis.com/v1/token", params={"key": "fake-api-key"},
                         data=body, timeout=10)


def emulator_refresh_token(record):
    """A refresh token in the emulator's own format (base64 of a JSON record), which serve never issues."""
    return base64.b64encode(json.dumps(record).encode()).decode()


def check_refreshed(answer, local_id):
    assert isinstance(answer["id_token"], str)
    assert answer["access_token"] == answer["id_token"]
    assert isinstance(answer["refresh_token"], str)
    assert isinstance(answer["expires_in"], str) and answer["expires_in"].isdigit()
    assert answer["token_type"] == "Bearer"
    assert answer["user_id"] == local_id


def test_refresh_exchanges_tokens(api):
    """misc.spec.ts: token refresh: should exchange refresh token for new tokens

    `project_id` is the emulator's made-up project number (`12345`); serve answers its own, so the test checks
    only that there is one."""
    anon = register_anon(api)
    answer = ok(refresh(api, {"refresh_token": anon["refreshToken"], "grantType": "refresh_token"}))
    check_refreshed(answer, anon["localId"])
    assert answer["project_id"]


def test_refresh_in_tenant(api):
    """misc.spec.ts: token refresh: should exchange refresh tokens for new tokens in a tenant project

    serve's refresh token is opaque (the emulator decodes its own to read the tenant), so the tenant is read from
    the refreshed ID token's `firebase.tenant`, where the SDKs read it."""
    tenant = register_tenant(api, disableAuth=False, allowPasswordSignup=True)["tenantId"]
    user = register_user(api, "alice@example.com", "notasecret", tenantId=tenant)
    answer = ok(refresh(api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"}))
    check_refreshed(answer, user["localId"])
    assert jwt_parts(answer["id_token"])[1]["firebase"]["tenant"] == tenant


def test_refresh_keeps_auth_time(api):
    """misc.spec.ts: token refresh: should populate auth_time to match lastLoginAt (in seconds since epoch)

    The emulator's fake clock ticks are virtual-clock advances here."""
    api.server.control("POST", "clock:advance", {"by": "1s"}).raise_for_status()
    user = register_user(api, "alice@example.com", "notasecret")
    api.server.control("POST", "clock:advance", {"by": "2s"}).raise_for_status()
    answer = ok(refresh(api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"}))
    account = lookup_by_id_token(api, answer["id_token"])
    header, payload = jwt_parts(answer["id_token"])
    assert header["alg"] == "none"
    assert payload["auth_time"] == int(account["lastLoginAt"]) // 1000
    assert payload["iat"] > payload["auth_time"]


def test_refresh_without_grant_type(api):
    """misc.spec.ts: token refresh: should error if grant type is missing"""
    anon = register_anon(api)
    assert "MISSING_GRANT_TYPE" in error(refresh(api, {"refresh_token": anon["refreshToken"]}))


def test_refresh_with_another_grant_type(api):
    """misc.spec.ts: token refresh: should error if grant type is not refresh_token"""
    anon = register_anon(api)
    answer = refresh(api, {"refresh_token": anon["refreshToken"], "grantType": "other_grant_type"})
    assert "INVALID_GRANT_TYPE" in error(answer)


def test_refresh_without_refresh_token(api):
    """misc.spec.ts: token refresh: should error if refresh token is missing"""
    assert "MISSING_REFRESH_TOKEN" in error(refresh(api, {"grantType": "refresh_token"}))


def test_refresh_with_malformed_token(api):
    """misc.spec.ts: token refresh: should error on malformed refresh tokens"""
    answer = refresh(api, {"refresh_token": "malformedToken", "grantType": "refresh_token"})
    assert "INVALID_REFRESH_TOKEN" in error(answer)


def test_refresh_for_disabled_user(api):
    """misc.spec.ts: token refresh: should error if user is disabled"""
    anon = register_anon(api)
    update_by_local_id(api, anon["localId"], {"disableUser": True})
    answer = refresh(api, {"refreshToken": anon["refreshToken"], "grantType": "refresh_token"})
    assert error(answer) == "USER_DISABLED"


def test_refresh_token_of_another_project(api):
    """misc.spec.ts: token refresh: should error when refresh tokens are from a different project"""
    token = emulator_refresh_token({"_AuthEmulatorRefreshToken": "DO NOT MODIFY", "localId": "localId",
                                    "provider": "provider", "extraClaims": {}, "projectId": "notMatchingProjectId"})
    answer = refresh(api, {"refresh_token": token, "grantType": "refresh_token"})
    assert error(answer) == "INVALID_REFRESH_TOKEN"


def test_refresh_token_without_required_fields(api):
    """misc.spec.ts: token refresh: should error on refresh tokens without required fields"""
    token = emulator_refresh_token({"localId": "localId", "provider": "provider", "extraClaims": {},
                                    "projectId": "notMatchingProjectId"})
    answer = refresh(api, {"refresh_token": token, "grantType": "refresh_token"})
    assert error(answer) == "INVALID_REFRESH_TOKEN"


def test_refresh_for_deleted_user(api):
    """misc.spec.ts: token refresh: should error if the refresh token is for a user that does not exist

    Production answers `USER_NOT_FOUND` here (REST reference, "Exchange a refresh token for an ID token": "The
    user corresponding to the refresh token was not found. It is likely the user was deleted."), where the emulator
    answers `INVALID_REFRESH_TOKEN`; serve answers as production (Docs/Serve.md, `securetoken.googleapis.com`)."""
    anon = register_anon(api)
    ok(api.client("accounts:delete", {"idToken": anon["idToken"]}))
    answer = refresh(api, {"refresh_token": anon["refreshToken"], "grantType": "refresh_token"})
    assert error(answer) == "USER_NOT_FOUND"


@pytest.mark.skip(reason=SESSION_COOKIES)
def test_session_cookie():
    """misc.spec.ts: createSessionCookie: should return a valid sessionCookie"""


@pytest.mark.skip(reason=SESSION_COOKIES)
def test_session_cookie_without_id_token():
    """misc.spec.ts: createSessionCookie: should throw if idToken is missing"""


@pytest.mark.skip(reason=SESSION_COOKIES)
def test_session_cookie_with_invalid_id_token():
    """misc.spec.ts: createSessionCookie: should throw if idToken is invalid"""


@pytest.mark.skip(reason=SESSION_COOKIES)
def test_session_cookie_default_duration():
    """misc.spec.ts: createSessionCookie: should use default session cookie validDuration if not specified"""


@pytest.mark.skip(reason=SESSION_COOKIES)
def test_session_cookie_duration_out_of_range():
    """misc.spec.ts: createSessionCookie: should throw if validDuration is too short or too long"""


def admin_lookup(api, body):
    return api.project("accounts:lookup", body)


def test_lookup_by_email(api):
    """misc.spec.ts: accounts:lookup: should return user by email when privileged"""
    register_user(api, "bob@example.com", "password")
    users = ok(admin_lookup(api, {"email": ["bob@example.com"]}))["users"]
    assert [user["email"] for user in users] == ["bob@example.com"]


def test_lookup_by_uppercased_email(api):
    """misc.spec.ts: accounts:lookup: should return user by email even when uppercased"""
    register_user(api, "foo@example.com", "password")
    users = ok(admin_lookup(api, {"email": ["FOO@EXAMPLE.COM"]}))["users"]
    assert [user["email"] for user in users] == ["foo@example.com"]


def test_lookup_unknown_email(api):
    """misc.spec.ts: accounts:lookup: should return empty result when email is not found"""
    assert "users" not in ok(admin_lookup(api, {"email": ["non-existent-email@example.com"]}))


def test_lookup_by_local_id(api):
    """misc.spec.ts: accounts:lookup: should return user by localId when privileged"""
    anon = register_anon(api)
    users = ok(admin_lookup(api, {"localId": [anon["localId"]]}))["users"]
    assert [user["localId"] for user in users] == [anon["localId"]]


def test_lookup_deduplicates(api):
    """misc.spec.ts: accounts:lookup: should deduplicate users"""
    anon = register_anon(api)
    users = ok(admin_lookup(api, {"localId": [anon["localId"], anon["localId"]]}))["users"]
    assert [user["localId"] for user in users] == [anon["localId"]]


def test_lookup_phone_provider_info(api):
    """misc.spec.ts: accounts:lookup: should return providerUserInfo for phone auth users"""
    user = sign_in_with_phone_number(api, TEST_PHONE_NUMBER)
    users = ok(admin_lookup(api, {"localId": [user["localId"]]}))["users"]
    assert len(users) == 1
    assert users[0]["providerUserInfo"] == [
        {"phoneNumber": TEST_PHONE_NUMBER, "rawId": TEST_PHONE_NUMBER, "providerId": "phone"}]


def test_lookup_unknown_local_id(api):
    """misc.spec.ts: accounts:lookup: should return empty result when localId is not found"""
    assert "users" not in ok(admin_lookup(api, {"localId": ["noSuchId"]}))


def test_lookup_by_tenant_id_token(api):
    """misc.spec.ts: accounts:lookup: should return user by tenantId in idToken"""
    tenant = register_tenant(api, disableAuth=False, allowPasswordSignup=True)["tenantId"]
    user = register_user(api, "alice@example.com", "notasecret", tenantId=tenant)
    users = ok(api.client("accounts:lookup", {"idToken": user["idToken"]}))["users"]
    assert [found["localId"] for found in users] == [user["localId"]]


def test_lookup_auth_disabled(api):
    """misc.spec.ts: accounts:lookup: should error if auth is disabled"""
    tenant = register_tenant(api, disableAuth=True)["tenantId"]
    assert "PROJECT_DISABLED" in error(api.admin("accounts:lookup", {"tenantId": tenant}))


def test_query_counts(api):
    """misc.spec.ts: accounts:query: should return count of accounts when returnUserInfo is false"""
    register_anon(api)
    register_anon(api)
    answer = ok(api.project("accounts:query", {"returnUserInfo": False}))
    assert answer["recordsCount"] == "2"
    assert "userInfo" not in answer


def test_query_lists_accounts(api):
    """misc.spec.ts: accounts:query: should return accounts when returnUserInfo is true"""
    anon = register_anon(api)
    user = register_user(api, "alice@example.com", "notasecret")
    answer = ok(api.project("accounts:query", {}))
    assert answer["recordsCount"] == "2"
    users = answer["userInfo"]
    assert len(users) == 2
    assert users[0]["localId"] < users[1]["localId"]
    by_id = {found["localId"]: found for found in users}
    assert anon["localId"] in by_id
    assert by_id[user["localId"]]["email"] == "alice@example.com"


def test_query_reads_its_numbers_as_the_front_end_does(api):
    """Not in misc.spec.ts: a limit of 0 is an absent one (the default 500), and text that is no number is refused."""
    for email in ("a@example.com", "b@example.com"):
        register_user(api, email, "notasecret")
    assert len(ok(api.project("accounts:query", {"limit": 0}))["userInfo"]) == 2
    refused = api.project("accounts:query", {"offset": "99999999999999999999"})
    assert refused.status_code == 400 and "(TYPE_INT64)" in refused.json()["error"]["message"], refused.text


def test_query_auth_disabled(api):
    """misc.spec.ts: accounts:query: should error if auth is disabled"""
    tenant = register_tenant(api, disableAuth=True)["tenantId"]
    assert error(api.project("accounts:query", {"tenantId": tenant})) == "PROJECT_DISABLED"


def expect_user_not_found(api, id_token, tenant=None):
    body = {"idToken": id_token, **({"tenantId": tenant} if tenant else {})}
    assert error(api.client("accounts:lookup", body)) == "USER_NOT_FOUND"


def test_delete_all_accounts(api):
    """misc.spec.ts: emulator utility APIs: should drop all accounts on DELETE
    /emulator/v1/projects/{PROJECT_ID}/accounts"""
    first = register_user(api, "alice@example.com", "notasecret")
    second = register_user(api, "bob@example.com", "notasecret2")
    assert requests.delete(f"{api.base}/emulator/v1/projects/{PROJECT}/accounts", timeout=10).status_code == 200
    expect_user_not_found(api, first["idToken"])
    expect_user_not_found(api, second["idToken"])


def test_delete_all_tenant_accounts(api):
    """misc.spec.ts: emulator utility APIs: should drop all accounts on DELETE
    /emulator/v1/projects/{PROJECT_ID}/tenants/{TENANT_ID}/accounts"""
    tenant = register_tenant(api, disableAuth=False, allowPasswordSignup=True)["tenantId"]
    first = register_user(api, "alice@example.com", "notasecret", tenantId=tenant)
    second = register_user(api, "bob@example.com", "notasecret2", tenantId=tenant)
    deleted = requests.delete(f"{api.base}/emulator/v1/projects/{PROJECT}/tenants/{tenant}/accounts", timeout=10)
    assert deleted.status_code == 200
    expect_user_not_found(api, first["idToken"], tenant)
    expect_user_not_found(api, second["idToken"], tenant)


def emulator_config(api, method="GET", body=None, project=PROJECT):
    return requests.request(method, f"{api.base}/emulator/v1/projects/{project}/config", json=body, timeout=10)


def config_flags(answer):
    return answer["signIn"], answer["emailPrivacyConfig"]


def test_config_defaults(api):
    """misc.spec.ts: emulator utility APIs: should return config on GET /emulator/v1/projects/{PROJECT_ID}/config

    Improved email privacy (enumeration protection) is on by default in production for projects created since
    15 September 2023 (Firebase docs, "Enable or disable email enumeration protection"), and so in serve
    (Docs/Serve.md); the emulator's default is off."""
    assert config_flags(ok(emulator_config(api))) == (
        {"allowDuplicateEmails": False}, {"enableImprovedEmailPrivacy": True})


def test_config_of_another_project(api):
    """misc.spec.ts: emulator utility APIs: should not throw an exception on project ID mismatch if
    singleProjectMode is NO_WARNING"""
    assert emulator_config(api, project="someproject").status_code == 200


def test_config_patch_duplicate_emails_only(api):
    """misc.spec.ts: emulator utility APIs: should only update allowDuplicateEmails on PATCH
    /emulator/v1/projects/{PROJECT_ID}/config

    Privacy starts off here, as in the emulator (serve's default is on; see `test_config_defaults`)."""
    ok(emulator_config(api, "PATCH", {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}))
    for allowed in [True, False]:
        answer = ok(emulator_config(api, "PATCH", {"signIn": {"allowDuplicateEmails": allowed}}))
        assert config_flags(answer) == ({"allowDuplicateEmails": allowed}, {"enableImprovedEmailPrivacy": False})


def test_config_patch_privacy_only(api):
    """misc.spec.ts: emulator utility APIs: should only update enableImprovedEmailPrivacy on PATCH
    /emulator/v1/projects/{PROJECT_ID}/config"""
    for enabled in [True, False]:
        answer = ok(emulator_config(api, "PATCH", {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": enabled}}))
        assert config_flags(answer) == ({"allowDuplicateEmails": False}, {"enableImprovedEmailPrivacy": enabled})


def test_config_patch_both(api):
    """misc.spec.ts: emulator utility APIs: should update both allowDuplicateEmails and enableImprovedEmailPrivacy
    on PATCH /emulator/v1/projects/{PROJECT_ID}/config"""
    for value in [True, False]:
        answer = ok(emulator_config(api, "PATCH", {"signIn": {"allowDuplicateEmails": value},
                                                   "emailPrivacyConfig": {"enableImprovedEmailPrivacy": value}}))
        assert config_flags(answer) == ({"allowDuplicateEmails": value}, {"enableImprovedEmailPrivacy": value})


@pytest.mark.skip(reason="serve has no singleProjectMode: it serves every project id a path names with its one "
                  "world, as the emulator's default (NO_WARNING) does; ERROR mode is an emulator launch option")
def test_config_of_another_project_in_error_mode():
    """misc.spec.ts: emulator utility API; singleProjectMode=ERROR: should throw an exception on project ID
    mismatch if singleProjectMode is ERROR"""
