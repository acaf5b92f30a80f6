"""The recording server under the fakes: what it records, injected faults, latency, keep-alive."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from doc_context.sandbox.server import RecordingServer, Reply, Request
from doc_context.sources.tls import default_context


class Echo(RecordingServer):
    def handle_request(self, request: Request) -> Reply:
        if request.path == "/boom":
            raise RuntimeError("a bug in the fake")
        return Reply.json({"path": request.path, "query": dict(request.query)})


@pytest.fixture
def server() -> Iterator[Echo]:
    with Echo(fault_timeout_s=0.5) as srv:
        yield srv


@pytest.fixture
def client(server: Echo) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base_url, timeout=2.0, verify=default_context()) as c:
        yield c


def test_records_method_path_decoded_query_headers_and_json(server: Echo, client: httpx.Client) -> None:
    client.post("/a%20b", params={"ids": "1,2", "$top": "5"}, json={"x": [1]}, headers={"X-Thing": "yes"})

    [got] = server.requests()
    assert (got.method, got.path, dict(got.query)) == ("POST", "/a%20b", {"ids": "1,2", "$top": "5"})
    assert got.target == "/a%20b?ids=1%2C2&%24top=5"
    assert got.headers["x-thing"] == got.headers["X-THING"] == "yes"
    assert "content-length" in got.headers
    assert got.json == {"x": [1]} and got.body == b'{"x":[1]}'
    assert got.fault is None and got.time <= time.time()


def test_requests_filters_and_clear(server: Echo, client: httpx.Client) -> None:
    client.get("/one")
    client.post("/two")
    client.get("/TWO/three")

    assert [r.path for r in server.requests("GET")] == ["/one", "/TWO/three"]
    assert [r.path for r in server.requests(path_regex=r"^/two")] == ["/two", "/TWO/three"]
    server.clear()
    assert server.requests() == []


def test_faults_are_consumed_in_order_once_each(server: Echo, client: httpx.Client) -> None:
    server.add_fault(
        "GET",
        r"/flaky$",
        [503, (429, {"Retry-After": "1"}, {"message": "slow down"}), Reply.text("teapot", 418), "malformed", "pass"],
    )
    answers = [client.get("/flaky") for _ in range(6)]

    assert [r.status_code for r in answers] == [503, 429, 418, 200, 200, 200]
    assert answers[1].headers["retry-after"] == "1" and answers[1].json() == {"message": "slow down"}
    with pytest.raises(ValueError):
        answers[3].json()  # 200, but not JSON
    assert answers[4].json()["path"] == "/flaky"
    assert [r.fault for r in server.requests()] == ["status 503", "status 429", "status 418", "malformed", "pass", None]
    assert server.pending_faults() == 0


def test_per_key_faults_give_every_key_the_whole_script(server: Echo, client: httpx.Client) -> None:
    """ "The first two reads of each page", however the requests of many clients interleave."""
    server.add_fault("GET", r"/pages/\d+$", [429, 503], per=lambda r: r.path)
    got = [
        (path, client.get(path).status_code) for path in ("/pages/1", "/pages/2", "/pages/1", "/pages/1", "/pages/2")
    ]

    assert got == [("/pages/1", 429), ("/pages/2", 429), ("/pages/1", 503), ("/pages/1", 200), ("/pages/2", 503)]
    assert server.pending_faults() == 0  # of the keys seen
    assert client.get("/pages/3").status_code == 429 and server.pending_faults() == 1


def test_fault_matches_method_and_path_only(server: Echo, client: httpx.Client) -> None:
    server.add_fault("POST", r"/x$", [500])

    assert client.get("/x").status_code == 200
    assert client.post("/x/y").status_code == 200
    assert client.post("/X").status_code == 500


def test_reset_closes_without_an_answer(server: Echo, client: httpx.Client) -> None:
    server.add_fault("GET", "/r", ["reset"])

    with pytest.raises(httpx.TransportError):
        client.get("/r")
    assert client.get("/r").status_code == 200
    assert [r.fault for r in server.requests()] == ["reset", None]


def test_timeout_outlasts_the_client_timeout(server: Echo) -> None:
    server.add_fault("GET", "/slow", ["timeout"])

    with pytest.raises(httpx.ReadTimeout):
        httpx.get(server.base_url + "/slow", timeout=0.1)


def test_unknown_fault_word_is_refused(server: Echo) -> None:
    with pytest.raises(ValueError, match="unknown fault"):
        server.add_fault("GET", "/", ["explode"])


class Together(Echo):
    """Records each pause and holds it until six handlers pause at once: serialized answers never would."""

    def __init__(self) -> None:
        super().__init__()
        self.pauses: list[float] = []
        self.together = threading.Barrier(6)

    def pause(self, seconds: float) -> None:
        self.pauses.append(seconds)
        if len(self.pauses) <= 6:
            self.together.wait(timeout=10)


def test_latency_does_not_serialize_concurrent_requests() -> None:
    with Together() as server:
        server.latency_ms = 300
        server.add_latency("GET", r"/slower$", 200)
        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(httpx.get, [server.base_url + "/c"] * 6))
        httpx.get(server.base_url + "/slower")
        server.clear_latency()
        httpx.get(server.base_url + "/none")

    assert [a.status_code for a in answers] == [200] * 6 and not server.together.broken
    assert server.pauses == [0.3] * 6 + [0.5]
    assert server.latency_ms == 0


def test_keep_alive_reuses_one_connection(server: Echo, client: httpx.Client) -> None:
    for _ in range(3):
        client.get("/k")

    assert len({r.peer for r in server.requests()}) == 1


def test_a_bug_in_the_fake_answers_500_and_is_kept(server: Echo, client: httpx.Client) -> None:
    answer = client.get("/boom")

    assert answer.status_code == 500 and "a bug in the fake" in answer.text
    assert len(server.errors) == 1


def test_state_survives_many_clients(server: Echo) -> None:
    for _ in range(5):
        with httpx.Client(base_url=server.base_url, verify=default_context()) as c:
            c.get("/run")

    assert len(server.requests(path_regex="/run")) == 5
