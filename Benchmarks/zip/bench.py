#!/usr/bin/env python3
"""`make bench`, zip part: `GET /api/v1/zip` of about 1 GiB of originals next to nginx serving the very same
archive as a file, in one run.

On the cached 100 000-photo library (bench_common), photos are taken newest first until their originals add up
to 1 GiB; a release `vitrine serve` answers their archive, which is saved once and served by nginx (2 workers,
sendfile). curl downloads each (to /dev/null) five times, alternating; the ratio is Vitrine's median rate over
nginx's. Target (issue 32): ≥ 0.8× nginx. A last row resumes the archive from its middle with `Range`.

Env: VITRINE_BIN_DIR, WEB_BENCH_DATA (see Benchmarks/bench_common.py); ZIP_BENCH_BYTES (default 1 GiB).
Exit status: 0 (a ✗ is a finding, not an error); 1 when the benchmark itself could not run.
"""
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from bench_common import DATA, ROOT, Nginx, Server, log, prepare, print_table  # noqa: E402

WORK = ROOT / ".build/bench/zip"
TARGET_BYTES = int(os.environ.get("ZIP_BENCH_BYTES", str(1 << 30)))
RUNS = 5


def selection(base):
    """Ids of the newest photos whose originals add up to TARGET_BYTES, and that sum."""
    ids, total, cursor = [], 0, None
    while total < TARGET_BYTES:
        url = base + "/api/v1/details?limit=200" + (f"&cursor={cursor}" if cursor else "")
        with urllib.request.urlopen(url, timeout=60) as r:
            page = json.loads(r.read())
        for item in page["items"]:
            ids.append(item["id"])
            total += item["byteSize"]
            if total >= TARGET_BYTES:
                break
        cursor = page.get("nextCursor")
        if not cursor:
            break
    return ids, total


def curl(url, headers=()):
    """Downloads `url` to /dev/null: (bytes, seconds)."""
    args = ["curl", "-sS", "-o", "/dev/null", "-w", "%{size_download} %{time_total} %{http_code}", url]
    for h in headers:
        args += ["-H", h]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
    if out[2] not in ("200", "206"):
        raise RuntimeError(f"{url[:80]}… answered {out[2]}")
    return int(out[0]), float(out[1])


def main():
    prepare()
    shutil.rmtree(WORK, ignore_errors=True)
    site = WORK / "site"
    site.mkdir(parents=True)
    server = Server(DATA, log_name="zip")
    nginx = None
    try:
        server.total()
        ids, originals = selection(server.base)
        url = server.base + "/api/v1/zip?ids=" + ",".join(ids)
        log(f"{len(ids)} photos, {originals / 2**20:.0f} MiB of originals; saving the archive for nginx…")
        subprocess.run(["curl", "-sS", "-o", str(site / "archive.zip"), url], check=True)
        size = (site / "archive.zip").stat().st_size
        nginx = Nginx(WORK / "nginx", site)
        nginx.start()
        ours, theirs = [], []
        for k in range(RUNS):
            ours.append(curl(url))
            theirs.append(curl(nginx.base + "/archive.zip"))
            log(f"  run {k + 1}: Vitrine {ours[-1][0] / ours[-1][1] / 2**20:.0f} MiB/s, "
                f"nginx {theirs[-1][0] / theirs[-1][1] / 2**20:.0f} MiB/s")
        if any(b != size for b, _ in ours + theirs):
            raise RuntimeError("a download was not the whole archive")
        half = size // 2
        resumed, seconds = curl(url, [f"Range: bytes={half}-"])
    finally:
        if nginx:
            nginx.stop()
        server.stop()
    rate = lambda runs: statistics.median(b / s for b, s in runs) / 2**20
    ratio = rate(ours) / rate(theirs)
    print(f"\nZip downloads: {len(ids)} originals ({originals / 2**20:.0f} MiB) as one {size / 2**20:.0f} MiB archive, "
          f"curl over loopback, median of {RUNS} each, alternating\n")
    print_table([
        ("zip of ~1 GiB, Vitrine next to nginx serving the same archive",
         f"{rate(ours):.0f} / {rate(theirs):.0f} MiB/s = {ratio:.2f}×", "≥ 0.8× nginx", "✓" if ratio >= 0.8 else "✗"),
        ("  resumed from the middle with Range", f"{resumed / 2**20:.0f} MiB in {seconds:.2f} s",
         "206, the rest", "✓" if resumed == size - half else "✗"),
    ])
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:
        log(f"zip bench failed: {e}")
        sys.exit(1)
