"""Issue 32's recall, fifteenth session: a member named with its type (`MapUtils.getLongValue()`,
`BloomFilterExtractor.flatten()`) or alone (`SendReminderAsync`) meets a change right in its body, under its
signature, in the languages that write a method's signature with its type and no keyword (Java, C#, TypeScript's
class members): git's funcname there is the type (`public class MapUtils {`), and no context line is read as a
definition, so the change sat in no definition of it. The unchanged line a run of changes sits in (its enclosing
line, change/unified.enclosing) defining the member says where it is; another member's signature does not."""

from __future__ import annotations

import pytest

from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")


def under(path: str, funcname: str, signature: str, deleted: str, added: str) -> str:
    """A file's one hunk as git writes it without a diff driver: the type's line as its funcname, then the member's
    signature as context, and one line of its body rewritten."""
    head = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -40,3 +40,3 @@ {funcname}\n"
    return head + f" {signature}\n-{deleted}\n+{added}\n     }}\n"


SIGNATURES = [  # (language, criterion, path, the type's line, the member's signature, a body line rewritten)
    ("Java", "MapUtils.getLongValue(Map, K) returns a byte instead of a long.",
     "src/main/java/org/apache/commons/collections4/MapUtils.java", "public class MapUtils {",
     "    public static <K> long getLongValue(final Map<? super K, ?> map, final K key) {",
     ("        return getNumber(map, key).byteValue();", "        return getNumber(map, key).longValue();")),
    ("Java default", "`BloomFilterExtractor.flatten()` throws instead of returning null.",
     "src/main/java/org/acme/bloomfilter/BloomFilterExtractor.java", "public interface BloomFilterExtractor {",
     "    default BloomFilter flatten() {",
     ("        return bf[0];", '        return Objects.requireNonNull(ref.get(), "No filters.");')),
    ("C#", "`Reminders.SendReminderAsync` skips archived accounts.", "src/Acme.Billing/Reminders.cs",
     "public sealed class Reminders", "        public async Task SendReminderAsync(Account account) {",
     ("            await mailer.Send(account);", "            if (!account.IsArchived) await mailer.Send(account);")),
    ("C# alone", "`SendReminderAsync` skips archived accounts.", "src/Acme.Billing/Reminders.cs",
     "public sealed class Reminders", "        public async Task SendReminderAsync(Account account) {",
     ("            await mailer.Send(account);", "            if (!account.IsArchived) await mailer.Send(account);")),
    ("TypeScript", "`InvoiceFormatter.formatTotal()` rounds half to even.", "src/billing/InvoiceFormatter.ts",
     "export class InvoiceFormatter {", "  formatTotal(invoice: Invoice): string {",
     ("    return invoice.total.toFixed(2);", "    return bankers(invoice.total, 2);")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "criterion", "path", "funcname", "signature", "body"), SIGNATURES, ids=[s[0] for s in SIGNATURES]
)
def test_a_change_under_a_members_typed_signature_is_inside_it(
    language, criterion, path, funcname, signature, body
) -> None:
    assert evidence(criterion, under(path, funcname, signature, *body), siblings=SIBLINGS) == [f"/{path}"], language


@pytest.mark.parametrize(
    ("language", "criterion", "path", "funcname", "signature", "body"), SIGNATURES, ids=[s[0] for s in SIGNATURES]
)
def test_a_change_under_another_members_signature_is_not(language, criterion, path, funcname, signature, body) -> None:
    other = signature.replace("getLongValue", "getIntValue").replace("flatten", "merged")
    other = other.replace("SendReminderAsync", "SendReceiptAsync").replace("formatTotal", "formatDate")
    assert evidence(criterion, under(path, funcname, other, *body), siblings=SIBLINGS) == [], language
