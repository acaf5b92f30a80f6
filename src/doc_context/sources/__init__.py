"""The only network code: Azure DevOps (SDK), Confluence (httpx), the checkout's diff, the LLM."""
