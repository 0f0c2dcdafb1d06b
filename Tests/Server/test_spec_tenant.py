"""Ports of the Firebase Auth emulator's tenant.spec.ts (tenant management under `/v2/projects/{id}/tenants`).

Each test names the emulator case it ports. The emulator's cases address the project `project-id`; these address
the project serve was started for (serve answers any project id in a path as that one, Docs/Serve.md).
"""
import requests

from conftest import PROJECT
from spec_helpers_b import IDENTITY, OWNER, api, ok, register_tenant

FULL_CONFIG = {
    "allowPasswordSignup": True,
    "disableAuth": False,
    "displayName": "display",
    "enableAnonymousUser": True,
    "enableEmailLinkSignin": True,
    "mfaConfig": {"enabledProviders": ["PROVIDER_UNSPECIFIED", "PHONE_SMS"], "state": "ENABLED"},
}
FULL_MASK = "allowPasswordSignup,disableAuth,displayName,enableAnonymousUser,enableEmailLinkSignin,mfaConfig"


def tenants_url(api, tenant_id=None):
    url = f"{api.base}{IDENTITY}/v2/projects/{PROJECT}/tenants"
    return f"{url}/{tenant_id}" if tenant_id else url


def owner(method, url, **options):
    return requests.request(method, url, headers=OWNER, timeout=10, **options)


def assert_full_config(tenant):
    for name, value in FULL_CONFIG.items():
        assert tenant[name] == value, name


def assert_production_defaults(tenant):
    assert tenant["allowPasswordSignup"] is False
    assert tenant["disableAuth"] is False
    assert tenant["enableAnonymousUser"] is False
    assert tenant["enableEmailLinkSignin"] is False
    assert tenant["mfaConfig"] == {"state": "DISABLED", "enabledProviders": []}


def test_creates_tenants(api):
    """tenant.spec.ts: createTenant should create tenants"""
    created = ok(owner("POST", tenants_url(api), json=FULL_CONFIG))
    assert_full_config(created)
    assert created["tenantId"]
    assert created["name"] == f"projects/{PROJECT}/tenants/{created['tenantId']}"


def test_creates_a_tenant_with_default_disabled_settings(api):
    """tenant.spec.ts: createTenant should create a tenant with default disabled settings"""
    assert_production_defaults(ok(owner("POST", tenants_url(api), json={})))


def test_gets_tenants(api):
    """tenant.spec.ts: getTenants should get tenants"""
    tenant = register_tenant(api)
    assert ok(owner("GET", tenants_url(api, tenant["tenantId"]))) == tenant


def test_getting_an_unknown_tenant_creates_it_with_everything_enabled(api):
    """tenant.spec.ts: getTenants should create tenants with default enabled settings if they do not exist"""
    assert ok(owner("GET", tenants_url(api))).get("tenants", []) == []
    expected = {
        "tenantId": "tenant-id",
        "name": f"projects/{PROJECT}/tenants/tenant-id",
        "allowPasswordSignup": True,
        "disableAuth": False,
        "enableAnonymousUser": True,
        "enableEmailLinkSignin": True,
        "mfaConfig": {"enabledProviders": ["PHONE_SMS"], "state": "ENABLED"},
    }
    assert ok(owner("GET", tenants_url(api, "tenant-id"))) == expected
    listed = ok(owner("GET", tenants_url(api)))["tenants"]
    assert [tenant["tenantId"] for tenant in listed] == ["tenant-id"]


def test_deletes_tenants(api):
    """tenant.spec.ts: deleteTenants should delete tenants"""
    tenant = register_tenant(api)
    ok(owner("DELETE", tenants_url(api, tenant["tenantId"])))
    assert ok(owner("GET", tenants_url(api))).get("tenants", []) == []


def test_deletes_tenants_when_a_body_is_sent(api):
    """tenant.spec.ts: deleteTenants should delete tenants if request body is passed (the Node Admin SDK sends `{}`)"""
    tenant = register_tenant(api)
    ok(owner("DELETE", tenants_url(api, tenant["tenantId"]), json={}))
    assert ok(owner("GET", tenants_url(api))).get("tenants", []) == []


def test_lists_tenants(api):
    """tenant.spec.ts: listTenants should list tenants"""
    first, second = register_tenant(api), register_tenant(api)
    listed = ok(owner("GET", tenants_url(api)))
    assert sorted(tenant["tenantId"] for tenant in listed["tenants"]) == sorted([first["tenantId"],
                                                                                 second["tenantId"]])
    assert "nextPageToken" not in listed


def test_lists_tenants_a_page_at_a_time(api):
    """tenant.spec.ts: listTenants should allow specifying pageSize and pageToken"""
    ids = sorted([register_tenant(api)["tenantId"], register_tenant(api)["tenantId"]])
    page = ok(owner("GET", tenants_url(api), params={"pageSize": 1}))
    assert [tenant["tenantId"] for tenant in page["tenants"]] == ids[:1]
    assert isinstance(page["nextPageToken"], str)
    rest = ok(owner("GET", tenants_url(api), params={"pageToken": page["nextPageToken"]}))
    assert [tenant["tenantId"] for tenant in rest["tenants"]] == ids[1:]
    assert "nextPageToken" not in rest


def test_a_full_page_still_carries_a_page_token(api):
    """tenant.spec.ts: listTenants should always return a page token even if page is full"""
    ids = sorted([register_tenant(api)["tenantId"], register_tenant(api)["tenantId"]])
    page = ok(owner("GET", tenants_url(api), params={"pageSize": 2}))
    assert [tenant["tenantId"] for tenant in page["tenants"]] == ids
    assert isinstance(page["nextPageToken"], str)
    rest = ok(owner("GET", tenants_url(api), params={"pageToken": page["nextPageToken"]}))
    assert rest.get("tenants", []) == []
    assert "nextPageToken" not in rest


def test_updates_tenant_config(api):
    """tenant.spec.ts: updateTenants updates tenant config"""
    tenant = register_tenant(api)
    updated = ok(owner("PATCH", tenants_url(api, tenant["tenantId"]), params={"updateMask": FULL_MASK},
                       json=FULL_CONFIG))
    assert_full_config(updated)


def test_a_masked_field_absent_from_the_body_is_not_set(api):
    """tenant.spec.ts: updateTenants does not update if the field does not exist on the update tenant"""
    tenant = register_tenant(api)
    updated = ok(owner("PATCH", tenants_url(api, tenant["tenantId"]), params={"updateMask": "displayName"}, json={}))
    assert "displayName" not in updated


def test_a_mask_indexing_into_a_primitive_or_array_changes_nothing(api):
    """tenant.spec.ts: updateTenants does not update if indexing a primitive field or array on the update tenant"""
    tenant = register_tenant(api, displayName="display",
                             mfaConfig={"enabledProviders": ["PROVIDER_UNSPECIFIED", "PHONE_SMS"]})
    mask = "displayName.0,mfaConfig.enabledProviders.nonexistentField"
    updated = ok(owner("PATCH", tenants_url(api, tenant["tenantId"]), params={"updateMask": mask},
                       json={"displayName": "unused", "mfaConfig": {"enabledProviders": ["PROVIDER_UNSPECIFIED"]}}))
    assert updated["displayName"] == "display"
    assert updated["mfaConfig"]["enabledProviders"] == ["PROVIDER_UNSPECIFIED", "PHONE_SMS"]


def test_an_empty_mask_updates_everything(api):
    """tenant.spec.ts: updateTenants performs a full update if the update mask is empty"""
    tenant = register_tenant(api)
    assert_full_config(ok(owner("PATCH", tenants_url(api, tenant["tenantId"]), json=FULL_CONFIG)))


def test_an_empty_mask_and_body_restore_production_defaults(api):
    """tenant.spec.ts: updateTenants performs a full update with production defaults if the update mask is empty"""
    tenant = register_tenant(api, **FULL_CONFIG)
    assert_production_defaults(ok(owner("PATCH", tenants_url(api, tenant["tenantId"]), json={})))
