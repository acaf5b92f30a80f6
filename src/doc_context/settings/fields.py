"""The Annotated types that validate settings, and the one source that reads them from the environment.

Every pipeline variable reaches a step as an environment variable, so a setting is read only under the names
its field documents (`env(...)`: its validation aliases), spelled exactly: a variable named `timeout`, `pat`
or `project` configures nothing. Constructor arguments (CLI flags, tests) may use the field names.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Annotated, Any
from urllib.parse import urlsplit

import httpx
from pydantic import AfterValidator, AliasChoices, BeforeValidator, SecretStr
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource

from doc_context.summary.audience import split_list
from doc_context.summary.extrafields import parse_extra_fields
from doc_context.text.urls import is_loopback

UNEXPANDED = re.compile(r"\$\([A-Za-z0-9_.\-]+\)")
_PRINTABLE_ASCII = re.compile(r"[\x21-\x7e]+")
_HOST = re.compile(r"[^\s/\\?#@]+")


def env(*names: str) -> AliasChoices:
    """The environment names a setting is read from, in order; the first is the one the docs show."""
    return AliasChoices(*names)


def env_names(field: FieldInfo) -> tuple[str, ...]:
    alias = field.validation_alias
    return tuple(str(name) for name in alias.choices) if isinstance(alias, AliasChoices) else ()


class DocumentedEnvironment(PydanticBaseSettingsSource):
    """Each setting from the first of its documented environment names that is set; nothing else."""

    def __init__(self, settings_cls: type[BaseSettings], environ: Mapping[str, str] | None = None) -> None:
        super().__init__(settings_cls)
        self.environ = os.environ if environ is None else environ

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        for name in env_names(field):
            if name in self.environ:
                return self.environ[name], name, False
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        values = {}
        for field_name, field in self.settings_cls.model_fields.items():
            value, name, _ = self.get_field_value(field, field_name)
            if name != field_name:
                values[env_names(field)[0]] = value  # under the first alias, as init arguments are keyed
        return values


def _blank_is_unset(value: object) -> object:
    """An empty or whitespace-only credential is a missing one (a fork's build gets empty secrets)."""
    if isinstance(value, str):
        return value.strip() or None
    return value


def _header_safe(value: SecretStr | None) -> SecretStr | None:
    if value is not None and not _PRINTABLE_ASCII.fullmatch(value.get_secret_value()):
        raise ValueError("a personal access token is printable ASCII; check what the variable holds")
    return value


def _http_url(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    value = value.strip().rstrip("/")
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
        raise ValueError("must be an https:// URL without user info")
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or not _HOST.fullmatch(parts.hostname):
        raise ValueError(f"is not a usable URL ({'host' if port else 'port'}): expected https://host[:port]/path")
    if parts.scheme == "http" and not is_loopback(parts.hostname):
        raise ValueError("must use https:// (plain http is accepted for loopback hosts only)")
    try:
        _ = parts.hostname.rstrip(".").encode("idna")  # a host IDNA cannot encode (what the link parsers compare)
        _ = httpx.URL(value).host  # as the clients will read it: IDNA, the port
    except (UnicodeError, ValueError, httpx.InvalidURL):
        raise ValueError("names a host that is not a valid domain name") from None
    return value


def _names(value: object) -> object:
    """'a; b\\nc' -> ('a', 'b', 'c'); a tuple or list as given."""
    return split_list(value) if isinstance(value, str) else value


def _space_keys(value: object) -> object:
    return split_list(value.replace(",", ";")) if isinstance(value, str) else value  # a space key has no comma


def _extra_fields(value: object) -> object:
    return parse_extra_fields(value) if isinstance(value, str) else value


HttpUrl = Annotated[str | None, AfterValidator(_http_url)]
"""An http(s) URL without user info, its trailing '/' dropped; plain http only for loopback; blank is unset."""
Credential = Annotated[str | None, BeforeValidator(_blank_is_unset)]
Secret = Annotated[SecretStr | None, BeforeValidator(_blank_is_unset)]
HeaderSecret = Annotated[SecretStr | None, BeforeValidator(_blank_is_unset), AfterValidator(_header_safe)]
"""A token sent as it is in an Authorization header."""
Names = Annotated[tuple[str, ...], BeforeValidator(_names)]
"""A list written 'a;b' (or one a line), deduplicated: a tuple."""
SpaceKeys = Annotated[tuple[str, ...], BeforeValidator(_space_keys)]
"""Confluence space keys, separated by ';' or ','."""
ExtraFieldsSpec = Annotated[dict[str, tuple[str, ...]], BeforeValidator(_extra_fields)]
"""'Bug=Field.A,Field.B;*=System.Tags' -> {'bug': ('Field.A', 'Field.B'), '*': ('System.Tags',)}."""
