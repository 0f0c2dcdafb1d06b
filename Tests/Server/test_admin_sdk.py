"""The Python firebase-admin SDK from PyPI against `authflow serve`, through FIREBASE_AUTH_EMULATOR_HOST."""
import json
import urllib.parse

import firebase_admin
import pytest
import requests
from firebase_admin import auth, exceptions

from conftest import PROJECT


@pytest.fixture(scope="module")
def app(server):
    app = firebase_admin.initialize_app(options={"projectId": PROJECT}, name=f"authflow-{server.host}")
    yield app
    firebase_admin.delete_app(app)


def test_create_get_update_delete(server, app):
    user = auth.create_user(email="Admin@Example.com", password="correct-horse", display_name="Ada", app=app)
    assert user.email == "admin@example.com"
    assert user.display_name == "Ada"
    assert not user.email_verified
    assert auth.get_user(user.uid, app=app).email == "admin@example.com"
    assert auth.get_user_by_email("admin@example.com", app=app).uid == user.uid

    updated = auth.update_user(user.uid, email_verified=True, display_name="Ada L.", app=app)
    assert updated.email_verified
    assert updated.display_name == "Ada L."
    assert auth.update_user(user.uid, disabled=True, app=app).disabled

    with pytest.raises(auth.EmailAlreadyExistsError):
        auth.create_user(email="admin@example.com", password="another-one", app=app)

    auth.delete_user(user.uid, app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user(user.uid, app=app)


def test_uid_already_exists_and_weak_password(server, app):
    auth.create_user(uid="fixed-uid", email="fixed@example.com", password="secret-1", app=app)
    with pytest.raises(auth.UidAlreadyExistsError):
        auth.create_user(uid="fixed-uid", email="other@example.com", app=app)
    with pytest.raises(ValueError):
        auth.create_user(email="short@example.com", password="123", app=app)  # the SDK checks length itself


def test_generate_links_and_apply_them(server, app):
    user = auth.create_user(email="links@example.com", password="secret-1", app=app)
    link = auth.generate_email_verification_link("links@example.com", app=app)
    code = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)["oobCode"][0]
    assert server.post("accounts:update", {"oobCode": code}).status_code == 200
    assert auth.get_user(user.uid, app=app).email_verified

    reset = auth.generate_password_reset_link("links@example.com", app=app)
    code = urllib.parse.parse_qs(urllib.parse.urlparse(reset).query)["oobCode"][0]
    done = server.post("accounts:resetPassword", {"oobCode": code, "newPassword": "new-secret"})
    assert done.json()["email"] == "links@example.com"
    assert server.post("accounts:signInWithPassword",
                       {"email": "links@example.com", "password": "new-secret"}).status_code == 200


def test_verify_id_token(server, app):
    signed_up = server.post("accounts:signUp", {"email": "token@example.com", "password": "secret-1"}).json()
    claims = auth.verify_id_token(signed_up["idToken"], app=app)
    assert claims["uid"] == signed_up["localId"]
    assert claims["email"] == "token@example.com"
    assert claims["email_verified"] is False
    assert claims["firebase"]["sign_in_provider"] == "password"
    assert claims["aud"] == PROJECT


def test_a_guest_upgraded_by_linking_a_password_keeps_its_uid(server, app):
    guest = server.post("accounts:signUp", {"returnSecureToken": True}).json()
    record = auth.get_user(guest["localId"], app=app)
    assert record.email is None and record.provider_data == []
    decoded = auth.verify_id_token(guest["idToken"], app=app)
    assert decoded["firebase"]["sign_in_provider"] == "anonymous"
    linked = server.post("accounts:signUp", {"idToken": guest["idToken"], "email": "guest@example.com",
                                             "password": "Str0ng-pass", "returnSecureToken": True}).json()
    assert linked["localId"] == guest["localId"]
    assert auth.get_user_by_email("guest@example.com", app=app).uid == guest["localId"]


def test_generate_sign_in_with_email_link_then_sign_in_over_rest(server, app):
    settings = auth.ActionCodeSettings(url="https://app.example.com/finish", handle_code_in_app=True)
    link = auth.generate_sign_in_with_email_link("nia@example.com", settings, app=app)
    query = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
    assert query["mode"] == ["signIn"]
    signed_in = server.post("accounts:signInWithEmailLink",
                            {"email": "nia@example.com", "oobCode": query["oobCode"][0]}).json()
    assert signed_in["isNewUser"] is True
    record = auth.get_user(signed_in["localId"], app=app)
    assert record.email == "nia@example.com" and record.email_verified


def test_an_email_change_is_applied_by_its_link(server, app):
    signed_up = server.post("accounts:signUp", {"email": "old@example.com", "password": "secret-1"}).json()
    sent = server.post("accounts:sendOobCode", {"requestType": "VERIFY_AND_CHANGE_EMAIL",
                                                 "idToken": signed_up["idToken"], "newEmail": "new@example.com"})
    assert sent.status_code == 200
    assert auth.get_user(signed_up["localId"], app=app).email == "old@example.com"
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10).json()["oobCodes"]
    change = [c for c in codes if c["requestType"] == "VERIFY_AND_CHANGE_EMAIL"][-1]
    assert server.post("accounts:update", {"oobCode": change["oobCode"]}).status_code == 200
    assert auth.get_user(signed_up["localId"], app=app).email == "new@example.com"


def _refresh(server, refresh_token):
    answer = requests.post(f"{server.base}/securetoken.googleapis.com/v1/token?key=fake-api-key",
                           data={"grant_type": "refresh_token", "refresh_token": refresh_token}, timeout=10)
    answer.raise_for_status()
    return answer.json()["id_token"]


def test_custom_claims_reach_the_id_token_at_its_next_refresh(server, app):
    signed_up = server.post("accounts:signUp", {"email": "claims@example.com", "password": "secret-1"}).json()
    auth.set_custom_user_claims(signed_up["localId"], {"role": "editor", "level": 2, "beta": True}, app=app)
    assert auth.get_user(signed_up["localId"], app=app).custom_claims == {"role": "editor", "level": 2, "beta": True}
    assert "role" not in auth.verify_id_token(signed_up["idToken"], app=app)
    refreshed = auth.verify_id_token(_refresh(server, signed_up["refreshToken"]), app=app)
    assert (refreshed["role"], refreshed["level"], refreshed["beta"]) == ("editor", 2, True)
    with pytest.raises(ValueError):
        auth.set_custom_user_claims(signed_up["localId"], {"sub": "x"}, app=app)  # the SDK refuses reserved names
    auth.set_custom_user_claims(signed_up["localId"], None, app=app)
    assert auth.get_user(signed_up["localId"], app=app).custom_claims is None


def test_create_custom_token_then_sign_in_with_it_over_rest(server, app):
    token = auth.create_custom_token("server-user-7", {"role": "support"}, app=app)
    signed_in = server.post("accounts:signInWithCustomToken",
                            {"token": token.decode(), "returnSecureToken": True}).json()
    assert signed_in["isNewUser"] is True
    claims = auth.verify_id_token(signed_in["idToken"], app=app)
    assert claims["uid"] == "server-user-7"
    assert claims["role"] == "support"
    assert claims["firebase"]["sign_in_provider"] == "custom"


def test_check_revoked_sees_a_revocation(server, app):
    signed_up = server.post("accounts:signUp", {"email": "revoked@example.com", "password": "secret-1"}).json()
    assert auth.verify_id_token(signed_up["idToken"], app=app, check_revoked=True)["uid"] == signed_up["localId"]
    server.control("POST", "clock:advance", {"by": "1m"})
    auth.revoke_refresh_tokens(signed_up["localId"], app=app)
    with pytest.raises(auth.RevokedIdTokenError):
        auth.verify_id_token(signed_up["idToken"], app=app, check_revoked=True)


def test_an_admin_email_change_unverifies_the_address_and_revokes_sessions(server, app):
    signed_up = server.post("accounts:signUp", {"email": "before@example.com", "password": "secret-1"}).json()
    uid = signed_up["localId"]
    assert auth.update_user(uid, email_verified=True, app=app).email_verified
    server.control("POST", "clock:advance", {"by": "1m"})
    changed = auth.update_user(uid, email="After@Example.com", app=app)
    assert (changed.email, changed.email_verified) == ("after@example.com", False)
    with pytest.raises(auth.RevokedIdTokenError):
        auth.verify_id_token(signed_up["idToken"], app=app, check_revoked=True)
    refreshed = requests.post(f"{server.base}/securetoken.googleapis.com/v1/token?key=fake-api-key",
                              data={"grant_type": "refresh_token", "refresh_token": signed_up["refreshToken"]},
                              timeout=10)
    assert refreshed.json()["error"]["message"] == "TOKEN_EXPIRED"
    # The call may say the new address is verified; nothing is emailed either way.
    again = auth.update_user(uid, email="third@example.com", email_verified=True, app=app)
    assert (again.email, again.email_verified) == ("third@example.com", True)
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10).json()["oobCodes"]
    assert [c for c in codes if c["email"] in ("before@example.com", "after@example.com")] == []


def test_list_users_pages_and_delete_users_in_bulk(server, app):
    server.reset()
    uids = [auth.create_user(email=f"bulk{n}@example.com", password="secret-1", app=app).uid for n in range(5)]
    page = auth.list_users(max_results=2, app=app)
    assert len(page.users) == 2 and page.has_next_page
    listed = [user.uid for user in auth.list_users(max_results=2, app=app).iterate_all()]
    assert listed == sorted(uids)
    result = auth.delete_users(uids[:3], app=app)
    assert result.success_count == 3 and result.failure_count == 0
    assert sorted(user.uid for user in auth.list_users(app=app).iterate_all()) == sorted(uids[3:])


def test_phone_numbers_through_the_admin_sdk(server, app):
    user = auth.create_user(phone_number="+15555550140", display_name="Pat", app=app)
    assert user.phone_number == "+15555550140"
    assert [(p.provider_id, p.phone_number, p.uid) for p in user.provider_data] == [
        ("phone", "+15555550140", "+15555550140")]
    assert auth.get_user_by_phone_number("+15555550140", app=app).uid == user.uid
    found = auth.get_users([auth.PhoneIdentifier("+15555550140")], app=app)
    assert [u.uid for u in found.users] == [user.uid]

    with pytest.raises(auth.PhoneNumberAlreadyExistsError):
        auth.create_user(phone_number="+15555550140", app=app)
    with pytest.raises(exceptions.InvalidArgumentError, match="INVALID_PHONE_NUMBER"):
        auth.create_user(phone_number="+0123", app=app)  # the SDK only checks the leading +

    other = auth.create_user(email="phone-other@example.com", app=app)
    with pytest.raises(auth.PhoneNumberAlreadyExistsError):
        auth.update_user(other.uid, phone_number="+15555550140", app=app)

    moved = auth.update_user(user.uid, phone_number="+15555550141", app=app)
    assert moved.phone_number == "+15555550141"
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user_by_phone_number("+15555550140", app=app)
    listed = {u.uid: u.phone_number for u in auth.list_users(app=app).iterate_all()}
    assert listed[user.uid] == "+15555550141"

    removed = auth.update_user(user.uid, phone_number=auth.DELETE_ATTRIBUTE, app=app)
    assert removed.phone_number is None
    assert removed.provider_data == []
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user_by_phone_number("+15555550141", app=app)


def _sign_in_with_google(server, sub, email=None):
    claims = {"sub": sub, "email_verified": True}
    if email:
        claims["email"] = email
    post_body = urllib.parse.urlencode({"id_token": json.dumps(claims), "providerId": "google.com"})
    return server.post("accounts:signInWithIdp", {"postBody": post_body, "requestUri": "http://localhost"}).json()


def test_import_users_then_sign_in_with_password_and_with_google(server, app):
    server.reset()
    hash_alg = auth.UserImportHash.hmac_sha256(key=b"secret-key")
    users = [
        auth.ImportUserRecord(
            uid="imported-1", email="Imported@Example.com", email_verified=True, display_name="Imp",
            phone_number="+15555550150", photo_url="https://example.com/p.png", custom_claims={"plan": "gold"},
            user_metadata=auth.UserMetadata(creation_timestamp=1_600_000_000_000),
            # The emulator's fake hash form: the one password hash authflow can check.
            password_hash=b"fakeHash:salt=pepper:password=imported-pw", password_salt=b"pepper"),
        auth.ImportUserRecord(
            uid="imported-google", email="goo@gmail.com", email_verified=True,
            provider_data=[auth.UserProvider(uid="google-sub-1", provider_id="google.com", email="goo@gmail.com")]),
        auth.ImportUserRecord(uid="imported-bad", phone_number="+0123"),  # the SDK only checks the leading +
    ]
    result = auth.import_users(users, hash_alg=hash_alg, app=app)
    assert result.success_count == 2 and result.failure_count == 1
    assert [(e.index, e.reason) for e in result.errors] == [(2, "phone number format is invalid")]

    user = auth.get_user("imported-1", app=app)
    assert user.email == "imported@example.com" and user.email_verified
    assert (user.display_name, user.phone_number, user.photo_url) == (
        "Imp", "+15555550150", "https://example.com/p.png")
    assert user.custom_claims == {"plan": "gold"}
    assert user.user_metadata.creation_timestamp == 1_600_000_000_000
    signed_in = server.post("accounts:signInWithPassword",
                            {"email": "imported@example.com", "password": "imported-pw"}).json()
    assert signed_in["localId"] == "imported-1"
    assert auth.verify_id_token(signed_in["idToken"], app=app)["plan"] == "gold"

    google = _sign_in_with_google(server, "google-sub-1", "goo@gmail.com")
    assert google["localId"] == "imported-google" and google["isNewUser"] is False
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user("imported-bad", app=app)


def test_import_users_replaces_an_existing_uid(server, app):
    existing = auth.create_user(uid="to-replace", email="before@example.com", password="secret-1", app=app)
    result = auth.import_users([auth.ImportUserRecord(uid=existing.uid, email="after@example.com")], app=app)
    assert result.success_count == 1
    replaced = auth.get_user(existing.uid, app=app)
    assert replaced.email == "after@example.com"
    assert [p.provider_id for p in replaced.provider_data] == []


def test_an_idp_user_without_an_email_has_none_in_its_user_record(server, app):
    claims = json.dumps({"sub": "octo-private", "name": "Octo"})
    post_body = urllib.parse.urlencode({"id_token": claims, "providerId": "github.com"})
    first = server.post("accounts:signInWithIdp", {"postBody": post_body, "requestUri": "http://localhost"}).json()
    again = server.post("accounts:signInWithIdp", {"postBody": post_body, "requestUri": "http://localhost"}).json()
    assert first["isNewUser"] is True and again["localId"] == first["localId"] and again["isNewUser"] is False
    user = auth.get_user(first["localId"], app=app)
    assert user.email is None and user.display_name == "Octo"
    assert [(p.provider_id, p.uid, p.email) for p in user.provider_data] == [("github.com", "octo-private", None)]
    assert auth.verify_id_token(again["idToken"], app=app)["uid"] == first["localId"]


def test_user_metadata_follows_sign_ins_and_refreshes(server, app):
    signed_up = server.post("accounts:signUp", {"email": "metadata@example.com", "password": "secret-1"}).json()
    start = server.control("GET", "clock").json()["secondsSince1970"] * 1000
    created = auth.get_user(signed_up["localId"], app=app).user_metadata
    assert (created.creation_timestamp, created.last_sign_in_timestamp) == (start, start)
    assert created.last_refresh_timestamp == start
    server.control("POST", "clock:advance", {"by": "1m"}).raise_for_status()
    refreshed = requests.post(f"{server.base}/securetoken.googleapis.com/v1/token?key=fake-api-key",
                              data={"grant_type": "refresh_token", "refresh_token": signed_up["refreshToken"]},
                              timeout=10)
    assert refreshed.status_code == 200, refreshed.text
    metadata = auth.get_user(signed_up["localId"], app=app).user_metadata
    assert metadata.last_sign_in_timestamp == start  # a refresh is no sign-in
    assert metadata.last_refresh_timestamp == start + 60_000
