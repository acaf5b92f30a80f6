"""doc-context: business context for Azure DevOps pull requests."""
