"""Terraform resource types named with their kind, as HashiCorp's changelogs write them (`r/acme_teams`,
`d/acme_teams`), and the provider's file defining each (pure)."""

from __future__ import annotations

import re

# a Terraform provider's resource type named with its kind, as HashiCorp's changelogs write it (`r/acme_teams`,
# `d/acme_teams`, `resource/acme_teams:`, `data-source/acme_teams`): the type is snake case, its provider's prefix
# first; one ecosystem's convention, read in the SDK's and the tfe provider's file layout
_RESOURCE = re.compile(
    r"(r|d|resource|data-source|data_source|datasource|ephemeral|action|list-resource)/([a-z][a-z0-9]*(?:_[a-z0-9]+)+)"
)
_RESOURCE_FILES = {  # each kind's files (review 11, F11: a data source is not its type's resource)
    "r": "resource_",
    "resource": "resource_",
    "d": "data_source_",
    "data-source": "data_source_",
    "data_source": "data_source_",
    "datasource": "data_source_",
    "ephemeral": "ephemeral_resource_",
    "action": "action_",
    "list-resource": "list_resource_",
}


def resource_type(code: str) -> str:
    """The Terraform resource type a name written with its kind names (`r/acme_teams`: acme_teams); "" for any other
    name (`r/build`, a folder: no type of a provider's prefix and a name)."""
    found = _RESOURCE.fullmatch(code.strip())
    return found.group(2) if found else ""


def resource_file(code: str, path: str) -> bool:
    """Whether the file defines the Terraform resource type the code names with its kind, in a provider's layout (the
    SDK's and the framework's alike): `r/acme_vault_secret` in resource_acme_vault_secret.go, `d/acme_teams` in
    data_source_teams.go (the provider's prefix aside); never another kind's file (`d/acme_teams` is no
    resource_acme_teams.go), never its test (`_test.go`: it says more), never another type's (acme_vault is no
    resource_acme_vault_secret.go)."""
    found = _RESOURCE.fullmatch(code.strip())
    if not found or not path.endswith(".go"):
        return False
    prefix, resource = _RESOURCE_FILES[found.group(1)], found.group(2)
    base = path.rsplit("/", 1)[-1].removesuffix(".go")
    return base.startswith(prefix) and base[len(prefix) :] in (resource, resource.split("_", 1)[1])
