"""The context document for AI reviewers: what a run read and summarized, as JSON, audience rules applied (pure)."""
