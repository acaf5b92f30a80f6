"""Loopback fakes of Azure DevOps (its wiki too), Confluence and Jira, seeded with a demo PR: the demo and the tests
use them.

with Sandbox() as sandbox:
    env = sandbox.env()          # the pipeline variables a run needs
    ... run doc-context with env ...
    sandbox.ado.threads(sandbox.info.pr_id), sandbox.confluence.requests()
"""

from __future__ import annotations

import ssl
from urllib.parse import quote

from .ado import FakeAzureDevOps
from .confluence import FakeConfluence
from .jira import FakeJira
from .seed import DemoInfo, seed_demo
from .seed_jira import ACCEPTANCE_FIELD, ISSUE, PROJECTS, seed_jira
from .seed_jira import EMAIL as JIRA_EMAIL
from .seed_jira import TOKEN as JIRA_TOKEN
from .server import RecordingServer, Reply, Request

__all__ = [
    "DemoInfo",
    "FakeAzureDevOps",
    "FakeConfluence",
    "FakeJira",
    "RecordingServer",
    "Reply",
    "Request",
    "Sandbox",
    "seed_demo",
]


class Sandbox:
    """A FakeAzureDevOps (with the project wiki), a Cloud FakeConfluence and a Cloud FakeJira, seeded with the demo
    and served while open. The pull request's description names one Jira issue (PAY-481) by its bare key."""

    def __init__(
        self,
        *,
        org: str = "fabrikam",
        ado_port: int = 0,
        confluence_port: int = 0,
        jira_port: int = 0,
        ado_tls: ssl.SSLContext | None = None,
    ) -> None:
        self.ado = FakeAzureDevOps(org, port=ado_port, tls=ado_tls)
        try:
            self.confluence = FakeConfluence("cloud", port=confluence_port)
        except OSError:
            self.ado.close()
            raise
        try:
            self.jira = FakeJira("cloud", port=jira_port)
        except OSError:
            self.ado.close()
            self.confluence.close()
            raise
        self.info = seed_demo(self.ado, self.confluence)
        seed_jira(self.jira, f"{self.confluence.api_base}/pages/viewpage.action?pageId={self.info.policy_page_id}")
        self.ado.pull_request(self.info.pr_id).description += f"\n\nJira: {ISSUE}"

    def start(self) -> Sandbox:
        self.ado.start()
        self.confluence.start()
        self.jira.start()
        return self

    def close(self) -> None:
        self.ado.close()
        self.confluence.close()
        self.jira.close()

    def __enter__(self) -> Sandbox:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def pr_url(self) -> str:
        """The demo pull request's web address, as the portal links it (`doc-context context --pr`)."""
        info = self.info
        return f"{self.ado.base_url}/{quote(info.project_name)}/_git/{quote(info.repo_name)}/pullrequest/{info.pr_id}"

    def env(self) -> dict[str, str]:
        """The pipeline variables (as environment names) of a PR build against the sandbox."""
        info = self.info
        return {
            "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI": self.ado.base_url + "/",
            "SYSTEM_TEAMPROJECT": info.project_name,
            "SYSTEM_TEAMPROJECTID": info.project_id,
            "BUILD_REPOSITORY_ID": info.repo_id,
            "BUILD_REPOSITORY_NAME": info.repo_name,
            "SYSTEM_PULLREQUEST_PULLREQUESTID": str(info.pr_id),
            "SYSTEM_ACCESSTOKEN": info.token,
            "TF_BUILD": "True",
            "BUILD_REASON": "PullRequest",
            "CONFLUENCE_URL": self.confluence.api_base,
            "CONFLUENCE_EMAIL": info.confluence_email,
            "CONFLUENCE_API_TOKEN": info.confluence_api_token,
            "JIRA_URL": self.jira.site_url,
            "JIRA_EMAIL": JIRA_EMAIL,
            "JIRA_API_TOKEN": JIRA_TOKEN,
            "JIRA_PROJECTS": PROJECTS,
            "JIRA_ACCEPTANCE_FIELD": ACCEPTANCE_FIELD,
        }
