"""Property tests of the CLI: any settings values, any event file -> exit 0, 1 or 2, and never a traceback.

Exit 3 is for our own bugs. Each example runs `doc-context run` (or `check`) in this process against the
sandbox, with a few settings drawn at random over the environment of a working PR build. Values that
would reach outside the machine or write outside a temp dir are drawn from loopback URLs and temp paths.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from doc_context.cli import main
from doc_context.sandbox import Sandbox
from doc_context.settings import Settings

pytestmark = pytest.mark.e2e  # hundreds of whole runs, in this process

ENV_NAMES = {name: field.validation_alias.choices[0] for name, field in Settings.model_fields.items()}
PIPELINE_PREFIXES = ("SYSTEM_", "BUILD_", "CONFLUENCE_", "DOC_CONTEXT_", "AZURE_DEVOPS_", "AGENT_", "AZURE_")
ESCAPED_BYTE = st.integers(0x80, 0xFF).map(lambda b: chr(0xDC00 + b))  # a non-UTF-8 byte, as os.environ has it
TEXT = st.text(
    st.one_of(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), ESCAPED_BYTE), max_size=30
)
NUMBERS = st.sampled_from(
    ["0", "-1", "1", "3", "0.001", "5.5", " 7 ", "1e309", "nan", "inf", "-inf", "99999999999999999999", "", "0x10"]
)
BOOLS = st.sampled_from(["true", "false", "True", "FALSE", "1", "0", "yes", "no", "maybe", ""])
MACROS = st.sampled_from(["$(System.AccessToken)", "$(CONFLUENCE_PAT)", "$()", "$(", " "])
SAFE_AUTH = st.sampled_from(["auto", "system-token", "pat", "pipelines", "", "PAT", "bogus"])  # none reach out


def url_values(sandbox: Sandbox) -> st.SearchStrategy[str]:
    base = sandbox.ado.base_url
    return st.one_of(
        st.sampled_from(
            [
                base,
                base + "/",
                base.replace("127.0.0.1", "localhost"),
                "http://127.0.0.1:1/fabrikam",  # refused
                "http://127.0.0.1:99999/fabrikam",
                "http://127.0.0.1:abc/fabrikam",
                "http://127.0.0.1:-1/fabrikam",
                "http://[::1/fabrikam",
                "https://user:secret@127.0.0.1/fabrikam",
                "ftp://127.0.0.1/fabrikam",
                "http://dev.azure.com/fabrikam",  # plain http off loopback
                "https://dev.azure.invalid/fabrikam",
                "127.0.0.1/fabrikam",
                sandbox.confluence.api_base,
            ]
        ),
        st.builds(lambda tail: base + tail, TEXT),
    )


def values_for(name: str, sandbox: Sandbox, tmp: Path) -> st.SearchStrategy[str]:
    """A strategy of environment values for the setting `name`."""
    field = Settings.model_fields[name]
    kind = str(field.annotation)
    paths = st.one_of(
        st.sampled_from([str(tmp), str(tmp / "missing" / "dir" / "x.md"), "/proc/self/no-such-dir/x", ""]),
        st.builds(lambda t: str(tmp / t.replace("/", "_").replace("\udc80", "_")), TEXT.filter(bool)),
    )
    if name in ("summary_file", "agent_temp_directory", "source_dir", "confluence_ca_bundle"):
        return paths  # written or read: temp paths only
    if name.endswith("url") or name.endswith("api_base"):
        return st.one_of(url_values(sandbox), TEXT)
    if name == "auth":
        return SAFE_AUTH
    if "int" in kind or "float" in kind:
        return st.one_of(NUMBERS, TEXT, MACROS)
    if "bool" in kind:
        return st.one_of(BOOLS, TEXT)
    return st.one_of(TEXT, MACROS, st.sampled_from(["", " ", sandbox.info.project_id, str(sandbox.info.pr_id)]))


@contextmanager
def environment(values: dict[str, str]) -> Iterator[None]:
    saved = dict(os.environ)
    try:
        for key in [k for k in os.environ if k.startswith(PIPELINE_PREFIXES) or k == "TF_BUILD"]:
            if key != "AZURE_DEVOPS_CACHE_DIR":
                del os.environ[key]
        os.environ.update(values)
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def run(argv: list[str]) -> tuple[int, str]:
    lines: list[str] = []
    try:
        code = main(argv, out=lines.append)
    except SystemExit as e:  # argparse: a usage error
        code = int(e.code or 0)
    return code, "\n".join(lines)


@pytest.fixture(scope="module")
def box() -> Iterator[Sandbox]:
    with Sandbox() as sandbox:
        yield sandbox


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("property-paths")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_settings_exit_0_1_or_2_without_a_traceback(box, tmp, data):
    names = data.draw(st.lists(st.sampled_from(sorted(ENV_NAMES)), max_size=4, unique=True), label="settings")
    drawn = {ENV_NAMES[n]: data.draw(values_for(n, box, tmp), label=ENV_NAMES[n]) for n in names}
    command = data.draw(st.sampled_from([["run"], ["run", "--dry-run"], ["check"]]), label="command")
    with environment({**box.env(), "DOC_CONTEXT_DEADLINE": "20", **drawn}):
        code, output = run(command)
    event(f"exit {code}")
    assert code in (0, 1, 2), output
    assert "Traceback" not in output, output


def payloads(box: Sandbox) -> st.SearchStrategy[bytes]:
    info = box.info
    valid = {
        "eventType": "git.pullrequest.updated",
        "resource": {
            "pullRequestId": info.pr_id,
            "repository": {"id": info.repo_id, "project": {"id": info.project_id}},
            "url": f"{box.ado.base_url}/_apis/git/repositories/{info.repo_id}/pullRequests/{info.pr_id}",
        },
    }
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), TEXT)
    anything = st.recursive(
        scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3)
    )
    spots = [
        ("eventType",),
        ("resource",),
        ("resource", "pullRequestId"),
        ("resource", "url"),
        ("resource", "repository"),
    ]
    spots += [
        ("resource", "repository", "id"),
        ("resource", "repository", "project"),
        ("resource", "repository", "project", "id"),
    ]

    def mutate(spot: tuple[str, ...], value: object) -> dict[str, object]:
        doc = json.loads(json.dumps(valid))
        target = doc
        for key in spot[:-1]:
            target = target[key]
        target[spot[-1]] = value
        return doc

    def extend(where: tuple[str, ...], extra: dict[str, object]) -> dict[str, object]:
        """The valid payload with whatever else a service hook may add (details, messages, containers)."""
        doc = json.loads(json.dumps(valid))
        target = doc
        for key in where:
            target = target[key]
        for key, value in extra.items():
            target.setdefault(key, value)
        return doc

    clean = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)  # valid UTF-8 once encoded
    harmless = st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), clean),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(clean, inner, max_size=3),
    )
    extended = st.builds(
        extend, st.sampled_from([(), ("resource",), ("resource", "repository")]), st.dictionaries(clean, harmless)
    )
    documents = st.one_of(extended, extended, st.builds(mutate, st.sampled_from(spots), anything), anything)
    encodings = st.sampled_from(["utf-8", "utf-8", "utf-8-sig", "utf-16", "latin-1"])
    encoded = st.builds(_encode, documents, encodings)
    return st.one_of(encoded, st.binary(max_size=300), st.just(b"[" * 5000 + b"]" * 5000))


def _encode(doc: object, encoding: str) -> bytes:
    """The document as a file in that encoding; a drawn non-UTF-8 byte goes in as that byte."""
    text = json.dumps(doc, ensure_ascii=False)
    try:
        return text.encode(encoding, "surrogateescape")
    except UnicodeEncodeError:
        return text.encode(encoding, "replace")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_event_file_exits_0_1_or_2_without_a_traceback(box, tmp, data):
    payload = data.draw(payloads(box), label="event")
    path = tmp / "event.json"
    path.write_bytes(payload)
    env = {k: v for k, v in box.env().items() if not k.startswith(("SYSTEM_PULLREQUEST", "BUILD_REPOSITORY"))}
    with environment({**env, "DOC_CONTEXT_DEADLINE": "20"}):
        code, output = run(["run", "--dry-run", "--event", str(path)])
    event(f"exit {code}")
    assert code in (0, 1, 2), output
    assert "Traceback" not in output, output
