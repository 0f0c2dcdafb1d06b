"""Ports of the Firebase emulator's src/emulator/auth/password.spec.ts (`accounts:signInWithPassword`)."""
import pytest

from spec_accounts_support import (MFA_INFO, claims, client, expect_error, fresh, jwt_parts, lookup_by_local_id,
                                   ok, register, register_tenant, tenant_id, update_by_local_id, update_config)

__all__ = ["fresh"]

BLOCKING = "authflow serve calls no blocking functions (Cloud Functions beforeCreate/beforeSignIn triggers)"


def sign_in(server, email, password, **extra):
    return client(server, "accounts:signInWithPassword", {"email": email, "password": password, **extra})


def privacy_on(server):
    ok(update_config(server, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}, "emailPrivacyConfig"))


def test_valid_credentials_issue_tokens(server):
    """password.spec.ts: should issue tokens when email and password are valid"""
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(sign_in(server, "alice@example.com", "notasecret"))
    assert answer["localId"] == user["localId"] and answer["email"] == "alice@example.com"
    assert answer["registered"] is True and isinstance(answer["refreshToken"], str)
    header, payload = jwt_parts(answer["idToken"])
    assert header["alg"] == "none"
    assert payload["user_id"] == user["localId"]
    assert "provider_id" not in payload
    assert payload["firebase"]["sign_in_provider"] == "password"


def test_sign_in_moves_last_login_at(server):
    """password.spec.ts: should update lastLoginAt on successful login (on authflow's virtual clock)"""
    user = register(server, "alice@example.com", "notasecret")
    now = ok(server.control("GET", "clock"))["secondsSince1970"]
    assert lookup_by_local_id(server, user["localId"])["lastLoginAt"] == str(int(now * 1000))
    ok(server.control("POST", "clock:advance", {"by": "4s"}))
    ok(sign_in(server, "alice@example.com", "notasecret"))
    assert lookup_by_local_id(server, user["localId"])["lastLoginAt"] == str(int((now + 4) * 1000))


def test_the_email_matches_in_any_case(server):
    """password.spec.ts: should validate email address ignoring case"""
    user = register(server, "alice@example.com", "notasecret")
    assert ok(sign_in(server, "AlIcE@exAMPle.COM", "notasecret"))["localId"] == user["localId"]


def test_email_and_password_are_required(server):
    """password.spec.ts: should error if email or password is missing"""
    expect_error(client(server, "accounts:signInWithPassword", {"password": "notasecret"}), "MISSING_EMAIL")
    expect_error(client(server, "accounts:signInWithPassword", {"email": "nosuchuser@example.com"}),
                 "MISSING_PASSWORD")


def test_an_invalid_email(server):
    """password.spec.ts: should error if email is invalid"""
    expect_error(sign_in(server, "ill-formatted-email", "notasecret"), "INVALID_EMAIL")
    expect_error(sign_in(server, "", "notasecret"), "INVALID_EMAIL")


def test_an_unknown_email(server):
    """password.spec.ts: should error if email is not found"""
    expect_error(sign_in(server, "nosuchuser@example.com", "notasecret"), "EMAIL_NOT_FOUND")


def test_an_unknown_email_under_improved_privacy(server):
    """password.spec.ts: should error if email is not found with improved email privacy enabled"""
    privacy_on(server)
    expect_error(sign_in(server, "nosuchuser@example.com", "notasecret"), "INVALID_LOGIN_CREDENTIALS")


def test_a_wrong_password(server):
    """password.spec.ts: should error if password is wrong"""
    register(server, "alice@example.com", "notasecret")
    expect_error(sign_in(server, "alice@example.com", "NOTASECRET"), "INVALID_PASSWORD")


def test_a_wrong_password_under_improved_privacy(server):
    """password.spec.ts: should error if password is wrong with improved email privacy enabled"""
    privacy_on(server)
    register(server, "alice@example.com", "notasecret")
    expect_error(sign_in(server, "alice@example.com", "NOTASECRET"), "INVALID_LOGIN_CREDENTIALS")


def test_a_disabled_user(server):
    """password.spec.ts: should error if user is disabled"""
    user = register(server, "alice@example.com", "notasecret")
    update_by_local_id(server, user["localId"], disableUser=True)
    expect_error(sign_in(server, "alice@example.com", "notasecret"), "USER_DISABLED")


def test_a_user_with_mfa_gets_a_pending_credential(server):
    """password.spec.ts: should return pending credential if user has MFA"""
    register(server, "alice@example.com", "notasecret", mfaInfo=[MFA_INFO])
    answer = ok(sign_in(server, "alice@example.com", "notasecret"))
    assert "idToken" not in answer and "refreshToken" not in answer
    assert isinstance(answer["mfaPendingCredential"], str)
    assert len(answer["mfaInfo"]) == 1


def test_a_disabled_tenant_is_project_disabled(server):
    """password.spec.ts: should error if auth is disabled"""
    tenant = register_tenant(server, disableAuth=True)
    answer = client(server, "accounts:signInWithPassword", {"tenantId": tenant_id(tenant)})
    assert answer.status_code == 400 and "PROJECT_DISABLED" in answer.json()["error"]["message"]


def test_password_sign_in_off_in_a_tenant(server):
    """password.spec.ts: should error if password sign up is disabled"""
    tenant = register_tenant(server, disableAuth=False, allowPasswordSignup=False)
    answer = client(server, "accounts:signInWithPassword", {"tenantId": tenant_id(tenant)})
    assert answer.status_code == 400 and "PASSWORD_LOGIN_DISABLED" in answer.json()["error"]["message"]


def test_a_tenant_user_with_mfa_gets_a_pending_credential(server):
    """password.spec.ts: should return pending credential if user has MFA and enabled on tenant projects"""
    tenant = tenant_id(register_tenant(server, disableAuth=False, allowPasswordSignup=True,
                                       mfaConfig={"state": "ENABLED"}))
    register(server, "alice@example.com", "notasecret", mfaInfo=[MFA_INFO], tenantId=tenant)
    answer = ok(sign_in(server, "alice@example.com", "notasecret", tenantId=tenant))
    assert "idToken" not in answer and "refreshToken" not in answer
    assert isinstance(answer["mfaPendingCredential"], str)
    assert len(answer["mfaInfo"]) == 1


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_function_updates_fields_before_sign_in():
    """password.spec.ts: when blocking functions are present: should update modifiable fields before sign in"""


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_function_disables_the_user():
    """password.spec.ts: when blocking functions are present: should disable user if set"""


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_function_not_called_for_mfa():
    """password.spec.ts: when blocking functions are present: should not trigger blocking function if user has
    MFA"""
