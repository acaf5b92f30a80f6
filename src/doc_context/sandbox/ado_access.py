"""One call to the fake: who is calling (Basic or Bearer token), with which api-version, sending what."""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import Any

from .ado_state import Grant, Project, ServiceError, wrapped_exception
from .server import Reply, Request

VSS = "Microsoft.VisualStudio.Services.WebApi.{0}, Microsoft.VisualStudio.Services.WebApi"
ANONYMOUS_401 = "TF400813: Resource not available for anonymous access. Client authentication required."
_VERSION = re.compile(r"api-version\s*=\s*(\d+(?:\.\d+)?)(-preview(?:\.\d+)?)?", re.I)


@dataclass(frozen=True)
class Call:
    """A routed request, with the caller and the project it names."""

    request: Request
    params: dict[str, str]  # route values, URL-decoded
    grant: Grant | None  # None on anonymous routes
    project: Project | None  # the {project} segment, resolved, when the path had one


def json_body(call: Call) -> dict[str, Any]:
    if not isinstance(call.request.json, dict):
        raise ServiceError(
            400,
            "Value cannot be null.\r\nParameter name: body",
            "ArgumentNullException",
            "System.ArgumentNullException, mscorlib",
        )
    return call.request.json


def request_token(request: Request) -> str | None:
    """The token of `Authorization: Basic base64(any-user:token)` or `Bearer token`."""
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer":
        return value.strip()
    if scheme.lower() != "basic":
        return None
    try:
        return base64.b64decode(value.strip(), validate=True).decode("utf-8").partition(":")[2]
    except (binascii.Error, UnicodeDecodeError):
        return None


def unauthorized() -> Reply:
    """A 401 with a text/plain body: the SDK raises AzureDevOpsAuthenticationError for it."""
    return Reply.text(
        ANONYMOUS_401,
        401,
        headers={"WWW-Authenticate": 'Basic realm="https://127.0.0.1/"', "X-TFS-FedAuthRedirect": "Suppress"},
    )


def check_version(request: Request, location: dict[str, Any]) -> None:
    """The api-version from Accept (or the query), checked against the route's location like the service."""
    m = _VERSION.search(request.headers.get("Accept", "")) or _VERSION.search(
        "api-version=" + request.query.get("api-version", "")
    )
    if m is None:
        raise ServiceError(
            400,
            f'No api-version was supplied for the "{request.method}" request. The version '
            'must be supplied either as part of the Accept header (e.g. "application/json; '
            "api-version=1.0\") or as a query parameter (e.g. '?api-version=1.0').",
            "VssVersionNotSpecifiedException",
            VSS.format("VssVersionNotSpecifiedException"),
        )
    asked, preview = float(m.group(1)), bool(m.group(2))
    text = m.group(1) + (m.group(2) or "")
    if asked > float(location["maxVersion"]):
        raise ServiceError(
            400,
            f"The requested REST API version of {text} is out of range for this server. The "
            f"latest REST API version this server supports is {location['maxVersion']}.",
            "VssVersionOutOfRangeException",
            VSS.format("VssVersionOutOfRangeException"),
        )
    if asked < float(location["minVersion"]):
        raise ServiceError(
            400,
            f'The requested version "{text}" of the resource is no longer supported. The '
            f'minimum version supported is "{location["minVersion"]}".',
            "VssVersionNotSupportedException",
            VSS.format("VssVersionNotSupportedException"),
        )
    if not preview and asked > float(location.get("releasedVersion") or 0):
        raise ServiceError(
            400,
            f'The requested version "{text}" of the resource is under preview. The -preview '
            "flag must be supplied in the api-version for such requests. For example: "
            f'"{text}-preview"',
            "VssInvalidPreviewVersionException",
            VSS.format("VssInvalidPreviewVersionException"),
        )


def fault(status: int) -> Reply:
    """An injected failure, as the service words it."""
    if status == 401:
        return unauthorized()
    message = {
        429: "TF400733: The request has been canceled: Request was blocked due to exceeding usage of "
        "resource 'Concurrency' in namespace 'User'.",
        503: "TF400898: The service is temporarily unavailable. Try again later.",
    }.get(status, f"Injected failure: HTTP {status}.")
    return Reply.json(wrapped_exception(message, "InjectedFaultException"), status)


def no_route(request: Request, path_known: bool) -> Reply:
    """A path no route serves (404), or a method its route does not take (405), as IIS answers them."""
    if path_known:
        message, status = f"The requested resource does not support http method '{request.method}'.", 405
    else:
        message = f"The controller for path '{request.path}' was not found or does not implement IController."
        status = 404
    return Reply.json(wrapped_exception(message, "HttpException", "System.Web.HttpException, System.Web"), status)
