"""Settings: pipeline variables and task inputs from the environment, CLI flags on top.

One class, assembled from one module per concern (each field names the environment variables it is read from):

    azure_devops.py   the pull request, and how to sign in to Azure DevOps
    (each document source's own settings: its package's settings.py, e.g. sources/confluence/settings.py)
    comment.py        the thread, what each work item shows, what is shown by title only
    run.py            limits and behaviour, and what the agent says about the build
    llm.py            the optional language model
    fields.py         the Annotated types that validate values; the one environment source

Only the documented environment names are read, spelled exactly (fields.DocumentedEnvironment): every pipeline
variable reaches the step as an environment variable, and one named `timeout` or `pat` must configure nothing.
"""

from __future__ import annotations

from typing import Any, get_args
from urllib.parse import quote

from pydantic import BaseModel, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from doc_context.errors import ConfigError
from doc_context.settings.azure_devops import AzureDevOpsSettings
from doc_context.settings.comment import CommentSettings
from doc_context.settings.fields import UNEXPANDED, DocumentedEnvironment, env_names
from doc_context.settings.llm import LlmSettings
from doc_context.settings.run import EXTENSIONS_TAB, RunSettings
from doc_context.sources.confluence.settings import ConfluenceSettings
from doc_context.sources.jira.settings import JiraSettings

__all__ = ["Settings", "env_names", "load_settings", "secret_variables", "setting_variables"]


class Settings(
    LlmSettings, RunSettings, CommentSettings, JiraSettings, ConfluenceSettings, AzureDevOpsSettings, BaseSettings
):
    """Every setting. Fields are read from their documented environment names; constructor arguments (the CLI's
    flags) may use the field names, and win over the environment."""

    model_config = SettingsConfigDict(extra="ignore", populate_by_name=True)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return init_settings, DocumentedEnvironment(settings_cls)

    @model_validator(mode="before")
    @classmethod
    def _unset_macros(cls, values: object) -> object:
        """An undefined pipeline variable mapped into env arrives as the literal '$(NAME)': treat it as unset."""
        if isinstance(values, dict):
            return {k: v for k, v in values.items() if not (isinstance(v, str) and UNEXPANDED.fullmatch(v.strip()))}
        return values

    @field_validator("*", mode="before")
    @classmethod
    def _utf8(cls, value: object) -> object:
        """A variable holding bytes that are not UTF-8 arrives with lone surrogates: name it, never crash later."""
        if isinstance(value, str) and any("\ud800" <= c <= "\udfff" for c in value):
            raise ValueError("holds bytes that are not UTF-8: set it again as plain text")
        return value

    def diff_checkout(self) -> str | None:
        """The checkout that may hold the PR's change: it is read only when its HEAD is the PR's merge commit
        (change/read.py), as in the PR's own build; a manual rerun or a webhook run checks out another
        branch, so the change is read through Azure DevOps instead."""
        return self.source_dir or None

    def build_summary_url(self) -> str:
        """The build summary's tab of this run, where `##vso[task.uploadsummary]` files show ("Extensions"),
        or "" when the run knows no build; `$(System.CollectionUri)$(System.TeamProject)/_build/results?
        buildId=$(Build.BuildId)&view=ms.vss-build-web.run-extensions-tab`."""
        project = self.team_project or self.project
        if not (self.org_url and project and self.build_id):
            return ""
        base = self.org_url.rstrip("/")
        return f"{base}/{quote(project)}/_build/results?buildId={self.build_id}&view={EXTENSIONS_TAB}"

    def secrets(self) -> list[str]:
        """The values of every secret setting (each SecretStr field, a document source's too) that is set."""
        values = (getattr(self, name) for name in secret_fields(type(self)))
        return [v.get_secret_value() for v in values if isinstance(v, SecretStr) and v.get_secret_value()]


def secret_fields(settings_cls: type[BaseModel] = Settings) -> tuple[str, ...]:
    """The settings that hold secrets: those typed SecretStr."""
    return tuple(name for name, info in settings_cls.model_fields.items() if _is_secret(info.annotation))


def secret_variables(settings_cls: type[BaseModel] = Settings) -> tuple[str, ...]:
    """Every environment name a secret is read from (the tests scan each CLI run's output for their values)."""
    fields = settings_cls.model_fields
    return tuple(name for field in secret_fields(settings_cls) for name in env_names(fields[field]))


def setting_variables(settings_cls: type[BaseModel] = Settings) -> frozenset[str]:
    """Every environment name any setting is read from (the demo leaves them out of the machine's environment)."""
    return frozenset(name for info in settings_cls.model_fields.values() for name in env_names(info))


def _is_secret(annotation: object) -> bool:
    return annotation is SecretStr or SecretStr in get_args(annotation)


def load_settings(**overrides: Any) -> Settings:
    """Build Settings from the environment and overrides, or a ConfigError naming the bad setting.

    The overrides are field names with any value: pydantic validates each one, as it does the environment.
    """
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as e:
        raise ConfigError(_explain(e)) from None


def _explain(error: ValidationError) -> str:
    problems = []
    for item in error.errors(include_url=False, include_input=False):
        loc = item.get("loc") or ()
        name = str(loc[0]) if loc else "settings"
        field = Settings.model_fields.get(name)
        if field is None:  # keyed by its environment name
            field = next((f for f in Settings.model_fields.values() if name in env_names(f)), None)
        names = env_names(field) if field else ()
        message = str(item.get("msg", "")).removeprefix("Value error, ")
        problems.append(f"{names[0] if names else name}: {message}" if loc else message)
    return "invalid setting " + "; ".join(problems)
