"""doc-context: business context for Azure DevOps pull requests."""

__version__ = "0.1.0"
