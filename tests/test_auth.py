"""Auth modes: the job token, a PAT, and Entra ID through azure-identity, seen on the wire."""

import base64

import pytest

from doc_context.errors import ConfigError, SourceError
from doc_context.gateways import ado_credentials
from doc_context.models import PullRequestRef
from doc_context.settings import load_settings
from doc_context.sources import ado
from doc_context.sources.ado_transport import EntraAuth, token_auth


class CountingCredential:
    """A hand-written TokenCredential: hands out a new token on every call, as a refreshing one would."""

    def __init__(self, prefix):
        self.prefix, self.scopes = prefix, []

    def get_token(self, *scopes, **kwargs):
        self.scopes.append(scopes)
        return type("AccessToken", (), {"token": f"{self.prefix}-{len(self.scopes)}", "expires_on": 0})()


def pr_of(sandbox):
    info = sandbox.info
    return PullRequestRef(sandbox.ado.base_url, info.project_id, info.repo_id, info.pr_id)


def test_entra_token_is_fetched_per_request_for_the_devops_scope(sandbox):
    credential = CountingCredential("entra")
    for n in range(1, 10):
        sandbox.ado.add_token(f"entra-{n}", "Fabrikam Build Service (fabrikam)")
    gateway = ado.connect(sandbox.ado.base_url, EntraAuth(credential), timeout=10, user_agent="test")
    gateway.work_item_ids(pr_of(sandbox))
    gateway.threads(pr_of(sandbox))
    api_calls = [r for r in sandbox.ado.requests() if "/_apis/git/" in r.path]
    assert [r.headers["Authorization"] for r in api_calls][-2:] == [
        f"Bearer entra-{len(credential.scopes) - 1}",
        f"Bearer entra-{len(credential.scopes)}",
    ]
    assert set(credential.scopes) == {("499b84ac-1321-427f-aa17-267ca6975798/.default",)}


def test_job_token_goes_as_basic(sandbox):
    gateway = ado.connect(sandbox.ado.base_url, token_auth(sandbox.info.token), timeout=10, user_agent="t")
    gateway.work_item_ids(pr_of(sandbox))
    header = sandbox.ado.requests(path_regex="workitems$")[-1].headers["Authorization"]
    assert base64.b64decode(header.split()[1]).decode() == ":" + sandbox.info.token


def test_failed_entra_sign_in_is_one_clear_line(sandbox):
    class Failing:
        def get_token(self, *scopes, **kwargs):
            from azure.core.exceptions import ClientAuthenticationError

            raise ClientAuthenticationError("AADSTS700016: Application not found")

    with pytest.raises(SourceError, match=r"Entra ID sign-in failed.*AZURE_CLIENT_ID"):
        ado.connect(sandbox.ado.base_url, EntraAuth(Failing()), timeout=10, user_agent="t")


def test_pipelines_mode_names_what_is_missing():
    settings = load_settings(auth="pipelines", access_token="t", azure_tenant_id="tenant")
    with pytest.raises(ConfigError, match="AZURE_CLIENT_ID, AZURE_SERVICE_CONNECTION_ID"):
        ado_credentials(settings)


def test_pipelines_mode_builds_the_federated_credential(monkeypatch):
    from azure.identity import AzurePipelinesCredential

    monkeypatch.setenv("SYSTEM_OIDCREQUESTURI", "https://127.0.0.1:9/oidc")
    settings = load_settings(
        auth="pipelines",
        access_token="t",
        azure_tenant_id="tenant",
        azure_client_id="client",
        azure_service_connection_id="conn",
    )
    creds = ado_credentials(settings)
    assert isinstance(creds._credential, AzurePipelinesCredential)


def test_pat_mode_requires_the_pat(monkeypatch):
    for name in ("AZURE_DEVOPS_PAT", "SYSTEM_ACCESSTOKEN"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(ConfigError, match="AZURE_DEVOPS_PAT"):
        ado_credentials(load_settings(auth="pat", access_token="job-token"))
