"""A fake OpenAI-compatible chat-completions server on loopback, for the tests of sources/llm.py and of runs.

    with FakeChat(api_key="sandbox-llm-key") as chat:
        chat.azure_url("gpt-4o-mini")  # .../openai/deployments/gpt-4o-mini/chat/completions?api-version=...
        chat.openai_url()              # .../v1/chat/completions
        chat.answer = "This pull request fixes …"; chat.finish_reason = "stop"; chat.refusal = None
        chat.reply = lambda messages: "…"   # or an answer made from the request's messages (None: `answer`)

Accepts the key as `api-key` (Azure OpenAI) or `Authorization: Bearer` (OpenAI, Entra tokens in
`bearer_tokens`); answers 401 otherwise, 400 for an Azure path without api-version or a body without
messages. Faults (500, "timeout", "malformed") come from RecordingServer.add_fault.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from doc_context.sandbox.server import RecordingServer, Reply, Request

API_VERSION = "2024-10-21"
DEFAULT_ANSWER = (
    "This pull request makes checkout round the order total once, with banker's rounding, so it "
    "matches the ledger export, and lets shoppers split a payment between a gift card and a card."
)
_AZURE = re.compile(r"^/openai/deployments/([^/]+)/chat/completions$")
_OPENAI = re.compile(r"^(?:/v1)?/chat/completions$")


class FakeChat(RecordingServer):
    """Answers chat completions with `answer`; records every request (RecordingServer.requests)."""

    def __init__(
        self,
        *,
        api_key: str | None = "sandbox-llm-key",
        bearer_tokens: tuple[str, ...] = (),
        host: str = "127.0.0.1",
        port: int = 0,
        fault_timeout_s: float = 3.0,
    ) -> None:
        super().__init__(host, port, fault_timeout_s=fault_timeout_s)
        self.api_key = api_key
        self.bearer_tokens = bearer_tokens
        self.answer: str | None = DEFAULT_ANSWER
        self.finish_reason = "stop"
        self.refusal: str | None = None
        self.reply: Callable[[list[dict[str, Any]]], str | None] | None = None  # an answer to these messages

    def azure_url(self, deployment: str = "gpt-4o-mini") -> str:
        return f"{self.origin}/openai/deployments/{deployment}/chat/completions?api-version={API_VERSION}"

    def openai_url(self) -> str:
        return f"{self.origin}/v1/chat/completions"

    def handle_request(self, request: Request) -> Reply:
        azure = _AZURE.match(request.path)
        if request.method != "POST" or not (azure or _OPENAI.match(request.path)):
            return _error(404, "Resource not found", "NotFound")
        if azure and "api-version" not in request.query:
            return _error(400, "Missing required query parameter: api-version", "BadRequest")
        if not self._authorized(request, azure=bool(azure)):
            return _error(401, "Access denied due to invalid subscription key or wrong API endpoint.", "401")
        body = request.json if isinstance(request.json, dict) else {}
        if not isinstance(body.get("messages"), list) or not body["messages"]:
            return _error(400, "'messages' is a required property", "invalid_request_error")
        model = azure.group(1) if azure else str(body.get("model") or "")
        answer = self.reply(body["messages"]) if self.reply is not None else None
        return Reply.json(self._completion(model, self.answer if answer is None else answer))

    def fault_reply(self, status: int) -> Reply:
        return _error(status, f"injected {status}", "server_error" if status >= 500 else "invalid_request_error")

    def _authorized(self, request: Request, *, azure: bool) -> bool:
        bearer = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        if bearer and bearer in self.bearer_tokens:
            return True
        if self.api_key is None:
            return True
        key = request.headers.get("api-key", "") if azure else ""
        return self.api_key in (key, bearer)

    def _completion(self, model: str, answer: str | None) -> dict[str, object]:
        message = {"role": "assistant", "content": answer, "refusal": self.refusal}
        return {
            "id": f"chatcmpl-sandbox-{len(self.requests())}",
            "object": "chat.completion",
            "created": 1_760_000_000,
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": self.finish_reason}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }


def _error(status: int, message: str, code: str) -> Reply:
    return Reply.json({"error": {"message": message, "type": code, "code": code}}, status)
