"""Ports of the Firebase emulator's src/emulator/auth/deleteAccount.spec.ts (`accounts:delete`)."""
from spec_accounts_support import (OWNER, client, expect_error, fresh, ok, owner, register, register_tenant,
                                   sign_in_with_fake_claims, signin_methods, tenant_id)

__all__ = ["fresh"]


def expect_user_not_found(server, id_token):
    expect_error(client(server, "accounts:lookup", {"idToken": id_token}), "USER_NOT_FOUND")


def test_deletes_the_user_of_the_id_token(server):
    """deleteAccount.spec.ts: should delete the user of the idToken"""
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(client(server, "accounts:delete", {"idToken": user["idToken"]}))
    assert "error" not in answer
    expect_user_not_found(server, user["idToken"])


def test_a_local_id_without_oauth_is_missing_id_token(server):
    """deleteAccount.spec.ts: should error when trying to delete by localId without OAuth"""
    user = register(server, "alice@example.com", "notasecret")
    expect_error(client(server, "accounts:delete", {"localId": user["localId"]}), "MISSING_ID_TOKEN")


def test_deleting_removes_the_federated_accounts(server):
    """deleteAccount.spec.ts: should remove federated accounts for user"""
    first = sign_in_with_fake_claims(server, "google.com", sub="12345", email="alice@example.com")
    ok(client(server, "accounts:delete", {"idToken": first["idToken"]}))
    assert signin_methods(server, "alice@example.com") == []
    again = sign_in_with_fake_claims(server, "google.com", sub="12345", email="alice@example.com")
    assert again["localId"] != first["localId"]


def test_deletes_by_local_id_with_oauth(server):
    """deleteAccount.spec.ts: should delete the user by localId if OAuth credentials are present"""
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(owner(server, "accounts:delete", {"localId": user["localId"]}))
    assert "error" not in answer
    expect_user_not_found(server, user["idToken"])


def test_oauth_without_local_id_is_missing_local_id(server):
    """deleteAccount.spec.ts: should error if missing localId when OAuth credentials are present"""
    user = register(server, "alice@example.com", "notasecret")
    expect_error(owner(server, "accounts:delete", {"idToken": user["idToken"]}), "MISSING_LOCAL_ID")


def test_a_disabled_tenant_is_project_disabled(server):
    """deleteAccount.spec.ts: should delete the user of the idToken (the second case of that name: a tenant with
    disableAuth answers PROJECT_DISABLED)"""
    tenant = register_tenant(server, disableAuth=True)
    answer = client(server, "accounts:delete", {"tenantId": tenant_id(tenant)})
    assert answer.status_code == 400 and "PROJECT_DISABLED" in answer.json()["error"]["message"]
