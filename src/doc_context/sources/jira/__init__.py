"""Jira issues, a document source in one package (Cloud, REST v3; Data Center, REST v2).

links.py     its one link parser, pure: /browse/ links on JIRA_URL, bare keys of JIRA_PROJECTS
markup.py    a rich-text field (rendered HTML, ADF or wiki markup) -> markdown
client.py    the credential check and each issue's read, over Confluence's guarded client
issue.py     an issue's JSON -> the Page the comment shows; its audience rule (issue security)
pages.py     the DocumentSource: what it cites, reads and tells the log and `check`
settings.py  the package's edge: its settings, how a run opens it, its declaration
"""
