#!/usr/bin/env python3
"""Timeline benchmark: a release `vitrine` server with the 1 000 000-photo library (the catalog bench's
SQLite fixture, ten years of months) + headless Chromium at 1280×800.

Measures, in one run, and prints one table (metric | measured | target | ✓/✗):
  - scrub: the scrubber dragged from the top and released at 50 % → every place on screen has its
    photo and every tile there has painted its thumbnail (median of 5; target ≤ 300 ms)
  - Home → End: the End key → the oldest photos' thumbnails painted the same way (median of 5; ≤ 300 ms)
  - deep link to the oldest photo: navigation start → the viewer open on it with its image painted,
    in a fresh context (cold: nothing cached) and in the same context again (warm: the versioned,
    immutable scripts, styles and wasm cached, as for a returning visitor); median of 5 each; ≤ 300 ms
  - fling at 2 000 rows/s for 5 s (10 000 rows, about 60 000 photos): median fps (≥ 58), longest task
    (≤ 50 ms), frames with a place on screen still waiting for its photo (≤ 5 %), and the time the grid
    spends in the engine's GallerySession per frame (every call and the reading of its frame), p99 ≤ 2 ms
The fixture's photos share the seed photos' assets, so after the first screen a thumbnail is in the
browser's cache: these times are the data, the layout and the paint, not thumbnail downloads.

Usage: python3 Benchmarks/web/timeline.py
Env: VITRINE_BIN_DIR (release binaries), CATALOG_BENCH_DIR (the catalog bench's fixtures), CHROMIUM,
     TIMELINE_BENCH_PHOTOS (default 1000000), TIMELINE_BENCH_PARTS (default scrub,end,deep,fling),
     TIMELINE_BENCH_JSON (also write the raw results there).
Exit status: 0 (a ✗ is a finding, not an error); 1 when the benchmark itself could not run.
"""
import importlib.util
import json
import os
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from bench_common import Server, get_json, log, print_table  # noqa: E402


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HERE = pathlib.Path(__file__).resolve().parent
web = _load("web_bench", HERE / "bench.py")  # the probe, pages and idle waits of the web bench
hot = _load("server_bench", HERE.parent / "server/bench.py")  # its 1 M library

PHOTOS = int(os.environ.get("TIMELINE_BENCH_PHOTOS", "1000000"))
# Only some parts (comma-separated: scrub, end, deep, fling), e.g. while working on one; the table then
# shows only those.
PARTS = set((os.environ.get("TIMELINE_BENCH_PARTS") or "scrub,end,deep,fling").split(","))
RUNS = 5
ROWS_PER_SECOND = 2000
FLING_SECONDS = 5
T = 60_000

# In-page helpers, installed after the app started (the web bench's probe is installed before).
HELPERS = r"""
() => {
  const P = window.__bench;
  // Every place on screen has its photo, and every tile there shows its thumbnail.
  P.ready = () => {
    const g = window.vitrine.grid;
    if (g.waiting) return false;
    const tiles = P.visibleTiles();
    return tiles.length > 0 && tiles.every((t) => {
      const i = t.querySelector('img');
      return i && i.complete && i.naturalWidth > 0 && i.classList.contains('in');
    });
  };
  // Resolves to ms from `t0` to the end of the frame that first showed `pred` true.
  // NaN after 20 s.
  P.until = (pred, t0) => new Promise((done) => {
    const limit = performance.now() + 20000;
    const step = () => {
      if (pred()) P.afterFrame(() => done(performance.now() - t0));
      else if (performance.now() > limit) done(NaN);
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  P.inputAt = {};
  for (const type of ['pointerup', 'keydown']) addEventListener(type, (e) => { P.inputAt[type] = performance.now(); }, true);
  return true;
}
"""

# The viewer open on `id`, its image painted: ms since navigation start.
VIEWER_SHOWN = r"""
(id) => new Promise((done) => {
  const P = window.__bench;
  const shown = () => {
    const v = document.querySelector('[role=dialog]');
    if (!v || v.hidden || !['opening', 'open'].includes(v.dataset.state)) return false;
    const s = v.querySelector('.slide[aria-current="true"]');
    if (!s || s.dataset.photoId !== id) return false;
    const fly = v.querySelector('.fly');
    const imgs = [...s.querySelectorAll('img'), ...(fly && !fly.hidden ? fly.querySelectorAll('img') : [])];
    return imgs.some((i) => i.complete && i.naturalWidth > 0 && i.style.visibility !== 'hidden');
  };
  const limit = performance.now() + 20000;
  const step = () => {
    if (shown()) P.afterFrame(() => done(performance.now()));
    else if (performance.now() > limit) done(NaN);
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})
"""

# A fling: the content offset moves at a constant speed from rAF for `seconds`; per frame, whether a
# place on screen was still waiting for its photo.
FLING = r"""
async ([rowsPerSecond, seconds]) => {
  const g = window.vitrine.grid, T = g.timeline, P = window.__bench;
  const y0 = T.itemFrame(0, 0).y;
  let cols = 1;
  while (T.itemFrame(0, cols) && T.itemFrame(0, cols).y === y0) cols++;
  const pitch = T.itemFrame(0, cols).y - y0, speed = rowsPerSecond * pitch / 1000;
  const deltas = [], waiting = [];
  // The session's own time per frame: every call the grid makes into it (the wasm call and the reading
  // of its frame), summed between one animation frame and the next.
  const S = g.session, spent = [0], wrapped = [];
  for (const name of S ? Object.getOwnPropertyNames(Object.getPrototypeOf(S)) : []) {
    const f = S[name];
    if (name === 'constructor' || name.startsWith('_') || typeof f !== 'function') continue;
    wrapped.push(name);
    S[name] = function (...args) {
      const t = performance.now();
      try { return f.apply(this, args); } finally { spent[spent.length - 1] += performance.now() - t; }
    };
  }
  let last = 0, t0 = 0;
  const start = performance.now(), from = g.offset();
  await new Promise((finish) => {
    const step = (t) => {
      if (last) { deltas.push(t - last); waiting.push(g.waiting); spent.push(0); }
      last = t;
      if (!t0) t0 = t;
      g.scroller.scrollTop = g.space.scrollTop(from + (t - t0) * speed); // as a native scroll does
      if (t - t0 > seconds * 1000) { finish(); return; }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  await new Promise((r) => setTimeout(r, 300));
  const end = performance.now();
  const tasks = P.longtasks.filter(([s]) => s >= start && s <= end).map(([, d]) => d);
  for (const name of wrapped) delete S[name];
  return { cols, pitch, speed, deltas, waiting, tasks, spent: spent.slice(1), reached: g.offset() - from, scaled: g.scaled,
           loaded: window.vitrine.lib.loaded().length };
}
"""


def median(xs):
    """The median, or NaN when a run did not finish (NaN) or there were none."""
    return statistics.median(xs) if xs and all(x == x for x in xs) else float("nan")


def timed(xs):
    m = median(xs)
    return f"{m:.0f} ms (worst {max(xs):.0f})" if m == m else f"did not finish ({sum(x != x for x in xs)} of {len(xs)} runs)"


def page_at_home(browser, base, errors):
    ctx, page = web.new_page(browser, errors, **web.DESKTOP)
    page.goto(base + "/")
    web.wait_first_screen(page)
    page.evaluate(HELPERS)
    page.wait_for_function("window.__bench.ready()", timeout=T)
    return ctx, page


def scrub(browser, base, errors):
    """Each run in a fresh page (nothing loaded but the first screen), the browser's cache warm."""
    times = []
    for _ in range(RUNS):
        ctx, page = page_at_home(browser, base, errors)
        web.settle()
        page.wait_for_function("!!(window.vitrine && vitrine.scrubber)", timeout=30_000)
        top, height = page.evaluate("(() => { const b = vitrine.scrubber.bounds; return [b.top, b.height]; })()")
        x = 1280 - 10
        page.mouse.move(x, top + 2)
        page.mouse.down()
        for k in range(1, 16):
            page.mouse.move(x, top + height * 0.5 * k / 15)
            page.wait_for_timeout(16)
        page.mouse.up()
        times.append(page.evaluate("window.__bench.until(window.__bench.ready, window.__bench.inputAt.pointerup)"))
        log(f"  scrub to 50 %: {times[-1]:.0f} ms (at {page.evaluate('vitrine.grid.offset() / vitrine.grid.maxOffset'):.3f}, "
            f"{page.evaluate('vitrine.lib.loaded().length')} photos loaded)")
        ctx.close()
    return times


def home_end(browser, base, errors):
    """Each run in a fresh page, as for the scrub."""
    times = []
    for _ in range(RUNS):
        ctx, page = page_at_home(browser, base, errors)
        web.settle()
        page.keyboard.press("End")
        times.append(page.evaluate("window.__bench.until(window.__bench.ready, window.__bench.inputAt.keydown)"))
        log(f"  Home → End: {times[-1]:.0f} ms ({page.evaluate('vitrine.lib.loaded().length')} photos loaded)")
        ctx.close()
    return times


def deep_link(browser, base, errors):
    months = get_json(base + "/api/v1/timeline")["months"]
    oldest = months[-1]
    month = f"{oldest['year']:04d}-{oldest['month']:02d}"
    photo = get_json(base + f"/api/v1/photos?month={month}&offset={oldest['count'] - 1}&limit=1")["items"][0]["id"]
    cold, warm = [], []
    for _ in range(RUNS):
        ctx, page = web.new_page(browser, errors, **web.DESKTOP)
        for kind, out in (("cold", cold), ("warm", warm)):
            web.settle()
            page.goto(base + "/p/" + photo, wait_until="commit")
            out.append(page.evaluate(VIEWER_SHOWN, photo))
            log(f"  deep link to the oldest photo ({kind}): {out[-1]:.0f} ms")
            page.goto("about:blank")
        ctx.close()
    return cold, warm


def fling(browser, base, errors):
    ctx, page = page_at_home(browser, base, errors)
    page.wait_for_timeout(500)
    web.settle()
    r = page.evaluate(FLING, [ROWS_PER_SECOND, FLING_SECONDS])
    ctx.close()
    waiting = sum(1 for w in r["waiting"] if w) / max(1, len(r["waiting"]))
    log(f"  fling: {len(r['deltas'])} frames, {r['cols']} columns, pitch {r['pitch']:.0f} px, "
        f"{r['reached'] / r['pitch']:.0f} rows, {r['loaded']} photos loaded, scaled: {r['scaled']}")
    return {"fps": 1000 / median(r["deltas"]) if r["deltas"] else 0, "p95_frame": sorted(r["deltas"])[int(0.95 * (len(r["deltas"]) - 1))],
            "longest_task": max(r["tasks"], default=0), "waiting": waiting, "frames": len(r["deltas"]),
            "rows": r["reached"] / r["pitch"], "loaded": r["loaded"],
            "session_p99": sorted(r["spent"])[int(0.99 * (len(r["spent"]) - 1))] if r["spent"] else float("nan"),
            "session_max": max(r["spent"], default=0)}


def main():
    from playwright.sync_api import sync_playwright

    data = hot.library(PHOTOS)
    server = Server(data, log_name="timeline")
    errors = []
    try:
        total = server.total()
        log(f"timeline bench: {total} photos at {server.base}")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=web.CHROMIUM, headless=True)
            scrubs = ends = cold = warm = fl = None
            if "scrub" in PARTS:
                log("scrub to the middle…")
                scrubs = scrub(browser, server.base, errors)
            if "end" in PARTS:
                log("Home → End…")
                ends = home_end(browser, server.base, errors)
            if "deep" in PARTS:
                log("deep link to the oldest photo…")
                cold, warm = deep_link(browser, server.base, errors)
            if "fling" in PARTS:
                log(f"fling at {ROWS_PER_SECOND} rows/s…")
                fl = fling(browser, server.base, errors)
            browser.close()
    finally:
        server.stop()
    if errors:
        log("page errors:", *errors[:5])
        return 1
    ok = lambda good: "✓" if good else "✗"
    rows = []
    if scrubs:
        rows.append((f"scrub release at 50 % → thumbnails painted ({total:,} photos)", timed(scrubs), "≤ 300 ms",
                     ok(median(scrubs) <= 300)))
    if ends:
        rows.append(("Home → End → thumbnails painted", timed(ends), "≤ 300 ms", ok(median(ends) <= 300)))
    if warm:
        rows.append(("deep link to the oldest photo → viewer showing it, warm", timed(warm), "≤ 300 ms", ok(median(warm) <= 300)))
        rows.append(("deep link to the oldest photo → viewer showing it, cold", timed(cold), "≤ 300 ms", ok(median(cold) <= 300)))
    if fl:
        rows += [
            (f"fling at {ROWS_PER_SECOND} rows/s: median fps ({fl['rows']:.0f} rows, {fl['frames']} frames)",
             f"{fl['fps']:.1f} (p95 frame {fl['p95_frame']:.1f} ms)", "≥ 58", ok(fl["fps"] >= 58)),
            ("fling: longest task", f"{fl['longest_task']:.0f} ms", "≤ 50 ms", ok(fl["longest_task"] <= 50)),
            ("fling: frames waiting for data", f"{fl['waiting']:.1%}", "≤ 5 %", ok(fl["waiting"] <= 0.05)),
            ("fling: the session's own time per frame, p99 (max)", f"{fl['session_p99']:.2f} ms ({fl['session_max']:.2f})",
             "≤ 2 ms", ok(fl["session_p99"] <= 2)),
        ]
    print_table(rows)
    out = os.environ.get("TIMELINE_BENCH_JSON")
    if out:
        pathlib.Path(out).write_text(json.dumps(dict(scrub=scrubs, home_end=ends, deep_cold=cold, deep_warm=warm, fling=fl), indent=1))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:  # the bench itself could not run
        log("timeline bench failed:", repr(e))
        raise
