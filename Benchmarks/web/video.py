#!/usr/bin/env python3
"""A clip's first frame in the viewer, next to the same MP4 played from nginx, on loopback.

A release `vitrine` server holds one 10 s 1080p H.264/AAC MP4 (`faststart`, as the web rendition is
written). Each cold load opens the gallery in headless Chromium, clicks the clip's tile and times, once the
flight has landed, the viewer's `play()` to the first frame presented (`requestVideoFrameCallback`). The
comparison is a bare page on nginx whose `<video>` plays the same file: `play()` to the first frame too.
Loads alternate, Vitrine first in each pair; the medians are compared.

Usage: python3 Benchmarks/web/video.py   (after a release build; `make bench` runs it)
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from bench_common import BIN, Nginx, Server, log, print_table  # noqa: E402
from bench import CHROMIUM, DESKTOP, T, median, settle  # noqa: E402

PAIRS = 7
# Records the viewer's (or the page's) first play() and the first frame presented after it.
PROBE = r"""
(() => {
  const B = window.__video = { play: 0, frame: 0 };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!B.play && this instanceof HTMLVideoElement) {
      B.play = performance.now();
      this.requestVideoFrameCallback(() => { if (!B.frame) B.frame = performance.now(); });
    }
    return play.apply(this, arguments);
  };
})();
"""
BARE = """<!doctype html><meta charset=utf-8><title>clip</title>
<video id=v playsinline preload=metadata src="/clip.mp4" style="width:100%"></video>
<script>document.getElementById('v').addEventListener('loadedmetadata', () => setTimeout(() => {
  const v = document.getElementById('v'); v.play().catch(() => { v.muted = true; v.play(); });
}, 300), { once: true });</script>"""


def clip(path):
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=10",
         "-f", "lavfi", "-i", "sine=frequency=440:duration=10", "-c:v", "libx264", "-preset", "veryfast",
         "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-movflags", "+faststart", str(path)], check=True)


def upload(base, token, data):
    req = urllib.request.Request(base + "/api/v1/photos?filename=clip.mp4", data=data, method="POST",
                                 headers={"Authorization": "Bearer " + token, "Content-Type": "video/mp4"})
    with urllib.request.urlopen(req, timeout=120) as r:
        photo = json.loads(r.read())["photo"]
    while "status" in photo:  # rendered by the server's worker: its poster makes the tile
        time.sleep(0.1)
        with urllib.request.urlopen(base + "/api/v1/photos/" + photo["id"], timeout=10) as r:
            photo = json.loads(r.read())
    return photo


def one(browser, url, click=None):
    ctx = browser.new_context(**DESKTOP)
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    settle()
    page.goto(url)
    if click:
        page.wait_for_selector(click, timeout=T)
        page.click(click)
    page.wait_for_function("() => window.__video.frame > 0", timeout=T)
    ms = page.evaluate("window.__video.frame - window.__video.play")
    ctx.close()
    return ms


def main():
    from playwright.sync_api import sync_playwright

    work = pathlib.Path(tempfile.mkdtemp(prefix="vitrine-video-bench-"))
    work.chmod(0o755)  # nginx's workers read the site as another user
    try:
        site = work / "site"
        site.mkdir()
        clip(site / "clip.mp4")
        (site / "index.html").write_text(BARE)
        data = work / "data"
        server = Server(data)
        nginx = Nginx(work / "nginx", site)
        try:
            server.total()
            photo = upload(server.base, (data / "admin-token").read_text().strip(), (site / "clip.mp4").read_bytes())
            tile = f'[data-grid] [data-photo-id="{photo["id"]}"]'
            nginx.start()
            ours, theirs = [], []
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=["--autoplay-policy=no-user-gesture-required"])
                try:
                    for k in range(PAIRS):
                        ours.append(one(browser, server.base + "/", click=tile))
                        theirs.append(one(browser, nginx.base + "/index.html"))
                        log(f"  pair #{k + 1}: viewer {ours[-1]:.0f} ms, nginx page {theirs[-1]:.0f} ms")
                finally:
                    browser.close()
        finally:
            nginx.stop()
            server.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    a, b = median(ours), median(theirs)
    ratio = a / b if b else float("inf")
    print()
    print_table([(f"A clip's first frame in the viewer after play(), 1080p H.264 MP4 (medians of {PAIRS}: "
                  f"{a:.0f} ms; nginx page {b:.0f} ms)", f"{ratio:.2f}×", "≤ 1.5×", "✓" if ratio <= 1.5 else "✗")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
