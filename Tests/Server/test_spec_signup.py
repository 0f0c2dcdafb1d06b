"""Ports of the Firebase emulator's src/emulator/auth/signUp.spec.ts (`accounts:signUp`)."""
import pytest

from spec_accounts_support import (INVALID_PHONE, MFA_INFO, PHONE, PHONE_2, claims, client, expect_error, fresh,
                                   jwt_parts, lookup_by_local_id, lookup_by_token, ok, owner, register,
                                   register_anon, register_tenant, sign_in_with_fake_claims, sign_in_with_phone,
                                   signin_methods, tenant_id, update_by_local_id)

__all__ = ["fresh"]

BLOCKING = "authflow serve calls no blocking functions (Cloud Functions beforeCreate/beforeSignIn triggers)"


def sign_up(server, body):
    return client(server, "accounts:signUp", body)


def test_no_email_is_missing_email(server):
    """signUp.spec.ts: should throw error if no email provided"""
    expect_error(sign_up(server, {"password": "notasecret"}), "MISSING_EMAIL")


def test_an_empty_email_and_password_is_invalid_email(server):
    """signUp.spec.ts: should throw error if empty email and password is provided (an empty email is not an
    anonymous sign-up)"""
    expect_error(sign_up(server, {"email": "", "password": ""}), "INVALID_EMAIL")


def test_anonymous_sign_up_issues_tokens(server):
    """signUp.spec.ts: should issue idToken and refreshToken on anon signUp"""
    answer = ok(sign_up(server, {"returnSecureToken": True}))
    assert isinstance(answer["refreshToken"], str)
    header, payload = jwt_parts(answer["idToken"])
    assert header["alg"] == "none"
    assert isinstance(payload["user_id"], str)
    assert payload["provider_id"] == "anonymous"
    assert payload["firebase"]["sign_in_provider"] == "anonymous"


def test_password_sign_up_issues_tokens(server):
    """signUp.spec.ts: should issue refreshToken on email+password signUp"""
    answer = ok(sign_up(server, {"email": "me@example.com", "password": "notasecret"}))
    assert isinstance(answer["refreshToken"], str)
    header, payload = jwt_parts(answer["idToken"])
    assert header["alg"] == "none"
    assert isinstance(payload["user_id"], str)
    assert "provider_id" not in payload
    assert payload["firebase"]["sign_in_provider"] == "password"
    assert payload["firebase"]["identities"] == {"email": ["me@example.com"]}


def test_an_anonymous_sign_up_ignores_name_and_photo(server):
    """signUp.spec.ts: should ignore displayName and photoUrl for new anon account"""
    answer = ok(sign_up(server, {"displayName": "Me", "photoUrl": "http://localhost/my-profile.png"}))
    assert "displayName" not in answer and "photoUrl" not in answer
    user = lookup_by_token(server, answer["idToken"])
    assert "displayName" not in user and "photoUrl" not in user


def test_a_password_sign_up_keeps_the_name_not_the_photo(server):
    """signUp.spec.ts: should set displayName but ignore photoUrl for new password account"""
    answer = ok(sign_up(server, {"email": "me@example.com", "password": "notasecret", "displayName": "Me",
                                 "photoUrl": "http://localhost/my-profile.png"}))
    assert answer["displayName"] == "Me" and "photoUrl" not in answer
    user = lookup_by_token(server, answer["idToken"])
    assert user["displayName"] == "Me" and "photoUrl" not in user


def test_a_taken_email_in_any_case_is_email_exists(server):
    """signUp.spec.ts: should disallow duplicate email signUp"""
    register(server, "bob@example.com", "notasecret")
    expect_error(sign_up(server, {"email": "bob@example.com", "password": "notasecret"}), "EMAIL_EXISTS")
    expect_error(sign_up(server, {"email": "BOB@example.com", "password": "notasecret"}), "EMAIL_EXISTS")


def test_an_idp_account_with_the_email_is_email_exists(server):
    """signUp.spec.ts: should error if another account exists with same email from IDP"""
    sign_in_with_fake_claims(server, "google.com", sub="123", email="alice@example.com")
    expect_error(sign_up(server, {"email": "alice@example.com", "password": "notasecret"}), "EMAIL_EXISTS")


def test_a_malformed_email_is_invalid_email(server):
    """signUp.spec.ts: should error when email format is invalid"""
    expect_error(sign_up(server, {"email": "not.an.email.address.at.all", "password": "notasecret"}),
                 "INVALID_EMAIL")


def test_the_email_is_stored_in_lower_case(server):
    """signUp.spec.ts: should normalize email address to all lowercase"""
    assert ok(sign_up(server, {"email": "AlIcE@exAMPle.COM", "password": "notasecret"}))["email"] == \
        "alice@example.com"


def test_a_short_password_is_weak(server):
    """signUp.spec.ts: should error when password is too short"""
    answer = sign_up(server, {"email": "me@example.com", "password": "short"})
    assert answer.status_code == 400 and answer.json()["error"]["message"].startswith("WEAK_PASSWORD")


def test_linking_needs_email_and_password(server):
    """signUp.spec.ts: should error when idToken is provided but email / password is not"""
    guest = register_anon(server)
    expect_error(sign_up(server, {"idToken": guest["idToken"]}), "MISSING_EMAIL")
    expect_error(sign_up(server, {"idToken": guest["idToken"], "email": "alice@example.com"}), "MISSING_PASSWORD")


def test_linking_a_password_to_a_guest_keeps_its_uid(server):
    """signUp.spec.ts: should link email and password to anon user if idToken is provided"""
    guest = register_anon(server)
    answer = ok(sign_up(server, {"idToken": guest["idToken"], "email": "alice@example.com",
                                 "password": "notasecret"}))
    assert answer["localId"] == guest["localId"]
    assert claims(answer["idToken"])["firebase"]["sign_in_provider"] == "password"


def test_linking_a_password_to_a_phone_user(server):
    """signUp.spec.ts: should link email and password to phone sign-in user"""
    phone = sign_in_with_phone(server, PHONE)
    answer = ok(sign_up(server, {"idToken": phone["idToken"], "email": "alice@example.com",
                                 "password": "notasecret"}))
    assert answer["localId"] == phone["localId"]
    firebase = claims(answer["idToken"])["firebase"]
    assert firebase["sign_in_provider"] == "password"
    assert firebase["identities"] == {"phone": [PHONE], "email": ["alice@example.com"]}


def test_linking_to_a_disabled_user(server):
    """signUp.spec.ts: should error if account to be linked is disabled"""
    guest = register_anon(server)
    update_by_local_id(server, guest["localId"], disableUser=True)
    expect_error(sign_up(server, {"idToken": guest["idToken"], "email": "alice@example.com",
                                  "password": "notasecret"}), "USER_DISABLED")


def test_linking_a_password_to_a_user_who_has_one_is_provider_already_linked(server):
    """signUp.spec.ts: should replace existing email / password in linked account -- a deliberate difference.

    The emulator replaces the email and password. The SDKs never send this request: FirebaseAuth (iOS)
    `User.link(withEmailCredential:)` and the web SDK's `linkWithCredential` answer provider-already-linked
    before calling when the user has a password. serve answers the same, so a client that does send it sees
    what the SDKs show, and the account keeps its email and password (Docs/Backend.md, "Linking a password").
    """
    user = register(server, "alice@example.com", "notasecret")
    expect_error(sign_up(server, {"idToken": user["idToken"], "email": "bob@example.com",
                                  "password": "notasecret2"}), "PROVIDER_ALREADY_LINKED")
    assert signin_methods(server, "alice@example.com") == ["password"]
    assert signin_methods(server, "bob@example.com") == []


def test_an_admin_creates_a_phone_account_without_tokens(server):
    """signUp.spec.ts: should create new account with phone number when authenticated"""
    answer = ok(owner(server, "accounts:signUp", {"phoneNumber": PHONE, "displayName": "Alice"}))
    assert "idToken" not in answer and "refreshToken" not in answer
    assert answer["displayName"] == "Alice" and answer["localId"]
    phone = sign_in_with_phone(server, PHONE)
    assert phone["localId"] == answer["localId"]
    assert lookup_by_token(server, phone["idToken"])["displayName"] == "Alice"


def test_a_local_id_is_an_unexpected_parameter(server):
    """signUp.spec.ts: should error when extra localId parameter is provided"""
    expect_error(sign_up(server, {"localId": "anything"}), "UNEXPECTED_PARAMETER : User ID")
    guest = register_anon(server)
    expect_error(owner(server, "accounts:signUp", {"idToken": guest["idToken"], "localId": guest["localId"]}),
                 "UNEXPECTED_PARAMETER : User ID")


def test_an_admin_creates_an_account_with_a_given_local_id(server):
    """signUp.spec.ts: should create new account with specified localId when authenticated"""
    answer = ok(owner(server, "accounts:signUp", {"localId": "haha"}))
    assert "idToken" not in answer and "refreshToken" not in answer
    assert answer["localId"] == "haha"


def test_a_taken_local_id_is_duplicate_local_id(server):
    """signUp.spec.ts: should error when creating new user with duplicate localId"""
    guest = register_anon(server)
    expect_error(owner(server, "accounts:signUp", {"localId": guest["localId"]}), "DUPLICATE_LOCAL_ID")


def test_an_admin_sign_up_with_an_invalid_number(server):
    """signUp.spec.ts: should error if phone number is invalid"""
    expect_error(owner(server, "accounts:signUp", {"phoneNumber": INVALID_PHONE}),
                 "INVALID_PHONE_NUMBER : Invalid format.")


def factors_of(server, local_id):
    return lookup_by_local_id(server, local_id).get("mfaInfo", [])


def test_sign_up_with_a_second_factor(server):
    """signUp.spec.ts: should create new account with multi factor info"""
    user = register(server, "alice@example.com", "notasecret", mfaInfo=[MFA_INFO])
    factors = factors_of(server, user["localId"])
    assert len(factors) == 1
    assert factors[0]["displayName"] == MFA_INFO["displayName"] and factors[0]["phoneInfo"] == PHONE
    assert factors[0]["mfaEnrollmentId"]


def test_sign_up_with_two_second_factors(server):
    """signUp.spec.ts: should create new account with two MFA factors"""
    user = register(server, "alice@example.com", "notasecret", mfaInfo=[MFA_INFO, {**MFA_INFO, "phoneInfo": PHONE_2}])
    factors = factors_of(server, user["localId"])
    assert sorted(f["phoneInfo"] for f in factors) == [PHONE, PHONE_2]
    assert all(f["mfaEnrollmentId"] and f["displayName"] == "Cell Phone" for f in factors)


def test_sign_up_keeps_one_factor_a_number(server):
    """signUp.spec.ts: should de-duplicate factors with the same info on create"""
    alice = register(server, "alice@example.com", "notasecret", mfaInfo=[MFA_INFO, MFA_INFO, MFA_INFO])
    factors = factors_of(server, alice["localId"])
    assert len(factors) == 1 and factors[0]["phoneInfo"] == PHONE and factors[0]["mfaEnrollmentId"]
    bob = register(server, "bob@example.com", "notasecret",
                   mfaInfo=[MFA_INFO, MFA_INFO, MFA_INFO, {**MFA_INFO, "phoneInfo": PHONE_2}])
    factors = factors_of(server, bob["localId"])
    assert sorted(f["phoneInfo"] for f in factors) == [PHONE, PHONE_2]
    assert all(f["mfaEnrollmentId"] for f in factors)


def test_a_factor_needs_no_display_name(server):
    """signUp.spec.ts: does not require a display name for multi factor info"""
    user = register(server, "alice@example.com", "notasecret", mfaInfo=[{"phoneInfo": PHONE}])
    factors = factors_of(server, user["localId"])
    assert len(factors) == 1 and factors[0]["phoneInfo"] == PHONE and factors[0]["mfaEnrollmentId"]
    assert "displayName" not in factors[0]


def test_an_invalid_factor_number(server):
    """signUp.spec.ts: should error if multi factor phone number is invalid"""
    expect_error(owner(server, "accounts:signUp", {"email": "alice@example.com", "password": "notasecret",
                                                   "mfaInfo": [{"phoneInfo": INVALID_PHONE}]}),
                 "INVALID_MFA_PHONE_NUMBER : Invalid format.")


def test_sign_up_ignores_given_enrollment_ids(server):
    """signUp.spec.ts: should ignore if multi factor enrollment ID is specified on create"""
    user = register(server, "alice@example.com", "notasecret",
                    mfaInfo=[{**MFA_INFO, "mfaEnrollmentId": "thisShouldBeIgnored1"},
                             {**MFA_INFO, "mfaEnrollmentId": "thisShouldBeIgnored2"}])
    factors = factors_of(server, user["localId"])
    assert len(factors) == 1 and factors[0]["phoneInfo"] == PHONE
    assert factors[0]["mfaEnrollmentId"] not in ("", "thisShouldBeIgnored1", "thisShouldBeIgnored2")


def test_a_disabled_tenant_is_project_disabled(server):
    """signUp.spec.ts: should error if auth is disabled"""
    tenant = register_tenant(server, disableAuth=True)
    answer = sign_up(server, {"tenantId": tenant_id(tenant)})
    assert answer.status_code == 400 and "PROJECT_DISABLED" in answer.json()["error"]["message"]


def test_password_sign_up_off_in_a_tenant(server):
    """signUp.spec.ts: should error if password sign up is not allowed"""
    tenant = register_tenant(server, allowPasswordSignup=False)
    answer = sign_up(server, {"tenantId": tenant_id(tenant), "email": "me@example.com", "password": "notasecret"})
    assert answer.status_code == 400 and "OPERATION_NOT_ALLOWED" in answer.json()["error"]["message"]


def test_anonymous_sign_up_off_in_a_tenant(server):
    """signUp.spec.ts: should error if anonymous user is disabled"""
    tenant = register_tenant(server, enableAnonymousUser=False)
    answer = sign_up(server, {"tenantId": tenant_id(tenant), "returnSecureToken": True})
    assert answer.status_code == 400 and "ADMIN_ONLY_OPERATION" in answer.json()["error"]["message"]


def test_a_tenant_account_carries_its_tenant(server):
    """signUp.spec.ts: should create new account with tenant info"""
    tenant = tenant_id(register_tenant(server, allowPasswordSignup=True))
    user = ok(sign_up(server, {"tenantId": tenant, "email": "alice@example.com", "password": "notasecret"}))
    assert lookup_by_local_id(server, user["localId"], tenant)["tenantId"] == tenant


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_before_create_updates_fields():
    """signUp.spec.ts: when blocking functions are present: should update modifiable fields with beforeCreate
    response for a new email/password user"""


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_before_sign_in_updates_fields():
    """signUp.spec.ts: when blocking functions are present: should update modifiable fields with beforeSignIn
    response for a new email/password user"""


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_before_sign_in_overwrites_before_create():
    """signUp.spec.ts: when blocking functions are present: beforeSignIn fields should overwrite beforeCreate
    fields"""


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_function_disables_the_new_user():
    """signUp.spec.ts: when blocking functions are present: should disable new user if set"""


@pytest.mark.skip(reason=BLOCKING)
def test_blocking_functions_skip_privileged_requests():
    """signUp.spec.ts: when blocking functions are present: should not trigger blocking functions for privileged
    requests"""
