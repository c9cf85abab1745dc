"""What the Python benchmarks share: the 100 000-photo catalog, a release `vitrine serve` on it, the table.

Benchmarks/web/bench.py and Benchmarks/soak/soak.py run on the same cached library (grown once from the
demo photos with `vitrine-fixture`), start the server the same way and print the same kind of table.

Env:
  VITRINE_BIN_DIR   folder with `vitrine` and `vitrine-fixture` (default: .build/release)
  WEB_BENCH_DATA    cached 100k library (default: .build/bench/web-100k; rebuilt when not 100 000 photos
                    made by the current import code)
  VITRINE_WEB       the web client the server serves (default: Web): another tree's, with its wasm built,
                    to measure two clients in the same conditions
"""
import base64
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "S3Support"))
from ports import free_port  # noqa: E402,F401


def _path(env, default):
    p = pathlib.Path(os.environ.get(env) or default)
    return p if p.is_absolute() else ROOT / p


BIN = _path("VITRINE_BIN_DIR", ".build/release")
DATA = _path("WEB_BENCH_DATA", ".build/bench/web-100k")
WEB = _path("VITRINE_WEB", "Web")
TOTAL = 100_000
DEMO_TOTAL = 30
# The fixture's dates (Benchmarks/vitrine-fixture/main.swift): ten years from 2015-12.
FIXTURE_FIRST_MS, FIXTURE_SPAN_MS = 1_450_000_000_000, 315_000_000_000


def cursor_after(taken_at):
    """A cursor just after every photo taken at `taken_at` (PageCursor's form: base64url of `takenAt.id`)."""
    return base64.urlsafe_b64encode(f"{taken_at}.{'_' * 12}".encode()).decode().rstrip("=")


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def get_json(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def cpu_idle(seconds):
    """Share of the CPUs' time spent idle over the next `seconds` (/proc/stat; idle + iowait)."""
    def snap():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        return v[3] + v[4], sum(v)
    i0, t0 = snap()
    time.sleep(seconds)
    i1, t1 = snap()
    return (i1 - i0) / max(1, t1 - t0)


def settle(window=0.5, limit=10.0, idle=0.9):
    """Waits until the CPUs were at least `idle` idle over a `window`, for at most `limit` seconds, so each
    sample starts on a quiet machine rather than inside the previous one's teardown (a closing renderer, the
    server finishing its log) or another benchmark's tail; the load average lags by a minute and cannot tell.
    Returns the idle share last seen."""
    deadline = time.time() + limit
    while True:
        share = cpu_idle(window)
        if share >= idle or time.time() > deadline:
            return share


def admin_call(server, method, path, body):
    """A JSON request with the library's admin token (from its data folder); the answer's JSON, or None."""
    token = (pathlib.Path(server.folder) / "admin-token").read_text().strip()
    request = urllib.request.Request(
        server.base + path, data=json.dumps(body).encode(), method=method,
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=600) as answer:
        raw = answer.read()
        return json.loads(raw) if raw else None


class Server:
    """`vitrine serve` on a free loopback port, its output in a log file beside the data folder
    (`<data>.server.log`, or `<data>.<log_name>.log`)."""

    def __init__(self, data, demo=False, log_name="server", extra_args=()):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.folder = data
        self.log_path = data.parent / f"{data.name}.{log_name}.log"
        self.log = open(self.log_path, "w+")
        args = [str(BIN / "vitrine"), "serve", "--data", str(data), "--port", str(self.port), "--web", str(WEB)]
        if demo:
            args.append("--demo")
        args.extend(extra_args)
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT)

    def log_text(self):
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def total(self, timeout=60):
        """Waits until the API answers; returns the catalog's total."""
        deadline = time.time() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("server exited:\n" + self.log_text()[-2000:])
            try:
                return get_json(self.base + "/api/v1/photos?limit=1")["total"]
            except Exception:
                if time.time() > deadline:
                    raise RuntimeError("server did not answer:\n" + self.log_text()[-2000:])
                time.sleep(0.2)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def _import_stamp():
    """A hash of the sources that decide which variants an import makes, and how."""
    h = hashlib.sha256()
    for f in sorted([*(ROOT / "Sources/Imaging").glob("*.swift"), *(ROOT / "Sources/Ingest").glob("*.swift")]):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def _stamp_path():
    return DATA.parent / (DATA.name + ".stamp")


def prepare():
    """The cached 100k library: demo import, then the fixture's synthetic rows (reusing the demo assets)."""
    if DATA.exists():
        s = Server(DATA)
        try:
            # Made by this import code: the variants it makes are what the client downloads.
            if s.total() == TOTAL and _stamp_path().exists() and _stamp_path().read_text() == _import_stamp():
                log(f"using cached catalog {DATA} ({TOTAL} photos)")
                return
        finally:
            s.stop()
        log(f"{DATA} does not hold {TOTAL} photos made by this import code: rebuilding it")
        shutil.rmtree(DATA)
    DATA.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    log(f"preparing {DATA}: demo import…")
    s = Server(DATA, demo=True)
    try:
        deadline = time.time() + 300
        while not (s.total() >= DEMO_TOTAL and "demo import:" in s.log_text()):
            if time.time() > deadline:
                raise RuntimeError("demo import did not finish:\n" + s.log_text()[-2000:])
            time.sleep(0.5)
    finally:
        s.stop()
    log(f"  demo imported ({time.time() - t0:.0f} s); vitrine-fixture {TOTAL}…")
    subprocess.run([str(BIN / "vitrine-fixture"), str(DATA), str(TOTAL)], check=True, stdout=sys.stderr)
    _stamp_path().write_text(_import_stamp())
    log(f"  catalog ready ({time.time() - t0:.0f} s)")


def print_table(rows, head=("Metric", "Measured", "Target", "")):
    """Rows of (metric, measured, target, ✓/✗), or of `head`'s columns, as a Markdown table with aligned
    columns."""
    w = [max(len(r[i]) for r in [*rows, head]) for i in range(len(head))]
    line = lambda r: "| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(r)) + " |"
    print(line(head))
    print("|" + "|".join("-" * (x + 2) for x in w) + "|")
    for r in rows:
        print(line(r))


class Postgres:
    """A throwaway server in `folder` (scripts/pg.sh), tuned with ALTER SYSTEM (`tuning`: setting → value)."""

    def __init__(self, folder, tuning):
        self.folder = folder
        self.tuning = tuning
        self.port = free_port()

    def start(self):
        # A server left running by an interrupted run listens on another port: stop it first.
        self.pg("stop", str(self.folder))
        self.pg("start", str(self.folder), str(self.port))
        for name, value in self.tuning.items():
            self.sql(f"ALTER SYSTEM SET {name} = '{value}'")
        self.pg("restart", str(self.folder))
        log(f"PostgreSQL on 127.0.0.1:{self.port} (" + ", ".join(f"{k}={v}" for k, v in self.tuning.items()) + ")")

    def stop(self):
        self.pg("stop", str(self.folder))

    @staticmethod
    def pg(*args):
        subprocess.run([str(ROOT / "scripts/pg.sh"), *args], check=True)

    def sql(self, statement, database="postgres"):
        return subprocess.run(
            ["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1",
             "-qAtc", statement], check=True, capture_output=True, text=True).stdout.strip()

    def url(self, database):
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def databases(self):
        return set(self.sql("SELECT datname FROM pg_database WHERE NOT datistemplate").split())

    def drop(self, database):
        self.sql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


class Nginx:
    """nginx on a loopback port, serving `root`; everything it writes under `folder`. With `gzip`, text
    (HTML, CSS, JS, JSON) is compressed for clients that accept it, as Vitrine compresses its pages."""

    def __init__(self, folder, root, gzip=False):
        self.folder, self.root, self.gzip = folder, root, gzip
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self):
        (self.folder / "tmp").mkdir(parents=True, exist_ok=True)
        conf = self.folder / "nginx.conf"
        conf.write_text(f"""# Written by Benchmarks/bench_common.py.
worker_processes 2;
daemon off;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    {"gzip on; gzip_types text/css application/javascript application/json;" if self.gzip else ""}
    client_body_temp_path {self.folder}/tmp;
    proxy_temp_path {self.folder}/tmp;
    fastcgi_temp_path {self.folder}/tmp;
    uwsgi_temp_path {self.folder}/tmp;
    scgi_temp_path {self.folder}/tmp;
    types {{ text/html html; text/css css; application/javascript js; application/json json; image/jpeg jpg; image/webp webp; image/avif avif; video/mp4 mp4; }}
    default_type application/octet-stream;
    server {{
        listen 127.0.0.1:{self.port};
        root {self.root};
    }}
}}
""")
        self.proc = subprocess.Popen(["nginx", "-c", str(conf), "-p", str(self.folder)],
                                     stdout=subprocess.DEVNULL, stderr=open(self.folder / "stderr.log", "w"))
        deadline = time.time() + 10
        while True:
            try:
                urllib.request.urlopen(self.base + "/", timeout=1)
                return
            except urllib.error.HTTPError:
                return  # 403/404 for the folder: nginx answers
            except Exception:
                if self.proc.poll() is not None or time.time() > deadline:
                    raise RuntimeError("nginx did not start: " + (self.folder / "stderr.log").read_text()[-1000:])
                time.sleep(0.1)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
