"""The fake Jira's answers, shaped as Atlassian's published schemas say (tests/data/jira-spec: IssueBean, StatusDetails,
IssueTypeDetails, SecurityLevel, RemoteIssueLink, User, ServerInformation) and, where the published examples are
synthetic, as real sites answered (../shared/reference/jira.md §3.1, §3.3, §5): what FakeJira (jira.py) mixes in."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import Any

from .jira_render import adf_html, adf_wiki, wiki_html

CATEGORIES = {  # recorded on real sites (§3.1), not the published example's in-flight/completed
    "new": (2, "To Do", "blue-gray"),
    "indeterminate": (4, "In Progress", "yellow"),
    "done": (3, "Done", "green"),
}
RICH = ("description",)


@dataclass
class JiraUser:
    name: str  # Cloud: the email; Data Center: the username
    secret: str  # Cloud: an API token; Data Center: a password
    display_name: str = ""
    pat: str = ""  # Data Center: a personal access token (Bearer)
    account_id: str = "5b10ac8d82e05b22cc7d4ef5"
    levels: frozenset[str] = frozenset()  # the issue security levels it may see


@dataclass
class FakeIssue:
    key: str
    id: str
    summary: str
    type: str = "Story"
    status: str = "In Progress"
    category: str = "indeterminate"
    description: object = None  # Cloud: an ADF document; Data Center: wiki markup
    subtasks: tuple[str, ...] = ()
    parent: str = ""
    security: str = ""  # an issue security level's name
    custom: dict[str, object] = field(default_factory=dict)  # customfield_NNNNN -> ADF / wiki markup / value
    remote_links: tuple[str, ...] = ()  # URLs of Confluence pages linked to it


class JiraShapes:
    """Mixed into FakeJira, whose site, mode, users and issues it reads."""

    mode: str
    _users: list[JiraUser]
    _issues: dict[str, FakeIssue]
    _state: threading.RLock

    @property
    def cloud(self) -> bool:
        return self.mode == "cloud"

    @property
    def site_url(self) -> str:
        raise NotImplementedError

    def _api(self, version: str) -> str:
        return f"{self.site_url}/rest/api/{version}"

    def _server_info(self) -> dict[str, Any]:
        if self.cloud:
            return {
                "baseUrl": self.site_url,
                "version": "1001.0.0-SNAPSHOT",
                "versionNumbers": [1001, 0, 0],
                "deploymentType": "Cloud",
                "buildNumber": 100280,
                "serverTitle": "Jira",
            }
        return {
            "baseUrl": self.site_url,
            "version": "9.12.2",
            "versionNumbers": [9, 12, 2],
            "deploymentType": "Server",
            "buildNumber": 9120002,
            "serverTitle": "Jira",
        }

    def _user_json(self, user: JiraUser, version: str) -> dict[str, Any]:
        if self.cloud:
            return {
                "self": f"{self._api(version)}/user?accountId={user.account_id}",
                "accountId": user.account_id,
                "accountType": "atlassian",
                "emailAddress": user.name,
                "displayName": user.display_name,
                "active": True,
                "timeZone": "Europe/Amsterdam",
                "locale": "en_US",
            }
        return {  # Data Center: name and key instead of accountId (§2.1, shape unverified)
            "self": f"{self._api(version)}/user?username={user.name}",
            "key": f"JIRAUSER{10000 + self._users.index(user)}",
            "name": user.name,
            "emailAddress": f"{user.name}@example.com",
            "displayName": user.display_name,
            "active": True,
            "timeZone": "Europe/Amsterdam",
        }

    def _status(self, issue: FakeIssue, version: str) -> dict[str, Any]:
        cid, cname, color = CATEGORIES[issue.category]
        return {
            "self": f"{self._api(version)}/status/{cid}",
            "description": "",
            "iconUrl": f"{self.site_url}/images/icons/statuses/generic.png",
            "name": issue.status,
            "id": str(cid),
            "statusCategory": {
                "self": f"{self._api(version)}/statuscategory/{cid}",
                "id": cid,
                "key": issue.category,
                "colorName": color,
                "name": cname,
            },
        }

    def _type(self, issue: FakeIssue, version: str) -> dict[str, Any]:
        kind = {"Story": "10001", "Bug": "10004", "Task": "10002", "Sub-task": "10003", "Epic": "10000"}.get(
            issue.type, "10005"
        )
        found = {
            "self": f"{self._api(version)}/issuetype/{kind}",
            "id": kind,
            "description": "",
            "iconUrl": f"{self.site_url}/rest/api/2/universal_avatar/view/type/issuetype/avatar/{kind}?size=medium",
            "name": issue.type,
            "subtask": issue.type == "Sub-task",
            "avatarId": int(kind),
        }
        if self.cloud:
            found["hierarchyLevel"] = -1 if issue.type == "Sub-task" else 1 if issue.type == "Epic" else 0
        return found

    def _brief(self, key: str, version: str) -> dict[str, Any] | None:
        """An issue as subtasks and parent list it: id, key, self and four fields (§3.1)."""
        with self._state:
            issue = self._issues.get(key)
        if issue is None:
            return None
        priority = {
            "self": f"{self._api(version)}/priority/3",
            "iconUrl": f"{self.site_url}/images/icons/priorities/medium.svg",
            "name": "Medium",
            "id": "3",
        }
        fields = {
            "summary": issue.summary,
            "status": self._status(issue, version),
            "priority": priority,
            "issuetype": self._type(issue, version),
        }
        return {"id": issue.id, "key": issue.key, "self": f"{self._api(version)}/issue/{issue.id}", "fields": fields}

    def _rich(self, value: object, version: str) -> object:
        if isinstance(value, dict) and version != "3":
            return adf_wiki(value)  # Cloud's v2: the same text as wiki markup
        return value

    def _issue_json(self, issue: FakeIssue, version: str, query: Any) -> dict[str, Any]:
        every: dict[str, object] = {
            "summary": issue.summary,
            "status": self._status(issue, version),
            "issuetype": self._type(issue, version),
            "description": self._rich(issue.description, version),
            "subtasks": [b for k in issue.subtasks if (b := self._brief(k, version)) is not None],
            "security": {
                "self": f"{self._api(version)}/securitylevel/10101",
                "id": "10101",
                "description": "",
                "name": issue.security,
            }
            if issue.security
            else None,
            **{k: self._rich(v, version) for k, v in issue.custom.items()},
        }
        if issue.parent:
            every["parent"] = self._brief(issue.parent, version)
        asked = [f for f in str(query.get("fields", "*all")).split(",") if f]
        fields = every if "*all" in asked or "*navigable" in asked else {k: v for k, v in every.items() if k in asked}
        body: dict[str, Any] = {
            "expand": "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
            "id": issue.id,
            "self": f"{self._api(version)}/issue/{issue.id}",
            "key": issue.key,
            "fields": fields,
        }
        if "renderedFields" in str(query.get("expand", "")).split(","):
            body["renderedFields"] = {k: self._rendered(v) for k, v in fields.items() if k in RICH or k in issue.custom}
        return body

    def _rendered(self, value: object) -> object:
        if isinstance(value, dict):
            return adf_html(value)
        if isinstance(value, str):
            return wiki_html(value)
        return value

    def _remote_link(self, issue: FakeIssue, index: int, url: str, version: str) -> dict[str, Any]:
        """A Confluence page linked to the issue, as twinfield.atlassian.net answered it (§5): titled "Wiki Page"."""
        link_id = 32279 + index
        page = re.search(r"pageId=(\d+)", url)
        return {
            "id": link_id,
            "self": f"{self._api(version)}/issue/{issue.key}/remotelink/{link_id}",
            "globalId": f"appId=f980efca-3786-3977-8bc8-c4537ac97a5a&pageId={page.group(1) if page else index}",
            "application": {"type": "com.atlassian.confluence", "name": "System Confluence"},
            "relationship": "Wiki Page",
            "object": {"url": url, "title": "Wiki Page", "icon": {}, "status": {"icon": {}}},
        }
