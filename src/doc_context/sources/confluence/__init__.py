"""Confluence, a document source: one package, declared once (settings.py) and registered in registry.py.

client.py        the pages, read by id, by title, a space's home (REST v1 and v2) and their restrictions
guarded.py       the guarded GET: the configured origin only, no redirects, a size cap, timeouts, a deadline
auth.py          the credential check once (scoped tokens, Cloud or Data Center) and the scopes
restrictions.py  a page's view restrictions, its own and its ancestors'
links.py         its one link parser (pure: tests/test_layers.py holds it so): a URL -> the page it names
pages.py         gather.DocumentSource: its citations (links.py), its reads, its
                 audience rule, what its reads tell the log and `doc-context check`
audience.py      its audience rule: a page with view restrictions, or in a title-only space, by title only
settings.py      the edge: its settings, how a run opens it, its declaration (settings/source.py)
"""
