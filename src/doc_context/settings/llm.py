"""Settings: the optional language model that writes the comment's overview paragraph."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from doc_context.settings.fields import HttpUrl, Secret, env
from doc_context.sources.llm import TIMEOUT


class LlmSettings(BaseModel):
    llm_url: HttpUrl = Field(
        None,
        validation_alias=env("DOC_CONTEXT_LLM_URL"),
        description="OpenAI-compatible chat-completions endpoint; off when empty.",
    )
    llm_model: str = Field(
        "gpt-4o-mini",
        validation_alias=env("DOC_CONTEXT_LLM_MODEL"),
        description="Model or Azure OpenAI deployment name.",
    )
    llm_api_key: Secret = Field(
        None,
        validation_alias=env("DOC_CONTEXT_LLM_API_KEY"),
        description="API key (api-key header for Azure OpenAI, Bearer otherwise).",
    )
    llm_auth: Literal["api-key", "bearer", "entra"] = Field(
        "bearer",
        validation_alias=env("DOC_CONTEXT_LLM_AUTH"),
        description="How to authenticate to the LLM: api-key (Azure OpenAI), bearer (OpenAI), entra (azure-identity).",
    )
    llm_timeout: float = Field(
        TIMEOUT,
        gt=0,
        le=600,
        validation_alias=env("DOC_CONTEXT_LLM_TIMEOUT"),
        description="Seconds the LLM may take before the extractive summary is used.",
    )
