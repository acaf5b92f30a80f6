"""The run's defaults, one constant each: the settings declare them (settings/run.py), and the run and the
document sources fall back on them when built without settings (tests, benchmarks)."""

DEADLINE = 300.0  # seconds a whole run may take (DOC_CONTEXT_DEADLINE)
CONCURRENCY = 8  # requests to Azure DevOps in flight at once (DOC_CONTEXT_CONCURRENCY)
MAX_PAGES = 25  # pages read in one run from each document source (DOC_CONTEXT_MAX_PAGES)
PARENT_DEPTH = 1  # levels of parents shown (DOC_CONTEXT_PARENT_DEPTH)
