"""An agent that runs a job's steps as the Azure Pipelines agent does, for the steps azure_template.py expands.

Run time, as the agent runs a job's steps: a step's `condition` (default `succeeded()`), `$(macro)` in its
inputs and env (an undefined one stays literal), every non-secret variable in the environment (Build.Reason as
BUILD_REASON), `script:` in bash, PythonScript@0's inline script in the `python` on PATH, and the logging
commands a step prints: `task.setvariable` for the later steps (`isOutput=true`: as $(stepName.variable)),
`task.complete` for its result, `artifact.upload` recorded in `artifacts` (artifact name -> the paths given).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .azure_template import FUNCTIONS, TemplateError, evaluate, text, truthy

MACRO = re.compile(r"\$\(([\w.\- ]+)\)")


def env_name(variable: str) -> str:
    """A variable's environment name: Build.Reason -> BUILD_REASON."""
    return re.sub(r"[. ]", "_", variable).upper()


@dataclass
class Step:
    name: str
    result: str  # Succeeded, Failed, Skipped
    output: str = ""


@dataclass
class Agent:
    """Runs a job's steps as the agent does; variables (by any spelling) are the pipeline's, secrets too but
    never in the environment, only through $(macros)."""

    variables: dict[str, str]
    secrets: dict[str, str] = field(default_factory=dict)
    base_env: dict[str, str] = field(default_factory=dict)
    workdir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="agent-")))
    cwd: Path | None = None  # where steps run (the checkout); the workdir when None
    timeout: float = 180
    log: list[Step] = field(default_factory=list)
    artifacts: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.variables = {env_name(k): v for k, v in self.variables.items()}
        self.secrets = {env_name(k): v for k, v in self.secrets.items()}

    def run(self, steps: list[dict[str, Any]]) -> list[Step]:
        for step in steps:
            self.log.append(self._step(step))
        return self.log

    def failed(self) -> bool:
        return any(s.result == "Failed" for s in self.log)

    def _condition(self, condition: str) -> bool:
        status = "Failed" if self.failed() else "Succeeded"
        functions = FUNCTIONS | {
            "succeeded": lambda: status == "Succeeded",
            "failed": lambda: status == "Failed",
            "succeededOrFailed": lambda: True,
            "always": lambda: True,
            "canceled": lambda: False,
        }
        return truthy(evaluate(condition, {"variables": _Folded(self.variables)}, functions))

    def _macros(self, value: Any) -> str:
        known = {**self.variables, **self.secrets}
        return MACRO.sub(lambda m: known.get(env_name(m.group(1)), m.group(0)), text(value))

    def _step(self, step: dict[str, Any]) -> Step:
        name = str(step.get("displayName") or step.get("task") or step.get("script") or step.get("checkout"))
        if not self._condition(str(step.get("condition", "succeeded()"))):
            return Step(name, "Skipped")
        env = {**self.base_env, **self.variables, **{k: self._macros(v) for k, v in (step.get("env") or {}).items()}}
        inputs = {k: self._macros(v) for k, v in (step.get("inputs") or {}).items()}
        task = str(step.get("task", ""))
        if "checkout" in step or task.startswith("UsePythonVersion@"):
            return Step(name, "Succeeded")  # the checkout and the agent's Python are the test's own
        output = str(step.get("name", ""))
        if "script" in step:
            path = self._write("script.sh", self._macros(step["script"]))
            return self._process(name, ["bash", "--noprofile", "--norc", str(path)], env, output)
        if task.startswith("PythonScript@") and inputs.get("scriptSource") == "inline":
            path = self._write("script.py", inputs["script"])
            return self._process(name, ["python", str(path)], env, output)
        raise TemplateError(f"the test agent does not run {step}")

    def _write(self, name: str, content: str) -> Path:
        path = self.workdir / f"{len(self.log)}-{name}"
        path.write_text(content, encoding="utf-8")
        return path

    def _process(self, name: str, args: list[str], env: dict[str, str], output: str = "") -> Step:
        done = subprocess.run(
            args,
            env=env,
            cwd=self.cwd or self.workdir,
            capture_output=True,
            text=True,
            timeout=self.timeout,
            check=False,
        )
        result = "Succeeded" if done.returncode == 0 else "Failed"
        for line in done.stdout.splitlines():
            command = re.match(r"^.*?##vso\[(task\.\w+|artifact\.upload)([^\]]*)\](.*)$", line)
            if not command:
                continue
            verb, properties, message = command.groups()
            props = dict(p.split("=", 1) for p in properties.strip().split(";") if "=" in p)
            if verb == "task.setvariable":
                is_output = props.get("isOutput", "").lower() == "true"
                variable = f"{output}.{props['variable']}" if is_output and output else props["variable"]
                self.variables[env_name(variable)] = message
            elif verb == "artifact.upload":
                self.artifacts.setdefault(props.get("artifactname", ""), []).append(message)
            elif verb == "task.complete" and props.get("result") == "Failed":
                result = "Failed"
        return Step(name, result, done.stdout + done.stderr)


class _Folded(dict):  # type: ignore[type-arg]
    """variables['Build.Reason']: found by any spelling of the name."""

    def __contains__(self, key: object) -> bool:
        return True

    def get(self, key: Any, default: Any = None) -> Any:
        return super().get(env_name(str(key)), "" if default is None else default)

    def __getitem__(self, key: Any) -> Any:
        return self.get(key)


def shim_python(directory: Path, python: str, *flags: str) -> Path:
    """A `python` on a PATH of its own that runs the given interpreter (with flags: -S hides its packages)."""
    directory.mkdir(parents=True, exist_ok=True)
    shim = directory / "python"
    shim.write_text(f'#!/bin/sh\nexec "{python}" {" ".join(flags)} "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    return directory


def path_with(directory: Path) -> str:
    return f"{directory}{os.pathsep}{os.environ.get('PATH', '')}"
