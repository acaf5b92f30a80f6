"""The one golden mechanism: a whole output compared byte for byte with tests/golden/NAME.

Regenerate after an intended change with `UPDATE_GOLDEN=1 python -m pytest -q`, then read the diff of
tests/golden/ before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def assert_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"tests/golden/{name} differs; UPDATE_GOLDEN=1 regenerates it"
