"""`accounts:update` with `linkProviderUserInfo`: the Admin SDKs' `updateUser(uid, {providerToLink})`.

The emulator's own cases are ported in test_spec_set_account_info.py; these pin down the rules serve adds (see
Docs/Serve.md, `accounts:update`, and Docs/Backend.md, "Linking by an administrator").
"""
import json
import urllib.parse

from spec_accounts_support import (client, expect_error, fresh, lookup_by_local_id, lookup_by_token, ok, owner,
                                   register, sign_in_with_fake_claims, update_by_local_id)

__all__ = ["fresh"]

GOOGLE = {"providerId": "google.com", "rawId": "google-sub-1", "email": "Linked@Example.com",
          "displayName": "Linked User", "photoUrl": "https://example.com/photo.jpg"}


def google_entry(user):
    return [p for p in user["providerUserInfo"] if p["providerId"] == "google.com"]


def link(server, local_id, info):
    return owner(server, "accounts:update", {"localId": local_id, "linkProviderUserInfo": info})


def test_the_linked_identity_provider_account_signs_in_to_the_account(server):
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(link(server, user["localId"], GOOGLE))
    assert google_entry(answer) == [{**GOOGLE, "email": "linked@example.com"}]
    signed_in = sign_in_with_fake_claims(server, "google.com", sub="google-sub-1", email="linked@example.com")
    assert signed_in["localId"] == user["localId"] and not signed_in.get("isNewUser")


def test_the_account_keeps_its_own_profile_and_sessions(server):
    """Linking changes neither the account's email, name and photo nor its sessions (the Admin SDK reference:
    linking "does not invalidate the refresh token of that account")."""
    user = register(server, "alice@example.com", "notasecret", displayName="Alice")
    ok(link(server, user["localId"], GOOGLE))
    account = lookup_by_local_id(server, user["localId"])
    assert (account["email"], account["displayName"], account.get("photoUrl")) == ("alice@example.com", "Alice", None)
    assert google_entry(account)[0]["displayName"] == "Linked User"
    assert lookup_by_token(server, user["idToken"])["localId"] == user["localId"]


def test_an_identity_provider_account_of_another_account_is_refused(server):
    first = register(server, "alice@example.com", "notasecret")
    second = register(server, "bob@example.com", "notasecret")
    ok(link(server, first["localId"], GOOGLE))
    expect_error(link(server, second["localId"], GOOGLE), "FEDERATED_USER_ID_ALREADY_LINKED")
    signed_up = sign_in_with_fake_claims(server, "github.com", sub="octo", email="octo@example.com")
    expect_error(link(server, second["localId"], {"providerId": "github.com", "rawId": "octo"}),
                 "FEDERATED_USER_ID_ALREADY_LINKED")
    assert [p["providerId"] for p in lookup_by_local_id(server, second["localId"])["providerUserInfo"]] == ["password"]
    assert lookup_by_local_id(server, signed_up["localId"])["providerUserInfo"][0]["rawId"] == "octo"


def test_a_second_account_of_a_linked_provider_is_refused(server):
    user = register(server, "alice@example.com", "notasecret")
    ok(link(server, user["localId"], GOOGLE))
    expect_error(link(server, user["localId"], {**GOOGLE, "rawId": "google-sub-2"}), "PROVIDER_ALREADY_LINKED")


def test_the_same_account_again_rewrites_its_entry(server):
    user = register(server, "alice@example.com", "notasecret")
    ok(link(server, user["localId"], GOOGLE))
    renamed = {"providerId": "google.com", "rawId": "google-sub-1", "displayName": "Renamed",
               "federatedId": "https://accounts.google.com/google-sub-1"}
    assert google_entry(ok(link(server, user["localId"], renamed))) == [renamed]


def test_one_call_may_replace_a_providers_account(server):
    """`deleteProvider` is applied before the link, as the emulator reads the two in one call."""
    user = register(server, "alice@example.com", "notasecret")
    ok(link(server, user["localId"], GOOGLE))
    replacement = {"providerId": "google.com", "rawId": "google-sub-2"}
    answer = ok(owner(server, "accounts:update", {"localId": user["localId"], "deleteProvider": ["google.com"],
                                                  "linkProviderUserInfo": replacement}))
    assert google_entry(answer) == [replacement]


def test_only_identity_providers_are_linked_so(server):
    """The password and the phone number are the account's own fields (`email`, `phoneNumber`); the Admin SDKs
    rewrite a `providerToLink` of `email` or `phone` into them before calling."""
    user = register(server, "alice@example.com", "notasecret")
    for provider in ["password", "phone", "email", "anonymous"]:
        expect_error(link(server, user["localId"], {"providerId": provider, "rawId": "+15555550100"}),
                     "INVALID_PROVIDER_ID")


def test_a_disabled_account_is_linked_by_an_admin(server):
    user = register(server, "alice@example.com", "notasecret")
    update_by_local_id(server, user["localId"], disableUser=True)
    assert google_entry(ok(link(server, user["localId"], GOOGLE)))


def test_an_unknown_account(server):
    expect_error(link(server, "nobody", GOOGLE), "USER_NOT_FOUND")


def test_an_owner_call_with_an_id_token_links_to_its_user(server):
    user = register(server, "alice@example.com", "notasecret")
    answer = ok(owner(server, "accounts:update", {"idToken": user["idToken"], "linkProviderUserInfo": GOOGLE}))
    assert len(google_entry(answer)) == 1
    assert google_entry(lookup_by_token(server, user["idToken"]))[0]["rawId"] == "google-sub-1"


def test_a_client_call_changes_nothing(server):
    """`INSUFFICIENT_PERMISSION` comes before anything else the call asks is applied."""
    user = register(server, "alice@example.com", "notasecret")
    expect_error(client(server, "accounts:update", {"idToken": user["idToken"], "displayName": "Mallory",
                                                    "linkProviderUserInfo": GOOGLE}), "INSUFFICIENT_PERMISSION")
    account = lookup_by_local_id(server, user["localId"])
    assert "displayName" not in account and len(account["providerUserInfo"]) == 1


def test_an_identity_provider_sign_in_keeps_its_own_name_and_photo_on_its_link(server):
    """`providerUserInfo` shows what the provider said (its name and photo), not the account's profile."""
    user = register(server, "alice@example.com", "notasecret", displayName="Alice")
    claims = {"sub": "gh-1", "name": "Octo Cat", "picture": "https://example.com/octo.png"}
    body = {"idToken": user["idToken"], "requestUri": "http://localhost", "returnSecureToken": True,
            "postBody": urllib.parse.urlencode({"providerId": "github.com", "id_token": json.dumps(claims)})}
    ok(client(server, "accounts:signInWithIdp", body))
    account = lookup_by_local_id(server, user["localId"])
    github = [p for p in account["providerUserInfo"] if p["providerId"] == "github.com"]
    assert github == [{"providerId": "github.com", "rawId": "gh-1", "federatedId": "gh-1", "displayName": "Octo Cat",
                       "photoUrl": "https://example.com/octo.png"}]
    assert account["displayName"] == "Alice"
