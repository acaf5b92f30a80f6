"""Issue 32's recall, eleventh session: a Terraform provider's changelog names a resource type with its kind
(`r/acme_vault_secret`, `d/acme_teams`, `resource/acme_vault_secret:`, `data-source/acme_teams`), as HashiCorp's
changelog conventions write it; the code writes the type bare, where the provider registers it (`"acme_teams":
dataSourceAcmeTeams()`), in a test's configuration (`resource "acme_vault_secret" "test" {`), and defines it in the file
named for it (`resource_acme_vault_secret.go`, `data_source_teams.go`: the provider's prefix aside), in the SDK's
layout and the framework's alike. The kind is no part of the name: read with it, the name met no line; its file is
the change to it, whatever lines the change adds there (an attribute's schema). Another type is another name, whole:
`r/acme_vault` is not `acme_vault_secret`."""

from __future__ import annotations

import pytest

from tests.diffs import added, changed
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

FILES = [  # (criterion naming a resource type with its kind, the file defining it, a line it adds: none names it)
    ("`r/acme_vault_secret`: Add `description` attribute.",
     "internal/provider/resource_acme_vault_secret.go", '\t\t\t"description": {'),
    ("`resource/acme_vault_secret`: Add `description` attribute.",
     "internal/provider/resource_acme_vault_secret.go", '\t\t\t"description": {'),
    ("resource/acme_vault_secret: Add `description` attribute.",
     "internal/provider/resource_acme_vault_secret.go", '\t\t\t"description": {'),
    ("**New Data Source**: `d/acme_teams` lists the teams of an organization.",
     "acme/data_source_teams.go", "\t\t\tType:     schema.TypeList,"),
    ("`data-source/acme_teams`: lists the teams of an organization.",
     "internal/provider/data_source_acme_teams.go", "\tresp.Diagnostics.Append(diags...)"),
]  # fmt: skip


@pytest.mark.parametrize(("criterion", "path", "line"), FILES, ids=[f"{n}" for n in range(len(FILES))])
def test_a_resource_named_with_its_kind_meets_its_file(criterion, path, line) -> None:
    assert evidence(criterion, changed(path, line), siblings=SIBLINGS) == [f"/{path}"]


LINES = [  # (criterion, a file other than the type's, the line writing the type bare)
    ("`d/acme_teams` lists the teams of an organization.", "acme/provider.go",
     '\t\t\t"acme_teams":            dataSourceAcmeTeams(),'),
    ("`r/acme_vault_secret`: Add `description` attribute.", "internal/provider/secret_test.go",
     'resource "acme_vault_secret" "test" {'),
    ("`r/acme_vault_secret`: Add `description` attribute.", "docs/resources/vault_secret.md",
     "# acme_vault_secret (Resource)"),
]  # fmt: skip


@pytest.mark.parametrize(("criterion", "path", "line"), LINES, ids=[line[1].rsplit("/", 1)[1] for line in LINES])
def test_a_resource_named_with_its_kind_meets_the_lines_writing_it(criterion, path, line) -> None:
    assert evidence(criterion, added(path, line), siblings=SIBLINGS) == [f"/{path}"]


def test_another_resource_type_is_another_name() -> None:
    criterion = "`r/acme_vault`: Add `description` attribute."
    diffs = (
        changed("internal/provider/resource_acme_vault_secret.go", '\t\t\t"rotated_at": {'),
        added("internal/provider/secret_test.go", 'resource "acme_vault_secret" "test" {'),
    )
    assert evidence(criterion, *diffs, siblings=SIBLINGS) == []


CROSS_KIND = [  # (criterion naming a type with one kind, the file defining the type's other kind)
    ("`d/acme_teams` lists the teams of an organization.", "internal/provider/resource_acme_teams.go"),
    ("`r/acme_teams`: Add `description` attribute.", "internal/provider/data_source_acme_teams.go"),
]


@pytest.mark.parametrize(("criterion", "path"), CROSS_KIND, ids=["data-source", "resource"])
def test_a_resource_of_another_kind_is_another_file(criterion, path) -> None:
    """A provider defines most types twice, a resource and a data source: each kind's entry is its kind's file."""
    assert evidence(criterion, changed(path, "\t\t\tType:     schema.TypeList,"), siblings=SIBLINGS) == []


def test_a_folder_of_one_letter_is_a_path_elsewhere() -> None:
    """Only a snake-case type after the kind is a resource: `r/build` is a folder."""
    criterion = "Scripts under `r/build` run in order."
    assert evidence(criterion, changed("internal/provider/resource_build.go", "\tbuild := 1"), siblings=SIBLINGS) == []
