"""Benchmark: storage_to_markdown against markdownify on a generated ~200 KB Confluence page.

Run: python benchmarks/storage_vs_markdownify.py [runs]
Prints one line: both medians (same process), the ratio markdownify / ours, and raw-markup leaks in each output.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from collections.abc import Callable

from markdownify import markdownify

from doc_context.text.storage import storage_to_markdown

SERVER_ID = "b1e8f1a4-5c3d-4f2e-9a7b-0c6d5e4f3a21"  # planted macro noise: must never reach the text
LEAKS = re.compile(
    r"</?(?:ac|ri|at):|\b(?:ac|ri):[a-z-]+=|CDATA|&(?:[a-zA-Z]+|#[0-9]+);"
    r"|</?(?:p|div|span|table|tbody|tr|td|th|ul|ol|li|strong|em|h[1-6]|br|time|colgroup)\b[^>]*>"
    rf"|{SERVER_ID}|task-uuid-|macro-id-|RDark"
)


def section(n: int) -> str:
    return f"""
<h2>Section {n}: retry policy for the payment gateway&nbsp;&ndash; part {n}</h2>
<p>The <strong>gateway client</strong> retries idempotent calls up to <em>{n % 5 + 2}</em> times with jittered
backoff; see <ac:link><ri:page ri:space-key="ENG" ri:content-title="Retry Policy {n}"/></ac:link> and
<a href="https://example.com/rfc/{n}?a=1&amp;b=2">RFC notes</a>. Caf&eacute; &amp; r&eacute;sum&eacute; handling
is unchanged.</p>
<ac:structured-macro ac:name="info" ac:schema-version="1" ac:macro-id="macro-id-{n}a">
<ac:parameter ac:name="title">Before you deploy {n}</ac:parameter>
<ac:rich-text-body><p>Rotate the signing key first.<br/>Then restart the workers.</p></ac:rich-text-body>
</ac:structured-macro>
<table class="confluenceTable" data-layout="default"><colgroup><col/><col/><col/></colgroup><tbody>
<tr><th>Setting</th><th>Default</th><th>Notes</th></tr>
<tr><td>max_retries</td><td>{n % 7}</td><td>per request | not per batch</td></tr>
<tr><td>timeout_ms</td><td>{1000 + n}</td><td><p>connect <code>2000</code></p></td></tr>
</tbody></table>
<ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="macro-id-{n}b">
<ac:parameter ac:name="language">python</ac:parameter><ac:parameter ac:name="theme">RDark</ac:parameter>
<ac:parameter ac:name="linenumbers">true</ac:parameter>
<ac:plain-text-body><![CDATA[def backoff(attempt: int) -> float:
    if attempt < 0 or attempt > {n % 9 + 3} and not FORCE & 1:
        return 0.0
    return min(30.0, 0.5 * 2 ** attempt)  # {n}]]></ac:plain-text-body>
</ac:structured-macro>
<ac:task-list>
<ac:task><ac:task-id>{2 * n}</ac:task-id><ac:task-uuid>task-uuid-{n}-1</ac:task-uuid>
<ac:task-status>complete</ac:task-status>
<ac:task-body>Review the limits with <ac:link><ri:user ri:account-id="557058:aa{n}"/></ac:link></ac:task-body></ac:task>
<ac:task><ac:task-id>{2 * n + 1}</ac:task-id><ac:task-uuid>task-uuid-{n}-2</ac:task-uuid>
<ac:task-status>incomplete</ac:task-status>
<ac:task-body>Load test the new defaults</ac:task-body></ac:task>
</ac:task-list>
<p>Tracked in <ac:structured-macro ac:name="jira" ac:schema-version="1" ac:macro-id="macro-id-{n}c">
<ac:parameter ac:name="server">System JIRA</ac:parameter><ac:parameter ac:name="serverId">{SERVER_ID}</ac:parameter>
<ac:parameter ac:name="key">PAY-{n}</ac:parameter></ac:structured-macro>, status
<ac:structured-macro ac:name="status" ac:macro-id="macro-id-{n}d"><ac:parameter ac:name="colour">Green</ac:parameter>
<ac:parameter ac:name="title">Done</ac:parameter></ac:structured-macro>.</p>
<ul><li>Owner: <ac:link><ri:user ri:account-id="557058:bb{n}"/></ac:link></li>
<li>Docs<ul><li><ac:link><ri:attachment ri:filename="limits-{n}.pdf"/></ac:link></li></ul></li></ul>
"""


def page(target_bytes: int = 200_000) -> str:
    head = (
        '<ac:structured-macro ac:name="toc" ac:macro-id="macro-id-toc">'
        '<ac:parameter ac:name="maxLevel">3</ac:parameter></ac:structured-macro>'
    )
    parts, size, n = [head], len(head), 0
    while size < target_bytes:
        n += 1
        parts.append(section(n))
        size += len(parts[-1])
    return "".join(parts)


def median_ms(convert: Callable[[str], str], source: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        convert(source)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 7
    source = page()
    ours = storage_to_markdown(source)
    theirs = markdownify(source)
    ours_ms = median_ms(lambda s: storage_to_markdown(s).text, source, runs * 3)
    theirs_ms = median_ms(markdownify, source, runs)
    print(
        f"storage {len(source) // 1000}KB: doc-context {ours_ms:.1f} ms, markdownify {theirs_ms:.1f} ms, "
        f"ratio {theirs_ms / ours_ms:.1f}x, leaks: ours {len(LEAKS.findall(ours.text))}, "
        f"markdownify {len(LEAKS.findall(theirs))}" + (" (ours degraded)" if ours.degraded else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
