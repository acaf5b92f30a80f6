"""Issue 32's recall, session 17: a component the prose names by its kind and its name ("the savehar addon", "the
`Auth` middleware", `plugins/replace`) meets its own file or folder (relevance/components.py), as mitmproxy's and
beets' rows of the sixth batch name theirs."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.common_words import PROSE_COMMON
from doc_context.relevance.components import component_file, named_components
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff("".join(files))).find(criterion).files]


COMPONENTS = [  # (language, criterion naming a component by kind and name, its file, an added line saying none of it)
    (
        "Python",
        'Update savehar addon to handle missing "path" key in cookie attrs dict',
        "mitmproxy/addons/savehar.py",
        '            "path": attrs.get("path", "/"),',
    ),
    (
        "Python, a documentation path",
        "`plugins/replace`: Fix `TypeError` when the field holds no value.",
        "beetsplug/replace.py",
        "        value = mapping.get(field) or ''",
    ),
    (
        "TypeScript",
        "The `RateLimit` middleware answers 429 once the quota is spent.",
        "src/middleware/RateLimit.ts",
        "    if (used >= quota) return res.status(429).end();",
    ),
    (
        "TypeScript, a folder",
        "Fix the sitemap plugin dropping trailing slashes.",
        "packages/docusaurus/src/plugins/sitemap/createSitemap.ts",
        "  const loc = normalizeUrl([siteUrl, route.path]);",
    ),
    (
        "C#",
        "The webhook handler retries a delivery after a timeout.",
        "src/Acme.Api/Handlers/WebhookHandler.cs",
        "            await Task.Delay(backoff, token);",
    ),
    (
        "C#, a provider",
        "The keyvault provider reads secrets lazily.",
        "src/Acme.Configuration/KeyVaultProvider.cs",
        "        private readonly Lazy<SecretClient> client;",
    ),
    (
        "Ruby",
        "Fix the `Lint/Orphan` false positive in the orphan cop for nested modules.",
        "lib/rubocop/cop/lint/orphan.rb",
        "          return if node.parent&.module_type?",
    ),
    (
        "Go",
        "The s3 driver closes the body on every error path.",
        "registry/storage/driver/s3/s3.go",
        "\tdefer resp.Body.Close()",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), COMPONENTS, ids=[c[0] for c in COMPONENTS])
def test_a_component_named_with_its_kind_meets_its_file(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


def test_a_component_named_replace_and_filed_as_a_path_meets_its_file_beside_its_test() -> None:
    criterion = "`plugins/replace`: Fix `TypeError` when invoking the `replace` command."  # beets 6f8d55da's shape
    plugin = diff("beetsplug/replace.py", "    def run(self, lib: Library, _opts, args: list[str]) -> None:")
    test = diff("test/plugins/test_replace.py", '        self.run_command("replace", "title:x", str(path))')
    assert "/beetsplug/replace.py" in evidence(criterion, plugin, test)


def test_another_component_of_the_kind_is_not_the_one_named() -> None:
    criterion = 'Update savehar addon to handle missing "path" key in cookie attrs dict'
    assert evidence(criterion, diff("mitmproxy/addons/blocklist.py", "            status = flow.response.code")) == []


def test_a_file_named_as_the_component_outside_its_kind_is_not_it() -> None:
    criterion = "The webhook handler retries a delivery after a timeout."
    assert evidence(criterion, diff("src/Acme.Api/Models/Webhook.cs", "            await Task.Delay(b, t);")) == []


def test_a_common_word_before_a_kind_names_no_component() -> None:
    criterion = "The error handler logs the request's route."
    assert evidence(criterion, diff("src/handlers/error.ts", "  const span = tracer.startSpan(name);")) == []


def test_a_family_of_components_is_not_each_of_its_files() -> None:
    criterion = "Support `it` block parameter in `Rails` cops."  # rubocop-rails' entry, its neighbours' decoy
    assert evidence(criterion, diff("spec/rubocop/cop/rails/select_map_spec.rb", "      RUBY")) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Update savehar addon to handle the path key", [("savehar", "addon")]),
        ("Remove check for status codes in the blocklist add-on", [("blocklist", "add-on")]),
        ("the `Auth` middleware returns 401", [("auth", "middleware")]),
        ("register middleware `Auth` first", [("auth", "middleware")]),
        ("`plugins/replace`: Fix `TypeError`", [("replace", "plugin")]),
        ("a custom plugin may register a hook", []),  # what kind, never which
        ("the default handler and the error handler", []),  # an adjective, a common word
        ("Add hook for users", []),  # a verb before the kind
        ("Support `it` block parameter in `Rails` cops.", []),  # a family, never one (rubocop-rails 07bec342)
    ],
)
def test_the_components_a_criterion_names(text, expected) -> None:
    assert named_components(text, PROSE_COMMON) == expected


@pytest.mark.parametrize(
    ("name", "kind", "path", "expected"),
    [
        ("savehar", "addon", "/mitmproxy/addons/savehar.py", True),
        ("replace", "plugin", "/beetsplug/replace.py", True),
        ("auth", "middleware", "/src/Http/AuthMiddleware.cs", True),
        ("cache", "handler", "/lib/acme/cache_handler.rb", True),
        ("sitemap", "plugin", "/packages/core/src/plugins/sitemap/index.ts", True),
        ("savehar", "addon", "/mitmproxy/tools/savehar.py", False),  # no addon's folder, no kind in its name
        ("save", "addon", "/mitmproxy/addons/savehar.py", False),  # a part of the name is another name
        ("auth", "middleware", "/src/middleware/index.ts", False),  # the kind's folder, another file
    ],
)
def test_a_components_file(name, kind, path, expected) -> None:
    assert component_file(name, kind, path) is expected
