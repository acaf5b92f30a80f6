"""Issue 32's recall, ninth session: code writes a word short where a changelog writes it out ("the cache directory":
`cacheDir`; "custom attributes": `customAttrs`; "the connection timeout": `ConnTimeout`). A few abbreviations every
codebase writes are their words (relevance/words.expand), both ways; never a guess at any other."""

from __future__ import annotations

import pytest

from doc_context.relevance.words import parts
from tests.diffs import changed as diff
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")


SHORT = [  # (language, criterion, file, the one added line, writing a word of it short)
    ("Go", "Keep the cache directory under the home folder.", "cache.go", '\tcacheDir := filepath.Join(home, ".x")'),
    ("TypeScript", "Send custom attributes with each span.", "src/span.ts", "    trace.record(customAttrs);"),
    ("C#", "Raise the connection timeout for slow networks.", "src/Options.cs", "        options.ConnTimeout = 30;"),
    ("Java", "Write a temporary file before the rename.", "src/main/java/org/acme/Store.java",
     "        Path tmpFile = dir.resolve(name);"),
    ("Python", "Copy the build output to the destination bucket.", "acme/upload.py", "    put(artifact, dest_bucket)"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), SHORT, ids=[f"{s[0]}: {s[1]}" for s in SHORT])
def test_a_word_meets_the_code_writing_it_short(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=SIBLINGS) == [f"/{path}"], language


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("providerDir", ["provider", "directory"]),
        ("custom_attrs", ["custom", "attribut"]),
        ("ConnTimeout", ["connection", "timeout"]),
        ("tmpFile", ["temporary", "fil"]),
        ("destBucket", ["destination", "bucket"]),
        ("ptrValue", ["ptr", "valu"]),  # never a guess: only the abbreviations listed
        ("certFile", ["cert", "fil"]),  # npm's provenance code writes cert where its pages say nothing of certificates
        ("relevant_args", ["relevant", "arg"]),  # numpy's dispatch code: no page's "argument" (benchmarks.md)
        ("impl Drop for Pool {", ["impl", "drop", "pool"]),  # a language's keyword (Rust's), never the word
        ("std::mem::take(&mut queue)", ["std", "mem", "tak", "mut", "queu"]),  # a std module's name (Rust's), too
    ],
)
def test_an_abbreviation_is_its_word(code: str, words: list[str]) -> None:
    assert parts(code) == words
