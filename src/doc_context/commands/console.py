"""How every command prints: each line masked, in the admin's words when run by the task, and outside a pipeline
its logging commands as plain lines. Where it is in a pipeline is read from settings/ on the first line printed."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from doc_context import pipeline_log
from doc_context.commands import StepFailed
from doc_context.errors import first_line
from doc_context.models import Clock, Notice
from doc_context.text.masking import mask

if TYPE_CHECKING:
    from doc_context.settings import Settings

Printer = Callable[[str], None]


@dataclass
class Console:
    """out: stdout; log: where the log goes (stdout, or stderr when stdout carries the command's output); clock:
    what the command's waits between tries go by (models.Clock: a test's fake one makes them instant)."""

    out: Printer
    log: Printer
    secrets: list[str] = field(default_factory=list)
    clock: Clock = time

    @cached_property
    def in_pipeline(self) -> bool:
        try:  # the settings are slow to import: not for --help
            from doc_context.settings.environment import in_pipeline
        except ImportError:  # a broken install: its traceback still prints, as plain lines
            return False
        return in_pipeline()

    @cached_property
    def _admins_words(self) -> Callable[[str], str]:
        """Run by the DocContext task: each setting's environment name becomes the input the admin typed."""
        from doc_context.settings.environment import task_input_names

        names = task_input_names()
        if not names:
            return lambda line: line
        pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(re.escape(n) for n in names) + r")(?![A-Za-z0-9_])")
        return lambda line: pattern.sub(lambda m: names[m.group(1)], line)

    def emit(self, line: str) -> None:
        """A line of ours for the log."""
        self.plain(self._admins_words(line))

    def plain(self, line: str) -> None:
        """A text that is not ours (the comment) for the log: masked, and never in the admin's words."""
        shown = mask(line, self.secrets) if self.in_pipeline else pipeline_log.for_terminal(mask(line, self.secrets))
        if shown is not None:
            self.log(shown)

    def output(self, text: str) -> None:
        """The command's output on stdout, masked."""
        self.out(mask(text, self.secrets))

    def keep_secret(self, settings: Settings) -> None:
        """The settings' secrets are masked from now on; in a pipeline the agent masks them too (setsecret)."""
        self.secrets += settings.secrets()
        if settings.tf_build:
            for secret in settings.secrets():
                self.log(pipeline_log.set_secret(secret))

    def failed(self, message: str, code: int) -> int:
        """The error, once; in a pipeline as an error issue, then the step's result with its first line, last."""
        if self.in_pipeline:
            self.emit(pipeline_log.error(message))
            self.emit(pipeline_log.complete("Failed", first_line(message, limit=len(message)) or "doc-context failed"))
        else:
            self.emit(f"doc-context: {message}")
        return code

    def warnings_and_result(self, notices: tuple[Notice, ...], fail_on_warning: bool) -> None:
        """The run's warnings and the step's result; with fail_on_warning and warnings, a StepFailed instead."""
        lines = pipeline_log.warnings_and_result(notices)
        failing = fail_on_warning and notices
        for line in lines[:-1] if failing else lines:  # failing: its own result instead of SucceededWithIssues
            self.emit(line)
        if failing:
            raise StepFailed(f"failing the step on {len(notices)} warnings (DOC_CONTEXT_FAIL_ON_WARNING is on)")
