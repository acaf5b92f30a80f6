"""Settings: the pull request to work on, and how to sign in to Azure DevOps."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, SecretStr

from doc_context.errors import ConfigError
from doc_context.models import PullRequestRef
from doc_context.settings.fields import HttpUrl, Secret, env

AuthMode = Literal["auto", "system-token", "pat", "pipelines", "managed-identity", "azure-cli"]


class AzureDevOpsSettings(BaseModel):
    org_url: HttpUrl = Field(
        None,
        validation_alias=env("SYSTEM_TEAMFOUNDATIONCOLLECTIONURI", "SYSTEM_COLLECTIONURI"),
        description="Organization URL, e.g. https://dev.azure.com/fabrikam/.",
    )
    project: str | None = Field(
        None, validation_alias=env("SYSTEM_TEAMPROJECTID", "SYSTEM_TEAMPROJECT"), description="Project id or name."
    )
    repository: str | None = Field(
        None, validation_alias=env("BUILD_REPOSITORY_ID"), description="Repository id or name."
    )
    pull_request_id: int | None = Field(
        None, gt=0, validation_alias=env("SYSTEM_PULLREQUEST_PULLREQUESTID"), description="Pull request id."
    )
    access_token: Secret = Field(
        None,
        validation_alias=env("SYSTEM_ACCESSTOKEN"),
        description="Job access token; map it with env: SYSTEM_ACCESSTOKEN: $(System.AccessToken).",
    )
    pat: Secret = Field(
        None,
        validation_alias=env("AZURE_DEVOPS_PAT"),
        description="Personal access token, used when SYSTEM_ACCESSTOKEN is absent.",
    )
    auth: AuthMode = Field(
        "auto",
        validation_alias=env("DOC_CONTEXT_AUTH"),
        description="Azure DevOps auth: auto (SYSTEM_ACCESSTOKEN, then AZURE_DEVOPS_PAT; outside a pipeline with "
        "neither, the az login sign-in), "
        "system-token, pat, or Entra ID: pipelines, managed-identity, azure-cli.",
    )
    azure_tenant_id: str | None = Field(
        None, validation_alias=env("AZURE_TENANT_ID"), description="Entra tenant (auth=pipelines)."
    )
    azure_client_id: str | None = Field(
        None,
        validation_alias=env("AZURE_CLIENT_ID"),
        description="Entra app or managed identity client id (auth=pipelines, managed-identity).",
    )
    azure_service_connection_id: str | None = Field(
        None,
        validation_alias=env("AZURE_SERVICE_CONNECTION_ID"),
        description="Workload identity federation service connection id (auth=pipelines).",
    )

    def pull_request(self) -> PullRequestRef:
        """The PR to work on, or a ConfigError naming what is missing."""
        missing = [
            name
            for name, value in (
                ("SYSTEM_TEAMFOUNDATIONCOLLECTIONURI (or --org-url)", self.org_url),
                ("SYSTEM_TEAMPROJECTID / SYSTEM_TEAMPROJECT (or --project)", self.project),
                ("BUILD_REPOSITORY_ID (or --repository)", self.repository),
                ("SYSTEM_PULLREQUEST_PULLREQUESTID (or --pull-request)", self.pull_request_id),
            )
            if not value
        ]
        if missing:
            raise ConfigError(
                "missing " + ", ".join(missing) + ". In a pipeline these are set only for PR builds "
                "(the build-validation branch policy); outside one, pass the flags."
            )
        return PullRequestRef(self.org_url or "", self.project or "", self.repository or "", self.pull_request_id or 0)

    def ado_token(self) -> SecretStr:
        token = {"system-token": self.access_token, "pat": self.pat}.get(self.auth, self.access_token or self.pat)
        if token is None or not token.get_secret_value():
            if self.auth == "pat":
                raise ConfigError("DOC_CONTEXT_AUTH=pat but AZURE_DEVOPS_PAT is not set: map it from a secret variable")
            raise ConfigError(
                "no Azure DevOps credentials: map the job token into the step with "
                "'env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)', or set AZURE_DEVOPS_PAT"
            )
        return token
