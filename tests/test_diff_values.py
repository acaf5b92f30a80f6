"""relevance/diff_values.py: the values the diff's added lines set, as values of the words in their names."""

from __future__ import annotations

import pytest

from doc_context.relevance.diff_values import settings
from doc_context.relevance.stated_values import shown


def diff(path: str, *lines: str, context: tuple[str, ...] = ()) -> str:
    body = [f" {c}" for c in context] + [f"+{line}" for line in lines]
    return f"--- a/{path}\n+++ b/{path}\n@@ -1,{len(context)} +1,{len(body)} @@\n" + "\n".join(body) + "\n"


# (file, added line, the setting's code, its name's words, its value)
SETTINGS = [
    ("src/Policy.cs", "    public const int MaxAttempts = 3;", "MaxAttempts = 3", set(), "3 attempts"),
    ("src/Policy.cs", "    public static readonly TimeSpan LockoutDuration = TimeSpan.FromMinutes(20);",
     "LockoutDuration = TimeSpan.FromMinutes(20)", {"lockout", "duration"}, "20 minutes"),
    ("src/Rules.cs", "    public int MinPasswordLength { get; set; } = 12;", "MinPasswordLength = 12", {"password"},
     "12 characters"),
    ("src/purge.ts", "export const AUDIT_LOG_RETENTION_HOURS = 30;", "AUDIT_LOG_RETENTION_HOURS = 30",
     {"audit", "log", "retention"}, "30 hours"),
    ("src/config.ts", "  maxUploadSizeMb: 25,", "maxUploadSizeMb = 25", {"upload"}, "25 MB"),
    ("src/Export.java", "    private static final int MAX_EXPORT_ROWS = 10_000;", "MAX_EXPORT_ROWS = 10_000",
     {"export"}, "10,000 rows"),
    ("src/Cache.java", "    static final Duration TTL = Duration.ofDays(3);", "TTL = Duration.ofDays(3)", {"ttl"},
     "3 days"),
    ("shop/policy.py", "RETENTION_DAYS = 14", "RETENTION_DAYS = 14", {"retention"}, "14 days"),
    ("shop/policy.py", "HOLD = timedelta(hours=2)", "HOLD = timedelta(hours=2)", {"hold"}, "2 hours"),
    ("internal/keys.go", "const IdempotencyKeyTTL = 48 * time.Hour", "IdempotencyKeyTTL = 48 * time.Hour",
     {"idempotency", "key", "ttl"}, "48 hours"),
    ("internal/api.go", "const RequestsPerSecond = 100", "RequestsPerSecond = 100", set(), "100 requests per second"),
    ("internal/api.go", "\t\tMaxRetries: 4,", "MaxRetries = 4", set(), "4 attempts"),
    ("shop/retry.py", "    policy = Retry(max_attempts=3)", "max_attempts = 3", set(), "3 attempts"),
    ("config/auth.yaml", "lockout_minutes: 20", "lockout_minutes = 20", {"lockout"}, "20 minutes"),
    ("appsettings.json", '    "LockoutMinutes": 20,', "LockoutMinutes = 20", {"lockout"}, "20 minutes"),
    ("app.properties", "payments.retry.max-attempts=3", "payments.retry.max-attempts = 3", set(), "3 attempts"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "line", "code", "words", "value"), SETTINGS)
def test_a_constant_or_setting_is_a_value_of_its_names_words(
    path: str, line: str, code: str, words: set[str], value: str
) -> None:
    (found,) = settings(diff(path, line))
    assert (found.code, set(found.subject)) == (code, words)
    assert found.value is not None and shown(found.value) == value


@pytest.mark.parametrize(
    ("path", "line", "shown_as", "value"),
    [
        ("src/Line.cs", "        return Math.Round(total, 2, MidpointRounding.ToEven);", "MidpointRounding.ToEven",
         "halfeven"),
        ("src/Invoice.java", "        return sum.setScale(2, RoundingMode.HALF_EVEN);", "RoundingMode.HALF_EVEN",
         "halfeven"),
        ("shop/money.py", "    return amount.quantize(cent, rounding=ROUND_HALF_UP)", "ROUND_HALF_UP", "halfup"),
        ("config/money.yaml", "rounding: HALF_EVEN", "HALF_EVEN", "halfeven"),
    ],
)  # fmt: skip
def test_a_named_value_in_the_diff(path: str, line: str, shown_as: str, value: str) -> None:
    found = [s for s in settings(diff(path, line)) if s.named is not None]
    assert [(s.named.shown, s.named.value) for s in found if s.named] == [(shown_as, value)]


def test_a_dotted_keys_first_parts_are_its_context() -> None:
    (found,) = settings(diff("app.properties", "payments.retry.max-attempts=3"))
    assert {"payment", "retry"} <= found.context


def test_a_yaml_key_has_its_parents_words_even_from_context_lines() -> None:
    (found,) = settings(diff("config/auth.yaml", "  idle_timeout_minutes: 30", context=("session:",)))
    assert "session" in found.context and found.line == 2
    assert found.value is not None and shown(found.value) == "30 minutes"


@pytest.mark.parametrize(
    "line",
    [
        '    "EUR": 2,',  # a unit alone names the unit, not an amount of it
        "        release_hold(held, within_seconds=RELEASE_WITHIN_SECONDS)",  # another setting's name, no value
        "// MaxAttempts = 3 was 5",  # a comment
        "import static com.contoso.Limits.MAX;",
        "        account.failed_attempts = 0",  # a variable's new value, not a setting
        "    attempts = 4",
        "MIN_DAYS, MAX_DAYS = 2, 4",  # one of several names: which value is whose is not read
        "    throttle(key, limit=LIMIT, per=timedelta(hours=1))",  # `per` says nothing of what
    ],
)
def test_what_is_no_value(line: str) -> None:
    assert [s for s in settings(diff("src/x.ts", line)) if s.value is not None or s.named is not None] == []
