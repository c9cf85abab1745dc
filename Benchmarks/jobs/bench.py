#!/usr/bin/env python3
"""`make bench`, job queue part (issue 33): what the queue costs and what it gives, in one run, release build.

  queue cost       claim plus completion of one job with 100 000 jobs queued, one worker in turn
                   (`jobs-bench`), on a SQLite file and on PostgreSQL (target ≤ 2 ms, the median; p99 is
                   printed beside it), and the time per job with 4 workers claiming at once
  queued import    1 000 distinct photos through `vitrine import --enqueue-only` plus two `vitrine worker`
                   processes, from the start of the import to the last render, against the in-process
                   `vitrine import` of the same files (target ≥ 0.95× its photos per second)
  page p99         a release `vitrine serve` whose embedded worker renders the 1 000 queued photos,
                   `/api/v1/photos?limit=100` at one connection (wrk): p99 while the batch renders against
                   p99 on the same server once it is idle (target ≤ 2×); beside it, the same page with no
                   worker while other processes load the second core (a spin at nice 19, vipsthumbnail at
                   nice 10, and one-threaded vipsthumbnail under SCHED_IDLE, which yields to anything):
                   what one busy core costs the other on this machine, whatever the scheduler is told

The 1 000 photos are 1600×1200 crops of the demo photographs at distinct offsets (JPEG, quality 90), made
once and cached under JOBS_BENCH_DIR. PostgreSQL is a throwaway server (scripts/pg.sh) there too.

Env:
  VITRINE_BIN_DIR   folder with `vitrine` and `jobs-bench` (default .build/release)
  JOBS_BENCH_DIR    work folder (default .build/bench/jobs)
  JOBS_BENCH_QUEUED jobs queued for the queue's cost (default 100000)
  JOBS_BENCH_PHOTOS photos for the import rows (default 1000)
Exit status: 0 (a ✗ is a finding, not an error); 1 when the benchmark itself could not run.
"""
import concurrent.futures
import glob
import json
import os
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from bench_common import BIN, ROOT, Postgres, Server, log, print_table  # noqa: E402

DIR = pathlib.Path(os.environ.get("JOBS_BENCH_DIR") or ROOT / ".build/bench/jobs")
DIR = DIR if DIR.is_absolute() else ROOT / DIR
QUEUED = int(os.environ.get("JOBS_BENCH_QUEUED") or "100000")
PHOTOS = int(os.environ.get("JOBS_BENCH_PHOTOS") or "1000")
CYCLES = 2000
QUEUE_TARGET_MS = 2.0
QUEUED_IMPORT_TARGET = 0.95
P99_TARGET = 2.0
WRK_SECONDS = 8
CROP = (1600, 1200)
# A small server for a queue: no JIT (it would compile plans over the 100 000 rows), the rest default.
TUNING = {"jit": "off", "shared_buffers": "256MB"}


def ok(good):
    return "✓" if good else "✗"


# ── the queue's own cost ─────────────────────────────────────────────────
def queue_cost():
    pg = Postgres(DIR / "pg", TUNING)
    pg.start()
    try:
        pg.sql("DROP DATABASE IF EXISTS jobs_bench WITH (FORCE)")
        pg.sql("CREATE DATABASE jobs_bench")
        out = subprocess.run(
            [str(BIN / "jobs-bench"), "--sqlite", str(DIR / "queue.sqlite"), "--postgres", pg.url("jobs_bench"),
             "--queued", str(QUEUED), "--cycles", str(CYCLES), "--workers", "4"],
            capture_output=True, text=True, check=True).stdout
        pg.sql("DROP DATABASE IF EXISTS jobs_bench WITH (FORCE)")
    finally:
        pg.stop()
    results = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    for r in results:
        log(f"  {r['catalog']}: {r['queued']:,} queued in {r['fill_seconds']:.1f} s; claim+complete median "
            f"{r['median_ms']:.2f} ms, p99 {r['p99_ms']:.2f} ms; 4 workers {r['concurrent_ms_per_job']:.2f} ms/job")
    return results


# ── the photos ───────────────────────────────────────────────────────────
def photos():
    """PHOTOS distinct JPEG crops of the demo photographs, cached."""
    folder = DIR / f"photos-{PHOTOS}"
    if len(glob.glob(str(folder / "*.jpg"))) == PHOTOS:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    sources = sorted(glob.glob("/usr/share/wallpapers/*/contents/images/2560x1600.jpg"))
    if not sources:
        raise RuntimeError("no demo photographs: install plasma-workspace-wallpapers (make deps)")
    width, height = CROP

    def crop(n):
        source = sources[n % len(sources)]
        step = n // len(sources)
        left, top = (step * 7) % (2560 - width), (step * 5) % (1600 - height)
        subprocess.run(["vips", "extract_area", source, str(folder / f"p{n:05}.jpg[Q=90]"), str(left), str(top),
                        str(width), str(height)], check=True)

    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        list(pool.map(crop, range(PHOTOS)))
    log(f"  made {PHOTOS} photos in {time.time() - started:.0f} s")
    return folder


def run_import(data, folder, *extra):
    shutil.rmtree(data, ignore_errors=True)
    started = time.time()
    subprocess.run([str(BIN / "vitrine"), "import", "--data", str(data), *extra, str(folder)], check=True,
                   stdout=subprocess.DEVNULL)
    return time.time() - started


def jobs_left(data):
    """Whether the data folder's queue still holds jobs: read from its SQLite file directly, since a
    `vitrine jobs list` process per poll would take CPU from the workers being measured."""
    with sqlite3.connect(f"file:{data / 'catalog.sqlite'}?mode=ro", uri=True, timeout=30) as db:
        return db.execute("SELECT EXISTS (SELECT 1 FROM job)").fetchone()[0] == 1


def wait_for_jobs(data, timeout=1800):
    deadline = time.time() + timeout
    while jobs_left(data):
        if time.time() > deadline:
            raise RuntimeError(f"jobs still queued in {data} after {timeout} s")
        time.sleep(0.2)


def queued_import(folder):
    inline = run_import(DIR / "lib-inline", folder)
    log(f"  in-process import: {inline:.1f} s ({PHOTOS / inline:.1f} photos/s)")
    data = DIR / "lib-queued"
    started = time.time()
    enqueue = run_import(data, folder, "--enqueue-only")
    workers = [subprocess.Popen([str(BIN / "vitrine"), "worker", "--data", str(data)], stdout=subprocess.DEVNULL,
                                stderr=open(DIR / f"worker-{n}.log", "w")) for n in range(2)]
    try:
        wait_for_jobs(data)
        queued = time.time() - started
    finally:
        for w in workers:
            w.terminate()
        for w in workers:
            w.wait(30)
    log(f"  --enqueue-only: {enqueue:.1f} s, then two workers: {queued:.1f} s in all "
        f"({PHOTOS / queued:.1f} photos/s)")
    return inline, enqueue, queued


# ── page latency beside the embedded worker ──────────────────────────────
def page_wrk(server):
    """p99 (ms) of `/api/v1/photos?limit=100` at one connection for WRK_SECONDS."""
    requests = DIR / "requests.tsv"
    requests.write_text("r\t/api/v1/photos?limit=100\n")
    out = subprocess.run(
        ["wrk", "-t1", "-c1", f"-d{WRK_SECONDS}s", "--latency", "--timeout", "10s", "-s",
         str(ROOT / "Benchmarks/soak/mixed.lua"), server.base, "--", str(requests)],
        capture_output=True, text=True, check=True).stdout
    line = next(line for line in out.splitlines() if line.startswith("SOAK-RESULT "))
    return json.loads(line[len("SOAK-RESULT "):])["latency_us"]["99"] / 1000


def page_p99(folder, cache=True):
    """A page's p99 while the embedded worker renders the batch an `--enqueue-only` import queued, then once
    it is idle. Every finished render moves the change feed, which empties the answer cache: with the cache,
    the busy run reads the catalog where the idle one answers from memory; without it (`--answer-cache 0`)
    both read the catalog, and the ratio is the worker's own cost to the pages."""
    data = DIR / "lib-serve"
    run_import(data, folder, "--enqueue-only")
    server = Server(data, log_name="serve", extra_args=() if cache else ("--answer-cache", "0"))

    def wrk():
        return page_wrk(server)

    try:
        server.total()
        busy = wrk()
        rendering = jobs_left(data)
        wait_for_jobs(data)
        idle = wrk()
    finally:
        server.stop()
    log(f"  page p99 {'with' if cache else 'without'} the answer cache: while rendering {busy:.2f} ms "
        f"(still rendering at the end: {rendering}), idle {idle:.2f} ms")
    return busy, idle, rendering


def page_p99_controls(folder):
    """The same page on the same library with no worker (`--workers 0`), idle and then beside work that is
    not the server's: a shell spinning at nice 19 and `vipsthumbnail -s 2048` over the photos at nice 10
    (the worker's priority). They show what one busy core costs the other on this machine, whoever runs
    the work, so the worker's ratio reads against the lowest a render beside the pages can give."""
    data = DIR / "lib-serve"
    server = Server(data, log_name="serve-control", extra_args=("--answer-cache", "0", "--workers", "0"))

    def wrk():
        return page_wrk(server)

    paths = " ".join(f"'{p}'" for p in sorted(glob.glob(str(folder / "*.jpg"))))
    out = DIR / "control.jpg"
    renders = f"while :; do for f in {paths}; do vipsthumbnail -s 2048 -o '{out}' \"$f\"; done; done"
    beside = {
        "spin": (["nice", "-n", "19", "sh", "-c", "while :; do :; done"], None),
        "vipsthumbnail": (["nice", "-n", "10", "sh", "-c", renders], None),
        "vipsthumbnail idle": (["chrt", "--idle", "0", "sh", "-c", renders], {**os.environ, "VIPS_CONCURRENCY": "1"}),
    }
    results = {}
    try:
        server.total()
        results["idle"] = wrk()
        for name, (command, env) in beside.items():
            process = subprocess.Popen(command, start_new_session=True, env=env)
            try:
                results[name] = wrk()
            finally:
                os.killpg(process.pid, 9)
                process.wait()
    finally:
        server.stop()
    log(f"  page p99 with no worker: idle {results['idle']:.2f} ms, beside a spin at nice 19 "
        f"{results['spin']:.2f} ms, beside vipsthumbnail at nice 10 {results['vipsthumbnail']:.2f} ms, under "
        f"SCHED_IDLE with one thread {results['vipsthumbnail idle']:.2f} ms")
    return results


def main():
    DIR.mkdir(parents=True, exist_ok=True)
    log(f"job queue bench in {DIR}")
    try:
        costs = queue_cost()
        folder = photos()
        inline, enqueue, queued = queued_import(folder)
        busy, idle, rendering = page_p99(folder, cache=False)
        cached_busy, cached_idle, _ = page_p99(folder)
        controls = page_p99_controls(folder)
    except (RuntimeError, subprocess.CalledProcessError, OSError) as error:
        log(f"job queue bench could not run: {error}")
        return 1
    rows = []
    for r in costs:
        rows.append((f"claim + complete, {r['queued']:,} queued, {r['catalog']} (median; p99)",
                     f"{r['median_ms']:.2f} ms; {r['p99_ms']:.2f} ms", f"≤ {QUEUE_TARGET_MS:g} ms",
                     ok(r["median_ms"] <= QUEUE_TARGET_MS)))
        rows.append((f"per job, 4 workers at once, {r['catalog']}", f"{r['concurrent_ms_per_job']:.2f} ms", "", ""))
    ratio = inline / queued
    rows.append((f"{PHOTOS} photos: --enqueue-only + 2 workers vs in-process import",
                 f"{PHOTOS / queued:.1f} vs {PHOTOS / inline:.1f} photos/s = {ratio:.2f}×",
                 f"≥ {QUEUED_IMPORT_TARGET:g}×", ok(ratio >= QUEUED_IMPORT_TARGET)))
    rows.append(("  of which --enqueue-only", f"{enqueue:.1f} s", "", ""))
    p99 = busy / idle if idle > 0 else float("inf")
    rows.append(("page p99 while the embedded worker renders vs idle, both reading the catalog (--answer-cache 0)",
                 f"{busy:.2f} vs {idle:.2f} ms = {p99:.2f}×" + ("" if rendering else " (batch ended early)"),
                 f"≤ {P99_TARGET:g}×", ok(p99 <= P99_TARGET)))
    rows.append(("  with the answer cache, which every finished render empties (idle: from memory)",
                 f"{cached_busy:.2f} vs {cached_idle:.2f} ms", "", ""))
    base = controls["idle"]
    for name, label in (("vipsthumbnail", "vipsthumbnail -s 2048 at nice 10"),
                        ("vipsthumbnail idle", "vipsthumbnail -s 2048 on one thread under SCHED_IDLE"),
                        ("spin", "a shell spinning at nice 19")):
        rows.append((f"  control, no worker: beside {label} vs idle",
                     f"{controls[name]:.2f} vs {base:.2f} ms = {controls[name] / base:.2f}×", "", ""))
    print(f"\nJob queue (load average {os.getloadavg()[0]:.2f})")
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
