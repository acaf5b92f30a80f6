"""Pure: a pull request's web address -> the PR to work on (`doc-context context --pr URL`, the MCP tool).

    https://dev.azure.com/{org}/{project}/_git/{repo}/pullrequest/{id}
    https://{org}.visualstudio.com[/DefaultCollection]/{project}/_git/{repo}/pullrequest/{id}
    https://{server}[:port][/tfs]/{collection}/{project}/_git/{repo}/pullrequest/{id}      (Azure DevOps Server)

It reads back what summary/prlinks.pull_request_url writes. Anything after the id (`/overview`, `?_a=files`,
`#…`) is ignored. A repository named like its project
drops the project (`https://dev.azure.com/{org}/_git/{repo}/pullrequest/{id}`), as the web portal writes
it. Names are percent-decoded (`Fabrikam%20Fiber` is the project "Fabrikam Fiber"); the organization URL
keeps its path as written. Where the organization ends and the project starts is text/orgurl.py's rule.
Whether http:// is allowed is the settings' rule (loopback only), checked where the URL becomes a setting.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from doc_context.errors import ConfigError
from doc_context.models import PullRequestRef
from doc_context.text.orgurl import split_collection

EXPECTED = "https://dev.azure.com/{organization}/{project}/_git/{repository}/pullrequest/{id}"
_ID = re.compile(r"[0-9]{1,10}")
MAX_ID = 2**31 - 1  # an Int32, as the REST API types it
_SHOWN = 120
_UNNAMEABLE = re.compile(r"[/\\\x00-\x1f\x7f]")  # a separator or a control character


def parse_pull_request_url(url: str) -> PullRequestRef:
    """The organization URL, project, repository and id in a PR's web address, or a one-line ConfigError."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        host = (parts.hostname or "").lower()
        port = parts.port
    except ValueError:  # a bad port or IPv6 literal
        raise _error(text, "it is not a URL") from None
    netloc = (f"[{host}]" if ":" in host else host) + (f":{port}" if port else "")
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise _error(text, "it is not an http(s) address")
    segments = parts.path.split("/")[1:]
    marker = next((i for i, s in enumerate(segments) if s.lower() == "_git"), None)
    if marker is None:
        raise _error(text, "it has no /_git/{repository}/ (is it a pull request's page?)")
    after = segments[marker + 1 :]
    if len(after) < 3 or after[1].lower() != "pullrequest" or not after[0]:
        raise _error(text, "it has no /pullrequest/{id} after the repository")
    if not _ID.fullmatch(after[2]) or not 0 < int(after[2]) <= MAX_ID:
        raise _error(text, f"{after[2][:20]!r} is not a pull request id (a whole number, 1 or more)")
    repository = _name(text, after[0], "repository")
    try:
        collection, project = split_collection(host, segments[:marker])
    except ValueError as e:
        raise _error(text, str(e)) from None
    org_url = f"{parts.scheme.lower()}://{netloc}" + "".join(f"/{s}" for s in collection)
    project_name = _name(text, project, "project") if project else repository
    return PullRequestRef(org_url, project_name, repository, int(after[2]))


def _name(text: str, raw: str, what: str) -> str:
    """A name as written in the path, percent-decoded (UTF-8), or a ConfigError when it cannot be one."""
    try:
        name = unquote(raw, errors="strict")
    except UnicodeDecodeError:
        raise _error(text, f"its {what} name is not percent-encoded UTF-8") from None
    if not name.strip() or _UNNAMEABLE.search(name):
        raise _error(text, f"its {what} name {name[:40]!r} is not one Azure DevOps allows")
    return name


def _error(url: str, why: str) -> ConfigError:
    """One line that names what is wrong and the expected form; never the user info of the URL given."""
    shown = re.sub(r"(?<=//)[^/@]*@", "", url)
    shown = shown if len(shown) <= _SHOWN else shown[: _SHOWN - 1] + "…"
    return ConfigError(f"{shown!r} is not a pull request's web address: {why}; expected {EXPECTED}")
