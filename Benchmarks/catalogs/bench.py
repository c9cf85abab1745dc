#!/usr/bin/env python3
"""`make bench`, catalog part: the PostgreSQL catalog next to the SQLite one, in one run, release build.

For N = 100 000 and 1 000 000 photos, the same fixture (`vitrine-fixture`, a fixed seed, grown from the
same 11 imported photographs) is served by a release `vitrine serve` on each catalog in turn, and wrk
measures four requests, each a list of URLs cycled by Benchmarks/soak/mixed.lua:

  first page   /api/v1/photos?limit=100 (the web client's page size)
  deep page    the same with 16 keyset cursors 50–95 % into the catalog (each a cursor the server issued,
               found from a computed date)
  detail       /api/v1/photos/{id} for 100 photos spread over the catalog
  search       ?q=WORD&limit=100, WORD being the camera or title word whose matches are closest to 5 % of
               the catalog (chosen on SQLite, the same word on PostgreSQL)
  album page   ?album=ID&limit=100 for an album of 100 000 photos made from one range (timed: target < 2 s)
  favourite page  ?favorite=true&limit=100 with 2 % of the photos favourites (one range)

The set pages are also held against the first page on the same catalog (target ≤ 1.2×, issue 32); the album
and the favourites are taken out again afterwards, so the cached fixtures stay as they were built.

Latency (p50, p99) comes from `wrk -t1 -c1 --latency` (one request at a time: what a request costs, no
queueing), req/s from `wrk -t1 -c32` (throughput; at 32 connections on two cores p99 is mostly queueing).
Each server gets a 2 s warm-up over every URL first. The machine's load average is printed with the table:
other work on the same cores shows in the p99s first. The ratio is PostgreSQL's cost relative to SQLite's,
the worse of p50 (PG ÷ SQLite) and time per request at -c32 (SQLite req/s ÷ PG req/s). Targets (issue 18):
PostgreSQL within 2× of SQLite on every row; PostgreSQL p99 under 10 ms for a page (first, deep) at 1 M.

PostgreSQL is a throwaway server (scripts/pg.sh) under the bench folder, tuned for a dedicated bench
machine with the catalog in memory (TUNING below: shared_buffers 1 GB, JIT off, …); each fixture database
gets a VACUUM ANALYZE after it is built, as autovacuum would give it before long.

Fixtures are cached under CATALOG_BENCH_DIR, keyed by N and a hash of the fixture's sources: a second run
reuses them and prints the build times it measured when it made them. The 1 M fixture grows from a copy of
the 100 000 one; its build time is the sum of both growths (the whole build from the seed). The two catalogs'
fixtures build side by side. On this 2-core machine the first run took 14 min 22 s (SQLite's 1 M fixture, 11
min, is most of it), a run on cached fixtures about 3 min.

Env:
  VITRINE_BIN_DIR        folder with `vitrine` and `vitrine-fixture` (default .build/release)
  CATALOG_BENCH_DIR      fixture cache and PostgreSQL server (default .build/bench/catalogs)
  CATALOG_BENCH_SIZES    comma-separated N (default 100000,1000000)
  CATALOG_BENCH_SECONDS  length of each wrk run (default 4)
  CATALOG_BENCH_JSON     if set, also write the raw results there as JSON
Exit status: 0 (a ✗ is a finding, not an error); 1 when the benchmark itself could not run.
"""
import concurrent.futures
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
from urllib.parse import quote

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from bench_common import (  # noqa: E402
    BIN, FIXTURE_FIRST_MS, FIXTURE_SPAN_MS, ROOT, Postgres, Server, admin_call, cursor_after, free_port, get_json, log,
    print_table, settle)

BENCH = ROOT / "Benchmarks"
DIR = pathlib.Path(os.environ.get("CATALOG_BENCH_DIR") or ROOT / ".build/bench/catalogs")
DIR = DIR if DIR.is_absolute() else ROOT / DIR
SIZES = [int(n) for n in (os.environ.get("CATALOG_BENCH_SIZES") or "100000,1000000").split(",")]
SECONDS = int(os.environ.get("CATALOG_BENCH_SECONDS") or "4")
PAGE = 100  # the web client's page size (Web/core/api.js)
WARMUP_SECONDS = 2
RATIO_TARGET = 2.0
PAGE_P99_TARGET_MS = 10.0
PAGE_P99_AT = 1_000_000
SEARCH_FRACTION = 0.05
PHOTOGRAPHS = ["BytheWater", "ColdRipple", "ColorfulCups", "DarkestHour", "EveningGlow", "FallenLeaf", "Grey", "Kite",
               "OneStandsOut", "Path", "summer_1am"]
# A bench machine's settings: the 1 M catalog (~1 GB with its indexes) in shared buffers, plans that know the
# data is in memory, no JIT (it compiles any plan over ~100 000 rows, tens of ms spent on a count), room for
# the fixture's bulk inserts between checkpoints. Parallel workers stay at PostgreSQL's default.
TUNING = {
    "shared_buffers": "1GB",
    "effective_cache_size": "4GB",
    "work_mem": "16MB",
    "maintenance_work_mem": "256MB",
    "random_page_cost": "1.1",
    "jit": "off",
    "max_wal_size": "4GB",
    "checkpoint_timeout": "30min",
}
KINDS = ["first page", "deep page", "detail", "search", "album page", "favourite page"]
PAGE_KINDS = {"first page", "deep page"}
SET_KINDS = ("album page", "favourite page")
SET_PAGE_TARGET = 1.2  # a set's page against the library's first page (issue 32)
RANGE_PHOTOS = 100_000  # the photos one range adds to an album
RANGE_SECONDS_TARGET = 2.0
FAVOURITE_FRACTION = 0.02
CATALOGS = {"sqlite": "SQLite", "pg": "PostgreSQL"}


# ── the fixtures ────────────────────────────────────────────────────────
def fixture_key():
    """The fixture's version: a hash of its sources, so a changed fixture is rebuilt and an unchanged one is not."""
    h = hashlib.sha256()
    for f in sorted((BENCH / "vitrine-fixture").glob("*.swift")):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:10]


def photographs():
    files = []
    for name in PHOTOGRAPHS:
        files += sorted(pathlib.Path(f"/usr/share/wallpapers/{name}/contents/images").glob("*.jpg"))[:1]
    if not files:
        raise RuntimeError("no demo photographs: install plasma-workspace-wallpapers (make deps)")
    return [str(f) for f in files]


class Fixtures:
    """Seed libraries (the photographs imported) and the N-photo fixtures grown from them, per catalog.

    DIR/sqlite-{N}-{key}/ and DIR/pg-{N}-{key}/ are data folders (the PostgreSQL ones keep only blobs; their
    rows are in database fixture_{N}_{key}); `fixture.json` in a folder marks it complete, with its build time.
    """

    def __init__(self, pg):
        self.pg = pg
        self.key = fixture_key()

    def folder(self, catalog, n):
        return DIR / f"{catalog}-{n}-{self.key}"

    def database(self, n):
        return f"fixture_{n}_{self.key}"

    def catalog_args(self, catalog, n):
        return ["--catalog", self.pg.url(self.database(n))] if catalog == "pg" else []

    def remove_stale(self):
        """Drops the fixtures an older fixture made (another key); every size this one made stays."""
        for path in DIR.glob("*-*-*"):
            parts = path.name.split("-")
            if path.is_dir() and len(parts) == 3 and parts[0] in CATALOGS and parts[2] != self.key:
                log(f"removing stale fixture {path.name}")
                shutil.rmtree(path)
                path.with_name(path.name + ".server.log").unlink(missing_ok=True)
        for database in self.pg.databases():
            if database.startswith("fixture_") and not database.endswith("_" + self.key):
                log(f"dropping stale database {database}")
                self.pg.drop(database)

    def stamp(self, catalog, n):
        path = self.folder(catalog, n) / "fixture.json"
        if not path.exists():
            return None
        if catalog == "pg" and self.database(n) not in self.pg.databases():
            return None
        return json.loads(path.read_text())

    def seed(self, catalog):
        if self.stamp(catalog, "seed"):
            return
        folder = self.folder(catalog, "seed")
        shutil.rmtree(folder, ignore_errors=True)
        if catalog == "pg":
            self.pg.drop(self.database("seed"))
            self.pg.sql(f'CREATE DATABASE "{self.database("seed")}"')
        files = photographs()
        log(f"  {CATALOGS[catalog]} seed: importing {len(files)} photographs…")
        t0 = time.perf_counter()
        subprocess.run([str(BIN / "vitrine"), "import", "--data", str(folder), *self.catalog_args(catalog, "seed"), *files],
                       check=True, stdout=subprocess.DEVNULL, stderr=sys.stderr)
        (folder / "fixture.json").write_text(json.dumps({"photos": len(files), "seconds": time.perf_counter() - t0}))

    def ensure(self, catalog, n):
        """The fixture's build record ({photos, seconds, …}, with cached=True when an earlier run built it).

        A fixture grows from the largest smaller one already built (100 000 → 1 000 000), else from the seed;
        its `seconds` is the whole build from the seed: the smaller fixture's time plus the growth's.
        """
        found = self.stamp(catalog, n)
        if found:
            return {**found, "cached": True}
        smaller = [m for m in SIZES if m < n and self.stamp(catalog, m)]
        base = max(smaller) if smaller else "seed"
        self.seed(catalog)
        source, folder = self.folder(catalog, base), self.folder(catalog, n)
        shutil.rmtree(folder, ignore_errors=True)
        # Blobs are immutable and content-addressed: hard links share them.
        subprocess.run(["cp", "-al", str(source), str(folder)], check=True)
        (folder / "fixture.json").unlink()
        if catalog == "pg":
            self.pg.drop(self.database(n))
            self.pg.sql(f'CREATE DATABASE "{self.database(n)}" TEMPLATE "{self.database(base)}"')
        else:
            # The catalog is written, not only read: a copy of its own, not a link to the source's.
            for f in folder.glob("catalog.sqlite*"):
                f.unlink()
                shutil.copy2(source / f.name, f)
        log(f"  {CATALOGS[catalog]}: vitrine-fixture {n:,} (from the {base} fixture)…")
        t0 = time.perf_counter()
        subprocess.run([str(BIN / "vitrine-fixture"), *self.catalog_args(catalog, n), str(folder), str(n)], check=True,
                       stdout=sys.stderr)
        grown = time.perf_counter() - t0
        record = {"photos": n, "seconds": grown + (self.stamp(catalog, base)["seconds"] if base != "seed" else 0),
                  "grown_from": base, "built": time.strftime("%Y-%m-%d %H:%M")}
        if catalog == "pg":
            t1 = time.perf_counter()
            self.pg.sql("VACUUM ANALYZE", database=self.database(n))
            record["vacuum_seconds"] = time.perf_counter() - t1
        (folder / "fixture.json").write_text(json.dumps(record))
        log(f"  grown in {grown:.0f} s")
        return {**record, "cached": False}


# ── serving and measuring ──────────────────────────────────────────────
def serve(folder, extra):
    """A release `vitrine serve` on a fixture (bench_common's Server: its log beside the folder), answering.

    With `--answer-cache 0`: every request reaches the catalog, which is what this bench compares (the
    hot-path bench, Benchmarks/server, measures the server with its caches)."""
    server = Server(folder, extra_args=[*extra, "--answer-cache", "0"])
    try:
        server.total(timeout=120)
    except Exception:
        server.stop()
        raise
    return server


def get(server, path):
    return get_json(server.base + path)


def page_path(limit=PAGE, cursor=None, q=None):
    path = f"/api/v1/photos?limit={limit}"
    if q:
        path += f"&q={quote(q, safe='')}"
    return path + (f"&cursor={quote(cursor, safe='')}" if cursor else "")


def search_word(server, n):
    """The camera or title word of the seed photographs whose matches are closest to SEARCH_FRACTION of n."""
    words = set()
    for item in get(server, page_path(200))["items"][:200]:
        detail = get(server, f"/api/v1/photos/{quote(item['id'])}")
        for field in ("cameraMake", "cameraModel", "title"):
            words.update(w.lower() for w in re.findall(r"[^\W\d_]{3,}", str(detail.get(field) or "")))
        if len(words) > 40:
            break
    best = None
    for word in sorted(words):
        total = get(server, page_path(1, q=word))["total"]
        if total and (best is None or abs(total / n - SEARCH_FRACTION) < abs(best[1] / n - SEARCH_FRACTION)):
            best = (word, total)
    if not best:
        raise RuntimeError("no searchable word in the fixture")
    return best


def gather(server, word):
    """The URL lists, by kind, from the server's own answers."""
    deep, details = [], []
    for i in range(16):
        taken_at = FIXTURE_FIRST_MS + FIXTURE_SPAN_MS - int(FIXTURE_SPAN_MS * (0.5 + 0.45 * i / 15))
        cursor = get(server, page_path(1, cursor_after(taken_at)))["nextCursor"]
        if not cursor:
            raise RuntimeError(f"no photo before {taken_at}")
        deep.append(page_path(cursor=cursor))
        if i % 2 == 0:
            details += [f"/api/v1/photos/{quote(p['id'])}" for p in get(server, deep[-1])["items"][::8]]
    return {"first page": [page_path()], "deep page": deep, "detail": details[:100], "search": [page_path(q=word)]}


def time_window(n, photos):
    """(newest ms, oldest ms) around the middle of the fixture's span holding about `photos` of its n photos
    (its times are spread evenly over the span)."""
    width = int(FIXTURE_SPAN_MS * min(1.0, photos / n))
    newest = FIXTURE_FIRST_MS + FIXTURE_SPAN_MS - (FIXTURE_SPAN_MS - width) // 2
    return newest, newest - width


def make_sets(server, n):
    """An album from one range of RANGE_PHOTOS photos (timed) and FAVOURITE_FRACTION of the photos as favourites;
    returns the set pages' URLs, what the range took and a function that takes both out again."""
    newest, oldest = time_window(n, RANGE_PHOTOS)
    started = time.perf_counter()
    album = admin_call(server, "POST", "/api/v1/albums",
                 {"title": "bench", "photos": {"ranges": [{"newest": [newest], "oldest": [oldest]}]}})
    seconds = time.perf_counter() - started
    newest, oldest = time_window(n, int(n * FAVOURITE_FRACTION))
    favourites = {"ranges": [{"newest": [newest], "oldest": [oldest]}]}
    admin_call(server, "POST", "/api/v1/favorites", favourites)
    log(f"    album of {album['photoCount']:,} photos from one range: {seconds:.2f} s")

    def remove():
        admin_call(server, "DELETE", f"/api/v1/albums/{album['id']}", {})
        admin_call(server, "DELETE", "/api/v1/favorites", favourites)

    urls = {"album page": [page_path() + f"&album={album['id']}"], "favourite page": [page_path() + "&favorite=true"]}
    return urls, {"seconds": seconds, "photos": album["photoCount"]}, remove


def wrk(server, paths, connections, seconds, work):
    """mixed.lua's result for `paths` cycled by one wrk thread over `connections` connections."""
    requests = work / "requests.tsv"
    requests.write_text("".join(f"r\t{p}\n" for p in paths))
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "10s",
         "-s", str(BENCH / "soak/mixed.lua"), server.base, "--", str(requests)],
        capture_output=True, text=True, check=True).stdout
    found = re.search(r"^SOAK-RESULT (\{.*\})$", out, re.M)
    if not found:
        raise RuntimeError("wrk printed no result:\n" + out[-2000:])
    result = json.loads(found.group(1))
    result["not_ok"] = sum(c for s, c in result["statuses"].items() if not s.startswith("2"))
    result["rate"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


def measure(server, urls, work):
    wrk(server, [p for kind in KINDS for p in urls[kind]], 32, WARMUP_SECONDS, work)
    results = {}
    for kind in KINDS:
        # wrk stops at its deadline with up to 32 requests still queued in the server (at 1 M, a second of
        # searches): each run starts once the machine has worked them off, or it would time them.
        settle()
        latency = wrk(server, urls[kind], 1, SECONDS, work)
        settle()
        load = wrk(server, urls[kind], 32, SECONDS, work)
        results[kind] = {
            "p50_ms": latency["latency_us"]["50"] / 1000, "p99_ms": latency["latency_us"]["99"] / 1000,
            "rate": load["rate"], "not_ok": latency["not_ok"] + load["not_ok"],
            "failures": latency["failures"] + load["failures"], "urls": len(urls[kind]),
        }
        r = results[kind]
        log(f"    {kind:10}  p50 {r['p50_ms']:.2f} ms  p99 {r['p99_ms']:.2f} ms  {r['rate']:.0f} req/s"
            + (f"  {r['not_ok']} non-2xx: {r['failures'][:2]}" if r["not_ok"] else ""))
    return results


# ── the report ─────────────────────────────────────────────────────────
def ratio(sq, pg):
    return max(pg["p50_ms"] / sq["p50_ms"], sq["rate"] / pg["rate"])


def rate(value):
    return f"{value:.0f}" if value >= 10 else f"{value:.1f}"


def table(measured):
    rows = []
    for n, by_catalog in measured.items():
        for kind in KINDS:
            sq, pg = by_catalog["sqlite"][kind], by_catalog["pg"][kind]
            r = ratio(sq, pg)
            ok = r <= RATIO_TARGET and not sq["not_ok"] and not pg["not_ok"]
            target = f"≤ {RATIO_TARGET:g}×"
            if kind in PAGE_KINDS and n >= PAGE_P99_AT:
                target += f", PG p99 < {PAGE_P99_TARGET_MS:g} ms"
                ok = ok and pg["p99_ms"] < PAGE_P99_TARGET_MS
            rows.append((f"{n:,}".replace(",", " "), kind,
                         f"{sq['p50_ms']:.2f} ms", f"{sq['p99_ms']:.2f} ms", rate(sq["rate"]),
                         f"{pg['p50_ms']:.2f} ms", f"{pg['p99_ms']:.2f} ms", rate(pg["rate"]),
                         f"{r:.2f}×", target, "✓" if ok else "✗"))
    print_table(rows, head=("N", "request", "SQLite p50", "SQLite p99", "SQLite req/s", "PG p50", "PG p99", "PG req/s",
                            "PG÷SQLite", "target", ""))


def sets_table(measured, ranges):
    """Albums and favourites against the library's own first page, and the range that made the album."""
    rows = []
    for n, by_catalog in measured.items():
        for catalog, name in CATALOGS.items():
            first = by_catalog[catalog]["first page"]
            for kind in SET_KINDS:
                r = by_catalog[catalog][kind]
                cost = max(r["p50_ms"] / first["p50_ms"], first["rate"] / r["rate"])
                rows.append((f"{n:,}".replace(",", " "), name, kind, f"{r['p50_ms']:.2f} ms vs {first['p50_ms']:.2f} ms",
                             f"{rate(r['rate'])} vs {rate(first['rate'])}", f"{cost:.2f}×", f"≤ {SET_PAGE_TARGET:g}×",
                             "✓" if cost <= SET_PAGE_TARGET and not r["not_ok"] else "✗"))
            made = ranges[(n, catalog)]
            rows.append((f"{n:,}".replace(",", " "), name, f"range of {made['photos']:,} into an album",
                         f"{made['seconds']:.2f} s", "", f"{made['seconds'] / RANGE_SECONDS_TARGET:.2f}×",
                         f"< {RANGE_SECONDS_TARGET:g} s", "✓" if made["seconds"] < RANGE_SECONDS_TARGET else "✗"))
    print_table(rows, head=("N", "catalog", "request", "p50 (set vs first page)", "req/s", "ratio", "target", ""))


def build_table(builds):
    def cell(b):
        text = f"{b['seconds']:.0f} s"
        if "vacuum_seconds" in b:
            text += f" (+ VACUUM ANALYZE {b['vacuum_seconds']:.0f} s)"
        return text + (f", cached from {b.get('built', 'an earlier run')}" if b["cached"] else "")

    print_table([(f"{n:,}".replace(",", " ") + " photos", cell(b["sqlite"]), cell(b["pg"])) for n, b in builds.items()],
                head=("fixture build (vitrine-fixture)", "SQLite", "PostgreSQL"))
    print("(from the 11 imported photographs, insertMany batches of 10 000; a larger fixture grows from a copy of the "
          "smaller one, and its time is the sum of both growths)")


def main():
    for tool in ("wrk", "psql"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing: make deps")
    DIR.mkdir(parents=True, exist_ok=True)
    work = DIR / "work"
    work.mkdir(exist_ok=True)
    pg = Postgres(DIR / "pg", TUNING)
    started, load = time.perf_counter(), os.getloadavg()
    pg.start()
    measured, builds, words, ranges = {}, {}, {}, {}
    try:
        fixtures = Fixtures(pg)
        fixtures.remove_stale()
        for n in SIZES:
            log(f"N = {n:,}")
            # Side by side: each build keeps about one core busy (SQLite's writer; PostgreSQL's backend and the
            # fixture feeding it take turns), and the first run stays within ~15 minutes.
            with concurrent.futures.ThreadPoolExecutor(len(CATALOGS)) as pool:
                builds[n] = dict(zip(CATALOGS, pool.map(lambda c: fixtures.ensure(c, n), CATALOGS)))
            measured[n] = {}
            for catalog in CATALOGS:
                server = serve(fixtures.folder(catalog, n), fixtures.catalog_args(catalog, n))
                try:
                    total = get(server, page_path(1))["total"]
                    if total != n:
                        raise RuntimeError(f"{CATALOGS[catalog]} fixture has {total} photos, not {n}")
                    if n not in words:
                        words[n] = search_word(server, n)
                        log(f"  search word {words[n][0]!r}: {words[n][1]:,} matches")
                    log(f"  {CATALOGS[catalog]}:")
                    urls = gather(server, words[n][0])
                    set_urls, ranges[(n, catalog)], remove = make_sets(server, n)
                    try:
                        measured[n][catalog] = measure(server, {**urls, **set_urls}, work)
                    finally:
                        remove()
                finally:
                    server.stop()
    finally:
        pg.stop()
    log(f"catalog bench took {time.perf_counter() - started:.0f} s")
    print(f"Catalogs (load average {load[0]:.1f} at the start, {os.getloadavg()[0]:.1f} at the end): wrk -t1 -c1 -d{SECONDS}s for p50/p99, -c32 -d{SECONDS}s for req/s; pages of {PAGE}; search "
          + ", ".join(f"{w!r} at {n:,} ({c / n:.1%} of the photos)" for n, (w, c) in words.items()))
    table(measured)
    print()
    sets_table(measured, ranges)
    print()
    build_table(builds)
    if os.environ.get("CATALOG_BENCH_JSON"):
        pathlib.Path(os.environ["CATALOG_BENCH_JSON"]).write_text(
            json.dumps({"measured": measured, "builds": builds, "words": words}, indent=1))


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, subprocess.CalledProcessError) as e:
        log(f"catalog bench failed: {e}")
        sys.exit(1)
