"""`make bench`, storage part: the S3 blob store next to the disk store, in one run, release build.

The S3 side is moto on loopback with every request's signature checked (Tests/S3Support): a real S3 peer,
but a Python one on the same two cores, so its rows say what Vitrine's S3 path costs on top of a local
peer, not what AWS would answer.

Rows:
  ingest ms/photo     `vitrine import` (default jobs: the cores) of the demo photographs into a fresh library,
                      process start included
  asset req/s         wrk -t1 -c32 -d8s on one thumb through `vitrine serve` (/assets, streamed from the store)
  first byte p50/p99  200 sequential GETs of the same thumb on one keep-alive connection

Env: VITRINE_BIN_DIR (default .build/release)
"""
import glob
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "S3Support"))
from bench_common import BIN, WEB, free_port, get_json, log, print_table  # noqa: E402
from peer_process import S3PeerProcess  # noqa: E402

PHOTOS = ["BytheWater", "ColdRipple", "ColorfulCups", "DarkestHour", "EveningGlow", "FallenLeaf", "Grey", "Kite",
          "OneStandsOut", "Path", "summer_1am"]


def demo_photographs():
    files = []
    for name in PHOTOS:
        files += sorted(glob.glob(f"/usr/share/wallpapers/{name}/contents/images/*.jpg"))[:1]
    return files


def timed_import(data, files, extra, env):
    start = time.perf_counter()
    subprocess.run([str(BIN / "vitrine"), "import", "--data", str(data), *extra, *files], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


class Served:
    def __init__(self, data, extra, env, log_path):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(log_path, "w+")
        self.proc = subprocess.Popen(
            [str(BIN / "vitrine"), "serve", "--data", str(data), "--port", str(self.port), "--web", str(WEB), *extra],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while True:
            try:
                get_json(self.base + "/healthz")
                return
            except Exception:
                if self.proc.poll() is not None or time.time() > deadline:
                    self.log.seek(0)
                    raise RuntimeError("server did not start:\n" + self.log.read()[-2000:])
                time.sleep(0.2)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def wrk(url):
    out = subprocess.run(["wrk", "-t1", "-c32", "-d8s", "--latency", url], capture_output=True, text=True,
                         check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, int(errors.group(1)) if errors else 0


def first_bytes(port, path, count=200):
    """Milliseconds from sending a GET to its first response byte, on one keep-alive connection."""
    times = []
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(10)
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: image/webp\r\n\r\n".encode()
        for _ in range(count):
            start = time.perf_counter()
            s.sendall(request)
            buf = s.recv(65536)
            times.append((time.perf_counter() - start) * 1000)
            while b"\r\n\r\n" not in buf:
                buf += s.recv(65536)
            head, _, body = buf.partition(b"\r\n\r\n")
            length = int(re.search(rb"(?i)content-length:\s*(\d+)", head).group(1))
            while len(body) < length:
                body += s.recv(65536)
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))]


def main():
    files = demo_photographs()
    if not files:
        sys.exit("no demo photographs: install plasma-workspace-wallpapers (make deps)")
    work = pathlib.Path(tempfile.mkdtemp(prefix="vitrine-s3-bench-"))
    peer = S3PeerProcess(work / "moto")
    try:
        env = peer.env()
        bucket = peer.make_bucket("bench")
        s3 = peer.serve_args(bucket, "lib")
        log(f"storage bench: {len(files)} demo photographs, disk vs S3 (moto on loopback, signatures checked)")
        # Warm libvips, the page cache and moto's first-request paths on both sides.
        timed_import(work / "warm-disk", files[:1], [], env)
        timed_import(work / "warm-s3", files[:1], peer.serve_args(peer.make_bucket("warm"), "w"), env)
        disk_s = timed_import(work / "disk", files, [], env)
        s3_s = timed_import(work / "s3", files, s3, env)

        rows = [(f"ingest ms/photo (vitrine import, {os.cpu_count()} jobs)", disk_s * 1000 / len(files), s3_s * 1000 / len(files), "ms")]
        served = {}
        for name, data, extra in (("disk", work / "disk", []), ("s3", work / "s3", s3)):
            server = Served(data, extra, env, work / f"{name}.log")
            try:
                item = get_json(server.base + "/api/v1/photos?limit=1")["items"][0]
                path = item["thumb"]["url"]
                rate, errors = wrk(server.base + path)
                p50, p99 = first_bytes(server.port, path)
                served[name] = (rate, errors, p50, p99)
            finally:
                server.stop()
        rows.append(("asset req/s (thumb, wrk -c32)", served["disk"][0], served["s3"][0], "req/s"))
        rows.append(("asset first byte p50", served["disk"][2], served["s3"][2], "ms"))
        rows.append(("asset first byte p99", served["disk"][3], served["s3"][3], "ms"))

        print_table(
            [(metric, f"{disk:.1f} {unit}", f"{s3v:.1f} {unit}", f"{s3v / disk:.2f}×" if disk else "—")
             for metric, disk, s3v, unit in rows],
            head=("Metric", "disk (blobs/)", "S3 (moto, loopback)", "S3 / disk"))
        if served["disk"][1] or served["s3"][1]:
            print(f"non-2xx answers under load: disk {served['disk'][1]}, S3 {served['s3'][1]}")
    finally:
        peer.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
