"""A fake Jira (Cloud or Data Center) on loopback, answering the REST calls our client makes, shaped by Atlassian's
published schemas (tests/data/jira-spec: IssueBean, RemoteIssueLink, User, ...) and by the real answers recorded in
../shared/reference/jira.md where the published examples are synthetic (§3.3: `subtasks` is a list of issues, not
the example's `sub-tasks` links; status categories new/indeterminate/done with ids 2/4/3).

    jira = FakeJira("cloud")                    # REST v3 (ADF) and v2 (wiki markup); Basic email:api_token
    jira.add_user("dev@fabrikam.example", "jira-token", display_name="Dev")
    jira.add_issue("PAY-481", "Receipt emails", description=adf_doc, subtasks=("PAY-482",))
    FakeJira("datacenter", context_path="/jira")   # REST v2 only; Basic user:password or Bearer PAT

Get issue honours `fields` and expand=renderedFields (jira_render.py); a key is found ignoring case, a moved key
answers with the issue's new key (S1: "a 302 or other redirect is not returned"); a missing issue and one the
caller may not see (its security level) are the same 404, in each mode's words (§2.1). /browse/KEY is a browser
path: it answers 302, and our client must never request it.
"""

from __future__ import annotations

import base64
import binascii
import re
import threading
from typing import Any, Literal

from .jira_shapes import FakeIssue, JiraShapes, JiraUser
from .server import RecordingServer, Reply, Request

Mode = Literal["cloud", "datacenter"]
NOT_FOUND = {
    "cloud": "Issue does not exist or you do not have permission to see it.",  # jenkinsci/jira-plugin#1166
    "datacenter": "Issue Does Not Exist",  # gnl42/JiraConnector#45 (Jira 9.0)
}
CLOUD_401 = {"message": "Client must be authenticated to access this resource.", "status-code": 401}
CLOUD_BEARER_403 = {"error": "Failed to parse Connect Session Auth Token"}
_API = re.compile(r"/rest/api/(2|3|latest)(/.*)$")


class FakeJira(JiraShapes, RecordingServer):
    """One Jira site: users and issues in memory, REST v2 (and v3 on Cloud)."""

    def __init__(self, mode: Mode = "cloud", *, context_path: str = "", host: str = "127.0.0.1", port: int = 0) -> None:
        super().__init__(host, port)
        if mode not in ("cloud", "datacenter"):
            raise ValueError(f"mode is 'cloud' or 'datacenter', not {mode!r}")
        self.mode = mode
        self.context_path = context_path.rstrip("/")
        self._users: list[JiraUser] = []
        self._issues: dict[str, FakeIssue] = {}
        self._moved: dict[str, str] = {}
        self._state = threading.RLock()

    @property
    def site_url(self) -> str:
        """JIRA_URL: the site root (its /browse/KEY links)."""
        return self.origin + self.context_path

    def add_user(
        self, name: str, secret: str, *, display_name: str = "", pat: str = "", levels: tuple[str, ...] = ()
    ) -> None:
        with self._state:
            self._users.append(JiraUser(name, secret, display_name or name, pat, levels=frozenset(levels)))

    def add_issue(self, key: str, summary: str, **details: Any) -> FakeIssue:
        with self._state:
            issue = FakeIssue(key.upper(), str(10000 + len(self._issues)), summary, **details)
            self._issues[issue.key] = issue
            return issue

    def move(self, old: str, new: str) -> None:
        with self._state:
            self._moved[old.upper()] = new.upper()

    def reset(self) -> None:
        with self._state:
            self._users.clear()
            self._issues.clear()
            self._moved.clear()
        self.clear()
        self.clear_faults()

    def fault_reply(self, status: int) -> Reply:
        return Reply.json({"errorMessages": [f"injected {status}"], "errors": {}}, status)

    # -- answering
    def handle_request(self, request: Request) -> Reply:
        path = request.path
        if self.context_path and path.startswith(self.context_path + "/"):
            path = path[len(self.context_path) :]
        if path.startswith("/browse/"):
            return Reply(302, {"Location": self.site_url + "/login.jsp?os_destination=" + path}, b"")
        api = _API.match(path)
        if request.method != "GET" or api is None:
            return Reply.text("Not Found", 404)
        version, rest = api.group(1), api.group(2)
        if version == "3" and not self.cloud:
            return Reply.text("Not Found", 404)  # Data Center has no REST v3 (§1, unverified; 404 here)
        if rest == "/serverInfo":
            return Reply.json(self._server_info())
        user = self._authenticate(request)
        if isinstance(user, Reply):
            return user
        if rest == "/myself":
            return Reply.json(self._user_json(user, version))
        issue_route = re.fullmatch(r"/issue/([^/]+)(/remotelink)?", rest)
        if issue_route is None:
            return Reply.text("Not Found", 404)
        issue = self._visible(issue_route.group(1), user)
        if issue is None:
            return Reply.json({"errorMessages": [NOT_FOUND[self.mode]], "errors": {}}, 404)
        if issue_route.group(2):
            return Reply.json([self._remote_link(issue, i, url, version) for i, url in enumerate(issue.remote_links)])
        return Reply.json(self._issue_json(issue, version, request.query))

    def _authenticate(self, request: Request) -> JiraUser | Reply:
        scheme, _, value = request.headers.get("Authorization", "").partition(" ")
        scheme = scheme.lower()
        with self._state:
            if scheme == "basic":
                try:
                    name, _, secret = base64.b64decode(value.strip(), validate=True).decode().partition(":")
                except (binascii.Error, UnicodeDecodeError):
                    name, secret = "", ""
                found = next((u for u in self._users if u.name == name and u.secret == secret), None)
            elif scheme == "bearer" and self.cloud:
                return Reply.json(CLOUD_BEARER_403, 403)
            elif scheme == "bearer":
                found = next((u for u in self._users if u.pat and u.pat == value.strip()), None)
            else:
                found = None
        if found is not None:
            return found
        if self.cloud:  # atlassian/gajira-login#59, jira-node/node-jira-client#255
            headers = {
                "WWW-Authenticate": 'OAuth realm="https%3A%2F%2Fexample.atlassian.net"',
                "X-Seraph-LoginReason": "AUTHENTICATED_FAILED",
            }
            return Reply.json(CLOUD_401, 401, headers)
        html = (
            "<html><body><h1>Unauthorized (401)</h1>"
            "<p>Basic Authentication Failure - Reason : AUTHENTICATED_FAILED</p></body></html>"
        )
        return Reply.text(html, 401, "text/html;charset=UTF-8", {"X-Seraph-LoginReason": "AUTHENTICATED_FAILED"})

    def _visible(self, asked: str, user: JiraUser) -> FakeIssue | None:
        with self._state:
            key = self._moved.get(asked.upper(), asked.upper())
            issue = self._issues.get(key)
        if issue is None or (issue.security and issue.security not in user.levels):
            return None
        return issue
