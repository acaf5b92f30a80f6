"""Bad input ends in exit 2 (or 1 for a network failure) and one line that says what to do, never a traceback.

Each case runs the CLI (main(argv) in this process, as a fresh one would: tests/inprocess.py) outside a pipeline
(no TF_BUILD), against the sandbox.
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import os
import socket
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from doc_context.demo import run_env
from doc_context.events import MAX_EVENT_BYTES
from doc_context.sandbox import Sandbox

from .clock import FakeClock
from .conftest import Ran
from .inprocess import run_main

pytestmark = pytest.mark.e2e  # the CLI against the sandbox


def terminal(sandbox: Sandbox) -> dict[str, str]:
    """The sandbox's pipeline variables, as a person's shell outside a pipeline would have them."""
    return {k: v for k, v in sandbox.env().items() if k != "TF_BUILD"}


def event(sandbox: Sandbox, **resource: object) -> dict[str, object]:
    info = sandbox.info
    url = f"{sandbox.ado.base_url}/_apis/git/repositories/{info.repo_id}/pullRequests/{info.pr_id}"
    return {
        "id": "2ab4e3d3-b7a6-425e-92b1-5a9982c1269e",
        "eventType": "git.pullrequest.updated",
        "publisherId": "tfs",
        "resource": {
            "repository": {"id": info.repo_id, "project": {"id": info.project_id}},
            "pullRequestId": info.pr_id,
            "url": url,
            **resource,
        },
    }


def run_bytes(env: dict[str, str], *args: str, stdin: bytes = b"") -> Ran:
    """`doc-context ARGS` in this process, as a fresh one would run it (tests/inprocess.py), reading `stdin`; its
    waits between tries (connecting again to a host that cannot be reached) on a FakeClock."""
    return Ran(*run_main(run_env(env, os.environ["AZURE_DEVOPS_CACHE_DIR"]), args, stdin=stdin, clock=FakeClock()))


def one_line(ran: Ran, code: int, *says: str) -> str:
    """The run ended with `code` and printed exactly one line, containing each of `says`."""
    lines = ran.output.strip().splitlines()
    assert "Traceback" not in ran.output, ran.output
    assert ran.code == code, ran.output
    assert len(lines) == 1, ran.output
    for words in says:
        assert words in lines[0], lines[0]
    return lines[0]


def test_an_event_file_in_utf16_is_not_utf8(sandbox, tmp_path):
    path = tmp_path / "event.json"
    path.write_bytes(json.dumps(event(sandbox)).encode("utf-16"))
    one_line(run_bytes(terminal(sandbox), "run", "--event", str(path)), 2, "not UTF-8", "0xff")
    assert sandbox.ado.requests() == []


def test_an_event_file_with_a_utf8_bom_is_read(sandbox, tmp_path):
    path = tmp_path / "event.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(event(sandbox)).encode())
    env = {k: v for k, v in terminal(sandbox).items() if not k.startswith(("SYSTEM_PULLREQUEST", "BUILD_REPO"))}
    ran = run_bytes(env, "run", "--event", str(path))
    assert ran.code == 0, ran.output
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


def test_a_utf8_bom_on_stdin_is_read_too(sandbox, tmp_path):
    ran = run_bytes(
        terminal(sandbox),
        "run",
        "--dry-run",
        "--event",
        "-",
        stdin=b"\xef\xbb\xbf" + json.dumps(event(sandbox)).encode(),
    )
    assert ran.code == 0, ran.output
    assert "Gift card split payments" in ran.stdout


def test_deeply_nested_json(sandbox, tmp_path):
    path = tmp_path / "event.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    one_line(run_bytes(terminal(sandbox), "run", "--event", str(path)), 2, "nested too deeply")


@pytest.mark.parametrize("from_stdin", [False, True], ids=["file", "stdin"])
def test_an_event_over_the_size_cap(sandbox, tmp_path, from_stdin):
    payload = event(sandbox, description="x" * MAX_EVENT_BYTES)
    data = json.dumps(payload).encode()
    path = tmp_path / "event.json"
    path.write_bytes(data)
    args = ("run", "--event", "-") if from_stdin else ("run", "--event", str(path))
    ran = run_bytes(terminal(sandbox), *args, stdin=data if from_stdin else b"")
    one_line(ran, 2, "larger than 5 MB")
    assert sandbox.ado.requests() == []


@pytest.mark.parametrize("value", [True, False, 0, -4, 2.5, "7", None, [7]])
def test_a_pull_request_id_that_is_not_one(sandbox, tmp_path, value):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event(sandbox, pullRequestId=value)))
    ran = run_bytes(terminal(sandbox), "run", "--event", str(path))
    one_line(ran, 2, "pullRequestId")
    assert sandbox.ado.requests() == []


@pytest.mark.parametrize("value", ["0", "-1", "x"])
def test_a_pull_request_flag_of_zero_or_less(sandbox, value):
    ran = run_bytes(terminal(sandbox), "run", "--pull-request", value)
    one_line(ran, 2, "--pull-request", "not a pull request id", "--help")
    assert sandbox.ado.requests() == []


@pytest.mark.parametrize("value", ["0", "-1"])
def test_a_pull_request_variable_of_zero_or_less(sandbox, value):
    env = {**terminal(sandbox), "SYSTEM_PULLREQUEST_PULLREQUESTID": value}
    one_line(run_bytes(env, "run"), 2, "SYSTEM_PULLREQUEST_PULLREQUESTID", "greater than 0")
    assert sandbox.ado.requests() == []


@pytest.mark.parametrize(
    "flags", [["--pull-request", "1"], ["--project", "p"], ["--repository", "r", "--project", "p"]]
)
def test_flags_that_name_the_pull_request_conflict_with_an_event(sandbox, tmp_path, flags):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event(sandbox)))
    ran = run_bytes(terminal(sandbox), "run", "--event", str(path), *flags)
    line = one_line(ran, 2, "--event", flags[0], "one or the other")
    assert all(flag in line for flag in flags if flag.startswith("--"))
    assert sandbox.ado.requests() == []


def test_sandbox_on_a_port_already_taken(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for flag in ("--ado-port", "--confluence-port"):
            done = subprocess.run(
                [sys.executable, "-m", "doc_context.sandbox", flag, str(port)],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            ran = Ran(done.returncode, done.stdout, done.stderr)
            one_line(ran, 2, f"127.0.0.1:{port}", "already in use", "--ado-port / --confluence-port")


# -- network failures: one line naming the host and what to check
def test_dns_failure_names_the_host_and_the_proxy_variables(sandbox):
    env = {**terminal(sandbox), "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI": "https://dev.azure.invalid/fabrikam"}
    one_line(run_bytes(env, "run"), 1, "cannot resolve the host dev.azure.invalid", "HTTPS_PROXY", "NO_PROXY")


def test_an_unreachable_proxy_names_the_host_and_no_proxy(sandbox):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        proxy = f"http://127.0.0.1:{closed.getsockname()[1]}"  # bound, never listening: refused
        env = {
            **terminal(sandbox),
            "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI": "https://dev.azure.com/fabrikam",
            "HTTPS_PROXY": proxy,
            "NO_PROXY": "",
        }
        line = one_line(run_bytes(env, "run"), 1, "dev.azure.com", "through the proxy", "NO_PROXY")
    assert "urllib3" not in line and "HTTPSConnectionPool" not in line


def test_confluence_unreachable_is_a_warning_naming_the_host_and_the_fix(sandbox):
    env = {**terminal(sandbox), "CONFLUENCE_URL": "https://wiki.contoso.invalid/wiki"}
    ran = run_bytes(env, "run")
    assert ran.code == 0, ran.output
    [line] = [line for line in ran.stdout.splitlines() if "could not be reached" in line]
    assert "cannot resolve the host wiki.contoso.invalid" in line and "HTTPS_PROXY" in line
    assert "ConnectError" not in line and len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


def test_confluence_behind_an_unreachable_proxy_names_no_proxy(sandbox):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        env = {
            **terminal(sandbox),
            "CONFLUENCE_URL": "https://wiki.contoso.example/wiki",
            "HTTPS_PROXY": f"http://127.0.0.1:{closed.getsockname()[1]}",
            "NO_PROXY": "",
        }
        ran = run_bytes(env, "run")
    assert ran.code == 0, ran.output
    [line] = [line for line in ran.stdout.splitlines() if "could not be reached" in line]
    assert "wiki.contoso.example through the proxy" in line and "NO_PROXY" in line


def self_signed(tmp_path: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 that no public CA signed, as a company's TLS-inspecting proxy presents."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Contoso Inspection CA")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = tmp_path / "ca.pem", tmp_path / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


def test_tls_failure_points_at_the_ca_bundle_and_the_bundle_fixes_it(tmp_path):
    cert, key = self_signed(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    with Sandbox(ado_tls=context) as sandbox:
        assert sandbox.ado.base_url.startswith("https://127.0.0.1:")
        env = {**terminal(sandbox), "REQUESTS_CA_BUNDLE": "", "CURL_CA_BUNDLE": ""}  # the public CAs only
        line = one_line(
            run_bytes(env, "run"),
            1,
            f"127.0.0.1:{sandbox.ado.port}",
            "TLS",
            "certificate verify failed",
            "REQUESTS_CA_BUNDLE",
        )
        assert "SSLError" not in line and "urllib3" not in line
        assert sandbox.ado.threads(sandbox.info.pr_id) == []

        fixed = run_bytes({**env, "REQUESTS_CA_BUNDLE": str(cert)}, "run")
        assert fixed.code == 0, fixed.output
        assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


@pytest.mark.parametrize("port", ["99999", "abc", "-1", "0"])
@pytest.mark.parametrize("given", ["variable", "flag"])
def test_an_org_url_with_a_bad_port(sandbox, port, given):
    url = f"http://127.0.0.1:{port}/{sandbox.ado.org}"
    env, args = terminal(sandbox), ["run"]
    if given == "variable":
        env["SYSTEM_TEAMFOUNDATIONCOLLECTIONURI"] = url
    else:
        args += ["--org-url", url]
    one_line(run_bytes(env, *args), 2, "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI", "port")
    assert sandbox.ado.requests() == []


@pytest.mark.parametrize("given", ["variable", "flag"])
def test_an_org_url_with_bytes_that_are_not_utf8(sandbox, given):
    url = os.fsdecode(sandbox.ado.base_url.encode() + b"\xff\xfe")  # as the OS hands such bytes over
    env, args = terminal(sandbox), ["run"]
    if given == "variable":
        env["SYSTEM_TEAMFOUNDATIONCOLLECTIONURI"] = url
    else:
        args += ["--org-url", url]
    one_line(run_bytes(env, *args), 2, "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI", "not UTF-8")
    assert sandbox.ado.requests() == []
