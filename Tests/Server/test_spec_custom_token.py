"""Ports of the Firebase Auth emulator's customToken.spec.ts (accounts:signInWithCustomToken) to `authflow serve`.

Each test names the emulator case it ports. Custom tokens are unsigned, as the Admin SDKs mint them for an
emulator (`alg: none`), addressed to Identity Toolkit's audience.
"""
import requests

from spec_helpers_b import (api, error, jwt_parts, lookup_by_id_token, ok, register_tenant, sign_in_with_email_link,
                            unsigned_jwt, update_by_local_id)

AUDIENCE = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
SERVICE_ACCOUNT = "fake-service-account@example.com"
CLAIMS = {"abc": "def", "ultimate": {"answer": 42}}


def custom_token(audience=AUDIENCE, **payload):
    """A custom token as `jsonwebtoken.sign(payload, …, {algorithm: "none", expiresIn: 3600, …})` makes it."""
    return unsigned_jwt({**payload, "iat": 1767225600, "exp": 1767229200, "aud": audience, "iss": SERVICE_ACCOUNT,
                         "sub": SERVICE_ACCOUNT})


def test_creates_an_account(api):
    """customToken.spec.ts: should create new account from custom token (unsigned)"""
    signed_in = ok(api.client("accounts:signInWithCustomToken", {"token": custom_token(uid="someuid", claims=CLAIMS)}))
    assert signed_in["isNewUser"] is True
    assert isinstance(signed_in["refreshToken"], str)
    header, payload = jwt_parts(signed_in["idToken"])
    assert header["alg"] == "none"
    assert "provider_id" not in payload
    assert payload["firebase"]["sign_in_provider"] == "custom"
    assert {name: payload.get(name) for name in CLAIMS} == CLAIMS
    assert lookup_by_id_token(api, signed_in["idToken"])["localId"] == "someuid"


def test_signs_in_to_an_existing_account_and_merges_claims(api):
    """customToken.spec.ts: should sign into existing account and merge claims

    On a clash serve lets the account's custom claims win over the token's (Docs/Backend.md, "Custom tokens and
    claims": a modelling choice); the emulator lets the token's win. `abc` is the clash."""
    email = "alice@example.com"
    uid = sign_in_with_email_link(api, email)["localId"]
    account_claims = {"abc": "abc", "foo": "bar"}
    update_by_local_id(api, uid, {"customAttributes": '{"abc": "abc", "foo": "bar"}'})
    token = '{"uid": "%s", "claims": {"abc": "def", "ultimate": {"answer": 42}}}' % uid
    signed_in = ok(api.client("accounts:signInWithCustomToken", {"token": token}))
    assert signed_in["isNewUser"] is False
    header, payload = jwt_parts(signed_in["idToken"])
    assert header["alg"] == "none"
    assert "provider_id" not in payload
    assert payload["firebase"]["sign_in_provider"] == "custom"
    assert payload["firebase"]["identities"] == {"email": [email]}
    merged = {**CLAIMS, **account_claims}
    assert {name: payload.get(name) for name in merged} == merged
    refreshed = requests.post(f"{api.base}/securetoken.googleapis.com/v1/token", params={"key": "fake-api-key"},
                              data={"refreshToken": signed_in["refreshToken"], "grantType": "refresh_token"},
                              timeout=10)
    _, refreshed_payload = jwt_parts(ok(refreshed)["id_token"])
    assert {name: refreshed_payload.get(name) for name in merged} == merged


def test_missing_token(api):
    """customToken.spec.ts: should error if custom token is missing"""
    assert error(api.client("accounts:signInWithCustomToken", {})) == "MISSING_CUSTOM_TOKEN"


def test_invalid_token(api):
    """customToken.spec.ts: should error if custom token is invalid"""
    for token in ["{not+Json,That's=>For@Sure}", "ThisMayLookLikeAJWT.ButItWontDecode.ToJsonObjects"]:
        assert "INVALID_CUSTOM_TOKEN" in error(api.client("accounts:signInWithCustomToken", {"token": token}))


def test_wrong_audience(api):
    """customToken.spec.ts: should error if custom token addresses the wrong audience"""
    token = custom_token(audience="http://localhost/not-the-firebase-auth-audience", uid="foo")
    assert "INVALID_CUSTOM_TOKEN" in error(api.client("accounts:signInWithCustomToken", {"token": token}))


def test_no_uid(api):
    """customToken.spec.ts: should error if custom token contains no uid"""
    for token in [custom_token(), '{"look": "I do not have uid"}']:
        assert "MISSING_IDENTIFIER" in error(api.client("accounts:signInWithCustomToken", {"token": token}))


def test_forbidden_claims(api):
    """customToken.spec.ts: should error if custom token contains forbidden claims"""
    token = '{"uid": "wow", "claims": {"firebase": "awesome"}}'
    assert "FORBIDDEN_CLAIM : firebase" in error(api.client("accounts:signInWithCustomToken", {"token": token}))


def test_claims_authflow_cannot_hold_are_named_as_the_reason(api):
    """Not an emulator case: production takes a fraction or null among a token's claims; authflow does not model
    them and says so, instead of calling the token not a custom token."""
    for claims in ({"n": 1.5}, {"z": None}, {"nested": {"ratio": 0.25}}):
        message = error(api.client("accounts:signInWithCustomToken", {"token": custom_token(uid="frac", claims=claims)}))
        assert message.startswith("INVALID_CUSTOM_TOKEN : claims must be an object of strings"), message
        assert "fraction or null" in message
    listed = ok(api.client("accounts:signInWithCustomToken",
                           {"token": custom_token(uid="lists", claims={"roles": ["a", "b"], "org": {"id": "x"}})}))
    assert jwt_parts(listed["idToken"])[1]["roles"] == ["a", "b"]


def test_disabled_user(api):
    """customToken.spec.ts: should error if user is disabled"""
    uid = sign_in_with_email_link(api, "alice@example.com")["localId"]
    update_by_local_id(api, uid, {"disableUser": True})
    token = '{"uid": "%s", "claims": {"abc": "def", "ultimate": {"answer": 42}}}' % uid
    assert error(api.client("accounts:signInWithCustomToken", {"token": token})) == "USER_DISABLED"


def test_auth_disabled(api):
    """customToken.spec.ts: should error if auth is disabled"""
    tenant = register_tenant(api, disableAuth=True)["tenantId"]
    assert error(api.client("accounts:signInWithCustomToken", {"tenantId": tenant})) == "PROJECT_DISABLED"


def test_tenant_mismatch(api):
    """customToken.spec.ts: should error if custom token tenantId does not match"""
    tenant = register_tenant(api, disableAuth=False)["tenantId"]
    token = custom_token(uid="someuid", claims=CLAIMS, tenant_id="not-matching-tenant-id")
    signed_in = api.client("accounts:signInWithCustomToken", {"token": token, "tenantId": tenant})
    assert "TENANT_ID_MISMATCH" in error(signed_in)


def test_creates_an_account_in_a_tenant(api):
    """customToken.spec.ts: should create a new account from custom token with tenantId"""
    tenant = register_tenant(api, disableAuth=False)["tenantId"]
    token = custom_token(uid="someuid", claims=CLAIMS, tenant_id=tenant)
    signed_in = ok(api.client("accounts:signInWithCustomToken", {"token": token, "tenantId": tenant}))
    assert signed_in["isNewUser"] is True and isinstance(signed_in["refreshToken"], str)
    assert lookup_by_id_token(api, signed_in["idToken"], tenant=tenant)["tenantId"] == tenant
