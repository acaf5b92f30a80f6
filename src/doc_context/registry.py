"""The document sources, registered in one place. Each is one package under sources/ that declares itself
(settings/source.py: its name, title, section, settings and how a run opens it); what the platform needs elsewhere
is generated from these declarations (scripts/task_json.py). A new source is its package, one entry here and its
settings model among Settings' bases; tests/test_document_sources.py proves it with a toy source.
"""

from __future__ import annotations

from doc_context.settings.source import DeclaredSource, Opener
from doc_context.sources.confluence.settings import CONFLUENCE
from doc_context.sources.jira.settings import JIRA
from doc_context.sources.wiki.settings import WIKI

__all__ = ["SOURCES", "DeclaredSource", "Opener"]

SOURCES: tuple[DeclaredSource, ...] = (CONFLUENCE, WIKI, JIRA)
