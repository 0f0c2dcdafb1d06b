"""Ports of the Firebase emulator's src/emulator/auth/setAccountInfo.spec.ts (`accounts:update`)."""
import json

from spec_accounts_support import (INVALID_PHONE, MFA_INFO, PHONE, PHONE_2, PHONE_3, claims, client, expect_error,
                                   fresh, jwt_parts, lookup_by_token, ok, oob_codes, owner, register, register_anon,
                                   register_tenant, sign_in_with_email_link, sign_in_with_fake_claims,
                                   sign_in_with_phone, signin_methods, tenant_id, update_by_local_id)

__all__ = ["fresh"]

def error_of(response):
    return response.json()["error"]["message"]


def update(server, body):
    return client(server, "accounts:update", body)


def sign_in(server, email, password):
    return client(server, "accounts:signInWithPassword", {"email": email, "password": password})


def test_name_and_photo_are_set_and_deleted_without_new_tokens(server):
    """setAccountInfo.spec.ts: should allow updating and deleting displayName and photoUrl"""
    token = register_anon(server)["idToken"]
    answer = ok(update(server, {"idToken": token, "displayName": "Alice", "photoUrl": "http://localhost/alice.png"}))
    assert answer["displayName"] == "Alice" and answer["photoUrl"] == "http://localhost/alice.png"
    assert "idToken" not in answer and "refreshToken" not in answer
    answer = ok(update(server, {"idToken": token, "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]}))
    assert "displayName" not in answer and "photoUrl" not in answer


def test_a_new_password_issues_new_tokens(server):
    """setAccountInfo.spec.ts: should set password and issue new tokens"""
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(update(server, {"idToken": user["idToken"], "password": "notasecreteither"}))
    assert isinstance(answer["refreshToken"], str)
    header, payload = jwt_parts(answer["idToken"])
    assert header["alg"] == "none" and payload["user_id"] == user["localId"]
    assert payload["firebase"]["sign_in_provider"] == "password"
    assert ok(sign_in(server, "alice@example.com", "notasecreteither"))["localId"] == user["localId"]


def test_a_guest_gets_a_password_provider(server):
    """setAccountInfo.spec.ts: should add password provider to anon user"""
    guest = register_anon(server)
    answer = ok(update(server, {"idToken": guest["idToken"], "email": "alice@example.com",
                                "password": "notasecreteither"}))
    assert isinstance(answer["refreshToken"], str)
    header, payload = jwt_parts(answer["idToken"])
    assert header["alg"] == "none" and payload["user_id"] == guest["localId"]
    assert payload["firebase"]["sign_in_provider"] == "password"
    assert ok(sign_in(server, "alice@example.com", "notasecreteither"))["localId"] == guest["localId"]
    assert signin_methods(server, "alice@example.com") == ["password"]


def test_a_guest_may_add_an_email_without_a_password(server):
    """setAccountInfo.spec.ts: should allow adding email without password to anon user"""
    guest = register_anon(server)
    answer = ok(update(server, {"idToken": guest["idToken"], "email": "alice@example.com"}))
    assert isinstance(answer["refreshToken"], str)
    header, payload = jwt_parts(answer["idToken"])
    assert header["alg"] == "none" and payload["user_id"] == guest["localId"]
    assert payload["firebase"]["sign_in_provider"] == "anonymous"
    assert "password" not in signin_methods(server, "alice@example.com")


def test_changing_the_email_notifies_the_old_address(server):
    """setAccountInfo.spec.ts: should allow changing email of an existing user, and send out an oob to reset the
    email"""
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(update(server, {"idToken": user["idToken"], "email": "bob@example.com"}))
    assert isinstance(answer["refreshToken"], str)
    header, payload = jwt_parts(answer["idToken"])
    assert header["alg"] == "none" and payload["user_id"] == user["localId"]
    assert payload["email"] == "bob@example.com"
    assert payload["firebase"]["sign_in_provider"] == "password"
    assert ok(sign_in(server, "bob@example.com", "notasecret"))["localId"] == user["localId"]
    expect_error(sign_in(server, "alice@example.com", "notasecret"), "EMAIL_NOT_FOUND")
    codes = oob_codes(server)
    assert [(c["email"], c["requestType"]) for c in codes] == [("alice@example.com", "RECOVER_EMAIL")]


def test_a_taken_email_in_any_case_is_email_exists(server):
    """setAccountInfo.spec.ts: should disallow setting email to same as an existing user"""
    register(server, "bob@example.com", "notasecret")
    token = register_anon(server)["idToken"]
    expect_error(update(server, {"idToken": token, "email": "bob@example.com"}), "EMAIL_EXISTS")
    expect_error(update(server, {"idToken": token, "email": "BOB@example.com", "password": "notasecret"}),
                 "EMAIL_EXISTS")


def test_the_first_email_is_kept_as_initial_email(server):
    """setAccountInfo.spec.ts: should set initialEmail for the user, after updating email"""
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(update(server, {"idToken": user["idToken"], "email": "bob@example.com"}))
    assert answer["email"] == "bob@example.com"
    assert lookup_by_token(server, answer["idToken"])["initialEmail"] == "alice@example.com"


def test_the_recover_code_restores_the_old_email(server):
    """setAccountInfo.spec.ts: should reset email when OOB flow is initiated, after updating user email.

    Serve.md: `oobCodes` lists every email sent, used or not (the emulator drops a redeemed code), so "the code
    is removed" is checked as "the code no longer works"."""
    user = register(server, "alice@example.com", "notasecret")
    ok(update(server, {"idToken": user["idToken"], "email": "bob@example.com"}))
    codes = oob_codes(server)
    assert [(c["email"], c["requestType"]) for c in codes] == [("alice@example.com", "RECOVER_EMAIL")]
    answer = ok(update(server, {"oobCode": codes[0]["oobCode"]}))
    assert answer["email"] == "alice@example.com" and answer["emailVerified"] is True
    expect_error(update(server, {"oobCode": codes[0]["oobCode"]}), "INVALID_OOB_CODE")


def test_recovering_an_email_another_account_took_is_email_exists(server):
    """setAccountInfo.spec.ts: should disallow resetting an email if another user exists with the same email"""
    user = register(server, "bob@example.com", "notasecret")
    assert ok(update(server, {"idToken": user["idToken"], "email": "bob_new@example.com"}))["email"] == \
        "bob_new@example.com"
    register(server, "bob@example.com", "notasecreteither")
    codes = oob_codes(server)
    assert [c["requestType"] for c in codes] == ["RECOVER_EMAIL"]
    expect_error(update(server, {"oobCode": codes[0]["oobCode"]}), "EMAIL_EXISTS")


def test_a_guest_adding_an_email_is_not_notified(server):
    """setAccountInfo.spec.ts: should not set initial email or send OOB when anon user updates email"""
    guest = register_anon(server)
    answer = ok(update(server, {"idToken": guest["idToken"], "email": "alice@example.com"}))
    assert answer["email"] == "alice@example.com"
    assert oob_codes(server) == []
    assert "initialEmail" not in lookup_by_token(server, answer["idToken"])


def test_a_disabled_user_cannot_change_its_email(server):
    """setAccountInfo.spec.ts: should not update email if user is disabled"""
    user = register(server, "bob@example.com", "notasecret")
    update_by_local_id(server, user["localId"], disableUser=True)
    expect_error(update(server, {"idToken": user["idToken"], "email": "alice@example.com"}), "USER_DISABLED")


def send_change_code(server, id_token, new_email):
    ok(client(server, "accounts:sendOobCode", {"idToken": id_token, "newEmail": new_email,
                                               "requestType": "VERIFY_AND_CHANGE_EMAIL"}))


def test_the_verify_and_change_code_changes_the_email(server):
    """setAccountInfo.spec.ts: should update email when OOB flow of VERIFY_AND_CHANGE_EMAIL is initiated.

    Serve.md: `oobCodes` keeps used codes (the emulator drops them), so the redeemed code is checked to no longer
    work."""
    user = register(server, "alice@example.com", "notasecret")
    send_change_code(server, user["idToken"], "bob@example.com")
    codes = oob_codes(server)
    assert [(c["email"], c.get("newEmail"), c["requestType"]) for c in codes] == \
        [("alice@example.com", "bob@example.com", "VERIFY_AND_CHANGE_EMAIL")]
    answer = ok(update(server, {"oobCode": codes[0]["oobCode"]}))
    assert answer["email"] == "bob@example.com" and answer["newEmail"] == "bob@example.com"
    assert answer["emailVerified"] is True
    expect_error(update(server, {"oobCode": codes[0]["oobCode"]}), "INVALID_OOB_CODE")


def test_changing_to_an_email_taken_meanwhile_is_email_exists(server):
    """setAccountInfo.spec.ts: should disallow changing an email if another user exists with the same email.

    Serve.md: `oobCodes` keeps used codes, so "the code is removed" is checked as "the code no longer works"."""
    user = register(server, "alice@example.com", "notasecret")
    send_change_code(server, user["idToken"], "bob@example.com")
    codes = oob_codes(server)
    assert [c["requestType"] for c in codes] == ["VERIFY_AND_CHANGE_EMAIL"]
    register(server, "bob@example.com", "notasecreteither")
    expect_error(update(server, {"oobCode": codes[0]["oobCode"]}), "EMAIL_EXISTS")
    register(server, "carol@example.com", "notasecret")
    answer = update(server, {"oobCode": codes[0]["oobCode"]})
    assert answer.status_code == 400 and error_of(answer) in ("INVALID_OOB_CODE", "EMAIL_EXISTS")


def test_an_admin_changes_the_number(server):
    """setAccountInfo.spec.ts: should update phoneNumber if specified"""
    user = sign_in_with_phone(server, PHONE)
    ok(owner(server, "accounts:update", {"localId": user["localId"], "phoneNumber": "+15555550123"}))
    assert lookup_by_token(server, user["idToken"])["phoneNumber"] == "+15555550123"


def test_the_same_number_again_changes_nothing(server):
    """setAccountInfo.spec.ts: should noop when setting phoneNumber to the same as before"""
    user = sign_in_with_phone(server, PHONE)
    ok(owner(server, "accounts:update", {"localId": user["localId"], "phoneNumber": PHONE}))
    assert lookup_by_token(server, user["idToken"])["phoneNumber"] == PHONE


def test_a_taken_number_is_phone_number_exists(server):
    """setAccountInfo.spec.ts: should disallow setting phone to same as an existing user"""
    sign_in_with_phone(server, PHONE)
    guest = register_anon(server)
    expect_error(owner(server, "accounts:update", {"localId": guest["localId"], "phoneNumber": PHONE}),
                 "PHONE_NUMBER_EXISTS")


def test_an_invalid_number(server):
    """setAccountInfo.spec.ts: should error if phoneNumber is invalid"""
    guest = register_anon(server)
    expect_error(owner(server, "accounts:update", {"localId": guest["localId"], "phoneNumber": "555-555-0100"}),
                 "INVALID_PHONE_NUMBER : Invalid format.")


def set_factors(server, local_id, enrollments):
    return owner(server, "accounts:update", {"localId": local_id, "mfa": {"enrollments": enrollments}})


def factors(server, id_token):
    return lookup_by_token(server, id_token).get("mfaInfo")


def test_an_admin_creates_a_factor(server):
    """setAccountInfo.spec.ts: should allow creating MFA info"""
    user = register(server, "bob@example.com", "notasecret")
    ok(set_factors(server, user["localId"], [{**MFA_INFO, "mfaEnrollmentId": "enrollmentId1"}]))
    [factor] = factors(server, user["idToken"])
    assert (factor["displayName"], factor["phoneInfo"], factor["mfaEnrollmentId"]) == \
        ("Cell Phone", PHONE, "enrollmentId1")


def test_an_admin_adds_a_second_factor(server):
    """setAccountInfo.spec.ts: should allow adding a second MFA factor"""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    [saved] = factors(server, user["idToken"])
    second = {"displayName": "Second MFA Factor", "phoneInfo": PHONE_2, "mfaEnrollmentId": "enrollmentId2"}
    ok(set_factors(server, user["localId"], [saved, second]))
    updated = factors(server, user["idToken"])
    assert len(updated) == 2
    for factor in updated:
        expected = saved if factor["mfaEnrollmentId"] == saved["mfaEnrollmentId"] else second
        assert {k: factor.get(k) for k in expected} == expected


def test_an_admin_changes_a_factors_number(server):
    """setAccountInfo.spec.ts: should allow changing the MFA phone number"""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    [saved] = factors(server, user["idToken"])
    assert saved["mfaEnrollmentId"]
    ok(set_factors(server, user["localId"], [{**saved, "displayName": "New Display Name", "phoneInfo": PHONE_2}]))
    [factor] = factors(server, user["idToken"])
    assert (factor["displayName"], factor["phoneInfo"], factor["mfaEnrollmentId"]) == \
        ("New Display Name", PHONE_2, saved["mfaEnrollmentId"])


def test_an_admin_changes_an_enrollment_id(server):
    """setAccountInfo.spec.ts: should allow changing the MFA enrollment ID"""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    [saved] = factors(server, user["idToken"])
    ok(set_factors(server, user["localId"], [{**saved, "mfaEnrollmentId": "newEnrollmentId"}]))
    [factor] = factors(server, user["idToken"])
    assert (factor["displayName"], factor["phoneInfo"], factor["mfaEnrollmentId"]) == \
        (saved["displayName"], saved["phoneInfo"], "newEnrollmentId")


def test_new_factors_replace_the_old(server):
    """setAccountInfo.spec.ts: should overwrite existing MFA info"""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO, {**MFA_INFO, "phoneInfo": PHONE_3}])
    old_ids = [f["mfaEnrollmentId"] for f in factors(server, user["idToken"])]
    assert len(old_ids) == 2
    ok(set_factors(server, user["localId"],
                   [{"displayName": "New New", "phoneInfo": PHONE_3, "mfaEnrollmentId": "newEnrollmentId"}]))
    [factor] = factors(server, user["idToken"])
    assert (factor["displayName"], factor["phoneInfo"], factor["mfaEnrollmentId"]) == \
        ("New New", PHONE_3, "newEnrollmentId")
    assert factor["mfaEnrollmentId"] not in old_ids


def test_an_empty_enrollment_list_removes_the_factors(server):
    """setAccountInfo.spec.ts: should remove MFA info with an empty enrollments array"""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    assert len(factors(server, user["idToken"])) == 1
    ok(set_factors(server, user["localId"], []))
    assert factors(server, user["idToken"]) is None


def test_no_enrollment_list_removes_the_factors(server):
    """setAccountInfo.spec.ts: should remove MFA info with an undefined enrollments array"""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    assert len(factors(server, user["idToken"])) == 1
    ok(owner(server, "accounts:update", {"localId": user["localId"], "mfa": {}}))
    assert factors(server, user["idToken"]) is None


def test_a_factor_without_an_enrollment_id(server):
    """setAccountInfo.spec.ts: should error if mfaEnrollmentId is absent.

    Production differs: the emulator refuses a factor without `mfaEnrollmentId`
    (`INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.`), but the Admin SDK reference
    (firebase-admin.auth.UpdateMultiFactorInfoRequest, `uid`) says "When not provided, a new one is provisioned by
    the Auth server". So the factor is kept, with a new id."""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    [old] = factors(server, user["idToken"])
    ok(set_factors(server, user["localId"], [{**MFA_INFO, "phoneInfo": PHONE_2}]))
    [factor] = factors(server, user["idToken"])
    assert factor["phoneInfo"] == PHONE_2 and factor["mfaEnrollmentId"]
    assert factor["mfaEnrollmentId"] != old["mfaEnrollmentId"]


def test_factors_with_one_number_are_kept_once(server):
    """setAccountInfo.spec.ts: should de-duplicate MFA factors with the same phone number"""
    user = register(server, "bob@example.com", "notasecret")
    ok(set_factors(server, user["localId"], [{**MFA_INFO, "mfaEnrollmentId": "enrollmentId1"},
                                             {**MFA_INFO, "mfaEnrollmentId": "enrollmentId1"}]))
    [factor] = factors(server, user["idToken"])
    assert (factor["displayName"], factor["phoneInfo"], factor["mfaEnrollmentId"]) == \
        ("Cell Phone", PHONE, "enrollmentId1")
    ok(set_factors(server, user["localId"], []))
    assert factors(server, user["idToken"]) is None
    ok(set_factors(server, user["localId"], [{**MFA_INFO, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (2, 3, 4)]))
    [factor] = factors(server, user["idToken"])
    assert (factor["displayName"], factor["phoneInfo"]) == ("Cell Phone", PHONE)
    assert factor["mfaEnrollmentId"] != "enrollmentId1"
    ok(set_factors(server, user["localId"],
                   [{**MFA_INFO, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (5, 6, 7)] +
                   [{"phoneInfo": PHONE_2, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (8, 9)]))
    listed = factors(server, user["idToken"])
    assert sorted(f["phoneInfo"] for f in listed) == [PHONE, PHONE_2]
    for factor in listed:
        if factor["phoneInfo"] == PHONE:
            assert factor["displayName"] == "Cell Phone"
        assert factor["mfaEnrollmentId"] and factor["mfaEnrollmentId"] != "enrollmentId1"


def test_one_enrollment_id_for_two_numbers(server):
    """setAccountInfo.spec.ts: should error if MFA Enrollment ID is duplicated for different phone numbers"""
    user = register(server, "bob@example.com", "notasecret")
    duplicate = "duplicateMfaEnrollmentId "
    expect_error(set_factors(server, user["localId"], [{**MFA_INFO, "mfaEnrollmentId": duplicate},
                                                       {"phoneInfo": PHONE_2, "mfaEnrollmentId": duplicate}]),
                 "DUPLICATE_MFA_ENROLLMENT_ID")


def test_enrollment_ids_may_repeat_across_users(server):
    """setAccountInfo.spec.ts: does not require MFA Enrollment ID uniqueness across users"""
    bob = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    [bob_factor] = factors(server, bob["idToken"])
    alice = register(server, "alice@example.com", "notasecret", mfaInfo=[MFA_INFO])
    [alice_factor] = factors(server, alice["idToken"])
    ok(set_factors(server, bob["localId"], [{**bob_factor, "mfaEnrollmentId": alice_factor["mfaEnrollmentId"]}]))
    assert factors(server, bob["idToken"])[0]["mfaEnrollmentId"] == alice_factor["mfaEnrollmentId"]


def test_a_factor_without_a_valid_number(server):
    """setAccountInfo.spec.ts: should error if phone number for MFA is invalid"""
    user = register(server, "bob@example.com", "notasecret", mfaInfo=[MFA_INFO])
    [saved] = factors(server, user["idToken"])
    without = {k: v for k, v in saved.items() if k != "phoneInfo"}
    expect_error(set_factors(server, user["localId"], [without]), "INVALID_MFA_PHONE_NUMBER : Invalid format.")
    expect_error(set_factors(server, user["localId"], [{**saved, "phoneInfo": INVALID_PHONE}]),
                 "INVALID_MFA_PHONE_NUMBER : Invalid format.")


def test_factors_for_an_unknown_user(server):
    """setAccountInfo.spec.ts: should error if user for MFA update is not found"""
    expect_error(set_factors(server, "anything", [{**MFA_INFO, "mfaEnrollmentId": "anything"}]), "USER_NOT_FOUND")


def test_enrollments_that_are_not_a_list(server):
    """setAccountInfo.spec.ts: should error if enrollments is not an array or undefined"""
    answer = owner(server, "accounts:update", {"localId": "anything", "mfa": {"enrollments": None}})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["message"] == "Invalid JSON payload received. /mfa/enrollments must be array"


def test_a_disabled_user_cannot_update_itself(server):
    """setAccountInfo.spec.ts: should error if user is disabled when updating by idToken"""
    guest = register_anon(server)
    update_by_local_id(server, guest["localId"], disableUser=True)
    expect_error(update(server, {"idToken": guest["idToken"], "displayName": "Foo"}), "USER_DISABLED")


def test_an_admin_updates_a_disabled_user(server):
    """setAccountInfo.spec.ts: should still update user despite user is disabled when authenticated"""
    guest = register_anon(server)
    update_by_local_id(server, guest["localId"], disableUser=True)
    update_by_local_id(server, guest["localId"], displayName="Foo")
    update_by_local_id(server, guest["localId"], disableUser=False)


def test_a_new_password_or_valid_since_expires_old_tokens(server):
    """setAccountInfo.spec.ts: should invalidate old tokens after updating validSince or password"""
    first = register(server, "alice@example.com", "notasecret")["idToken"]
    ok(server.control("POST", "clock:advance", {"by": "2s"}))
    second = ok(update(server, {"idToken": first, "password": "notasecreteither"}))["idToken"]
    expect_error(client(server, "accounts:lookup", {"idToken": first}), "TOKEN_EXPIRED")
    lookup_by_token(server, second)
    ok(server.control("POST", "clock:advance", {"by": "2s"}))
    third = ok(update(server, {"idToken": second, "validSince": "0"}))["idToken"]
    expect_error(client(server, "accounts:lookup", {"idToken": first}), "TOKEN_EXPIRED")
    expect_error(client(server, "accounts:lookup", {"idToken": second}), "TOKEN_EXPIRED")
    lookup_by_token(server, third)


def delete_provider(server, user, provider):
    answer = ok(update(server, {"idToken": user["idToken"], "deleteProvider": [provider]}))
    assert provider not in [p["providerId"] for p in answer.get("providerUserInfo", [])]
    if user.get("email"):
        methods = signin_methods(server, user["email"])
        assert provider not in methods and "emailLink" not in methods


def test_deleting_the_password_provider(server):
    """setAccountInfo.spec.ts: should delete password provider from user"""
    delete_provider(server, register(server, "alice@example.com", "notasecret"), "password")


def test_deleting_the_phone_provider(server):
    """setAccountInfo.spec.ts: should delete phone provider from user"""
    delete_provider(server, sign_in_with_phone(server, PHONE), "phone")


def test_deleting_the_google_provider(server):
    """setAccountInfo.spec.ts: should delete google.com provider from user"""
    delete_provider(server, sign_in_with_fake_claims(server, "google.com", sub="12345", email="bob@example.com"),
                    "google.com")


def test_an_admin_updates_by_local_id(server):
    """setAccountInfo.spec.ts: should update user by localId when authenticated"""
    user = register(server, "foo@example.com", "barbaz")
    answer = ok(owner(server, "accounts:update", {"localId": user["localId"], "phoneNumber": PHONE,
                                                  "displayName": "Alice", "photoUrl": "http://localhost/alice.png",
                                                  "emailVerified": True}))
    assert answer["displayName"] == "Alice" and answer["photoUrl"] == "http://localhost/alice.png"
    assert answer["emailVerified"] is True


def test_an_admin_update_needs_a_local_id(server):
    """setAccountInfo.spec.ts: should error if authenticated request does not specify localId"""
    expect_error(owner(server, "accounts:update", {"emailVerified": True}), "MISSING_LOCAL_ID")


def test_custom_attributes_reach_the_id_token(server):
    """setAccountInfo.spec.ts: should update customAttributes and add them to ID Tokens"""
    user = register(server, "foo@example.com", "barbaz")
    attributes = {"foo": "bar", "baz": {"answer": 42}, "roles": ["admin", "editor"]}
    ok(owner(server, "accounts:update", {"localId": user["localId"], "customAttributes": json.dumps(attributes)}))
    payload = claims(sign_in_with_email_link(server, "foo@example.com")["idToken"])
    assert {name: payload[name] for name in attributes} == attributes


def test_invalid_custom_attributes(server):
    """setAccountInfo.spec.ts: should error if customAttributes are invalid"""
    user = register(server, "foo@example.com", "barbaz")
    for attributes, message in [("{definitely[not]json}", "INVALID_CLAIMS"), ("42", "INVALID_CLAIMS"),
                                ('["a", "b"]', "INVALID_CLAIMS"), ('{"sub": "12345"}', "FORBIDDEN_CLAIM : sub"),
                                ('{"a":"' + "x" * 998 + '"}', "CLAIMS_TOO_LARGE")]:
        expect_error(owner(server, "accounts:update", {"localId": user["localId"], "customAttributes": attributes}),
                     message)


def test_a_client_cannot_set_its_own_custom_claims(server):
    """setAccountInfo.spec.ts' rule for unprivileged callers: customAttributes is INSUFFICIENT_PERMISSION, and the
    claims are not set (the REST reference: the field requires a Google OAuth 2.0 credential)"""
    user = register(server, "foo@example.com", "barbaz")
    expect_error(update(server, {"idToken": user["idToken"], "customAttributes": json.dumps({"admin": True})}),
                 "INSUFFICIENT_PERMISSION")
    assert "admin" not in claims(sign_in(server, "foo@example.com", "barbaz").json()["idToken"])


def test_a_disabled_tenant_is_project_disabled(server):
    """setAccountInfo.spec.ts: should error if auth is disabled"""
    tenant = register_tenant(server, disableAuth=True)
    expect_error(update(server, {"tenantId": tenant_id(tenant)}), "PROJECT_DISABLED")


def test_a_tenant_recover_link_names_the_tenant(server):
    """setAccountInfo.spec.ts: should set tenantId in oobLink"""
    tenant = tenant_id(register_tenant(server, disableAuth=False, mfaConfig={"state": "ENABLED"},
                                       allowPasswordSignup=True))
    user = register(server, "alice@example.com", "notasecret", tenantId=tenant)
    ok(update(server, {"idToken": user["idToken"], "email": "bob@example.com", "tenantId": tenant}))
    codes = oob_codes(server, tenant)
    assert [(c["email"], c["requestType"]) for c in codes] == [("alice@example.com", "RECOVER_EMAIL")]
    assert tenant in codes[0]["oobLink"]


LINKED = {"providerId": "google.com", "rawId": "google_user_id", "email": "linked@example.com",
          "displayName": "Linked User", "photoUrl": "https://example.com/photo.jpg"}


def test_linking_provider_user_info(server):
    """setAccountInfo.spec.ts: should link provider account with existing user account

    Differs: production takes `linkProviderUserInfo` from OAuth 2 callers only (the REST reference of
    `accounts:update`: "Specifying this field requires a Google OAuth 2.0 credential with proper permissions";
    the Admin SDKs' `providerToLink` sends it), so the client call of the case is `INSUFFICIENT_PERMISSION` and
    links nothing, and the link is made as the Admin SDK makes it, by `localId` with the owner credential. The
    entry is then exactly the linked info, in the answer and in the user's own lookup, as the case checks."""
    user = register(server, "test@example.com", "password")
    expect_error(update(server, {"idToken": user["idToken"], "linkProviderUserInfo": LINKED}),
                 "INSUFFICIENT_PERMISSION")
    assert len(lookup_by_token(server, user["idToken"])["providerUserInfo"]) == 1
    answer = update_by_local_id(server, user["localId"], linkProviderUserInfo=LINKED)
    assert len(answer["providerUserInfo"]) == 2
    assert [p for p in answer["providerUserInfo"] if p["providerId"] == "google.com"] == [LINKED]
    listed = lookup_by_token(server, user["idToken"])["providerUserInfo"]
    assert len(listed) == 2 and [p for p in listed if p["providerId"] == "google.com"] == [LINKED]


def test_linking_provider_user_info_needs_its_ids(server):
    """setAccountInfo.spec.ts: should error if linkProviderUserInfo is missing required fields

    Differs: sent as the Admin SDK sends the field (see the case above); a client's call is refused before its
    fields are read."""
    user = register(server, "test@example.com", "password")
    without_raw_id = {"providerId": "google.com", "email": "linked@example.com"}
    without_provider_id = {"rawId": "google_user_id", "email": "linked@example.com"}
    answer = owner(server, "accounts:update", {"localId": user["localId"], "linkProviderUserInfo": without_raw_id})
    assert answer.status_code == 400 and "MISSING_RAW_ID" in answer.json()["error"]["message"]
    answer = owner(server, "accounts:update", {"localId": user["localId"],
                                               "linkProviderUserInfo": without_provider_id})
    assert answer.status_code == 400 and "MISSING_PROVIDER_ID" in answer.json()["error"]["message"]
    expect_error(update(server, {"idToken": user["idToken"], "linkProviderUserInfo": without_raw_id}),
                 "INSUFFICIENT_PERMISSION")


def test_a_disabled_user_cannot_link_provider_user_info(server):
    """setAccountInfo.spec.ts: should error if user is disabled when linking a provider

    A client's call, as in the case: its ID token is checked before the field's permission (Docs/Serve.md), so the
    disabled user hears `USER_DISABLED`, as the emulator answers."""
    user = register(server, "test@example.com", "password")
    update_by_local_id(server, user["localId"], disableUser=True)
    expect_error(update(server, {"idToken": user["idToken"], "linkProviderUserInfo": {
        "providerId": "google.com", "rawId": "google_user_id", "email": "linked@example.com"}}), "USER_DISABLED")
