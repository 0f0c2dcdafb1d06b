"""Ports of the Firebase Auth emulator's rest.spec.ts: how requests reach the endpoints (status checks, CORS,
enums as numbers, numbers for string fields) and how they are authenticated (API key, `Bearer owner`, tenants).

Each test names the emulator case it ports.
"""
import requests

from conftest import PROJECT
from spec_helpers_b import IDENTITY, OWNER, api, error, ok, register_tenant

SIGN_UP = f"{IDENTITY}/v1/accounts:signUp"


def post(api, path, body, headers=None, params=None):
    return requests.post(f"{api.base}{path}", json=body, headers=headers or {}, params=params or {}, timeout=10)


def test_answers_status_checks(api):
    """rest.spec.ts: should respond to status checks"""
    assert isinstance(ok(requests.get(f"{api.base}/", timeout=10))["authEmulator"], dict)


def test_allows_cross_origin_requests(api):
    """rest.spec.ts: should allow cross-origin requests (the origin and the asked headers are reflected, since some
    clients refuse `*`; private-network access is allowed for sites reached through a tunnel)"""
    response = requests.options(f"{api.base}/", timeout=10, headers={
        "Origin": "example.com",
        "Access-Control-Request-Headers": "Authorization,X-Client-Version,X-Whatever-Header",
        "Access-Control-Request-Private-Network": "true",
    })
    assert response.status_code == 204, response.text
    assert response.headers["access-control-allow-origin"] == "example.com"
    allowed = {header.strip() for header in response.headers["access-control-allow-headers"].split(",")}
    assert allowed == {"Authorization", "X-Client-Version", "X-Whatever-Header"}
    assert response.headers["access-control-allow-private-network"] == "true"


def test_reads_enums_given_as_numbers(api):
    """rest.spec.ts: should handle integer values for enums (6 is EMAIL_SIGNIN, as Android's SDK sends it)"""
    sent = ok(post(api, f"{IDENTITY}/v1/accounts:sendOobCode",
                   {"email": "bob@example.com", "requestType": 6, "returnOobLink": True}, headers=OWNER))
    assert "mode=signIn" in sent["oobLink"]


def test_reads_enums_given_as_numbers_on_the_legacy_path(api):
    """rest.spec.ts: should handle integer values for enums (legacy API path)"""
    sent = ok(post(api, "/www.googleapis.com/identitytoolkit/v3/relyingparty/getOobConfirmationCode",
                   {"email": "bob@example.com", "requestType": 6, "returnOobLink": True}, headers=OWNER))
    assert "mode=signIn" in sent["oobLink"]


def test_reads_a_number_given_for_a_string_field(api):
    """rest.spec.ts: should convert numbers to strings for type:string fields (the Node Admin SDK sends
    `validSince` unquoted)"""
    response = post(api, f"{IDENTITY}/v1/accounts:update", {"localId": "nosuch", "validSince": 1611780718},
                    headers=OWNER)
    assert error(response) == "USER_NOT_FOUND"


def test_a_request_without_an_api_key_is_denied(api):
    """rest.spec.ts: should throw 403 if API key is not provided"""
    response = post(api, SIGN_UP, {"returnSecureToken": True})
    assert response.status_code == 403, response.text
    assert response.json()["error"]["status"] == "PERMISSION_DENIED"


def test_takes_the_api_key_as_a_query_parameter(api):
    """rest.spec.ts: should accept API key as a query parameter"""
    assert "error" not in ok(post(api, SIGN_UP, {}, params={"key": "fake-api-key"}))


def test_takes_the_api_key_in_the_x_goog_api_key_header(api):
    """rest.spec.ts: should accept API key in HTTP Header x-goog-api-key"""
    assert "error" not in ok(post(api, SIGN_UP, {}, headers={"x-goog-api-key": "fake-api-key"}))


def test_ignores_authorization_that_is_not_bearer(api):
    """rest.spec.ts: should ignore non-Bearer Authorization headers"""
    response = post(api, SIGN_UP, {"returnSecureToken": True}, headers={"Authorization": "Basic YWxhZGRpbjpvcGVuc2VzYW1l"})
    assert response.status_code == 403, response.text
    assert response.json()["error"]["status"] == "PERMISSION_DENIED"


def test_bearer_owner_authenticates_for_the_project(api):
    """rest.spec.ts: should treat Bearer owner as authenticated to project"""
    assert "error" not in ok(post(api, SIGN_UP, {"targetProjectId": "example2"}, headers=OWNER))


def test_bearer_owner_is_read_in_any_case(api):
    """rest.spec.ts: should ignore casing of Bearer / owner in Authorization header"""
    assert "error" not in ok(post(api, SIGN_UP, {"targetProjectId": "example2"},
                                  headers={"Authorization": "bEArEr OWNER"}))


def test_a_service_account_token_authenticates_for_the_project(api):
    """rest.spec.ts: should treat production service account as authenticated to project (only the form of an
    OAuth 2 access token is checked)"""
    token = "ya29." + "an-access-token-of-the-right-form"
    assert "error" not in ok(post(api, SIGN_UP, {"targetProjectId": "example2"},
                                  headers={"Authorization": f"Bearer {token}"}))


def test_a_target_project_needs_oauth(api):
    """rest.spec.ts: should deny requests with targetProjectId but without OAuth 2"""
    response = post(api, SIGN_UP, {"targetProjectId": "example2"}, params={"key": "fake-api-key"})
    assert error(response) == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."


def test_tenants_of_path_and_body_must_match(api):
    """rest.spec.ts: should deny requests where tenant IDs do not match in the request body and path"""
    response = post(api, f"{IDENTITY}/v1/projects/{PROJECT}/tenants/tenant-id/accounts:delete",
                    {"localId": "local-id", "tenantId": "mismatching-tenant-id"}, headers=OWNER)
    assert error(response) == "TENANT_ID_MISMATCH"


def tenant_user_token(api):
    tenant = register_tenant(api, disableAuth=False, allowPasswordSignup=True)
    return ok(api.client("accounts:signUp", {"email": "alice@example.com", "password": "notasecret",
                                             "tenantId": tenant["tenantId"]}))["idToken"]


def test_tenants_of_path_and_id_token_must_match(api):
    """rest.spec.ts: should deny requests where tenant IDs do not match in the ID token and path"""
    id_token = tenant_user_token(api)
    response = post(api, f"{IDENTITY}/v1/projects/{PROJECT}/tenants/not-matching-tenant-id/accounts:lookup",
                    {"idToken": id_token}, headers=OWNER)
    assert error(response) == "TENANT_ID_MISMATCH"


def test_tenants_of_id_token_and_body_must_match(api):
    """rest.spec.ts: should deny requests where tenant IDs do not match in the ID token and request body"""
    id_token = tenant_user_token(api)
    response = post(api, f"{IDENTITY}/v1/projects/{PROJECT}/accounts:lookup",
                    {"idToken": id_token, "tenantId": "not-matching-tenant-id"}, headers=OWNER)
    assert error(response) == "TENANT_ID_MISMATCH"
