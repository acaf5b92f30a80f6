"""The only network code: Azure DevOps (SDK), Confluence (httpx), the LLM (the change is
read in change/read.py)."""
