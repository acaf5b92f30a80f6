"""How the fake Confluence signs a caller in: Basic (a Cloud API token, a Data Center password), Bearer (a Data
Center PAT; refused on Cloud), anonymous (a Data Center that lets a bad token pass), and a scoped token, which
only the API gateway admits, and only within its scopes. Each refusal is the mode's own answer."""

from __future__ import annotations

import base64
import binascii
import threading

from .confluence_content import ANONYMOUS, User
from .server import Reply, Request

UNAUTHORIZED_HTML = (
    "<html><head><title>Unauthorized (401)</title></head><body><h1>Unauthorized (401)</h1><p>{reason}</p></body></html>"
)
CLOUD_BEARER_403 = {"error": "Failed to parse Connect Session Auth Token"}
SCOPE_MISMATCH = {"code": 401, "message": "Unauthorized; scope does not match"}


class Rejected(Exception):
    """Refused: the reply to give instead of the route's."""

    def __init__(self, reply: Reply) -> None:
        self.reply = reply


class SignIn:
    """Mixed into FakeConfluence, whose users and settings it reads."""

    anonymous_on_bad_token: bool
    captcha_after: int | None
    failed_logins: int
    _users: list[User]
    _state: threading.RLock

    @property
    def cloud(self) -> bool:
        raise NotImplementedError

    def admit(self, user: User | None, scopes: frozenset[str], *, via_gateway: bool) -> None:
        """A scoped token: refused on the site's own URL, and where none of its scopes fits."""
        if user is None or user.scopes is None:
            return
        if not via_gateway:
            raise Rejected(self._unauthorized("Basic Authentication Failure - Reason : AUTHENTICATED_FAILED"))
        if not user.scopes & scopes:
            raise Rejected(Reply.json(SCOPE_MISMATCH, 401, {"X-Failure-Category": "FAILURE_CLIENT_SCOPE_CHECK"}))

    def authenticate(self, request: Request) -> User | None:
        """The caller, None for anonymous, or Rejected with the mode's answer."""
        scheme, _, value = request.headers.get("Authorization", "").partition(" ")
        scheme = scheme.lower()
        if scheme == "basic":
            return self._basic(value.strip())
        if scheme == "bearer" and self.cloud:
            raise Rejected(Reply.json(CLOUD_BEARER_403, 403))
        if scheme == "bearer":
            user = next((u for u in self._users if u.secret == value.strip()), None)
            if user is not None:
                return user
        if not self.cloud and self.anonymous_on_bad_token:
            return ANONYMOUS
        raise Rejected(self._unauthorized("Client must be authenticated to access this resource."))

    def _basic(self, value: str) -> User:
        try:
            name, _, secret = base64.b64decode(value, validate=True).decode("utf-8").partition(":")
        except (binascii.Error, UnicodeDecodeError) as e:
            raise Rejected(self._unauthorized("Basic Authentication Failure - Reason : AUTHENTICATED_FAILED")) from e
        with self._state:
            if self.captcha_after is not None and self.failed_logins >= self.captcha_after:
                raise Rejected(self._unauthorized("CAPTCHA required", reason="AUTHENTICATION_DENIED"))
            user = next((u for u in self._users if u.name == name and u.secret == secret), None)
            if user is None:
                self.failed_logins += 1
                raise Rejected(self._unauthorized("Basic Authentication Failure - Reason : AUTHENTICATED_FAILED"))
        return user

    def _unauthorized(self, text: str, reason: str = "AUTHENTICATED_FAILED") -> Reply:
        headers = {"WWW-Authenticate": 'Basic realm="Confluence"'}
        if not self.cloud:
            headers["X-Seraph-LoginReason"] = reason
        return Reply.text(UNAUTHORIZED_HTML.format(reason=text), 401, "text/html;charset=UTF-8", headers)
