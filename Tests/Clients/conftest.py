"""Client tests against a live `vitrine serve`: the published ParsePy and pixabay-python libraries, a client
generated from the served OpenAPI document, and the document's contract (defaults, error answers).

scripts/client-tests.sh starts the server on a throwaway data folder with the photos below and passes its URL,
an API key, the Parse application id, the admin token and the binary in the environment."""
import json
import os
import pathlib
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "S3Support"))
from ports import free_port  # noqa: E402

# What scripts/client-tests.sh imports: name -> (width, height).
PHOTOS = {
    "Colorful Cups.jpg": (2560, 1600),
    "By the Water.jpg": (2560, 1600),
    "Kite.jpg": (2560, 1600),
    "Small Kite.jpg": (800, 500),
    "Tall Path.jpg": (1600, 2560),
}


def _environment(name):
    value = os.environ.get(name)
    if not value:
        pytest.exit(f"{name} is not set: run these tests with scripts/client-tests.sh", returncode=2)
    return value


@pytest.fixture(scope="session")
def base_url():
    return _environment("VITRINE_URL")


@pytest.fixture(scope="session")
def api_key():
    return _environment("VITRINE_KEY")


@pytest.fixture(scope="session")
def parse_app_id():
    return _environment("PARSE_APP_ID")


@pytest.fixture(scope="session")
def admin_token():
    return _environment("VITRINE_TOKEN")


@pytest.fixture(scope="session")
def vitrine_binary():
    return _environment("VITRINE_BINARY")


@pytest.fixture(scope="session")
def openapi(base_url):
    """The OpenAPI document the server serves."""
    with urllib.request.urlopen(base_url + "/api/v1/openapi.json", timeout=30) as response:
        return json.load(response)


def operations(document):
    """Every operation of `document`: (path, method, operation, parameters), the path item's parameters
    joined with the operation's own and every `$ref` followed."""
    for path, item in document["paths"].items():
        shared = item.get("parameters", [])
        for method, operation in item.items():
            if method not in ("get", "put", "post", "delete", "patch", "head", "options", "trace"):
                continue
            parameters = [resolve(document, p) for p in shared + operation.get("parameters", [])]
            yield path, method, operation, parameters


def resolve(document, value):
    """`value` with a local `$ref` followed (once: the document's references do not chain)."""
    reference = value.get("$ref") if isinstance(value, dict) else None
    if not reference:
        return value
    target = document
    for token in reference.removeprefix("#/").split("/"):
        target = target[token.replace("~1", "/").replace("~0", "~")]
    return target


class Server:
    """`vitrine serve` on a throwaway data folder and a free loopback port, for tests that need a server
    configured otherwise than the shared one."""

    def __init__(self, binary, folder, *arguments):
        self.data = os.path.join(folder, "data")
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(os.path.join(folder, "server.log"), "wb")
        self.process = subprocess.Popen(
            [binary, "serve", "--data", self.data, "--host", "127.0.0.1", "--port", str(port),
             "--web", os.path.join(folder, "no-web"), *arguments],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"vitrine serve exited with {self.process.returncode}")
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("vitrine serve did not answer /healthz")
        with open(os.path.join(self.data, "admin-token")) as file:
            self.token = file.read().strip()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    @property
    def media_type(self):
        return (self.headers.get("Content-Type") or "").split(";")[0].strip()

    def json(self):
        return json.loads(self.body)


def call(url, method="GET", headers=None, body=None, query=None, timeout=30):
    """One HTTP exchange, any status; an event stream's body is left unread (it does not end)."""
    if query:
        url += "?" + urllib.parse.urlencode(query, doseq=True)
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        response = error
    with response:
        streaming = (response.headers.get("Content-Type") or "").startswith("text/event-stream")
        data = b"" if streaming or method == "HEAD" else response.read()
        return Answer(response.status, response.headers, data)


def create_key(base_url, token, label):
    """A new Pixabay API key: each test module gets its own, so that one's requests do not use up another's
    rate-limit window."""
    answer = call(base_url + "/api/v1/keys", "POST", {"Authorization": f"Bearer {token}",
                                                     "Content-Type": "application/json"},
                  json.dumps({"label": label}).encode())
    assert answer.status == 201, answer.body
    return answer.json()["key"]
