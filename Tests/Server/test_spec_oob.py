"""Ports of the Firebase Auth emulator's oob.spec.ts (accounts:sendOobCode, resetPassword) to `authflow serve`.

Each test names the emulator case it ports. `GET /emulator/…/oobCodes` lists every email sent, used or not
(Docs/Serve.md); where the emulator checks that a redeemed code left the list, these tests check that the code is
spent instead.
"""
from spec_helpers_b import (api, error, ok, register_anon, register_tenant, register_user, update_by_local_id)

ALICE = "alice@example.com"
BOB = "bob@example.com"


def test_generates_a_code_for_verify_email(api):
    """oob.spec.ts: should generate OOB code for verify email.

    Serve lists a used code still (Docs/Serve.md, `oobCodes`: every email sent); the code is spent instead."""
    user = register_user(api, ALICE, "notasecret")
    sent = ok(api.client("accounts:sendOobCode", {"idToken": user["idToken"], "requestType": "VERIFY_EMAIL"}))
    assert sent["email"] == ALICE
    assert "oobCode" not in sent and "oobLink" not in sent
    oobs = api.oobs()
    assert [(o["email"], o["requestType"]) for o in oobs] == [(ALICE, "VERIFY_EMAIL")]
    applied = ok(api.client("accounts:update", {"oobCode": oobs[0]["oobCode"]}))
    assert applied["localId"] == user["localId"] and applied["email"] == ALICE
    assert applied["emailVerified"] is True
    assert error(api.client("accounts:update", {"oobCode": oobs[0]["oobCode"]})) == "INVALID_OOB_CODE"


def test_returns_the_code_to_admin_calls(api):
    """oob.spec.ts: should return OOB code directly for requests with OAuth 2"""
    register_user(api, ALICE, "notasecret")
    for body in [{"email": ALICE, "requestType": "PASSWORD_RESET"},
                 {"email": ALICE, "requestType": "VERIFY_EMAIL"},
                 {"email": ALICE, "newEmail": BOB, "requestType": "VERIFY_AND_CHANGE_EMAIL"}]:
        sent = ok(api.admin("accounts:sendOobCode", {**body, "returnOobLink": True}))
        assert sent["email"] == ALICE, body
        assert isinstance(sent["oobCode"], str) and isinstance(sent["oobLink"], str), body


def test_returns_the_code_by_id_token_to_admin_calls(api):
    """oob.spec.ts: should return OOB code by idToken for OAuth 2 requests as well"""
    token = register_user(api, ALICE, "notasecret")["idToken"]
    for body in [{"idToken": token, "requestType": "VERIFY_EMAIL"},
                 {"email": ALICE, "newEmail": BOB, "idToken": token, "requestType": "VERIFY_AND_CHANGE_EMAIL"}]:
        sent = ok(api.admin("accounts:sendOobCode", {**body, "returnOobLink": True}))
        assert sent["email"] == ALICE, body
        assert isinstance(sent["oobCode"], str) and isinstance(sent["oobLink"], str), body


def test_verify_email_needs_an_id_token_or_an_email(api):
    """oob.spec.ts: should error when trying to verify email without idToken or email"""
    register_user(api, ALICE, "notasecret")
    assert error(api.client("accounts:sendOobCode", {"idToken": "hoge", "requestType": "VERIFY_EMAIL"})) \
        == "INVALID_ID_TOKEN"
    assert error(api.admin("accounts:sendOobCode", {"returnOobLink": True, "requestType": "VERIFY_EMAIL"})) \
        == "MISSING_EMAIL"
    assert api.oobs() == []


def test_verify_email_ignores_the_email_of_a_client_call(api):
    """oob.spec.ts: should error when trying to verify email without idToken if not returnOobLink"""
    register_user(api, ALICE, "notasecret")
    assert error(api.client("accounts:sendOobCode", {"email": ALICE, "requestType": "VERIFY_EMAIL"})) \
        == "INVALID_ID_TOKEN"
    assert api.oobs() == []


def test_verify_email_for_an_unknown_email(api):
    """oob.spec.ts: should error when trying to verify email not associated with any user"""
    sent = api.admin("accounts:sendOobCode",
                     {"email": "nosuchuser@example.com", "returnOobLink": True, "requestType": "VERIFY_EMAIL"})
    assert error(sent) == "USER_NOT_FOUND"
    assert api.oobs() == []


def test_verify_email_for_an_account_without_email(api):
    """oob.spec.ts: should error when verifying email for accounts without email"""
    token = register_anon(api)["idToken"]
    assert error(api.client("accounts:sendOobCode", {"idToken": token, "requestType": "VERIFY_EMAIL"})) \
        == "MISSING_EMAIL"
    assert api.oobs() == []


def test_verify_email_for_a_disabled_user(api):
    """oob.spec.ts: should error if user is disabled"""
    user = register_user(api, "foo@example.com", "foobar")
    update_by_local_id(api, user["localId"], {"disableUser": True})
    sent = api.client("accounts:sendOobCode",
                      {"email": user["email"], "idToken": user["idToken"], "requestType": "VERIFY_EMAIL"})
    assert error(sent) == "USER_DISABLED"


def test_invalid_continue_url(api):
    """oob.spec.ts: should error when continueUrl is invalid"""
    token = register_user(api, ALICE, "notasecret")["idToken"]
    sent = api.client("accounts:sendOobCode",
                      {"idToken": token, "requestType": "VERIFY_EMAIL", "continueUrl": "noSchemeOrHost"})
    assert "INVALID_CONTINUE_URI" in error(sent)
    assert api.oobs() == []


def test_send_oob_code_when_auth_is_disabled(api):
    """oob.spec.ts: should error if auth is disabled"""
    tenant = register_tenant(api, disableAuth=True)["tenantId"]
    assert error(api.client("accounts:sendOobCode", {"tenantId": tenant})) == "PROJECT_DISABLED"


def test_email_sign_in_when_not_enabled(api):
    """oob.spec.ts: should error for email sign in if not enabled"""
    tenant = register_tenant(api, disableAuth=False, enableEmailLinkSignin=False)["tenantId"]
    sent = api.client("accounts:sendOobCode", {"tenantId": tenant, "email": BOB, "requestType": "EMAIL_SIGNIN"})
    assert error(sent) == "OPERATION_NOT_ALLOWED"


def test_generates_a_code_for_reset_password(api):
    """oob.spec.ts: should generate OOB code for reset password"""
    token = register_user(api, ALICE, "notasecret")["idToken"]
    ok(api.server.control("POST", "clock:advance", {"by": "2s"}))
    sent = ok(api.client("accounts:sendOobCode", {"requestType": "PASSWORD_RESET", "email": ALICE}))
    assert sent["email"] == ALICE
    assert "oobCode" not in sent and "oobLink" not in sent
    oobs = api.oobs()
    assert [(o["email"], o["requestType"]) for o in oobs] == [(ALICE, "PASSWORD_RESET")]
    reset = ok(api.client("accounts:resetPassword", {"oobCode": oobs[0]["oobCode"], "newPassword": "notasecret2"}))
    assert reset["requestType"] == "PASSWORD_RESET" and reset["email"] == ALICE
    assert error(api.client("accounts:lookup", {"idToken": token})) == "TOKEN_EXPIRED"


def test_reset_password_tells_the_purpose_of_a_code(api):
    """oob.spec.ts: should return purpose of oobCodes via resetPassword endpoint

    Serve lists every email sent (Docs/Serve.md); that the check consumed nothing is shown by using a code after."""
    token = register_user(api, ALICE, "notasecret")["idToken"]
    ok(api.client("accounts:sendOobCode", {"requestType": "PASSWORD_RESET", "email": ALICE}))
    ok(api.client("accounts:sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": token}))
    ok(api.client("accounts:sendOobCode", {"email": BOB, "requestType": "EMAIL_SIGNIN"}))
    ok(api.client("accounts:sendOobCode",
                  {"email": ALICE, "newEmail": BOB, "requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": token}))
    oobs = api.oobs()
    assert sorted(o["requestType"] for o in oobs) == \
        ["EMAIL_SIGNIN", "PASSWORD_RESET", "VERIFY_AND_CHANGE_EMAIL", "VERIFY_EMAIL"]
    for oob in oobs:
        purpose = ok(api.client("accounts:resetPassword", {"oobCode": oob["oobCode"]}))
        assert purpose["requestType"] == oob["requestType"]
        if oob["requestType"] == "EMAIL_SIGNIN":
            assert "email" not in purpose
        else:
            assert purpose["email"] == oob["email"]
        if oob["requestType"] == "VERIFY_AND_CHANGE_EMAIL":
            assert purpose["newEmail"] == BOB
    assert len(api.oobs()) == 4
    sign_in = [o for o in oobs if o["requestType"] == "EMAIL_SIGNIN"][0]["oobCode"]
    ok(api.client("accounts:signInWithEmailLink", {"email": BOB, "oobCode": sign_in}))


def test_reset_password_when_auth_is_disabled(api):
    """oob.spec.ts: should error on resetPassword if auth is disabled"""
    tenant = register_tenant(api, disableAuth=True)["tenantId"]
    assert error(api.client("accounts:resetPassword", {"tenantId": tenant})) == "PROJECT_DISABLED"


def test_reset_password_when_password_sign_up_is_disabled(api):
    """oob.spec.ts: should error on resetPassword if password sign up is disabled"""
    tenant = register_tenant(api, disableAuth=False, allowPasswordSignup=False)["tenantId"]
    assert error(api.client("accounts:resetPassword", {"tenantId": tenant})) == "PASSWORD_LOGIN_DISABLED"


def test_password_reset_to_an_unknown_user_without_email_privacy(api):
    """oob.spec.ts: should error when sending a password reset to non-existent user with improved email privacy
    disabled

    Serve turns email enumeration protection on by default, as production does for new projects (Docs/Serve.md);
    the case's precondition (privacy disabled) is set explicitly."""
    api.emulator_config({"emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}})
    sent = api.admin("accounts:sendOobCode", {"email": ALICE, "requestType": "PASSWORD_RESET", "returnOobLink": True})
    assert error(sent) == "EMAIL_NOT_FOUND"


def test_password_reset_to_an_unknown_user_with_email_privacy(api):
    """oob.spec.ts: should return email address when sending a password reset to non-existent user with improved
    email privacy enabled"""
    patched = api.project_config({"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}, "emailPrivacyConfig")
    assert patched.status_code == 200, patched.text
    sent = ok(api.admin("accounts:sendOobCode", {"email": ALICE, "requestType": "PASSWORD_RESET",
                                                 "returnOobLink": True}))
    assert sent["kind"] == "identitytoolkit#GetOobConfirmationCodeResponse"
    assert sent["email"] == ALICE


def test_generates_a_code_for_verify_and_change_email(api):
    """oob.spec.ts: should generate OOB code for verify and change email

    Serve lists a used code still (Docs/Serve.md); the code is spent instead."""
    user = register_user(api, ALICE, "notasecret")
    sent = ok(api.client("accounts:sendOobCode", {"email": ALICE, "newEmail": BOB, "idToken": user["idToken"],
                                                  "requestType": "VERIFY_AND_CHANGE_EMAIL"}))
    assert sent["kind"] == "identitytoolkit#GetOobConfirmationCodeResponse"
    assert sent["email"] == ALICE
    assert "oobCode" not in sent and "oobLink" not in sent
    oobs = api.oobs()
    assert [(o["email"], o["requestType"]) for o in oobs] == [(ALICE, "VERIFY_AND_CHANGE_EMAIL")]
    applied = ok(api.client("accounts:update", {"oobCode": oobs[0]["oobCode"]}))
    assert applied["localId"] == user["localId"] and applied["email"] == BOB
    assert applied["emailVerified"] is True
    assert error(api.client("accounts:update", {"oobCode": oobs[0]["oobCode"]})) == "INVALID_OOB_CODE"


def test_verify_and_change_email_needs_its_fields(api):
    """oob.spec.ts: should error when trying to verify and change email without idToken or email or newEmail"""
    register_user(api, ALICE, "notasecret")
    change = {"requestType": "VERIFY_AND_CHANGE_EMAIL"}
    assert error(api.client("accounts:sendOobCode", {**change, "newEmail": BOB})) == "MISSING_ID_TOKEN"
    assert error(api.client("accounts:sendOobCode", {**change, "email": ALICE})) == "MISSING_NEW_EMAIL"
    assert error(api.admin("accounts:sendOobCode", {**change, "newEmail": BOB, "returnOobLink": True})) \
        == "MISSING_EMAIL"
    assert error(api.admin("accounts:sendOobCode", {**change, "email": ALICE, "returnOobLink": True})) \
        == "MISSING_NEW_EMAIL"
    assert api.oobs() == []


def test_verify_and_change_email_of_a_client_call_needs_an_id_token(api):
    """oob.spec.ts: should error when trying to verify and change email without idToken if not returnOobLink"""
    register_user(api, ALICE, "notasecret")
    sent = api.client("accounts:sendOobCode",
                      {"email": ALICE, "newEmail": BOB, "requestType": "VERIFY_AND_CHANGE_EMAIL"})
    assert error(sent) == "MISSING_ID_TOKEN"
    assert api.oobs() == []


def test_verify_and_change_email_for_an_unknown_email(api):
    """oob.spec.ts: should error when trying to verify and change email not associated with any user"""
    sent = api.admin("accounts:sendOobCode", {"email": "nosuchuser@example.com", "newEmail": BOB,
                                              "returnOobLink": True, "requestType": "VERIFY_AND_CHANGE_EMAIL"})
    assert error(sent) == "USER_NOT_FOUND"
    assert api.oobs() == []


def test_verify_and_change_email_to_a_taken_email(api):
    """oob.spec.ts: should error if newEmail is already associated to another user

    With email enumeration protection off (the emulator's default; serve's is on, Docs/Serve.md) both calls are
    EMAIL_EXISTS. Under protection production gives the client no error and sends nothing ("Enable or disable email
    enumeration protection", Identity Platform docs: an email change is mailed only if the address is free)."""
    api.emulator_config({"emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}})
    token = register_user(api, ALICE, "notasecret")["idToken"]
    register_user(api, BOB, "notasecret")
    change = {"email": ALICE, "newEmail": BOB, "requestType": "VERIFY_AND_CHANGE_EMAIL"}
    assert error(api.client("accounts:sendOobCode", {**change, "idToken": token})) == "EMAIL_EXISTS"
    assert error(api.admin("accounts:sendOobCode", {**change, "returnOobLink": True})) == "EMAIL_EXISTS"
    assert api.oobs() == []
    api.emulator_config({"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}})
    ok(api.client("accounts:sendOobCode", {**change, "idToken": token}))
    assert api.oobs() == []
