"""Ports of the Firebase Auth emulator's config.spec.ts (the Admin API's `/v2/projects/{id}/config`).

Each test names the emulator case it ports. Serve runs no blocking functions (Docs/Serve.md, "What serve does not
do"): its config always has an empty `blockingFunctions`, so the cases' blocking-function halves are left out and
the two cases about validating triggers are skipped.
"""
import pytest
import requests

from conftest import PROJECT
from spec_helpers_b import IDENTITY, OWNER, api, ok

DUPLICATES = {"signIn": {"allowDuplicateEmails": True},
              "blockingFunctions": {"forwardInboundCredentials": {"idToken": True}}}


def config(api, method="GET", body=None, mask=None):
    params = {"updateMask": mask} if mask is not None else None
    return ok(requests.request(method, f"{api.base}{IDENTITY}/v2/projects/{PROJECT}/config", headers=OWNER,
                               params=params, json=body, timeout=10))


def test_updates_the_project_config(api):
    """config.spec.ts: updateConfig updates the project level config (its signIn half)"""
    updated = config(api, "PATCH", DUPLICATES,
                     mask="signIn.allowDuplicateEmails,blockingFunctions.forwardInboundCredentials.idToken")
    assert updated["signIn"]["allowDuplicateEmails"] is True
    assert updated["blockingFunctions"] == {}


def test_a_masked_field_absent_from_the_body_is_not_set(api):
    """config.spec.ts: updateConfig does not update if the field does not exist on the update config"""
    assert "displayName" not in config(api, "PATCH", {}, mask="displayName")


def test_an_empty_mask_updates_everything(api):
    """config.spec.ts: updateConfig performs a full update if the update mask is empty (its signIn half)"""
    assert config(api, "PATCH", DUPLICATES)["signIn"]["allowDuplicateEmails"] is True


def test_an_empty_mask_and_body_restore_production_defaults(api):
    """config.spec.ts: updateConfig performs a full update with production defaults if the update mask is empty"""
    assert config(api, "PATCH", DUPLICATES)["signIn"]["allowDuplicateEmails"] is True
    restored = config(api, "PATCH", {})
    assert restored["signIn"]["allowDuplicateEmails"] is False
    assert restored["emailPrivacyConfig"]["enableImprovedEmailPrivacy"] is False
    assert restored["blockingFunctions"] == {}


@pytest.mark.skip(reason="serve runs no blocking functions, so it reads no triggers to refuse")
def test_an_unknown_blocking_function_event_is_refused():
    """config.spec.ts: updateConfig should error when updating an invalid blocking function event"""


@pytest.mark.skip(reason="serve runs no blocking functions, so it reads no function URIs to refuse")
def test_an_invalid_function_uri_is_refused():
    """config.spec.ts: updateConfig should error if functionUri is invalid"""


def test_returns_the_project_config(api):
    """config.spec.ts: getConfig should return the project level config"""
    current = config(api)
    assert current["signIn"] == {"allowDuplicateEmails": False}
    assert current["blockingFunctions"] == {}


def test_returns_updated_fields(api):
    """config.spec.ts: getConfig should return updated config fields (its signIn half)"""
    config(api, "PATCH", DUPLICATES)
    assert config(api)["signIn"] == {"allowDuplicateEmails": True}
