"""What the entry reads from the environment before the settings load (a bad setting must still be reported in
the pipeline's words): whether it runs in a pipeline, and the names of the task's inputs.

Each is read as the settings read it: TF_BUILD through RunSettings' own field, so `doc-context` and a run agree.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from pydantic import ValidationError

from doc_context.settings.run import RunSettings

TASK_INPUTS = "DOC_CONTEXT_TASK_INPUTS"  # set by the DocContext task: {"CONFLUENCE_URL": "confluenceUrl", ...}


def in_pipeline(environ: Mapping[str, str] | None = None) -> bool:
    """TF_BUILD as the settings parse it ("true", "True", "1", "yes" ...); a value they refuse is no pipeline."""
    value = (os.environ if environ is None else environ).get("TF_BUILD")
    if value is None:
        return False
    try:
        return RunSettings.model_validate({"TF_BUILD": value}).tf_build
    except ValidationError:
        return False


def task_input_names(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Run by the DocContext task: each setting's environment name -> the input the admin typed; else {}."""
    text = (os.environ if environ is None else environ).get(TASK_INPUTS, "")
    try:
        names = json.loads(text) if text else {}
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) else {}
