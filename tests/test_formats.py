"""Issue 36's criteria in a product owner's words: a format the criterion names (JSON, HTML, YAML) meets what the
diff writes of it (a media type's subtype or structured syntax suffix, RFC 6838 / RFC 6839; an extension of the
format; an option named as it), never a file that merely has the format's extension (`package.json`), nor a plain
word ("format")."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.formats import format_words, media_formats, writes_format
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str) -> list[tuple[str, tuple[str, ...]]]:
    found = EvidenceFinder(parse_diff("".join(files))).find(criterion)
    return [(f.path, f.terms) for f in found.files]


ISSUE = "Requests say that the client prefers the JSON format and still accepts HTML"


def test_the_issues_criterion_meets_its_accept_header() -> None:
    found = diff("src/client.ts", "  headers: { Accept: 'application/vnd.acme.v2+json, text/html; q=0.1' },")
    assert evidence(ISSUE, found) == [("/src/client.ts", ("JSON", "HTML"))]


MEETS = [  # (criterion, path, added line): the format the criterion says, as the diff writes it
    ("Reports are answered in JSON.", "src/Api/Startup.cs", '    reports.Produces("application/json");'),
    (
        "Errors come back as JSON problem details.",
        "api/errors.go",
        '\tw.Header().Set("Content-Type", "application/problem+json")',
    ),
    ("The export can be downloaded as CSV.", "src/export.py", '    return Response(export, media_type="text/csv")'),
    ("Settings can be written in YAML.", "src/load.py", "    for f in glob('config/*.yml'):"),
    ("Settings can be written in YAML.", "src/Config.java", '        if (name.endsWith(".yaml")) {'),
    ("The feed is served as XML.", "lib/feed.rb", "    headers['Content-Type'] = 'application/atom+xml'"),
    ("Release notes are read in the Markdown format.", "src/notes.ts", "  if (ext === '.md') return parse(text)"),
    ("Icons may be SVG.", "src/icons.ts", "const icons = ['image/png', 'image/svg+xml']"),
    ("The report is printed as JSON with --json.", "cmd/report.go", '\tcmd.Flags().Bool("json", false, "print JSON")'),
    ("The tool can print YAML.", "cmd/root.go", "\t// Usage: tool get --yaml NAME"),
]


@pytest.mark.parametrize(("criterion", "path", "line"), MEETS)
def test_a_format_word_meets_what_the_diff_writes_of_it(criterion, path, line) -> None:
    assert [p for p, _ in evidence(criterion, diff(path, line))] == [f"/{path}"]


RETRY = "    headers = {'Content-Type': 'application/json', 'Accept': 'application/json'}"
MISSES = [  # (criterion, path, added line): no format written, another one, or its media type alone
    ("The result can be printed as JSON.", "package.json", '  "version": "2.4.1",'),  # the file, not the format
    ("The result can be printed as JSON.", "src/app.ts", "import pkg from './package.json'"),
    ("The result can be printed as JSON.", "src/app.ts", "  const body = await response.json()"),  # a call
    ("The page is rendered as HTML.", "src/render.py", '    return Response(text, media_type="text/plain")'),
    ("The format of the date is kept.", "src/dates.ts", "  const format = options.format ?? 'iso'"),  # a plain word
    ("Enter a zip code of five digits.", "src/forms.ts", "  const accepted = ['application/zip']"),  # prose zip
    ("The tag list is shown in HTML.", "src/Parser.java", '        doc.expectFirst("html");'),  # a tag's name, alone
    # the format's own media type alone: on nearly every HTTP client's, server's or test's line (review of 8f487b0)
    ("Reports can be exported as JSON.", "src/client/retry.py", RETRY),
    ("The API returns errors as JSON.", "src/client/retry.py", RETRY),
    ("The API answers in JSON.", "src/Api/Startup.cs", '    options.Produces("application/json");'),
    ("The export can be downloaded as CSV.", "src/export.py", '    return Response(body, media_type="text/csv")'),
    ("The page is rendered as HTML.", "src/render.py", '    return Response(text, media_type="text/html")'),
    ("Icons may be SVG.", "src/icons.ts", "const accepted = ['image/png', 'image/svg+xml']"),
]


@pytest.mark.parametrize(("criterion", "path", "line"), MISSES)
def test_a_format_word_does_not_meet_a_file_a_call_or_another_format(criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (ISSUE, [("json", "JSON"), ("html", "HTML")]),
        ("Settings can be YAML files or TOML.", [("yaml", "YAML"), ("toml", "TOML")]),
        ("Exports in the Markdown format and as PDFs.", [("markdown", "Markdown"), ("pdf", "PDF")]),
        ("Uploads accept zip files.", [("zip", "zip")]),
        ("Enter a zip code. The format is kept. Price markdown applies.", []),
        ("The API and the UI use REST.", []),  # capitals that name no format
    ],
)
def test_format_words(text, expected) -> None:
    assert format_words(text) == expected


@pytest.mark.parametrize(
    ("subtype", "expected"),
    [
        ("vnd.acme.v2+json", {"json"}),
        ("html", {"html"}),
        ("x-yaml", {"yaml"}),
        ("svg+xml", {"svg", "xml"}),
        ("tab-separated-values", {"tsv"}),
        ("octet-stream", set()),
    ],
)
def test_media_formats(subtype, expected) -> None:
    assert media_formats(subtype) == expected


@pytest.mark.parametrize(
    ("line", "name", "weight"),
    [
        ("Accept: application/vnd.acme.v2+json, text/html; q=0.1", "json", 2.0),
        ("Accept: application/vnd.acme.v2+json, text/html; q=0.1", "html", 1.0),  # text/html: any page's
        ("headers = {'Content-Type': 'application/json'}", "json", 1.0),  # the format's own type: any client's
        ('w.Header().Set("Content-Type", "application/problem+json")', "json", 2.0),  # a suffix singles it out
        ("'Content-Type': 'application/x-yaml'", "yaml", 1.0),
        ("accept = ['image/svg+xml']", "xml", 2.0),
        ("accept = ['image/svg+xml']", "svg", 1.0),
        ("if (this.npm.config.get('json')) {", "json", 1.0),
        ('    "files": ["package.json"]', "json", 0.0),
        ("data = yaml.safe_load(stream)", "yaml", 0.0),
    ],
)
def test_writes_format(line, name, weight) -> None:
    assert writes_format(line, name) == weight


def test_an_option_named_as_the_format_beside_its_library_writes_it() -> None:
    """npm audit's `--json`: the option read, the result written with the format's library."""
    found = diff("lib/audit.js", "    if (this.npm.config.get('json')) {", "      print(JSON.stringify(result))")
    assert [p for p, _ in evidence("The result can be printed as JSON.", found)] == ["/lib/audit.js"]
    alone = diff("lib/audit.js", "    if (this.npm.config.get('json')) {")
    assert evidence("The result can be printed as JSON.", alone) == []
    library = diff("lib/audit.js", "      const body = JSON.parse(text)")
    assert evidence("The result can be printed as JSON.", library) == []


def test_a_media_type_alone_is_no_evidence_in_a_test_either() -> None:
    """The review's reproduction: a retry client sending JSON and a test uploading a CSV are about no criterion
    that merely names the format."""
    retry = diff(
        "src/client/retry.py",
        "def send_with_retry(session, url, body):",
        RETRY,
        "    for attempt in range(3):",
        "        response = session.post(url, data=body, headers=headers)",
    )
    upload = diff("tests/test_upload.py", "    client.post('/upload', files={'f': ('a.csv', data, 'text/csv')})")
    for criterion in ("Reports can be exported as JSON.", "Admins can download the audit log as CSV."):
        assert evidence(criterion, retry, upload) == []
    assert evidence("The API returns errors as JSON.", retry, upload) == []
