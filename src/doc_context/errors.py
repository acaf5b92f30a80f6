"""The errors doc-context raises on purpose.

DocContextError            anything we expect and can explain in one line (exit 1)
├── ConfigError            a setting is missing or invalid (exit 2)
├── SourceError            the pull request or its work items cannot be read
│   └── ConfluenceError    Confluence failed (a warning, unless nothing else is left)
└── PublishError           the comment could not be posted
"""

from __future__ import annotations


def first_line(message: str, limit: int = 200) -> str:
    """The first line of a message from a library or a tool, cut at limit characters."""
    lines = message.strip().splitlines()
    return lines[0][:limit] if lines else ""


class DocContextError(Exception):
    """An expected failure, with a message that says what to do."""

    exit_code = 1


class ConfigError(DocContextError):
    exit_code = 2


class SourceError(DocContextError):
    pass


class ConfluenceError(SourceError):
    pass


class PublishError(DocContextError):
    def __init__(self, message: str, *, ambiguous: bool = False) -> None:
        super().__init__(message)
        self.ambiguous = ambiguous  # the write may have happened: look before writing again
