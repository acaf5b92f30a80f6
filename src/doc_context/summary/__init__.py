"""Pure: work items and pages -> summaries ranked against the PR's changes."""
