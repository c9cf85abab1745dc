#!/usr/bin/env python3
"""Soak: a release `vitrine` server on the 100 000-photo catalog under a minute of mixed load.

  - wrk, 60 s, 256 connections, cycling through real requests gathered from the server first: first
    pages, deeper pages (cursors from real answers), tag-filtered and searched pages (relevance order on
    words with few matches), photo details,
    thumbnails, small thumbs and previews, the index page, and conditional asset requests (If-None-Match
    → 304) — Benchmarks/soak/mixed.lua;
  - meanwhile 50 event streams stay open, at most 10 per client address (127.0.0.2, 127.0.0.3, …: the
    server limits streams per address), each read continuously, and a title is PATCHed every second,
    which every stream must receive;
  - the server's RSS (/proc/PID/status VmRSS) after a 5 s warm-up and at the end.

Prints one table (metric | measured | target | ✓/✗). Targets: 0 errors (wrk's socket errors, answers that
are neither 2xx nor 3xx, failed writes, streams that closed, missed `event: ready` or missed a write) and
RSS within +20 %. Every request goes to 127.0.0.x.

Usage: python3 Benchmarks/soak/soak.py
Env (besides VITRINE_BIN_DIR and WEB_BENCH_DATA, see Benchmarks/bench_common.py):
  SOAK_SECONDS      length of the wrk run (default 60)
  SOAK_CONNECTIONS  wrk connections (default 256)
  SOAK_THREADS      wrk threads (default 2)
  SOAK_STREAMS      event streams held open (default 50)
  SOAK_TIMEOUT      wrk's per-request timeout in seconds; a slower answer is an error (default 10)
  SOAK_JSON         if set, also write the raw results there as JSON
Exit status: 0 (a ✗ is a finding, not an error); 1 when the soak itself could not run.
"""
import http.client
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from urllib.parse import quote

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from bench_common import BIN, DATA, TOTAL, Server, log, prepare, print_table  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
SECONDS = int(os.environ.get("SOAK_SECONDS", "60"))
CONNECTIONS = int(os.environ.get("SOAK_CONNECTIONS", "256"))
THREADS = int(os.environ.get("SOAK_THREADS", "2"))
STREAMS = int(os.environ.get("SOAK_STREAMS", "50"))
TIMEOUT = float(os.environ.get("SOAK_TIMEOUT", "10"))  # seconds
WARMUP_SECONDS = 5
STREAMS_PER_ADDRESS = 10
RSS_GROWTH_TARGET = 20.0  # percent
WRITE_INTERVAL = 1.0  # seconds between PATCHes
BROWSER_ACCEPT = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"


# ── requests gathered from the running server ───────────────────────────
def fetch(base, path, headers=None):
    """(status, headers, body) of one GET; 3xx/4xx answers too."""
    req = urllib.request.Request(base + path, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def fetch_json(base, path):
    status, _, body = fetch(base, path)
    if status != 200:
        raise RuntimeError(f"GET {path} answered {status}: {body[:200]!r}")
    return json.loads(body)


def page_path(limit, cursor=None, **query):
    parts = [f"{k}={quote(str(v), safe='')}" for k, v in query.items()]
    parts.append(f"limit={limit}")
    if cursor:
        parts.append(f"cursor={quote(cursor, safe='')}")
    return "/api/v1/photos?" + "&".join(parts)


def gather(base, rng):
    """The soak's request list: (kind, path, headers) tuples in a fixed mix, shuffled."""
    first = fetch_json(base, page_path(20))
    items = list(first["items"])

    # Deeper pages: follow the cursors of 200-photo pages 8 000 photos deep, keeping every other cursor,
    # then the first 10 pages of 20 the way a scrolling client asks for them.
    deep, cursor = [], first["nextCursor"]
    for hop in range(40):
        page = fetch_json(base, page_path(200, cursor))
        items += page["items"][::40]
        cursor = page["nextCursor"]
        if not cursor:
            break
        if hop % 2:
            deep.append(page_path(20, cursor))
    cursor = first["nextCursor"]
    for _ in range(10):
        if not cursor:
            break
        deep.append(page_path(20, cursor))
        cursor = fetch_json(base, page_path(20, cursor))["nextCursor"]

    # Filtered pages: the most used tags, words from titles and camera makers, and their next pages;
    # relevance order for words with few matches (tags of one photo), whose cost stays small.
    filtered = []
    tag_counts = fetch_json(base, "/api/v1/tags")["tags"]
    tags = [t["name"] for t in tag_counts[:6]]
    narrow = [t["name"] for t in tag_counts if t["count"] <= 10][:3]
    details = [fetch_json(base, f"/api/v1/photos/{quote(p['id'])}") for p in items[:30]]
    words = set()
    for d in details:
        for field in ("cameraMake", "title"):
            for w in re.findall(r"[^\W\d_]{3,}", str(d.get(field) or "")):
                words.add(w.lower()[:6])
    queries = [dict(tag=t) for t in tags] + [dict(q=w) for w in sorted(words)[:8]]
    queries += [dict(q=w, order="relevance") for w in narrow]
    for q in queries:
        page = fetch_json(base, page_path(20, **q))
        filtered.append(page_path(20, **q))
        if page.get("nextCursor"):
            filtered.append(page_path(20, page["nextCursor"], **q))

    # Details and assets of photos from every depth.
    detail_paths = sorted({f"/api/v1/photos/{quote(p['id'])}" for p in items})
    thumbs = sorted({p[k]["url"] for p in items for k in ("thumb", "small") if p.get(k)})
    previews = sorted({p["preview"]["url"] for p in items if p.get("preview")})

    # Conditional requests: each asset's ETag as the server gave it.
    conditional = []
    for url in (thumbs + previews)[:40]:
        status, headers, _ = fetch(base, url, {"Accept": BROWSER_ACCEPT})
        if status == 200 and headers.get("ETag"):
            conditional.append((url, {"Accept": BROWSER_ACCEPT, "If-None-Match": headers["ETag"]}))

    mix = [  # (kind, share of the requests, candidates)
        ("first page", 0.12, [(page_path(20), {}), (page_path(60), {})]),
        ("deeper page", 0.14, [(p, {}) for p in deep]),
        ("tag/search page", 0.06, [(p, {}) for p in filtered]),
        ("index page", 0.02, [("/", {"Accept": "text/html", "Accept-Encoding": "gzip"})]),
        ("detail", 0.20, [(p, {}) for p in detail_paths]),
        ("thumb", 0.30, [(u, {"Accept": BROWSER_ACCEPT}) for u in thumbs]),
        ("preview", 0.06, [(u, {"Accept": BROWSER_ACCEPT}) for u in previews]),
        ("conditional (304)", 0.10, conditional),
    ]
    size = 2000
    out = []
    for kind, share, candidates in mix:
        if not candidates:
            raise RuntimeError(f"no {kind} requests could be gathered")
        n = round(size * share)
        out += [(kind, *candidates[k % len(candidates)]) for k in range(n)]
    rng.shuffle(out)
    return out, items[0]


def write_requests(requests, path):
    with open(path, "w") as f:
        for kind, p, headers in requests:
            f.write("\t".join([kind, p, *(f"{k}: {v}" for k, v in headers.items())]) + "\n")


# ── event streams ───────────────────────────────────────────────────────
class EventStream(threading.Thread):
    """One `GET /api/v1/events` from a given source address, read line by line until told to stop."""

    def __init__(self, port, source, watched_id):
        super().__init__(daemon=True)
        self.port, self.source, self.watched_id = port, source, watched_id
        self.ready = False
        self.changes = 0  # change events for the watched photo
        self.error = None
        self.stopping = False
        self.opened = threading.Event()
        self.conn = None

    def run(self):
        try:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.source, 0))
            self.conn.request("GET", "/api/v1/events", headers={"Accept": "text/event-stream"})
            resp = self.conn.getresponse()
            if resp.status != 200:
                self.error = f"answered {resp.status}: {resp.read(300)!r}"
                return
            self.opened.set()
            event = None
            while True:
                line = resp.readline()
                if not line:
                    if not self.stopping:
                        self.error = "closed by the server"
                    return
                line = line.rstrip(b"\r\n")
                if line.startswith(b"event:"):
                    event = line[6:].strip()
                    if event == b"ready":
                        self.ready = True
                elif line.startswith(b"data:") and event == b"change":
                    if json.loads(line[5:]).get("id") == self.watched_id:
                        self.changes += 1
                elif not line:
                    event = None
        except Exception as e:
            if not self.stopping:
                self.error = f"{type(e).__name__}: {e}"
        finally:
            self.opened.set()

    @property
    def alive(self):
        return self.is_alive() and self.error is None and self.ready

    def close(self):
        self.stopping = True
        try:
            self.conn.sock.shutdown(2)
        except Exception:
            pass


# ── writes ──────────────────────────────────────────────────────────────
class TitleWriter(threading.Thread):
    """PATCHes one photo's title every WRITE_INTERVAL seconds with the admin token, until stopped."""

    def __init__(self, base, token, photo_id):
        super().__init__(daemon=True)
        self.base, self.token, self.photo_id = base, token, photo_id
        self.done = 0
        self.failures = []
        self.halt = threading.Event()

    def patch(self, title):
        req = urllib.request.Request(
            f"{self.base}/api/v1/photos/{quote(self.photo_id)}", method="PATCH",
            data=json.dumps({"title": title}).encode(),
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            r.read()

    def run(self):
        n = 0
        while not self.halt.wait(WRITE_INTERVAL):
            n += 1
            try:
                self.patch(f"soak write {n}")
                self.done += 1
            except Exception as e:
                self.failures.append(f"{type(e).__name__}: {e}")


# ── server measures ─────────────────────────────────────────────────────
def rss_kb(pid):
    """The process's resident set in KiB, or None once it has exited."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def cpu_seconds(pid):
    """User + system CPU time the process has used, in seconds (0 once it has exited)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class RSSSampler(threading.Thread):
    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.halt = pid, 0, threading.Event()

    def run(self):
        while not self.halt.wait(0.5):
            self.peak = max(self.peak, rss_kb(self.pid) or 0)


def run_wrk(base, requests_file, seconds, connections, threads):
    args = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", f"{TIMEOUT:g}s", "--latency",
            "-s", str(HERE / "mixed.lua"), base, "--", str(requests_file)]
    out = subprocess.run(args, capture_output=True, text=True, timeout=seconds + 60)
    result = None
    for line in out.stdout.splitlines():
        if line.startswith("SOAK-RESULT "):
            result = json.loads(line[len("SOAK-RESULT "):])
        else:
            log("  wrk:", line)
    if out.returncode != 0 or result is None:
        raise RuntimeError(f"wrk failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    return result


def log_findings(text):
    """The server log's answers that were neither 2xx nor 3xx (by status, route and code) and its
    warnings/errors, a few of each."""
    answers = Counter()
    for m in re.finditer(r"\b(GET|HEAD|POST|PATCH|DELETE) (\S+) ([1-9]\d\d) [\d.]+ms", text):
        status = int(m.group(3))
        if not 200 <= status < 400:
            path = re.sub(r"/assets/\S+", "/assets/…", re.sub(r"/photos/[^/?\s]+", "/photos/{id}", m.group(2)))
            answers[(status, path)] += 1
    problems = [l for l in text.splitlines() if re.search(r"\b(warning|error|critical|fatal)\b", l, re.I)
                and not re.search(r"\b(GET|HEAD|POST|PATCH|DELETE) \S+ \d{3} [\d.]+ms", l)]
    return answers, problems


# ── report ──────────────────────────────────────────────────────────────
def main():
    if not shutil.which("wrk"):
        log("missing wrk: scripts/install-deps.sh bench")
        return 1
    for b in ("vitrine", "vitrine-fixture"):
        if not (BIN / b).exists():
            log(f"missing {BIN / b}: build in release first (make bench builds them) or set VITRINE_BIN_DIR")
            return 1
    t_start = time.time()
    prepare()
    server = Server(DATA, log_name="soak")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="vitrine-soak-"))
    streams, writer, sampler = [], None, None
    try:
        total = server.total()
        if total != TOTAL:
            raise RuntimeError(f"catalog has {total} photos, expected {TOTAL}")
        pid = server.proc.pid
        t_setup = time.time()
        requests, watched = gather(server.base, random.Random(16))
        write_requests(requests, tmp / "requests.tsv")
        kinds = Counter(kind for kind, _, _ in requests)
        log(f"{len(requests)} requests ({len(set(p for _, p, _ in requests))} distinct) gathered in "
            f"{time.time() - t_setup:.1f} s: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))

        token = (DATA / "admin-token").read_text().strip()
        original_title = fetch_json(server.base, f"/api/v1/photos/{quote(watched['id'])}").get("title")
        addresses = [f"127.0.0.{2 + k // STREAMS_PER_ADDRESS}" for k in range(STREAMS)]
        streams = [EventStream(server.port, a, watched["id"]) for a in addresses]
        for s in streams:
            s.start()
        for s in streams:
            s.opened.wait(10)
        opened = sum(s.opened.is_set() and s.error is None for s in streams)
        log(f"{opened}/{STREAMS} event streams open from {len(set(addresses))} addresses")

        log(f"warm-up: wrk {WARMUP_SECONDS} s…")
        warmup = run_wrk(server.base, tmp / "requests.tsv", WARMUP_SECONDS, CONNECTIONS, THREADS)
        rss_start = rss_kb(pid)
        if rss_start is None:
            raise RuntimeError("the server exited during the warm-up:\n" + server.log_text()[-3000:])
        sampler = RSSSampler(pid)
        sampler.start()
        writer = TitleWriter(server.base, token, watched["id"])
        writer.start()
        log(f"soak: wrk -t{THREADS} -c{CONNECTIONS} -d{SECONDS}s, {STREAMS} event streams, a title PATCH every "
            f"{WRITE_INTERVAL:g} s; RSS at start {rss_start / 1024:.0f} MB…")
        load0 = os.getloadavg()[0]
        cpu0 = cpu_seconds(pid)
        soak = run_wrk(server.base, tmp / "requests.tsv", SECONDS, CONNECTIONS, THREADS)
        cpu = cpu_seconds(pid) - cpu0
        writer.halt.set()
        writer.join(35)
        # Every stream should now receive the last write.
        deadline = time.time() + 5
        while time.time() < deadline and not all(s.changes >= writer.done for s in streams if s.alive):
            time.sleep(0.1)
        rss_end = rss_kb(pid)
        sampler.halt.set()
        server_alive = server.proc.poll() is None
        if server_alive:
            status, _, _ = fetch(server.base, "/healthz")
            server_alive = status == 200
        alive = [s for s in streams if s.alive]
        caught_up = [s for s in alive if s.changes >= writer.done]
        stream_errors = Counter(s.error or ("no event: ready" if not s.ready else "thread ended")
                                for s in streams if not s.alive)
        if server_alive:
            try:
                writer.patch(original_title)
            except Exception as e:
                log(f"could not restore the title of {watched['id']}: {e}")
    finally:
        if writer:
            writer.halt.set()
        for s in streams:
            s.close()
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    log_answers, log_problems = log_findings(server.log_path.read_text(errors="replace"))

    # ── table ──
    rows = []

    def row(metric, measured, target="—", ok=None):
        rows.append((metric, measured, target, "" if ok is None else "✓" if ok else "✗"))

    e = soak["errors"]
    duration = soak["duration_us"] / 1e6
    statuses = {int(k): v for k, v in soak["statuses"].items()}
    bad_status = sum(v for k, v in statuses.items() if not 200 <= k < 400)
    socket_errors = e["connect"] + e["read"] + e["write"] + e["timeout"]
    lat = soak["latency_us"]
    growth = (rss_end - rss_start) / rss_start * 100 if rss_end else float("nan")
    row(f"Requests/s (wrk -t{THREADS} -c{CONNECTIONS}, {duration:.0f} s, mixed)",
        f"{soak['requests'] / duration:,.0f} ({soak['requests']:,} requests, {soak['bytes'] / duration / 2**20:.0f} MB/s)")
    row("Latency p50", f"{lat['50'] / 1000:.1f} ms")
    row("Latency p99", f"{lat['99'] / 1000:.1f} ms", f"< {TIMEOUT:g} s (wrk timeout)", lat["99"] / 1e6 < TIMEOUT)
    row("  p99.9 / max (informational)", f"{lat['99.9'] / 1000:.0f} / {lat['max'] / 1000:.0f} ms")
    row("Server CPU time during the run", f"{cpu:.0f} s ({cpu / duration:.2f} of {os.cpu_count()} cores)")
    status_text = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items()) if not 200 <= k < 400) or "none"
    row("Errors: answers neither 2xx nor 3xx", f"{bad_status} ({status_text})", "0", bad_status == 0)
    row("Errors: sockets (connect / read / write / timeout)",
        f"{socket_errors} ({e['connect']} / {e['read']} / {e['write']} / {e['timeout']})", "0", socket_errors == 0)
    row(f"Errors: title PATCHes failed (of {writer.done + len(writer.failures)})", f"{len(writer.failures)}", "0",
        not writer.failures)
    row("Event streams alive at end (open, `event: ready` received)", f"{len(alive)} / {STREAMS}",
        f"{STREAMS} / {STREAMS}", len(alive) == STREAMS)
    row(f"Event streams that received all {writer.done} writes", f"{len(caught_up)} / {STREAMS}",
        f"{STREAMS} / {STREAMS}", len(caught_up) == STREAMS)
    row("Server alive at end (/healthz)", "yes" if server_alive else "no", "yes", server_alive)
    row(f"RSS at start (after a {WARMUP_SECONDS} s warm-up)", f"{rss_start / 1024:.1f} MB")
    row("RSS at end", f"{rss_end / 1024:.1f} MB (peak {max(sampler.peak, rss_end) / 1024:.1f} MB)" if rss_end
        else "the server exited")
    row("RSS growth", f"{growth:+.1f} %" if rss_end else "—", f"≤ +{RSS_GROWTH_TARGET:.0f} %",
        rss_end is not None and growth <= RSS_GROWTH_TARGET)

    print(f"\nVitrine soak — {TOTAL} photos, release build, loopback, {os.cpu_count()} CPUs "
          f"(load average {load0:.2f} before, {os.getloadavg()[0]:.2f} after; total {time.time() - t_start:.0f} s)\n")
    if load0 > os.cpu_count():
        print(f"⚠ the machine was busy (load average {load0:.1f} on {os.cpu_count()} CPUs before the run): "
              "throughput and latency are worse than on an idle machine.\n")
    print_table(rows)
    print(f"\nMix ({len(requests)} requests cycled): " + ", ".join(f"{k} {n / len(requests):.0%}" for k, n in kinds.items()))
    print("Answers by status: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(statuses.items())))
    we = warmup["errors"]
    warm_bad = sum(v for k, v in warmup["statuses"].items() if not 200 <= int(k) < 400)
    print(f"Warm-up ({WARMUP_SECONDS} s, {CONNECTIONS} connections): {warmup['requests'] / (warmup['duration_us'] / 1e6):,.0f} req/s, "
          f"{warm_bad} bad answers, socket errors {we['connect']}/{we['read']}/{we['write']}/{we['timeout']}")
    for f in list(dict.fromkeys(soak["failures"] + warmup["failures"]))[:6]:
        print("  failed answer:", f)
    if stream_errors:
        print("Event streams lost: " + "; ".join(f"{n} × {err}" for err, n in stream_errors.items()))
    for f in writer.failures[:5]:
        print("  PATCH failure:", f)
    if log_answers:
        print("Server log, answers neither 2xx nor 3xx: " +
              ", ".join(f"{s} {p} × {n}" for (s, p), n in log_answers.most_common(8)))
    if log_problems:
        print(f"Server log, {len(log_problems)} warning/error lines, first ones:")
        for l in log_problems[:8]:
            print("  " + l[:240])
    if os.environ.get("SOAK_JSON"):
        pathlib.Path(os.environ["SOAK_JSON"]).write_text(json.dumps(dict(
            rows=rows, soak=soak, warmup=warmup, rss_start_kb=rss_start, rss_end_kb=rss_end,
            rss_peak_kb=sampler.peak, writes=writer.done, write_failures=writer.failures,
            stream_errors=dict(stream_errors), mix=dict(kinds)), indent=1))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:
        log(f"soak failed: {e}")
        raise
