"""What the fault matrix saw, for its summary line at the end of the test run."""

from dataclasses import dataclass


@dataclass
class Tally:
    injected: int = 0
    ended_well: int = 0
    duplicates: int = 0
    burst: str = ""  # the load test's line: runs, 429s, wall time


TALLY = Tally()
