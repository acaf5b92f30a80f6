"""Azure Pipelines logging commands, escaped the way the agent unescapes them."""

from __future__ import annotations

from collections.abc import Iterable

from doc_context.models import Notice
from doc_context.text.neutralize import defuse_log_commands

# Agent.Sdk CommandStringConvertor: '%' first, then the rest.
_MESSAGE_ESCAPES = (("%", "%AZP25"), ("\r", "%0D"), ("\n", "%0A"))
_PROPERTY_ESCAPES = (*_MESSAGE_ESCAPES, (";", "%3B"), ("]", "%5D"))


def escape_message(text: str) -> str:
    """Escape a command's message; '##vso[' and '##[' inside it are defused too."""
    for raw, escaped in _MESSAGE_ESCAPES:
        text = text.replace(raw, escaped)
    return defuse(text)


def escape_property(text: str) -> str:
    for raw, escaped in _PROPERTY_ESCAPES:
        text = text.replace(raw, escaped)
    return defuse(text)


def defuse(text: str) -> str:
    """Break logging commands hidden in untrusted text (a work item title can hold one): '##vso[' becomes
    '#\\#vso[', a visible change, since the agent's culture-aware search skips zero-width characters."""
    return defuse_log_commands(text)


def warning(notice: Notice) -> str:
    return f"##vso[task.logissue type=warning;]{escape_message(f'{notice.source}: {notice.message}')}"


def error(message: str) -> str:
    return f"##vso[task.logissue type=error;]{escape_message(message)}"


def complete(result: str, message: str = "done") -> str:
    return f"##vso[task.complete result={result};]{escape_message(message)}"


def set_secret(value: str) -> str:
    """Ask the agent to mask a value from here on; the agent swallows this line."""
    return f"##vso[task.setsecret]{escape_message(value)}"


def set_variable(name: str, value: str) -> str:
    """Set a pipeline variable for the job's later steps (and their conditions)."""
    return f"##vso[task.setvariable variable={escape_property(name)};]{escape_message(value)}"


def set_output(name: str, value: str) -> str:
    """An output variable: later steps of the job read it as $(stepName.name), later jobs through dependencies
    (learn.microsoft.com, "Set variables in scripts": isOutput)."""
    return f"##vso[task.setvariable variable={escape_property(name)};isOutput=true]{escape_message(value)}"


def upload_artifact(name: str, path: str) -> str:
    """Upload a file as (part of) the build artifact `name` (the logging commands' artifact.upload)."""
    return f"##vso[artifact.upload artifactname={escape_property(name)}]{escape_message(path)}"


def upload_summary(path: str) -> str:
    return f"##vso[task.uploadsummary]{escape_message(path)}"


def group(title: str, lines: Iterable[str]) -> list[str]:
    """A collapsible section of the log; its lines are plain text, so they are defused."""
    return [f"##[group]{defuse(title)}", *(defuse(line) for line in lines), "##[endgroup]"]


def warnings_and_result(notices: Iterable[Notice]) -> list[str]:
    """One warning line a notice, then SucceededWithIssues when there was any."""
    lines = [warning(n) for n in notices]
    if lines:
        lines.append(complete("SucceededWithIssues", "doc-context finished with warnings"))
    return lines


def for_terminal(line: str) -> str | None:
    """A line as a person at a terminal reads it (outside a pipeline): warnings as 'warning: ...', the
    agent's own commands dropped (None), a group's title kept."""
    warning_prefix = "##vso[task.logissue type=warning;]"
    if line.startswith(warning_prefix):
        return "warning: " + _unescape(line[len(warning_prefix) :])
    if line.startswith("##vso[") or line == "##[endgroup]":
        return None
    return line.removeprefix("##[group]")


def _unescape(text: str) -> str:
    for raw, escaped in reversed(_MESSAGE_ESCAPES):
        text = text.replace(escaped, raw)
    return text
