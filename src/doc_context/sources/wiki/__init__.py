"""The Azure DevOps wiki, a document source: one package, declared once (settings.py) and registered in registry.py.

links.py      its one link parser (pure: tests/test_layers.py holds it so): the wiki's links on this organization
pages.py      gather.DocumentSource: its citations (links.py), its reads through the
              SDK's wiki client, its audience rule, what its reads tell the log and `doc-context check`
settings.py   the edge: how a run opens it (the Azure DevOps credential; no settings of its own), its declaration
"""
