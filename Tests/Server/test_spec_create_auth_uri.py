"""Ports of the Firebase emulator's src/emulator/auth/createAuthUri.spec.ts (`accounts:createAuthUri`)."""
import requests

from conftest import PROJECT
from spec_accounts_support import (client, expect_error, fresh, ok, register, register_tenant, set_privacy,
                                   sign_in_with_email_link, sign_in_with_fake_claims, tenant_id, update_config)

__all__ = ["fresh"]

CONTINUE = "http://example.com/"


def create_auth_uri(server, identifier, **extra):
    return client(server, "accounts:createAuthUri", {"continueUri": CONTINUE, "identifier": identifier, **extra})


def privacy_on(server):
    ok(update_config(server, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}, "emailPrivacyConfig"))


def test_an_unregistered_user_is_not_registered(server):
    """createAuthUri.spec.ts: should report not registered user as not registered"""
    answer = ok(create_auth_uri(server, "notregistered@example.com"))
    assert answer["registered"] is False
    assert isinstance(answer["sessionId"], str)


def test_improved_email_privacy_hides_registered(server):
    """createAuthUri.spec.ts: should not show registered field with improved email privacy enabled"""
    privacy_on(server)
    answer = ok(create_auth_uri(server, "notregistered@example.com"))
    assert "registered" not in answer
    assert isinstance(answer["sessionId"], str)


def test_a_registered_user_has_its_providers(server):
    """createAuthUri.spec.ts: should return providers for a registered user"""
    register(server, "alice@example.com", "notasecret")
    answer = ok(create_auth_uri(server, "alice@example.com"))
    assert answer["registered"] is True
    assert answer["allProviders"] == ["password"]
    assert answer["signinMethods"] == ["password"]
    assert isinstance(answer["sessionId"], str)


def test_improved_email_privacy_hides_providers(server):
    """createAuthUri.spec.ts: should not return providers for a registered user with improved email privacy
    enabled"""
    privacy_on(server)
    register(server, "alice@example.com", "notasecret")
    answer = ok(create_auth_uri(server, "alice@example.com"))
    assert "registered" not in answer
    assert "allProviders" not in answer
    assert "signinMethods" not in answer
    assert isinstance(answer["sessionId"], str)


def test_a_given_session_id_comes_back(server):
    """createAuthUri.spec.ts: should return existing sessionId if provided"""
    answer = ok(create_auth_uri(server, "notregistered@example.com", sessionId="my-session-1"))
    assert answer["registered"] is False
    assert answer["sessionId"] == "my-session-1"


def test_the_email_is_found_in_any_case(server):
    """createAuthUri.spec.ts: should find user by email ignoring case"""
    register(server, "alice@example.com", "notasecret")
    assert ok(create_auth_uri(server, "AlIcE@exAMPle.COM"))["registered"] is True


def link_email_to_google_user(server):
    google = sign_in_with_fake_claims(server, "google.com", sub="12345", email="alice@example.com")
    sign_in_with_email_link(server, "bob@example.com", google["idToken"])


def test_a_user_is_found_by_its_idp_email_or_its_own(server):
    """createAuthUri.spec.ts: should find user by either IDP email or 'top-level' email"""
    link_email_to_google_user(server)
    for email in ["bob@example.com", "alice@example.com"]:
        answer = ok(create_auth_uri(server, email))
        assert answer["registered"] is True, email
        assert sorted(answer["allProviders"]) == ["google.com", "password"], email
        assert sorted(answer["signinMethods"]) == ["emailLink", "google.com"], email


def test_duplicate_emails_hide_idp_methods(server):
    """createAuthUri.spec.ts: should not list IDP sign-in methods when allowDuplicateEmails"""
    link_email_to_google_user(server)
    ok(requests.patch(f"{server.base}/emulator/v1/projects/{PROJECT}/config",
                      json={"signIn": {"allowDuplicateEmails": True}}, timeout=10))
    for email in ["bob@example.com", "alice@example.com"]:
        answer = ok(create_auth_uri(server, email))
        assert answer["registered"] is True, email
        assert answer["allProviders"] == ["password"], email
        assert answer["signinMethods"] == ["emailLink"], email


def test_identifier_and_continue_uri_are_required(server):
    """createAuthUri.spec.ts: should error if identifier or continueUri is not provided"""
    expect_error(client(server, "accounts:createAuthUri", {"continueUri": CONTINUE}), "MISSING_IDENTIFIER")
    expect_error(client(server, "accounts:createAuthUri", {"identifier": "me@example.com"}),
                 "MISSING_CONTINUE_URI")


def test_an_invalid_identifier(server):
    """createAuthUri.spec.ts: should error if identifier is invalid"""
    expect_error(client(server, "accounts:createAuthUri", {"identifier": "invalid", "continueUri": "http://localhost/"}),
                 "INVALID_IDENTIFIER")


def test_an_invalid_continue_uri(server):
    """createAuthUri.spec.ts: should error if continueUri is invalid"""
    expect_error(client(server, "accounts:createAuthUri", {"identifier": "me@example.com", "continueUri": "invalid"}),
                 "INVALID_CONTINUE_URI")


def test_a_disabled_tenant_is_project_disabled(server):
    """createAuthUri.spec.ts: should error if auth is disabled"""
    tenant = register_tenant(server, disableAuth=True)
    expect_error(create_auth_uri(server, "notregistered@example.com", tenantId=tenant_id(tenant)), "PROJECT_DISABLED")
