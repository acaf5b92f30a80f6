"""Jira over httpx, through Confluence's guarded client (configured origin only, no redirects, size cap, timeouts,
Retry-After, one deadline): check the credentials once, then read each cited issue once.

    check_credentials()  GET /rest/api/2/myself (Cloud serves v2 too): who the account is; a Cloud user has an
                         accountId, a Data Center one a name and key, so an unknown host's answer settles which
                         API the issues are read with
    fetch(key)           Cloud GET /rest/api/3/issue/{key}, Data Center GET /rest/api/2/issue/{key}, with
                         fields=summary,status,issuetype,description,parent,subtasks,security[,JIRA_ACCEPTANCE_FIELD]
                         and expand=renderedFields; beside it, in the same wave, GET .../issue/{key}/remotelink
                         (a Confluence page's link: object.url, titled "Wiki Page", §5)

A 404 is "not found, or the account may not see it" (Jira answers both alike, §0.2); a 401 stops every later read
(Data Center locks an account behind a CAPTCHA). Paths are built here from a key that matched links.issue_key.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import httpx

from doc_context.errors import SourceError
from doc_context.models import Clock, SignedIn
from doc_context.sources.confluence.auth import BearerAuth, basic
from doc_context.sources.confluence.guarded import Answer, ConfluenceConfig, GuardedClient
from doc_context.sources.jira.links import issue_key

__all__ = ["BearerAuth", "Issue", "JiraClient", "JiraError", "basic"]

FIELDS = ("summary", "status", "issuetype", "description", "parent", "subtasks", "security")
CREDENTIALS = (
    "check JIRA_EMAIL and JIRA_API_TOKEN (Cloud), JIRA_USERNAME and JIRA_PASSWORD or JIRA_PAT (Data Center); "
    "not retried: Data Center locks an account behind a CAPTCHA after a few failed logins"
)


class JiraError(SourceError):
    """Jira could not give an issue (or any): the message names it and what to do."""


class Rejected(JiraError):
    """The credentials failed: no further issue is asked for."""


@dataclass(frozen=True)
class Issue:
    """An issue as Jira answered it: its JSON, and the remote links' answer (None: not read)."""

    body: dict[str, Any]
    remote_links: list[dict[str, Any]] | None
    cloud: bool


class JiraClient:
    """One Jira site; `cloud` None: the credential check's answer decides."""

    def __init__(
        self,
        config: ConfluenceConfig,
        auth: httpx.Auth | None,
        *,
        acceptance_field: str = "",
        transport: httpx.BaseTransport | None = None,
        max_connections: int = 8,
        clock: Clock = time,
    ) -> None:
        self.http = GuardedClient(config, auth, transport=transport, max_connections=max_connections, clock=clock)
        self.cloud: bool | None = True if config.cloud else None if config.detect else False
        self.acceptance_field = acceptance_field
        self.rejected = ""  # a 401's message: every later read fails with it, unasked
        self._links = ThreadPoolExecutor(max_workers=max(1, max_connections), thread_name_prefix="jira-links")

    def close(self) -> None:
        self._links.shutdown(wait=False, cancel_futures=True)
        self.http.close()

    def check_credentials(self) -> SignedIn:
        answer = self.http.get("/rest/api/2/myself")
        if answer.status == 200 and isinstance(answer.body, dict):
            user = answer.body
            if self.cloud is None:
                self.cloud = bool(user.get("accountId"))
            who = str(user.get("displayName") or user.get("emailAddress") or user.get("name") or "the account")
            return SignedIn(who, self.cloud)
        raise self._refused(answer, "the credential check (/rest/api/2/myself)")

    def fetch(self, key: str) -> Issue:
        """The issue and its remote links, both asked at once."""
        if issue_key(key) != key:
            raise ValueError(f"not an issue key: {key!r}")
        if self.rejected:
            raise Rejected(self.rejected)
        cloud = bool(self.cloud)
        api = "/rest/api/3" if cloud else "/rest/api/2"
        links = self._links.submit(self.http.get, f"{api}/issue/{key}/remotelink")
        fields = ",".join((*FIELDS, self.acceptance_field) if self.acceptance_field else FIELDS)
        answer = self.http.get(f"{api}/issue/{key}", {"fields": fields, "expand": "renderedFields"})
        if answer.status != 200 or not isinstance(answer.body, dict):
            links.cancel()
            raise self._refused(answer, f"issue {key}")
        try:
            remote = links.result()
        except SourceError:
            remote = None
        listed = remote.body if remote is not None and remote.status == 200 and isinstance(remote.body, list) else None
        return Issue(answer.body, [r for r in listed if isinstance(r, dict)] if listed is not None else None, cloud)

    def _refused(self, answer: Answer, what: str) -> JiraError:
        detail = _message(answer)
        if answer.status == 401:
            self.rejected = f"Jira rejected the credentials (HTTP 401{detail}) reading {what}; {CREDENTIALS}"
            return Rejected(self.rejected)
        if answer.status == 403:
            captcha = "CAPTCHA" in answer.headers.get("x-authentication-denied-reason", "")
            if captcha:
                self.rejected = (
                    f"Jira asks for a CAPTCHA before it signs this account in again (HTTP 403) reading {what}: sign "
                    "in once in a browser, or use a JIRA_PAT; nothing more is asked of Jira this run"
                )
                return Rejected(self.rejected)
            return JiraError(
                f"Jira refused {what} (HTTP 403{detail}): the account lacks the permission to browse it, or a scoped "
                "API token lacks read:jira-work (or read:issue:jira and read:issue-security-level:jira)"
            )
        if answer.status == 404:
            return JiraError(
                f"Jira has no {what} that the account may see (HTTP 404{detail}): check the key, and that the "
                "account has Browse projects on its project (and its issue security level)"
            )
        if 300 <= answer.status < 400:
            where = answer.headers.get("location", "")
            return JiraError(f"Jira redirected {what} elsewhere ({where or 'no location'}); not followed: set JIRA_URL")
        if answer.status == 200:
            return JiraError(f"Jira answered {what} with something that is not JSON")
        return JiraError(f"Jira answered HTTP {answer.status}{detail} for {what}")


def _message(answer: Answer) -> str:
    """Jira's own words, when its body has them: errorMessages (v2/v3), or Cloud's 401 {"message": ...}."""
    body = answer.body
    if not isinstance(body, dict):
        return ""
    said = body.get("errorMessages")
    words = [str(m) for m in said if m] if isinstance(said, list) else []
    if not words and isinstance(body.get("message"), str):
        words = [body["message"]]
    text = "; ".join(words)[:200]
    return f": {text}" if text else ""
