"""Multi-tenancy against `authflow serve`: firebase-admin's `tenant_mgt` (create, get, update, list, delete) and
tenant-scoped users through `auth_for_tenant`, plus the client REST calls a tenant-aware app makes.

firebase-admin 7.x sends tenant management to production whatever FIREBASE_AUTH_EMULATOR_HOST says (its user
calls follow the variable, its tenant calls do not), so the fixture points the tenant service at the server and
gives the app the emulator's credential, as an emulator-aware SDK would.
"""
import base64
import json

import firebase_admin
import pytest
import requests
from firebase_admin import _utils, auth, credentials, tenant_mgt

from conftest import PROJECT


class EmulatorCredential(credentials.Base):
    def get_credential(self):
        return _utils.EmulatorAdminCredentials()


@pytest.fixture(scope="module")
def app(server, monkeypatch_module):
    monkeypatch_module.setattr(tenant_mgt._TenantManagementService, "TENANT_MGT_URL",
                               f"{server.base}/identitytoolkit.googleapis.com/v2")
    app = firebase_admin.initialize_app(EmulatorCredential(), options={"projectId": PROJECT},
                                        name=f"authflow-tenants-{server.host}")
    yield app
    firebase_admin.delete_app(app)


@pytest.fixture(scope="module")
def monkeypatch_module():
    patch = pytest.MonkeyPatch()
    yield patch
    patch.undo()


def claims(id_token):
    payload = id_token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def test_create_get_update_list_delete(server, app):
    tenant = tenant_mgt.create_tenant("Acme-Corp", allow_password_sign_up=True, app=app)
    assert tenant.display_name == "Acme-Corp"
    assert tenant.allow_password_sign_up
    assert not tenant.enable_email_link_sign_in
    assert tenant.tenant_id.startswith("acme-corp-")

    assert tenant_mgt.get_tenant(tenant.tenant_id, app=app).display_name == "Acme-Corp"
    updated = tenant_mgt.update_tenant(tenant.tenant_id, display_name="Acme-Inc", enable_email_link_sign_in=True,
                                       app=app)
    assert updated.display_name == "Acme-Inc"
    assert updated.enable_email_link_sign_in
    assert updated.allow_password_sign_up  # not in the update mask: kept

    other = tenant_mgt.create_tenant("Globex", app=app)
    listed = {t.tenant_id for t in tenant_mgt.list_tenants(app=app).iterate_all()}
    assert {tenant.tenant_id, other.tenant_id} <= listed

    tenant_mgt.delete_tenant(other.tenant_id, app=app)
    assert other.tenant_id not in {t.tenant_id for t in tenant_mgt.list_tenants(app=app).iterate_all()}


def test_users_belong_to_their_tenant(server, app):
    acme = tenant_mgt.create_tenant("Acme", allow_password_sign_up=True, app=app)
    client = tenant_mgt.auth_for_tenant(acme.tenant_id, app=app)
    user = client.create_user(email="ada@example.com", password="hunter22", phone_number="+15555550123")
    assert user.tenant_id == acme.tenant_id
    assert client.get_user(user.uid).email == "ada@example.com"
    assert client.get_user_by_email("ada@example.com").uid == user.uid
    assert client.get_user_by_phone_number("+15555550123").uid == user.uid
    # The project does not see the tenant's user, and its own user of the same email is a different account.
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user_by_email("ada@example.com", app=app)
    own = auth.create_user(email="ada@example.com", password="hunter22", app=app)
    assert own.tenant_id is None
    assert client.get_user(user.uid).email == "ada@example.com"  # untouched by the project's sign-up

    # A client signs in to the tenant; its ID token names the tenant, which the tenant's client verifies.
    response = server.post("accounts:signInWithPassword", {
        "email": "ada@example.com", "password": "hunter22", "tenantId": acme.tenant_id, "returnSecureToken": True})
    assert response.status_code == 200, response.text
    id_token = response.json()["idToken"]
    assert claims(id_token)["firebase"]["tenant"] == acme.tenant_id
    assert client.verify_id_token(id_token)["uid"] == user.uid
    with pytest.raises(tenant_mgt.TenantIdMismatchError):
        tenant_mgt.auth_for_tenant("globex-00000", app=app).verify_id_token(id_token)

    # Custom claims set through the tenant's client reach the next refreshed token.
    client.set_custom_user_claims(user.uid, {"role": "admin"})
    refreshed = requests.post(f"{server.base}/securetoken.googleapis.com/v1/token?key=fake-api-key",
                              data={"grant_type": "refresh_token",
                                    "refresh_token": response.json()["refreshToken"]}, timeout=10)
    assert refreshed.status_code == 200, refreshed.text
    assert claims(refreshed.json()["id_token"])["role"] == "admin"

    # A custom token minted by the tenant's client signs in to that tenant only.
    custom = client.create_custom_token("tenant-uid").decode()
    signed = server.post("accounts:signInWithCustomToken", {"token": custom, "tenantId": acme.tenant_id})
    assert signed.status_code == 200, signed.text
    assert client.get_user("tenant-uid").tenant_id == acme.tenant_id
    refused = server.post("accounts:signInWithCustomToken", {"token": custom})
    assert refused.json()["error"]["message"] == "TENANT_ID_MISMATCH"

    listed = [u.uid for u in client.list_users().iterate_all()]
    assert sorted(listed) == sorted([user.uid, "tenant-uid"])
    client.delete_user(user.uid)
    with pytest.raises(auth.UserNotFoundError):
        client.get_user(user.uid)


def test_a_disabled_tenant_refuses_sign_ins(server, app):
    tenant = tenant_mgt.create_tenant("Closed", allow_password_sign_up=True, app=app)
    response = server.post("accounts:signUp", {"email": "x@example.com", "password": "hunter22",
                                               "tenantId": tenant.tenant_id})
    assert response.status_code == 200
    requests.patch(f"{server.base}/identitytoolkit.googleapis.com/v2/projects/{PROJECT}/tenants/"
                   f"{tenant.tenant_id}?updateMask=disableAuth", json={"disableAuth": True},
                   headers={"Authorization": "Bearer owner"}, timeout=10).raise_for_status()
    refused = server.post("accounts:signInWithPassword", {"email": "x@example.com", "password": "hunter22",
                                                          "tenantId": tenant.tenant_id})
    assert refused.json()["error"]["message"] == "PROJECT_DISABLED"


def test_email_link_and_identity_provider_sign_ins_make_tenant_accounts(server, app):
    tenant = tenant_mgt.create_tenant("Links", allow_password_sign_up=True, enable_email_link_sign_in=True,
                                      app=app)
    tid = tenant.tenant_id
    sent = server.post("accounts:sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": "link@example.com",
                                                "continueUrl": "https://app.example.com", "tenantId": tid})
    assert sent.status_code == 200, sent.text
    codes = requests.get(f"{server.base}/emulator/v1/projects/{PROJECT}/tenants/{tid}/oobCodes", timeout=10)
    entry = [c for c in codes.json()["oobCodes"] if c["email"] == "link@example.com"][-1]
    assert f"tenantId={tid}" in entry["oobLink"]
    signed = server.post("accounts:signInWithEmailLink", {"email": "link@example.com", "oobCode": entry["oobCode"],
                                                          "tenantId": tid})
    assert signed.status_code == 200, signed.text
    assert signed.json()["isNewUser"]
    client = tenant_mgt.auth_for_tenant(tid, app=app)
    assert client.get_user(signed.json()["localId"]).tenant_id == tid

    claims_json = json.dumps({"sub": "g-123", "email": "gina@gmail.com", "email_verified": True})
    idp = server.post("accounts:signInWithIdp", {
        "postBody": f"id_token={requests.utils.quote(claims_json)}&providerId=google.com",
        "requestUri": "http://localhost", "returnSecureToken": True, "tenantId": tid})
    assert idp.status_code == 200, idp.text
    assert claims(idp.json()["idToken"])["firebase"]["tenant"] == tid
    assert client.get_user_by_email("gina@gmail.com").tenant_id == tid
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user_by_email("gina@gmail.com", app=app)


def test_a_tenant_clients_admin_calls_stay_in_the_tenant(server, app):
    tenant = tenant_mgt.create_tenant("Wide", allow_password_sign_up=True, app=app)
    client = tenant_mgt.auth_for_tenant(tenant.tenant_id, app=app)
    user = client.create_user(email="w@example.com", password="secret-1", phone_number="+15555550177",
                              display_name="W")
    assert user.tenant_id == tenant.tenant_id
    assert client.get_user_by_phone_number("+15555550177").uid == user.uid
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user(user.uid, app=app)
    client.set_custom_user_claims(user.uid, {"role": "admin"})
    assert [listed.uid for listed in client.list_users().users] == [user.uid]
    signed_in = requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
                              params={"key": "fake-api-key"}, timeout=10,
                              json={"email": "w@example.com", "password": "secret-1",
                                    "tenantId": tenant.tenant_id}).json()
    decoded = client.verify_id_token(signed_in["idToken"])
    assert (decoded["firebase"]["tenant"], decoded["role"]) == (tenant.tenant_id, "admin")
    other = tenant_mgt.auth_for_tenant(tenant_mgt.create_tenant("Other", app=app).tenant_id, app=app)
    with pytest.raises(tenant_mgt.TenantIdMismatchError):
        other.verify_id_token(signed_in["idToken"])
    found = client.get_users([auth.UidIdentifier(user.uid), auth.EmailIdentifier("nobody@example.com")])
    assert [u.uid for u in found.users] == [user.uid] and len(found.not_found) == 1
    imported = client.import_users([auth.ImportUserRecord(uid="imp-1", email="imp@example.com")])
    assert imported.success_count == 1, imported.errors
    assert client.get_user("imp-1").tenant_id == tenant.tenant_id
    server.control("POST", "clock:advance", {"by": "1m"}).raise_for_status()
    client.revoke_refresh_tokens(user.uid)
    with pytest.raises(auth.RevokedIdTokenError):
        client.verify_id_token(signed_in["idToken"], check_revoked=True)
    cleared = client.update_user(user.uid, phone_number=auth.DELETE_ATTRIBUTE, display_name=auth.DELETE_ATTRIBUTE)
    assert (cleared.phone_number, cleared.display_name) == (None, None)
    assert client.delete_users(["imp-1", user.uid]).success_count == 2


def test_a_deleted_tenant_stays_deleted(server, app):
    """Production answers TENANT_NOT_FOUND for a tenant it does not have; serve makes a tenant a request names for
    the first time (as the emulator does), but not one that was deleted."""
    tenant = tenant_mgt.create_tenant("Gone", allow_password_sign_up=True, app=app)
    tenant_mgt.delete_tenant(tenant.tenant_id, app=app)
    with pytest.raises(tenant_mgt.TenantNotFoundError):
        tenant_mgt.get_tenant(tenant.tenant_id, app=app)
    with pytest.raises(tenant_mgt.TenantNotFoundError):
        tenant_mgt.delete_tenant(tenant.tenant_id, app=app)
    assert tenant.tenant_id not in [listed.tenant_id for listed in tenant_mgt.list_tenants(app=app).tenants]
    signed_up = requests.post(f"{server.base}/identitytoolkit.googleapis.com/v1/accounts:signUp",
                              params={"key": "fake-api-key"}, timeout=10,
                              json={"email": "late@example.com", "password": "secret-1", "tenantId": tenant.tenant_id})
    assert signed_up.json()["error"]["message"] == "TENANT_NOT_FOUND"
