"""Service-hook payloads: the PR they name, or one clear error."""

import json
from pathlib import Path

import pytest

from doc_context.errors import ConfigError
from doc_context.events import parse_event

DATA = Path(__file__).parent / "data" / "events"


def test_created_payload():
    event = parse_event((DATA / "git.pullrequest.created.json").read_text())
    assert (event.event_type, event.pull_request_id) == ("git.pullrequest.created", 1)
    assert event.repository == "4bc14d40-c903-45e2-872e-0462c7748079"
    assert event.project == "6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c"
    assert event.org_url == "https://dev.azure.com/fabrikam"


def test_updated_payload():
    assert parse_event((DATA / "git.pullrequest.updated.json").read_text()).event_type == "git.pullrequest.updated"


@pytest.mark.parametrize(
    ("payload", "says"),
    [
        ("not json", "not JSON"),
        ("[]", "not a JSON object"),
        (json.dumps({"eventType": "git.push"}), "git.push"),
        (json.dumps({"eventType": "git.pullrequest.created", "resource": {"pullRequestId": 1}}), "repository.id"),
        (
            json.dumps(
                {
                    "eventType": "git.pullrequest.created",
                    "resource": {"pullRequestId": "1", "repository": {"id": "r", "project": {"id": "p"}}},
                }
            ),
            "pullRequestId",
        ),
    ],
)
def test_bad_payloads(payload, says):
    with pytest.raises(ConfigError, match=says):
        parse_event(payload)


@pytest.mark.parametrize(
    ("url", "org"),
    [
        ("https://dev.azure.com/fabrikam/_apis/git/repositories/r/pullRequests/1", "https://dev.azure.com/fabrikam"),
        (
            "https://fabrikam.visualstudio.com/_apis/git/repositories/r/pullRequests/1",
            "https://fabrikam.visualstudio.com",
        ),
        ("https://evil.example/_apis/git/repositories/r/pullRequests/1", None),
        ("http://dev.azure.com/fabrikam/_apis/x", None),
    ],
)
def test_org_url_only_from_azure_devops_hosts(url, org):
    payload = {
        "eventType": "git.pullrequest.updated",
        "resource": {"pullRequestId": 3, "url": url, "repository": {"id": "r", "project": {"id": "p"}}},
    }
    assert parse_event(json.dumps(payload)).org_url == org


def test_bytes_with_a_utf8_bom_are_read():
    data = b"\xef\xbb\xbf" + (DATA / "git.pullrequest.created.json").read_bytes()
    assert parse_event(data).pull_request_id == 1


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ((DATA / "git.pullrequest.created.json").read_text().encode("utf-16"), "not UTF-8"),
        (b'{"eventType": "git.pullrequest.created", "x": "\xff"}', "byte 0xff"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b" " * (5 * 1024 * 1024 + 1), "larger than 5 MB"),
        (json.dumps({"eventType": ["git.pullrequest.created"]}).encode(), "of type list"),
    ],
    ids=["utf-16", "latin-1 byte", "nested", "over 5 MB", "event type not a string"],
)
def test_bad_bytes(data, says):
    with pytest.raises(ConfigError, match=says):
        parse_event(data)


@pytest.mark.parametrize("value", [True, False, 0, -1, 1.0, "1", None, {"id": 1}])
def test_a_pull_request_id_must_be_a_positive_whole_number(value):
    payload = json.loads((DATA / "git.pullrequest.created.json").read_text())
    payload["resource"]["pullRequestId"] = value
    with pytest.raises(ConfigError, match="pullRequestId"):
        parse_event(json.dumps(payload))
