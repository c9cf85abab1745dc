"""Browser tests: a real vitrine server (fresh data dir, --demo) + headless Chromium."""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "S3Support"))
from ports import free_port as _free_port  # noqa: E402
BINARY = os.environ.get(
    "VITRINE_BINARY", str(ROOT / ".build" / "debug" / "vitrine"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "test-results" / "screenshots"
DEMO_TOTAL = 30
HEADER = 96  # Web/grid.js HEADER: the fixed header (title row and tag bar) over the grid
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
T = 20_000  # generous default wait (ms): two busy cores


def _get(url):
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


class Server:
    """A vitrine server on a fresh data folder; `url`, `data` (the folder) and `token` (the admin token)."""

    def __init__(self, *args, demo=True, env=None):
        self.root = tempfile.mkdtemp(prefix="vitrine-browser-")
        self.data = os.path.join(self.root, "lib")
        self.port = _free_port()
        self.args = [BINARY, "serve", "--data", self.data, "--port", str(self.port), "--web", str(ROOT / "Web"),
                     *(["--demo"] if demo else []), *args]
        self.log = open(os.path.join(self.root, "server.log"), "w+")
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = env
        self.start(demo)

    def start(self, demo=False):
        self.proc = subprocess.Popen(self.args, stdout=self.log, stderr=subprocess.STDOUT, env=self.env)
        try:
            self._wait(demo)
        except BaseException:
            self.stop()
            raise

    def halt(self):
        """Stops the process, keeping the data folder (`start` again on the same port)."""
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()

    def _wait(self, demo):
        deadline = time.time() + 180
        while True:
            if self.proc.poll() is not None:
                self.log.seek(0)
                raise RuntimeError("server exited:\n" + self.log.read()[-2000:])
            try:
                _get(self.url + "/healthz")
                self.log.seek(0)
                if not demo or ("demo import:" in self.log.read()
                                and _get(self.url + "/api/v1/photos?limit=1")["total"] >= DEMO_TOTAL):
                    break
            except Exception:
                pass
            if time.time() > deadline:
                raise RuntimeError("the server did not start (or the demo import did not finish)")
            time.sleep(0.3)

    @property
    def token(self):
        return pathlib.Path(self.data, "admin-token").read_text().strip()

    def stop(self):
        self.halt()
        self.log.close()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    s = Server()
    yield s.url
    s.stop()


@pytest.fixture(scope="session")
def writable():
    """A second demo server for the tests that change the catalog (uploads, edits, deletes)."""
    s = Server()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def s3_server():
    """A demo server whose blobs live in an S3 bucket: moto on loopback, checking every request's signature."""
    sys.path.insert(0, str(ROOT / "Tests" / "S3Support"))
    from peer_process import S3PeerProcess

    scratch = tempfile.mkdtemp(prefix="vitrine-browser-s3-")
    peer = S3PeerProcess(scratch)
    try:
        bucket = peer.make_bucket("browser")
        s = Server(*peer.serve_args(bucket, "gallery"), env=peer.env())
        s.peer, s.bucket = peer, bucket
        yield s
        s.stop()
    finally:
        peer.stop()
        shutil.rmtree(scratch, ignore_errors=True)


@pytest.fixture(scope="session")
def catalog(server):
    return _get(server + "/api/v1/photos?limit=200")["items"]


class _Browser:
    """The browser, whose contexts bypass the server's CSP unless asked not to: Playwright's wait_for_function
    evaluates strings in the page, which the policy refuses as eval. test_csp.py runs the client's own code
    under the real policy."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **kw):
        kw.setdefault("bypass_csp", True)
        return self._browser.new_context(**kw)

    def __getattr__(self, name):
        return getattr(self._browser, name)


BIG = 6000  # photos in the large library


class BigLibrary:
    def __init__(self, url, data):
        self.url, self.data = url, data

    @property
    def token(self):
        return (pathlib.Path(self.data) / "admin-token").read_text().strip()


@pytest.fixture(scope="session")
def big_library():
    """A 6 000-photo library over ten years of months (three real photos, the rest synthetic rows that
    reuse their assets, made by vitrine-fixture), served: its `url`, `data` folder and admin `token`."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="vitrine-scale-"))
    lib = work / "lib"
    sources = []
    for k in range(3):
        path = work / f"seed{k}.jpg"
        subprocess.run(["vips", "gaussnoise", str(path), str(800 + 200 * k), "600"], check=True)
        sources.append(str(path))
    subprocess.run([BINARY, "import", "--data", str(lib), *sources], check=True, stdout=subprocess.DEVNULL)
    fixture = os.path.join(os.path.dirname(BINARY), "vitrine-fixture")
    subprocess.run([fixture, str(lib), str(BIG)], check=True, stdout=subprocess.DEVNULL)
    port = _free_port()
    log = open(work / "server.log", "w+")
    proc = subprocess.Popen([BINARY, "serve", "--data", str(lib), "--port", str(port),
                             "--web", str(pathlib.Path(__file__).resolve().parents[2] / "Web")],
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                if _get(base + "/api/v1/photos?limit=1")["total"] == BIG:
                    break
            except Exception:
                pass
            if proc.poll() is not None or time.time() > deadline:
                log.seek(0)
                raise RuntimeError("scale server did not start:\n" + log.read()[-2000:])
            time.sleep(0.2)
        yield BigLibrary(base, str(lib))
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
        shutil.rmtree(work, ignore_errors=True)



@pytest.fixture(scope="session")
def big_server(big_library):
    """The large library's URL."""
    return big_library.url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield _Browser(b)
        b.close()


def _context(browser, request, **kw):
    ctx = browser.new_context(**kw)
    ctx.set_default_timeout(T)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    ctx.close()
    assert not errors, errors


@pytest.fixture
def phone(browser, request):
    yield from _context(browser, request, **PHONE)


@pytest.fixture
def desktop(browser, request):
    yield from _context(browser, request, **DESKTOP)


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# ── helpers ─────────────────────────────────────────────────────────────
def wait_grid(page):
    page.wait_for_selector("[data-grid] [data-photo-id] img.in", timeout=T)
    page.wait_for_function("!document.body.classList.contains('loading')", timeout=T)


def wait_scrubber(page):
    """The scrubber comes once the first screen is up and the browser idle, with the engine's later module."""
    page.wait_for_function("!!(window.vitrine && vitrine.scrubber)", timeout=T)


def viewer_state(page, state):
    page.wait_for_selector(f'[role=dialog][data-state="{state}"]', state="attached", timeout=T)


def current_id(page):
    return page.get_attribute('[role=dialog] [aria-current="true"]', "data-photo-id")


def wait_current(page, photo_id):
    page.wait_for_function(
        "id => document.querySelector('[role=dialog] [aria-current=\"true\"]')?.dataset.photoId === id",
        arg=photo_id, timeout=T)


def wait_zoom(page, expr):
    """expr uses z, the settled zoom of the current photo."""
    page.wait_for_function(
        f"() => {{ const z = +document.querySelector('[role=dialog]').dataset.zoom; return {expr}; }}", timeout=T)


class Touch:
    """Touch input through CDP (real touch events → pointer events)."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind, points):
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    def drag(self, x0, y0, x1, y1, steps=8, interval=16, hold=0):
        self.send("touchStart", [(x0, y0)])
        for k in range(1, steps + 1):
            self.page.wait_for_timeout(interval)
            self.send("touchMove", [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)])
        for _ in range(hold):  # keep the finger still: velocity → 0
            self.page.wait_for_timeout(40)
            self.send("touchMove", [(x1, y1)])
        self.send("touchEnd", [])

    def tap(self, x, y):
        self.send("touchStart", [(x, y)])
        self.send("touchEnd", [])

    def pinch(self, cx, cy, d0, d1, steps=10):
        self.send("touchStart", [(cx - d0, cy), (cx + d0, cy)])
        for k in range(1, steps + 1):
            self.page.wait_for_timeout(16)
            d = d0 + (d1 - d0) * k / steps
            self.send("touchMove", [(cx - d, cy), (cx + d, cy)])
        self.send("touchEnd", [])
