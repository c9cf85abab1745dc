#!/usr/bin/env python3
"""`make bench`, hot-path part: Vitrine next to nginx serving the very same bytes, in one run (issue 19).

For each library — the 100 000-photo one (bench_common's cached library) and the 1 000 000-photo SQLite
fixture of the catalog bench (Benchmarks/catalogs/bench.py, cached under CATALOG_BENCH_DIR) — a release
`vitrine serve` answers, and the requests of each row are gathered from its own answers:

  first page      /api/v1/photos?limit=20
  deep page       the same after one of 200 keyset cursors issued by the server, from random dates
  tag page        ?tag=synthetic&limit=20 after one of 50 cursors (the fixture tags every photo)
  timeline        /api/v1/timeline: every month's count, from the counts the catalog keeps (issue 20)
  tag timeline    /api/v1/timeline?tag=synthetic: one tag's kept counts
  detail          /api/v1/photos/{id} for 200 random photos
  thumb 200       the thumbnail of 200 photos, with a browser's Accept header
  thumb 304       the same with If-None-Match (the ETag Vitrine gave)
  preview 200     the preview of 200 photos

Every answer's body is saved into a folder that nginx (apt; a configuration generated here: 2 workers,
sendfile, its pid and logs under the work folder) serves, one file per request, so nginx sends the same
bytes; its 304 row uses nginx's own ETag. wrk (`-t1 -c32 -d{SECONDS}s --latency`, Benchmarks/soak/mixed.lua
cycling the row's requests) runs against Vitrine, then against nginx, row by row. The ratio is Vitrine's
req/s over nginx's. Targets (issue 19):

  first page                      ≥ 0.25× nginx, p99 ≤ 5 ms
  timeline, tag timeline          ≥ 0.25× nginx, p99 ≤ 5 ms (one request, kept by feed position, as the first
                                  page; issue 20 asks for the figure next to nginx and names no target)
  deep page, tag page             ≥ 0.12× nginx, p99 ≤ 10 ms
  detail                          ≥ 0.15× nginx
  thumbnail/preview, 200 and 304  ≥ 0.3× nginx, p99 ≤ 5 ms
  every row at 1 000 000          req/s within 1.5× of the 100 000 figure (and p99 within 1.5× or under target)

At 100 000 photos, one more row runs Benchmarks/hummingbird-ceiling, a minimal Hummingbird router answering
the first page's bytes as a constant, under the same load: the framework's own ceiling on this machine, measured
in the same run, beside which the first page's rate is given.

A last table runs the first page with metrics off (`vitrine serve --no-metrics`) and on, target ≤ 5 % cost.

Env (besides VITRINE_BIN_DIR and WEB_BENCH_DATA, see Benchmarks/bench_common.py, and CATALOG_BENCH_DIR):
  SERVER_BENCH_SECONDS  length of each wrk run (default 8)
  SERVER_BENCH_SIZES    comma-separated libraries to measure, among 100000 and 1000000 (default both)
  SERVER_BENCH_JSON     if set, also write the raw results there as JSON
Exit status: 0 (a ✗ is a finding, not an error); 1 when the benchmark itself could not run.
"""
import importlib.util
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from urllib.parse import quote

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from bench_common import (  # noqa: E402
    BIN, DATA, FIXTURE_FIRST_MS, FIXTURE_SPAN_MS, ROOT, TOTAL, Nginx, Server, cursor_after, free_port, get_json,
    log, prepare, print_table)

BENCH = ROOT / "Benchmarks"
SECONDS = int(os.environ.get("SERVER_BENCH_SECONDS") or "8")
SIZES = [int(n) for n in (os.environ.get("SERVER_BENCH_SIZES") or f"{TOTAL},1000000").split(",")]
CATALOG_DIR = pathlib.Path(os.environ.get("CATALOG_BENCH_DIR") or ROOT / ".build/bench/catalogs")
CATALOG_DIR = CATALOG_DIR if CATALOG_DIR.is_absolute() else ROOT / CATALOG_DIR
WORK = ROOT / ".build/bench/server"
BROWSER_ACCEPT = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"
PAGE = 20
SCALE_TARGET = 1.5
METRICS_COST_TARGET = 0.05
# row → (minimum ratio to nginx, maximum p99 in ms or None)
TARGETS = {
    "first page": (0.25, 5.0),
    "deep page": (0.12, 10.0),
    "tag page": (0.12, 10.0),
    "timeline": (0.25, 5.0),
    "tag timeline": (0.25, 5.0),
    "detail": (0.15, None),
    "thumb 200": (0.3, 5.0),
    "thumb 304": (0.3, 5.0),
    "preview 200": (0.3, 5.0),
}
ROWS = list(TARGETS)
# Not a Vitrine route: the framework's ceiling, reported beside the rows (no target of its own).
CEILING = "hummingbird ceiling"


# ── the requests ───────────────────────────────────────────────────────
def fetch(base, path, headers=None):
    request = urllib.request.Request(base + path, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def page_path(cursor=None, tag=None):
    path = f"/api/v1/photos?limit={PAGE}"
    if tag:
        path += f"&tag={quote(tag, safe='')}"
    return path + (f"&cursor={quote(cursor, safe='')}" if cursor else "")


def server_cursors(base, rng, count, tag=None):
    """`count` cursors the server issued, each found one page of 1 after a random date."""
    cursors = []
    while len(cursors) < count:
        taken_at = FIXTURE_FIRST_MS + rng.randrange(FIXTURE_SPAN_MS)
        page = get_json(base + page_path(cursor_after(taken_at), tag).replace(f"limit={PAGE}", "limit=1"))
        if page["nextCursor"]:
            cursors.append(page["nextCursor"])
    return cursors


def gather(base, rng):
    """Each row's requests: (path, headers) lists, from the server's own answers."""
    rows = {
        "first page": [(page_path(), {})],
        "deep page": [(page_path(c), {}) for c in server_cursors(base, rng, 200)],
        "tag page": [(page_path(c, "synthetic"), {}) for c in server_cursors(base, rng, 50, "synthetic")],
        "timeline": [("/api/v1/timeline", {})],
        "tag timeline": [("/api/v1/timeline?tag=synthetic", {})],
    }
    items = []
    for cursor in server_cursors(base, rng, 20):
        items += get_json(base + page_path(cursor))["items"][:10]
    rows["detail"] = [(f"/api/v1/photos/{quote(i['id'])}", {}) for i in items]
    image = {"Accept": BROWSER_ACCEPT}
    rows["thumb 200"] = [(i["thumb"]["url"], image) for i in items]
    rows["preview 200"] = [(i["preview"]["url"], image) for i in items]
    conditional = []
    for path, headers in rows["thumb 200"]:
        status, answer, _ = fetch(base, path, headers)
        conditional.append((path, {**headers, "If-None-Match": answer["ETag"]}))
    rows["thumb 304"] = conditional
    for row, requests in rows.items():
        if any(not p.startswith("/") for p, _ in requests):
            raise RuntimeError(f"{row}: asset URLs are not this server's (--asset-base-url?)")
    return rows


# ── nginx, serving the same bytes ─────────────────────────────────────
def mirror(base, rows, root):
    """Saves each request's answer body under `root` and returns the rows as nginx requests for the same bytes."""
    mirrored = {}
    for row, requests in rows.items():
        out = []
        for index, (path, headers) in enumerate(requests):
            fetched_headers = {k: v for k, v in headers.items() if k != "If-None-Match"}
            status, answer, body = fetch(base, path, fetched_headers)
            if status != 200:
                raise RuntimeError(f"{row}: {path} answered {status}")
            kind = answer.get("Content-Type", "").split(";")[0]
            suffix = {"application/json": "json", "image/jpeg": "jpg", "image/webp": "webp",
                      "image/avif": "avif"}.get(kind, "bin")
            name = f"/{row.replace(' ', '-')}/{index}.{suffix}"
            target = root / name.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(body)
            out.append((name, fetched_headers, "If-None-Match" in headers))
        mirrored[row] = out
    return mirrored


def nginx_requests(nginx, mirrored):
    """The mirrored rows as (path, headers) lists; conditional ones carry nginx's own ETag."""
    rows = {}
    for row, requests in mirrored.items():
        out = []
        for path, headers, conditional in requests:
            if conditional:
                _, answer, _ = fetch(nginx.base, path, headers)
                headers = {**headers, "If-None-Match": answer["ETag"]}
            out.append((path, headers))
        rows[row] = out
    return rows


# ── measuring ──────────────────────────────────────────────────────────
def wrk(base, requests, seconds=None):
    path = WORK / "requests.tsv"
    path.write_text("".join(
        "r\t" + p + "".join(f"\t{k}: {v}" for k, v in h.items()) + "\n" for p, h in requests))
    out = subprocess.run(
        ["wrk", "-t1", "-c32", f"-d{seconds or SECONDS}s", "--latency", "--timeout", "10s",
         "-s", str(BENCH / "soak/mixed.lua"), base, "--", str(path)],
        capture_output=True, text=True, check=True).stdout
    found = re.search(r"^SOAK-RESULT (\{.*\})$", out, re.M)
    if not found:
        raise RuntimeError("wrk printed no result:\n" + out[-2000:])
    r = json.loads(found.group(1))
    errors = sum(r["errors"].values()) + sum(c for s, c in r["statuses"].items() if not s.startswith(("2", "3")))
    return {"rate": r["requests"] / (r["duration_us"] / 1e6), "p50_ms": r["latency_us"]["50"] / 1000,
            "p99_ms": r["latency_us"]["99"] / 1000, "errors": errors, "failures": r["failures"]}


def library(n):
    """The data folder holding an n-photo library, built if missing."""
    if n == TOTAL:
        prepare()
        return DATA
    spec = importlib.util.spec_from_file_location("catalog_bench", BENCH / "catalogs/bench.py")
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    catalogs.DIR = CATALOG_DIR
    CATALOG_DIR.mkdir(parents=True, exist_ok=True)
    fixtures = catalogs.Fixtures(None)
    fixtures.ensure("sqlite", n)
    return fixtures.folder("sqlite", n)


def measure(n, rng):
    data = library(n)
    server = Server(data, log_name="hotpaths")
    root = WORK / f"nginx-{n}"
    shutil.rmtree(root, ignore_errors=True)
    nginx = Nginx(WORK / f"nginx-{n}-state", root)
    try:
        server.total(timeout=120)
        rows = gather(server.base, rng)
        mirrored = mirror(server.base, rows, root)
        nginx.start()
        theirs = nginx_requests(nginx, mirrored)
        wrk(server.base, [r for row in ROWS for r in rows[row]], 2)  # warm-up
        wrk(nginx.base, [r for row in ROWS for r in theirs[row]], 1)
        results = {}
        for row in ROWS:
            ours, nginx_result = wrk(server.base, rows[row]), wrk(nginx.base, theirs[row])
            results[row] = {"vitrine": ours, "nginx": nginx_result, "requests": len(rows[row])}
            log(f"  {row:12}  vitrine {ours['rate']:8.0f} req/s p50 {ours['p50_ms']:.2f} p99 {ours['p99_ms']:.2f} ms"
                f"   nginx {nginx_result['rate']:8.0f} req/s p99 {nginx_result['p99_ms']:.2f} ms"
                + (f"   {ours['errors']} errors {ours['failures'][:1]}" if ours["errors"] else ""))
        if n == TOTAL:
            body = root / mirrored["first page"][0][0].lstrip("/")
            results[CEILING] = {"vitrine": ceiling(body), "nginx": wrk(nginx.base, theirs["first page"]),
                                "requests": 1}
            log(f"  {CEILING}  {results[CEILING]['vitrine']['rate']:8.0f} req/s")
        return results
    finally:
        nginx.stop()
        server.stop()


def ceiling(body):
    """Hummingbird's own ceiling: a minimal router (Benchmarks/hummingbird-ceiling) answering the first page's
    bytes as a constant, under the same wrk load as the rows, so the table measures the framework's limit."""
    port = free_port()
    proc = subprocess.Popen([str(BIN / "hummingbird-ceiling"), str(port), str(body)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                fetch(base, "/")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("hummingbird-ceiling did not start")
                time.sleep(0.05)
        wrk(base, [("/", {})], 1)
        return wrk(base, [("/", {})])
    finally:
        proc.terminate()
        proc.wait()


def metrics_cost(rng):
    """First-page throughput with metrics off and on, alternating runs; the best of each."""
    rates = {"off": [], "on": []}
    for _ in range(2):
        for mode in ("off", "on"):
            server = Server(DATA, log_name="metrics", extra_args=["--no-metrics"] if mode == "off" else [])
            try:
                server.total(timeout=120)
                wrk(server.base, [(page_path(), {})], 1)
                rates[mode].append(wrk(server.base, [(page_path(), {})])["rate"])
            finally:
                server.stop()
    return {mode: max(values) for mode, values in rates.items()}


# ── the report ─────────────────────────────────────────────────────────
def rate(value):
    return f"{value:,.0f}".replace(",", " ")


def table(measured):
    base = measured.get(TOTAL)
    rows = []
    for n, results in measured.items():
        if CEILING in results:
            ours, theirs = results[CEILING]["vitrine"], results[CEILING]["nginx"]
            first = results["first page"]["vitrine"]["rate"]
            rows.append((f"{n:,}".replace(",", " "), "Hummingbird, constant first page", rate(ours["rate"]),
                         f"{ours['p50_ms']:.2f} ms", f"{ours['p99_ms']:.2f} ms", rate(theirs["rate"]),
                         f"{theirs['p99_ms']:.2f} ms", f"{ours['rate'] / theirs['rate']:.3f}×",
                         f"first page at {first / ours['rate']:.2f}× this ceiling", ""))
        for row in ROWS:
            ours, theirs = results[row]["vitrine"], results[row]["nginx"]
            ratio = ours["rate"] / theirs["rate"]
            minimum, p99 = TARGETS[row]
            target = f"≥ {minimum:g}×" + (f", p99 ≤ {p99:g} ms" if p99 else "")
            ok = ratio >= minimum and (p99 is None or ours["p99_ms"] <= p99) and not ours["errors"]
            if n != TOTAL and base:
                slower = base[row]["vitrine"]["rate"] / ours["rate"]
                target += f", ≤ {SCALE_TARGET:g}× the 100 000 figure ({slower:.2f}×)"
                ok = ok and slower <= SCALE_TARGET
            rows.append((f"{n:,}".replace(",", " "), row, rate(ours["rate"]), f"{ours['p50_ms']:.2f} ms",
                         f"{ours['p99_ms']:.2f} ms", rate(theirs["rate"]), f"{theirs['p99_ms']:.2f} ms",
                         f"{ratio:.3f}×", target, "✓" if ok else "✗"))
    print_table(rows, head=("photos", "route", "Vitrine req/s", "Vitrine p50", "Vitrine p99", "nginx req/s",
                            "nginx p99", "ratio", "target", ""))


def main():
    for tool in ("wrk", "nginx"):
        if not shutil.which(tool) and not shutil.which(tool, path="/usr/sbin"):
            sys.exit(f"{tool} is missing: make deps")
    os.environ["PATH"] += ":/usr/sbin"
    WORK.mkdir(parents=True, exist_ok=True)
    started, load = time.perf_counter(), os.getloadavg()
    measured = {}
    for n in SIZES:
        log(f"hot paths at {n:,} photos")
        measured[n] = measure(n, random.Random(19))
    cost = metrics_cost(random.Random(19)) if TOTAL in SIZES else None
    log(f"hot-path bench took {time.perf_counter() - started:.0f} s")
    print(f"Hot paths next to nginx serving the same bytes (wrk -t1 -c32 -d{SECONDS}s; load average {load[0]:.1f} "
          f"at the start, {os.getloadavg()[0]:.1f} at the end)")
    table(measured)
    if cost:
        print()
        spent = 1 - cost["on"] / cost["off"]
        print_table([("first page, metrics off", rate(cost["off"]), "", ""),
                     ("first page, metrics on", rate(cost["on"]), f"cost ≤ {METRICS_COST_TARGET:.0%}",
                      f"{spent:.1%} " + ("✓" if spent <= METRICS_COST_TARGET else "✗"))],
                    head=("metrics (100 000 photos)", "req/s", "target", "cost"))
    if os.environ.get("SERVER_BENCH_JSON"):
        pathlib.Path(os.environ["SERVER_BENCH_JSON"]).write_text(json.dumps({"measured": measured, "metrics": cost}))


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, subprocess.CalledProcessError) as e:
        log(f"hot-path bench failed: {e}")
        sys.exit(1)
