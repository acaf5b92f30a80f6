"""Pure: summaries -> the one PR comment, and the plan to publish it."""
