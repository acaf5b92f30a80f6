"""Issue 32's recall, session 17: a small change of one purpose writes its subject on most of its lines (Reqnroll's
`SortPluginPaths` on 34 of 47 lines, Thanos' `pendingWriteRequests`, workers-sdk's `jurisdiction`). A word on most of a
change's lines is everywhere, and weighs nothing (relevance/change_wide.LINE_SHARE), so the criterion saying the subject
had no evidence. A word of a name the change defines (a function, a type, a property, an object's member) is its
subject, not its everyday word, as is a word of a local variable it declares (`const parameters`, `retryDelay, capped
:=`, `String trimmedHeaderValue =`); a word the change only uses on most lines stays everywhere."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.words import parts
from tests.diffs import changed
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

DEFINING = [  # (language, criterion saying the subject, the file, its added lines: a definition holds the subject)
    ("C#", "Plugin paths are loaded in alphabetic order.", "src/Acme.Plugins/PluginLoader.cs", (
        "        private static IReadOnlyList<string> SortPluginPaths(List<string> pluginPaths)",
        "        {",
        "            pluginPaths.Sort((x, y) => string.Compare(Path.GetFileName(x), Path.GetFileName(y)));",
        "            return pluginPaths;",
        "        }",
    )),
    ("Go", "Receive counts its pending write requests.", "pkg/receive/handler.go", (
        "\tpendingWriteRequests        prometheus.Gauge",
        "\tpendingWriteRequestsCounter atomic.Int32",
        "\t\tpendingWriteRequests: promauto.With(registerer).NewGauge(",
        "\t\t\tprometheus.GaugeOpts{",
        '\t\t\t\tName: "thanos_receive_pending_write_requests",',
        '\t\t\t\tHelp: "The number of pending write requests.",',
        "\t\t\t},",
        "\t\t),",
        "\th.pendingWriteRequests.Set(float64(h.pendingWriteRequestsCounter.Add(1)))",
        "\tdefer h.pendingWriteRequestsCounter.Add(-1)",
    )),
    ("TypeScript", "Send the jurisdiction headers on every bucket request.", "packages/wrangler/src/r2/helpers.ts", (
        "export function jurisdictionHeaders(jurisdiction?: Jurisdiction): Record<string, string> {",
        '  return jurisdiction ? { "cf-r2-jurisdiction": jurisdiction } : {};',
        "}",
        "    headers: jurisdictionHeaders(args.jurisdiction),",
    )),
    ("Java", "The cookie header value is never null.", "src/main/java/org/acme/http/Cookie.java", (
        "    public String getCookieHeaderValue() {",
        '        return cookieHeaderValue == null ? "" : cookieHeaderValue.strip();',
        "    }",
        "    public void setCookieHeaderValue(String cookieHeaderValue) {",
        "        this.cookieHeaderValue = cookieHeaderValue;",
        "    }",
    )),
    ("Python", "Retry budgets are shared across the client's requests.", "src/acme/retry.py", (
        "class RetryBudget:",
        "    def __init__(self, retry_budget: int) -> None:",
        "        self.retry_budget = retry_budget",
        "    def spend_retry_budget(self) -> bool:",
        "        self.retry_budget -= 1",
        "        return self.retry_budget >= 0",
    )),
    ("Ruby", "Jobs share one retry budget per process.", "lib/sidekiq/retry_budget.rb", (
        "    def retry_budget",
        "      @retry_budget ||= RetryBudget.new(max_retries)",
        "    end",
        "    def spend_retry_budget!",
        "      retry_budget.spend!",
        "    end",
    )),
]  # fmt: skip

DECLARING = [  # (language, criterion, file, added lines: a local variable the change declares holds the subject)
    ("TypeScript", "The parameters member is optional when every parameter is optional.",
     "src/transform/components-object.ts", (
        "    const parameters: string[] = [];",
        "    let isEveryParameterOptional = true;",
        "    for (const [name, parameter] of Object.entries(parameterObjects)) {",
        "      parameters.push(indent(`${name}: ${transform(parameter)};`, indentLv));",
        "      if (parameter.required) isEveryParameterOptional = false;",
        "    }",
        '    const parametersKey = isEveryParameterOptional ? tsOptionalProperty("parameters") : "parameters";',
    )),
    ("Go", "Retry delays back off exponentially.", "internal/webhooks/retry.go", (
        "\tretryDelay, capped := backoff(attempt, webhookRetryMax)",
        "\tif capped {",
        '\t\tlog.Printf("retry delay capped at %s", retryDelay)',
        "\t}",
        "\tq.schedule(retryDelay)",
    )),
    ("Java", "Trimmed header values are kept when a cookie is parsed.",
     "src/main/java/org/acme/http/CookieParser.java", (
        "        String trimmedHeaderValue = strip(headerValue);",
        "        if (isEmpty(trimmedHeaderValue)) {",
        "            return List.of();",
        "        }",
        "        return split(trimmedHeaderValue);",
    )),
    ("C#", "Pending invoice reminders are sent in due date order.", "src/Acme.Billing/Reminders.cs", (
        "            var pendingReminders = Pending(reminders);",
        "            SortByDueDate(pendingReminders);",
        "            foreach (var reminder in pendingReminders)",
        "                await SendAsync(reminder, token);",
    )),
]  # fmt: skip

USING = [  # (language, criterion, file, added lines that only use the words on most lines: no definition holds them)
    ("C#", "Plugin paths are loaded in alphabetic order.", "src/Acme.Plugins/PluginLoader.cs", (
        "            Array.Sort(pluginPaths, StringComparer.Ordinal);",
        "            LoadAll(pluginPaths, logger);",
        '            logger.LogDebug("Found {Count} plugin paths", CountOf(pluginPaths));',
        "            return Validate(pluginPaths);",
    )),  # no name qualifies others (own names, change_wide), nothing defines or declares them (review 17 F4)
    ("Go", "Receive counts its pending write requests.", "pkg/receive/handler.go", (
        "\th.pendingWriteRequests.Inc()",
        "\tdefer h.pendingWriteRequests.Dec()",
        '\tlevel.Debug(h.logger).Log("msg", "pending write requests", "n", h.pendingWriteRequests)',
    )),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), DEFINING, ids=[d[0] for d in DEFINING])
def test_the_subject_a_small_change_defines_is_evidence_on_most_lines(language, criterion, path, lines) -> None:
    assert evidence(criterion, changed(path, *lines), siblings=SIBLINGS) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), DECLARING, ids=[d[0] for d in DECLARING])
def test_the_subject_a_local_the_change_declares_is_evidence_on_most_lines(language, criterion, path, lines) -> None:
    assert evidence(criterion, changed(path, *lines), siblings=SIBLINGS) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), USING, ids=[d[0] for d in USING])
def test_words_the_change_only_uses_on_most_lines_stay_everywhere(language, criterion, path, lines) -> None:
    assert evidence(criterion, changed(path, *lines), siblings=SIBLINGS) == [], language


def test_a_word_of_a_defined_name_is_the_subject_a_used_one_is_everywhere() -> None:
    """The same word on every line: `SortPluginPaths(` defines it, `pluginPaths = ...` only uses it."""
    defining, using = (Change(parse_diff(changed(path, *lines))).wide for _, _, path, lines in (DEFINING[0], USING[0]))
    assert defining is not None and using is not None
    assert defining.word("plugin") and using.word("plugin")  # in most lines, both
    assert not using.own & {"plugin", "path"} and not using.defined  # only used: no own name, nothing defined
    assert defining.subject(parts("plugin paths")) == {"plugin", "path"} and not using.subject(parts("plugin paths"))


def test_words_no_one_defined_name_holds_together_stay_everywhere() -> None:
    """A dark mode change defines `useDarkMode` and `ThemeToggle`: "dark theme" is the change's topic, not one name it
    defines; a criterion of the story the change leaves untouched (the contrast) gets no evidence on it, nor where
    "dark" is the story's topic (benchmarks/criteria.py's sat-dark-mode: the work item's words count with the change's,
    as the words one name must hold)."""
    toggle = (
        "export function ThemeToggle() {",
        "  const [theme, choose] = useDarkMode();",
        '  return <button aria-pressed={theme === "dark"}>{theme === "dark" ? "Light theme" : "Dark theme"}</button>;',
        "}",
    )
    hook = (
        "export function useDarkMode(): [Theme, (theme: Theme) => void] {",
        '  const prefersDark = window.matchMedia("(prefers-color-scheme: dark)").matches;',
        '  const [theme, setTheme] = useState<Theme>(prefersDark ? "dark" : "light");',
        "  return [theme, setTheme];",
        "}",
    )
    diff = changed("src/ui/ThemeToggle.tsx", *toggle) + changed("src/ui/useDarkMode.ts", *hook)
    criterion = "The dark theme passes WCAG AA contrast on every page."
    assert evidence(criterion, diff, siblings=SIBLINGS) == []
    story = ("Dark mode is off by default.", "Dark mode works in the admin console.", "E-mails look alike in dark mode")
    assert evidence(criterion, diff, siblings=story) == []  # "dark" the story's topic too
    wide = Change(parse_diff(diff)).wide
    assert wide is not None and not wide.subject(parts("dark theme"))
