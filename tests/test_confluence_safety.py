"""Confluence safety, against real loopback servers: where requests and credentials go, and every bound.

The Azure DevOps side is a hand-written stand-in (Items) that just hands over work items; Confluence is
the sandbox FakeConfluence and a plain RecordingServer playing "another host" that must never be reached.
"""

from __future__ import annotations

import base64
import gzip
import ipaddress
import json
import ssl
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from email.utils import formatdate
from pathlib import Path

import httpx
import pytest

from doc_context.errors import ConfigError, ConfluenceError
from doc_context.gather import Sources, gather
from doc_context.models import Fetched, Gathered, Notice, PageRef, PullRequest, PullRequestRef, Relation, WorkItem
from doc_context.sandbox import FakeConfluence, RecordingServer, Reply
from doc_context.sources.confluence.audience import ConfluenceAudience
from doc_context.sources.confluence.client import BearerAuth, Confluence, ConfluenceConfig, CredentialsRejected, basic
from doc_context.sources.confluence.links import Site
from doc_context.sources.confluence.pages import ConfluencePages

from .clock import FakeClock, Ticking

EMAIL, TOKEN = "ci@acme.example", "cloud-token"
BASIC = "Basic " + base64.b64encode(f"{EMAIL}:{TOKEN}".encode()).decode()
PR = PullRequestRef("https://dev.azure.com/acme", "Shop", "storefront", 7)
ENG_ID, RETRY, TRASHED = 98001, 123456, 424242
PAGES = [RETRY, 123457, 123458, 123459, 123460, 123461]


class Items:
    """The Azure DevOps side, written by hand: one PR whose linked work items are these."""

    def __init__(self, *items: WorkItem) -> None:
        self.items = items

    def pull_request(self, pr: PullRequestRef) -> PullRequest:
        return PullRequest(pr, "a PR", "")

    def work_item_ids(self, pr: PullRequestRef) -> list[int]:
        return [item.id for item in self.items]

    def work_items(self, ids: object, project: str) -> Fetched[WorkItem]:
        return Fetched(self.items)

    def changed_files(self, pr: PullRequestRef) -> list[object]:
        return []

    def threads(self, pr: PullRequestRef) -> list[object]:
        return []


def story(*urls: str, relations: tuple[str, ...] = ()) -> WorkItem:
    body = "".join(f"<div>see {url}</div>" for url in urls)
    return WorkItem(
        11,
        1,
        "User Story",
        "a story",
        "Active",
        {"System.Description": body},
        tuple(Relation("Hyperlink", url) for url in relations),
        project=PR.project,  # the service always names the item's project; the PR's own here
    )


@pytest.fixture
def wiki() -> Iterator[FakeConfluence]:
    with FakeConfluence("cloud", fault_timeout_s=3.0) as site:
        seed(site)
        yield site


@pytest.fixture
def evil() -> Iterator[RecordingServer]:
    """Another host: it must never receive a request, let alone a credential."""
    with RecordingServer() as server:
        yield server


def seed(site: FakeConfluence) -> None:
    site.add_user(EMAIL, TOKEN, display_name="CI")
    site.add_space("ENG", "Engineering", id=ENG_ID)
    for n, pid in enumerate(PAGES):
        site.add_page(pid, f"Page {n}", "ENG", f"<p>Body of page {n}</p>")
    site.add_page(TRASHED, "Old rules", "ENG", "<p>old</p>", status="trashed")


def client(
    site: FakeConfluence,
    *,
    token: str = TOKEN,
    clock: FakeClock | None = None,
    transport: httpx.BaseTransport | None = None,
    **config: object,
) -> Confluence:
    """Pinned here: each request and its bounds; view restrictions (more requests) are test_audience.py's."""
    config.setdefault("restrictions", False)
    return Confluence(
        ConfluenceConfig(api_base=site.api_base, cloud=site.cloud, **config),  # type: ignore[arg-type]
        basic(EMAIL, token) if site.cloud else BearerAuth(token),
        clock=clock or FakeClock(),
        transport=transport,
    )


def run(site: FakeConfluence, confluence: Confluence, *items: WorkItem, concurrency: int = 4) -> Gathered:
    shown = ConfluenceAudience(restricted_pages="titles" if confluence.config.restrictions else "summary")
    try:
        return gather(
            Sources(
                Items(*items),
                (ConfluencePages(confluence, Site.from_url(site.api_base), concurrency=concurrency, audience=shown),),
                concurrency=concurrency,
            ),
            PR,
        )
    finally:
        confluence.close()


def page_requests(site: FakeConfluence) -> list[str]:
    return [r.path for r in site.requests() if not r.path.endswith("/user/current")]


def confluence_notices(got: Gathered) -> list[Notice]:
    return [n for n in got.notices if n.source.startswith("confluence")]


# -- where requests and credentials go
def test_look_alike_hosts_get_no_request_and_no_credential(wiki: FakeConfluence, evil: RecordingServer) -> None:
    ours, theirs = f"127.0.0.1:{wiki.port}", f"127.0.0.1:{evil.port}"
    links = [
        f"http://{theirs}/wiki/x/QOIB",
        f"http://localhost:{evil.port}/wiki/spaces/ENG/pages/{RETRY}",
        f"http://{ours}@{theirs}/wiki/x/QOIB",
        f"http://{theirs}\\@{ours}/wiki/x/QOIB",
        f"http://127.0.0.1.nip.io:{wiki.port}/wiki/x/QOIB",
        f"{evil.origin}/{ours}/wiki/x/QOIB",
        f"http://[::ffff:127.0.0.1]:{wiki.port}/wiki/x/QOIB",
    ]

    got = run(wiki, client(wiki), story(*links[:4], relations=tuple(links[4:])))

    assert evil.requests() == []
    assert [r.path for r in wiki.requests()] == ["/wiki/rest/api/user/current"]
    assert got.pages == () and confluence_notices(got) == []


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_to_another_host_is_not_followed(wiki: FakeConfluence, evil: RecordingServer, status: int) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", [(status, {"Location": f"{evil.origin}/steal"}, "")])

    got = run(wiki, client(wiki), story(f"{wiki.api_base}/spaces/ENG/pages/{RETRY}"))

    assert evil.requests() == []
    assert page_requests(wiki) == [f"/wiki/api/v2/pages/{RETRY}"]  # once: not retried either
    assert got.pages == ()
    assert confluence_notices(got) == [
        Notice(f"confluence page {RETRY}", f"skipped: a redirect (HTTP {status}), not followed")
    ]


def test_a_redirected_credential_check_stops_everything(wiki: FakeConfluence, evil: RecordingServer) -> None:
    wiki.add_fault("GET", r"/user/current$", [(302, {"Location": f"{evil.origin}/login"}, "")])

    got = run(wiki, client(wiki), story(f"{wiki.api_base}/spaces/ENG/pages/{RETRY}"))

    assert evil.requests() == [] and page_requests(wiki) == []
    [notice] = confluence_notices(got)
    assert "redirect (HTTP 302), not followed" in notice.message and notice.message.endswith("No page was read.")


def test_with_a_separate_api_base_links_match_the_site_and_requests_go_to_the_api(evil: RecordingServer) -> None:
    with FakeConfluence("cloud") as site, FakeConfluence("cloud", context_path="/ex/confluence/0f1e2d/wiki") as api:
        seed(api)
        links = [
            f"{site.api_base}/spaces/ENG/pages/{RETRY}",
            f"{site.api_base}/display/ENG/Page+1",
            f"{api.api_base}/spaces/ENG/pages/123458",
            f"{evil.origin}/wiki/spaces/ENG/pages/123459",
        ]
        config = ConfluenceConfig(api_base=api.api_base, site_url=site.api_base, cloud=True, restrictions=False)
        confluence = Confluence(config, basic(EMAIL, TOKEN))
        try:
            got = gather(
                Sources(Items(story(*links)), (ConfluencePages(confluence, Site.from_url(site.api_base)),)), PR
            )
        finally:
            confluence.close()

        assert sorted(page.id for page, _ in got.pages) == [RETRY, 123457]  # links on the API host are not links
        assert site.requests() == [] and evil.requests() == []
        assert {r.headers.get("Authorization") for r in api.requests()} == {BASIC}
        assert all(r.path.startswith("/ex/confluence/0f1e2d/wiki/") for r in api.requests())
        assert len(api.requests()) == 4  # user/current, pages/ID, spaces?keys=, pages?space-id&title


def test_the_cli_sends_requests_and_credentials_to_the_api_base_only(sandbox, cli) -> None:
    info = sandbox.info
    with FakeConfluence("cloud", context_path="/ex/confluence/0f1e2d/wiki") as api:
        api.add_user(info.confluence_email, info.confluence_api_token, display_name="CI")
        for space in sandbox.confluence.spaces():
            api.add_space(space.key, space.name, id=space.id, homepage_id=space.homepage_id)
        for p in sandbox.confluence.pages():
            api.add_page(
                p.id, p.title, p.space_key, p.body, type=p.type, version=p.version, status=p.status, created=p.created
            )

        ran = cli({**sandbox.env(), "CONFLUENCE_API_BASE": api.api_base}, "run")

        assert ran.code == 0, ran.output
        assert sandbox.confluence.requests() == []
        assert [r.path for r in api.requests(path_regex="user/current")] == [
            "/ex/confluence/0f1e2d/wiki/rest/api/user/current"
        ]
        assert f"/ex/confluence/0f1e2d/wiki/api/v2/pages/{info.policy_page_id}" in [r.path for r in api.requests()]
        basic_pair = base64.b64encode(f"{info.confluence_email}:{info.confluence_api_token}".encode()).decode()
        assert {r.headers.get("Authorization") for r in api.requests()} == {f"Basic {basic_pair}"}


# -- the credential check
def test_a_401_on_the_credential_check_is_one_request_never_retried(wiki: FakeConfluence) -> None:
    got = run(wiki, client(wiki, token="wrong"), story(f"{wiki.api_base}/spaces/ENG/pages/{RETRY}"))

    assert [r.path for r in wiki.requests()] == ["/wiki/rest/api/user/current"]
    [notice] = confluence_notices(got)
    assert notice.message.startswith("Confluence rejected the credentials (HTTP 401)")
    assert "CONFLUENCE_API_TOKEN" in notice.message and notice.message.endswith("No page was read.")


def test_a_403_on_the_credential_check_stops_when_pages_are_forbidden_too(wiki: FakeConfluence) -> None:
    body = {"statusCode": 403, "message": "Current user not permitted to use Confluence"}
    wiki.add_fault("GET", r"/user/current$", [(403, {}, body)])
    wiki.add_fault("GET", r"/api/v2/pages$", [(403, {}, body)])
    confluence = client(wiki)

    with pytest.raises(CredentialsRejected, match="not permitted to use Confluence"):
        confluence.check_credentials()
    with pytest.raises(CredentialsRejected):
        confluence.fetch(PageRef(page_id=RETRY))
    assert [(r.path, dict(r.query)) for r in wiki.requests()] == [
        ("/wiki/rest/api/user/current", {}),
        ("/wiki/api/v2/pages", {"limit": "1"}),  # the check a page-scoped token passes
    ]


def test_a_403_on_the_user_alone_is_a_token_that_reads_pages(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", r"/user/current$", [(403, {}, {"statusCode": 403, "message": "Forbidden"})])
    confluence = client(wiki)

    signed = confluence.check_credentials()

    assert (signed.cloud, signed.warning) == (True, "")
    assert "read:confluence-user" in signed.who
    assert confluence.fetch(PageRef(page_id=RETRY)).id == RETRY


def test_data_center_captcha_is_named_and_not_retried() -> None:
    with FakeConfluence("datacenter", captcha_after=0) as dc:
        dc.add_user("jdoe", "password", display_name="Jane")
        confluence = Confluence(ConfluenceConfig(api_base=dc.api_base, cloud=False), basic("jdoe", "password"))
        with pytest.raises(CredentialsRejected, match="CAPTCHA"):
            confluence.check_credentials()
        assert len(dc.requests()) == 1


def test_data_center_anonymous_answer_to_a_bad_pat_is_a_failure() -> None:
    with FakeConfluence("datacenter", anonymous_on_bad_token=True) as dc:
        dc.add_user("jdoe", "dc-pat", display_name="Jane")
        dc.add_space("OPS", "Operations")
        dc.add_page(201819180, "Runbook", "OPS", "<p>steps</p>")
        confluence = Confluence(ConfluenceConfig(api_base=dc.api_base, cloud=False), BearerAuth("expired-pat"))

        got = run(dc, confluence, story(f"{dc.api_base}/x/LIQHD"))

        assert [(r.path, dc.requests()[0].headers["Authorization"]) for r in dc.requests()] == [
            ("/rest/api/user/current", "Bearer expired-pat")
        ]
        [notice] = confluence_notices(got)
        assert "anonymous" in notice.message and "CONFLUENCE_PAT" in notice.message


def test_a_401_on_a_page_stops_all_confluence_work(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{PAGES[0]}$", [401])
    confluence = client(wiki)

    outcomes = []
    for pid in PAGES:
        try:
            outcomes.append(confluence.fetch(PageRef(page_id=pid)).id)
        except CredentialsRejected:
            outcomes.append(None)

    assert outcomes == [None] * len(PAGES)
    assert page_requests(wiki) == [f"/wiki/api/v2/pages/{PAGES[0]}"]


# -- retries and their bounds
def test_429_with_retry_after_is_waited_for_then_succeeds(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", [(429, {"Retry-After": "1"}, {"message": "slow down"})])
    clock = FakeClock()

    page = client(wiki, clock=clock).fetch(PageRef(page_id=RETRY))

    first, second = wiki.requests()
    assert page.id == RETRY and (first.fault, second.fault) == ("status 429", None)
    assert clock.sleeps == [1.0]


def test_503_with_an_http_date_retry_after_then_succeeds(wiki: FakeConfluence) -> None:
    clock = FakeClock()
    when = formatdate(clock.time() + 2, usegmt=True)
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", [(503, {"Retry-After": when}, "")])

    assert client(wiki, clock=clock).fetch(PageRef(page_id=RETRY)).id == RETRY
    assert len(wiki.requests()) == 2 and clock.sleeps == [2.0]


def test_a_retry_after_beyond_the_bound_is_not_waited_for(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", [(429, {"Retry-After": "3600"}, {"message": "later"})])
    clock = FakeClock()

    with pytest.raises(ConfluenceError, match="rate limiting"):
        client(wiki, clock=clock, max_retry_after=5).fetch(PageRef(page_id=RETRY))
    assert len(wiki.requests()) == 1 and clock.sleeps == []


def test_retries_are_bounded(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", [(503, {"Retry-After": "0"}, "")] * 5)
    clock = FakeClock()

    with pytest.raises(ConfluenceError, match="HTTP 503"):
        client(wiki, clock=clock, retries=2).fetch(PageRef(page_id=RETRY))
    assert len(wiki.requests()) == 3 and clock.sleeps == [0.0, 0.0]


def test_a_dropped_connection_is_tried_again_after_a_growing_pause(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", ["reset", "reset"])
    clock = FakeClock()

    assert client(wiki, clock=clock, retries=2).fetch(PageRef(page_id=RETRY)).id == RETRY
    assert len(wiki.requests()) == 3 and clock.sleeps == [0.2, 0.4]


def test_a_pause_that_would_pass_the_deadline_is_not_taken(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", [(503, {"Retry-After": "10"}, "")])
    clock = FakeClock()

    with pytest.raises(ConfluenceError, match="HTTP 503"):
        client(wiki, clock=clock, deadline=5.0).fetch(PageRef(page_id=RETRY))
    assert len(wiki.requests()) == 1 and clock.sleeps == []


@pytest.mark.parametrize(("status", "tries"), [(403, ["pages"]), (404, ["pages", "blogposts"])])
def test_403_and_404_are_answers_not_retried(wiki: FakeConfluence, status: int, tries: list[str]) -> None:
    wiki.add_fault("GET", rf"/api/v2/(pages|blogposts)/{RETRY}$", [status, status])

    with pytest.raises(ConfluenceError, match=f"HTTP {status}"):
        client(wiki).fetch(PageRef(page_id=RETRY))
    assert [r.path for r in wiki.requests()] == [f"/wiki/api/v2/{kind}/{RETRY}" for kind in tries]


def test_a_read_timeout(wiki: FakeConfluence) -> None:
    wiki.add_fault("GET", rf"/api/v2/pages/{RETRY}$", ["timeout"])
    clock = FakeClock()

    with pytest.raises(ConfluenceError, match=r"did not answer \(ReadTimeout\)"):
        client(wiki, clock=clock, timeout=0.3, retries=0).fetch(PageRef(page_id=RETRY))
    assert clock.sleeps == [] and len(wiki.requests()) == 1


# -- size, status, deadline
def test_an_answer_over_the_size_cap_is_not_read(wiki: FakeConfluence) -> None:
    wiki.add_page(555, "Huge", "ENG", "<p>" + "x" * 20_000 + "</p>")

    with pytest.raises(ConfluenceError, match="larger than 4096 bytes"):
        client(wiki, max_response_bytes=4096).fetch(PageRef(page_id=555))
    assert len(wiki.requests()) == 1


def test_the_size_cap_counts_decompressed_bytes_while_streaming(wiki: FakeConfluence) -> None:
    body = json.dumps(
        {
            "id": "556",
            "status": "current",
            "title": "Bomb",
            "body": {"storage": {"value": "<p>" + "a" * 3_000_000 + "</p>"}},
        }
    ).encode()
    packed = gzip.compress(body)
    wiki.add_fault(
        "GET",
        r"/api/v2/pages/556$",
        [Reply(200, {"Content-Type": "application/json", "Content-Encoding": "gzip"}, packed)],
    )
    assert len(packed) < 20_000  # the Content-Length alone would pass

    with pytest.raises(ConfluenceError, match="larger than 100000 bytes"):
        client(wiki, max_response_bytes=100_000).fetch(PageRef(page_id=556))


def test_a_trashed_page_is_a_warning(wiki: FakeConfluence) -> None:
    got = run(
        wiki,
        client(wiki),
        story(f"{wiki.api_base}/spaces/ENG/pages/{TRASHED}", f"{wiki.api_base}/spaces/ENG/pages/{RETRY}"),
    )

    assert [page.id for page, _ in got.pages] == [RETRY]
    [notice] = confluence_notices(got)
    assert notice.source == f"confluence page {TRASHED}" and "'trashed'" in notice.message


def test_pages_not_read_by_the_deadline_become_one_warning(wiki: FakeConfluence) -> None:
    """Each answer takes 0.4 s on the clock: the check and one page fit in 1 s, the second is cut off."""
    links = [f"{wiki.api_base}/spaces/ENG/pages/{pid}" for pid in PAGES]
    clock = FakeClock()
    confluence = client(wiki, clock=clock, transport=Ticking(clock, 0.4), deadline=1.0)

    got = run(wiki, confluence, story(*links), concurrency=1)

    assert [page.id for page, _ in got.pages] == PAGES[:1]
    [notice] = confluence_notices(got)
    assert notice.source == "confluence"
    assert notice.message.startswith(f"{len(PAGES) - 1} pages skipped: not read within the Confluence deadline of 1 s")
    assert page_requests(wiki) == [f"/wiki/api/v2/pages/{pid}" for pid in PAGES[:2]]  # none started after it
    assert clock.sleeps == []


def test_each_page_is_read_once_even_when_asked_for_at_once(wiki: FakeConfluence) -> None:
    base = wiki.api_base
    wiki.add_latency("GET", r"/api/v2/", 150)
    links = [
        f"{base}/spaces/ENG/pages/{RETRY}",
        f"{base}/x/QOIB",
        f"{base}/display/ENG/Page+0",
        f"{base}/pages/viewpage.action?pageId={RETRY}",
    ]

    got = run(wiki, client(wiki), story(*links[:2]), story(*links[2:]), concurrency=8)

    assert [page.id for page, _ in got.pages] == [RETRY]
    assert page_requests(wiki).count(f"/wiki/api/v2/pages/{RETRY}") <= 1


# -- TLS
@pytest.fixture(scope="module")
def tls(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ssl.SSLContext]:
    """A private CA (its PEM file) and a server context whose certificate it signed, for 127.0.0.1."""
    pytest.importorskip("cryptography")
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now, folder = datetime.now(timezone.utc), tmp_path_factory.mktemp("tls")
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "doc-context test CA")])

    def builder(subject: x509.Name, public_key: ec.EllipticCurvePublicKey) -> x509.CertificateBuilder:
        return (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(ca_name)
            .public_key(public_key)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(minutes=5))
            .not_valid_after(now + timedelta(days=1))
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False)
        )

    ca = (
        builder(ca_name, ca_key.public_key())
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    cert = (
        builder(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]), key.public_key())
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    (folder / "ca.pem").write_bytes(ca.public_bytes(pem))
    (folder / "server.pem").write_bytes(cert.public_bytes(pem))
    (folder / "server.key").write_bytes(
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(folder / "server.pem", folder / "server.key")
    return folder / "ca.pem", context


def test_tls_is_verified_and_a_private_ca_is_trusted_only_when_configured(tls: tuple[Path, ssl.SSLContext]) -> None:
    ca_file, context = tls
    with FakeConfluence("datacenter", tls=context) as dc:
        dc.add_user("jdoe", "dc-pat", display_name="Jane")
        assert dc.api_base.startswith("https://")

        default = Confluence(ConfluenceConfig(api_base=dc.api_base, cloud=False), BearerAuth("dc-pat"))
        with pytest.raises(CredentialsRejected, match=r"TLS certificate is not trusted.*CONFLUENCE_CA_BUNDLE"):
            default.check_credentials()
        assert dc.requests() == []  # the handshake failed: no request, no token sent

        bundled = Confluence(
            ConfluenceConfig(api_base=dc.api_base, cloud=False, verify=str(ca_file)), BearerAuth("dc-pat")
        )
        assert bundled.check_credentials().who == "Jane"
        assert [r.headers["Authorization"] for r in dc.requests()] == ["Bearer dc-pat"]


def test_an_unreadable_ca_bundle_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "not-a-cert.pem").write_text("hello")
    for path in (tmp_path / "missing.pem", tmp_path / "not-a-cert.pem"):
        with pytest.raises(ConfigError, match="CONFLUENCE_CA_BUNDLE"):
            Confluence(
                ConfluenceConfig(api_base="https://confluence.acme.example", cloud=False, verify=str(path)),
                BearerAuth("x"),
            )


def test_the_cli_trusts_confluence_ca_bundle(sandbox, cli, tls: tuple[Path, ssl.SSLContext]) -> None:
    ca_file, context = tls
    info = sandbox.info
    with FakeConfluence("cloud", tls=context) as wiki:
        wiki.add_user(info.confluence_email, info.confluence_api_token, display_name="CI")
        env = {**sandbox.env(), "CONFLUENCE_URL": wiki.api_base}

        untrusted = cli(env, "run", "--dry-run")
        assert untrusted.code == 0, untrusted.output
        assert "TLS certificate is not trusted" in untrusted.stdout and wiki.requests() == []

        trusted = cli({**env, "CONFLUENCE_CA_BUNDLE": str(ca_file)}, "run", "--dry-run")
        assert trusted.code == 0, trusted.output
        assert "TLS certificate" not in trusted.stdout
        assert [r.path for r in wiki.requests()] == ["/wiki/rest/api/user/current"]
