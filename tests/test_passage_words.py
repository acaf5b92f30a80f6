"""Two passages of a long page may hold the same names of the change (issue 36): a specification names a header
where it defines it and again in the rule that sends it. The rule the change implements also says what its code says
in words ("the bound on the wait doubles with every failed attempt", `backoff_bound(attempt)`); on a long page, where
a passage is quoted only when it holds something of the change a better one does not (speaks.novel), such a word,
rare among the page's passages, is something of its own. A passage holding the names again and no such word is still
not quoted; the change's docs and tests say no word of its code. The same long page in markdown, as a PEP-shaped
reStructuredText proposal and as Confluence stores it."""

from __future__ import annotations

import html

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.words import parts
from doc_context.summary.passage_words import rare_words
from doc_context.summary.quotes import Quoted, weigh_pages
from doc_context.text.storage import storage_to_markdown
from doc_context.text.wikimd import wiki_to_markdown

TITLE = "Webhook deliveries"
RULE = (
    "The bound on the wait doubles with every failed attempt, up to the maximum the operator sets; the wait itself is "
    "drawn at random between zero and that bound, and the attempt's number is sent in `Webhook-Attempt`."
)
AGAIN = "The stored answers keep the `Webhook-Attempt` value sent with them."
HEADER = "`Webhook-Attempt`: the number of this attempt, counting from 1."
WHY = (
    "Without randomness, senders whose deliveries failed during the same outage would all try again at the same "
    "instant, and the receiver would fail once more under the load."
)
EXAMPLE = (
    "With a base of one second, a sender waits at most two seconds after the second failed attempt and at most four "
    "seconds after the third."
)
REJECTED = "A fixed wait between attempts was rejected: it floods a recovering receiver or delays every delivery."
SECTIONS: list[tuple[str, int, list[str]]] = [
    ("Abstract", 2, [
        "This document specifies how a service delivers webhook events to the endpoints its customers register, how "
        "receivers verify them, and what a sender does when a delivery fails.",
        "It covers endpoints, signatures, retries, headers, timeouts and dead letters."]),
    ("Motivation", 2, [
        "Every team that sends webhooks has invented its own delivery rules, and receivers cannot rely on any of them.",
        "Some senders give up after one failure; others try again forever and flood the receiver.",
        "Receivers cannot tell a genuine event from a forged one without a shared signing scheme.",
        "Operators cannot see which deliveries were lost, or replay them."]),
    ("Specification", 2, ["A sender conforming to this document follows every rule below."]),
    ("Endpoints", 3, [
        "A customer registers an endpoint as an HTTPS URL and a list of event types it wants.",
        "A sender delivers each event with a POST request whose body is the event as JSON.",
        "An endpoint that answers with a redirect is treated as failing; senders never follow redirects.",
        "A customer may register at most ten endpoints for one event type."]),
    ("Signing", 3, [
        "Each delivery is signed with a secret the sender shares with the endpoint's owner.",
        "The signature is an HMAC over the delivery's identifier, its timestamp and its body, joined by dots.",
        "A receiver recomputes the signature and compares it in constant time.",
        "Secrets are rotated by registering a second secret; both sign until the old one is removed.",
        "A receiver rejects a delivery whose timestamp is more than five minutes old."]),
    ("Headers", 3, [
        "Each delivery carries these headers:", "`Webhook-Id`: the delivery's identifier, the same on every attempt.",
        "`Webhook-Timestamp`: when the event happened, in seconds since the epoch.", HEADER,
        "`Webhook-Signature`: the signature, prefixed with its scheme."]),
    ("Retries", 3, [
        "A delivery the receiver does not acknowledge is attempted again later.", RULE,
        "A sender stops after the last attempt its configuration allows and moves the delivery to its dead letters.",
        "Attempts for one endpoint are made in order: a later event waits until the earlier one is done."]),
    ("Timeouts", 3, [
        "A receiver has fifteen seconds to answer; a slower answer counts as a failure.",
        "A receiver should acknowledge first and process later, so that slow work does not cause a retry.",
        "Any status from 200 to 299 acknowledges the delivery; any other status is a failure."]),
    ("Dead letters", 3, [
        "A delivery given up is kept for thirty days.", AGAIN,
        "Operators may replay a dead letter; a replay is a new delivery with a new identifier.",
        "An endpoint whose deliveries have all failed for three days is disabled, and its owner is told by email."]),
    ("Rationale", 2, ["The choices below follow what large senders already do."]),
    ("Why randomness", 3, [WHY, "Spreading the attempts lets the receiver recover one sender at a time."]),
    ("Why HMAC", 3, [
        "An HMAC needs no key infrastructure, and every language has a library for it.",
        "Asymmetric signatures were considered and left for a later version."]),
    ("Rejected Ideas", 2, [
        REJECTED, "Letting receivers pick their own schedule was rejected: senders could not plan their queues.",
        "Retrying forever was rejected: a dead endpoint would hold its queue for good."]),
    ("Examples", 2, [
        EXAMPLE, "A receiver that is down for an hour gets the delivery on the first attempt after it is back.",
        "A delivery to a disabled endpoint goes straight to the dead letters."]),
    ("Backwards Compatibility", 2, [
        "Senders that already sign deliveries may keep their old header beside the new one for a year.",
        "Receivers that ignore unknown headers need no change."]),
    ("Security Considerations", 2, [
        "A sender must not deliver to private network addresses, or a customer could reach the sender's own network.",
        "Secrets are shown to the customer once, when they are created.",
        "A replayed delivery is signed again with the current secret."]),
]  # fmt: skip


def _item(text: str) -> bool:
    return text.startswith("`Webhook")


def markdown(sections: list[tuple[str, int, list[str]]] = SECTIONS) -> str:
    out = [f"# {TITLE}", ""]
    for title, level, paras in sections:
        out += ["#" * level + " " + title, ""]
        out += [line for p in paras for line in (("- " if _item(p) else "") + p, "")]
    return "\n".join(out)


def restructured(sections: list[tuple[str, int, list[str]]] = SECTIONS) -> str:
    out = ["PEP: 9999", f"Title: {TITLE}", "Status: Draft", ""]
    for title, level, paras in sections:
        out += [title, "=-"[level - 2] * len(title), ""]
        out += [line for p in paras for line in (("* " if _item(p) else "") + p.replace("`", "``"), "")]
    return "\n".join(out)


def _xhtml(text: str) -> str:
    code = html.escape(text).split("`")
    return "".join(f"<code>{c}</code>" if n % 2 else c for n, c in enumerate(code))


def storage(sections: list[tuple[str, int, list[str]]] = SECTIONS) -> str:
    out: list[str] = []
    for title, level, paras in sections:
        out.append(f"<h{level - 1}>{title}</h{level - 1}>")
        items = [p for p in paras if _item(p)]
        out += [f"<p>{_xhtml(p)}</p>" for p in paras if not _item(p)]
        out += ["<ul>" + "".join(f"<li>{_xhtml(p)}</li>" for p in items) + "</ul>"] if items else []
    return "".join(out)


PAGES = {
    "markdown": lambda sections=SECTIONS: wiki_to_markdown(markdown(sections)).text,
    "restructuredtext-pep": lambda sections=SECTIONS: wiki_to_markdown(restructured(sections)).text,
    "confluence-storage": lambda sections=SECTIONS: storage_to_markdown(storage(sections)).text,
}
CODE = '''\
+import random
+
+ATTEMPT_HEADER = "Webhook-Attempt"
+BASE_BACKOFF = 1.0
+MAX_BACKOFF = 300.0
+
+
+def backoff_bound(attempt: int) -> float:
+    """Twice the last bound, no more than the maximum."""
+    return min(MAX_BACKOFF, BASE_BACKOFF * 2 ** (attempt - 1))
+
+
+def next_wait(attempt: int) -> float:
+    return random.uniform(0, backoff_bound(attempt))
'''


def diff(path: str, added: str) -> str:
    n = added.count("\n")
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,0 +1,{n} @@\n{added}"


def quoted(text: str, change: str, title: str = TITLE) -> list[str]:
    terms = change_terms(Change(parse_diff(change)), within=[text])
    found: Quoted = weigh_pages([(text, title)], terms)[0]
    return [p.plain.replace("``", "`") for p in found.matched]


@pytest.mark.parametrize("style", PAGES)
def test_a_rule_saying_the_change_s_words_is_quoted_beside_the_passage_naming_the_same(style: str) -> None:
    shown = quoted(PAGES[style](), diff("webhooks/retry.py", CODE))
    assert shown[0] == HEADER  # where the header is defined comes first: it matches as much, earlier
    assert RULE in shown  # the rule the change implements: the same name, and the words of its code
    assert AGAIN not in shown  # the same name again, and no word of the code: nothing of its own
    assert not {WHY, EXAMPLE, REJECTED} & set(shown)  # words alone match nothing


@pytest.mark.parametrize("style", PAGES)
@pytest.mark.parametrize(
    "said",
    [
        "A replay may return a different answer.",  # `return`: a keyword every function writes, no name
        "It is kept as an int.",  # `int`: a type the code writes, no name of the change's
        "The next delivery reuses it.",  # "next": one word of `next_wait`, alone
    ],
    ids=["keyword", "type", "one-word-of-a-name"],
)
def test_a_repeat_saying_one_common_word_of_the_change_s_code_is_not_quoted(style: str, said: str) -> None:
    again = f"{AGAIN} {said}"
    sections = [(t, level, [again if p == AGAIN else p for p in paras]) for t, level, paras in SECTIONS]
    shown = quoted(PAGES[style](sections), diff("webhooks/retry.py", CODE))
    assert RULE in shown  # the rule says two words of the change's names ("bound", "random", "wait")
    assert again not in shown  # the same header again, and one word of code: nothing of its own


@pytest.mark.parametrize("style", PAGES)
def test_the_change_s_docs_and_tests_say_no_word_of_its_code(style: str) -> None:
    code = '+ATTEMPT_HEADER = "Webhook-Attempt"\n'
    words = "+The bound on the wait doubles with each failed attempt, drawn at random up to the maximum.\n"
    change = diff("webhooks/headers.py", code) + diff("docs/retries.md", words) + diff("tests/test_wait.py", words)
    assert quoted(PAGES[style](), change) == [HEADER]


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["bound wait", *["delivery"] * 15], [{"bound", "wait"}, *[set()] * 15]),  # rare: said by few passages
        (["bound wait random", *["wait delivery"] * 15], [{"bound", "random"}, *[set()] * 15]),  # "wait": in most
        (["bound return", *["delivery"] * 15], [set(), *[set()] * 15]),  # "return": no word of the code's names
        (["bound wait", "bound", *["wait delivery"] * 15], [set(), set(), *[set()] * 15]),  # one rare word alone
    ],
    ids=["rare", "common", "not-the-change-s", "alone"],
)
def test_rare_words_are_the_change_s_words_few_passages_say(texts: list[str], expected: list[set[str]]) -> None:
    code = {w: 1 for w in parts("bound wait delivery random")}
    assert rare_words([parts(t) for t in texts], code) == [{("word", (w,)) for w in found} for found in expected]


TYPESCRIPT = """\
+export const ATTEMPT_HEADER = "Webhook-Attempt";
+
+export function backoffBound(attempt: number): number {
+  // Twice the last bound, no more than the maximum the operator sets.
+  return Math.min(MAX_BACKOFF, BASE_BACKOFF * 2 ** (attempt - 1));
+}
+
+export function nextWait(attempt: number): number {
+  return Math.random() * backoffBound(attempt);
+}
"""
GO = """\
+const attemptHeader = "Webhook-Attempt"
+
+func backoffBound(attempt int) time.Duration {
+\t// Twice the last bound, no more than the maximum the operator sets.
+\treturn min(maxBackoff, baseBackoff<<(attempt-1))
+}
+
+func nextWait(attempt int) time.Duration {
+\treturn rand.N(backoffBound(attempt))
+}
"""


@pytest.mark.parametrize(
    ("path", "code"),
    [("webhooks/retry.py", CODE), ("src/webhooks/retry.ts", TYPESCRIPT), ("webhooks/retry.go", GO)],
    ids=["python", "typescript", "go"],
)
def test_the_code_s_words_are_the_words_of_the_names_it_writes(path: str, code: str) -> None:
    words = change_terms(Change(parse_diff(diff(path, code)))).words.keys()
    assert {"bound", "wait", "next", "backoff", "header"} <= words  # backoff_bound, next_wait, ATTEMPT_HEADER
    assert not {"return", "int", "number", "float", "func", "function", "const", "export", "def"} & words
    assert not {"twice", "last", "operator"} & words  # a comment's words are prose, not code


# Session 10: what a passage's match counts, its novelty counts. A passage matches on the change's terms and on the rare
# words it shares with a sentence the work item asks (passage_weights.criteria_said); a long page quoted it only when it
# held a term of the change no better passage held, so a rule saying the criterion, its one name held by the header's
# definition above it, was left out while its score said it matched.
CRITERION = "Each retry waits a random time below a bound that doubles."  # its words, none of its word pairs
NAMED = '+ATTEMPT_HEADER = "Webhook-Attempt"\n+ATTEMPT_HELP = "The number of this attempt, counting from 1."\n'


def asked_quotes(text: str, change: str, asked: list[str]) -> list[str]:
    terms = change_terms(Change(parse_diff(change)), asked=asked, within=[text])
    return [p.plain.replace("``", "`") for p in weigh_pages([(text, TITLE)], terms)[0].matched]


@pytest.mark.parametrize("style", PAGES)
def test_a_rule_saying_a_criterion_is_quoted_beside_the_passage_naming_the_same(style: str) -> None:
    shown = asked_quotes(PAGES[style](), diff("webhooks/headers.py", NAMED), [CRITERION])
    assert shown[0] == HEADER  # where the header is defined: it holds the change's name and its help text
    assert RULE in shown  # the same name, and the criterion's words no better passage says (failing before)
    assert AGAIN not in shown  # the same name again, nothing of the criterion


@pytest.mark.parametrize("style", PAGES)
def test_without_the_criterion_the_rule_holds_nothing_of_its_own(style: str) -> None:
    assert asked_quotes(PAGES[style](), diff("webhooks/headers.py", NAMED), []) == [HEADER]
