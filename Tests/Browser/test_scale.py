"""The grid at scale: the large library (conftest `big_server`) flung from top to bottom."""
from conftest import T, shot, wait_grid

TILES = "document.querySelectorAll('[data-grid] [data-photo-id]').length"


def test_fling_keeps_the_dom_small_and_pages_without_duplicates(desktop, big_server):
    desktop.goto(big_server + "/")
    wait_grid(desktop)
    # A fling: the scroll position jumps ahead every frame for three seconds, as momentum scrolling
    # does, while the page records the most tile elements it ever had.
    scroll = """(perFrame) => new Promise((done) => {
        const g = document.querySelector('[data-grid]');
        let most = 0, frames = 0;
        const step = () => {
            g.scrollTop += perFrame;
            most = Math.max(most, %s);
            if (++frames < 180) requestAnimationFrame(step); else done({ most, top: g.scrollTop });
        };
        requestAnimationFrame(step);
    })""" % TILES
    gentle = desktop.evaluate(scroll, 30)  # 1 800 px/s: the prefetch window is mounted
    assert gentle["top"] > 3000
    assert 0 < gentle["most"] <= 150, gentle
    fling = desktop.evaluate(scroll, 900)  # 54 000 px/s
    assert fling["top"] > 100_000
    assert 0 < fling["most"] <= 150, fling
    desktop.wait_for_function("window.vitrine.lib.loaded().length >= 100", timeout=T)
    ids = desktop.evaluate("window.vitrine.lib.loaded().map((it) => it.id)")
    assert len(ids) == len(set(ids))
    # After the fling settles, the tiles in view show their thumbnails.
    desktop.wait_for_function("""() => {
        const h = innerHeight;
        const tiles = [...document.querySelectorAll('[data-grid] [data-photo-id]')].filter((t) => {
            const r = t.getBoundingClientRect(); return r.bottom > 60 && r.top < h; });
        return tiles.length > 0 && tiles.every((t) => t.querySelector('img.in'));
    }""", timeout=T)
    assert desktop.evaluate(TILES) <= 150
    shot(desktop, "desktop-after-fling-6000")


def test_end_reaches_the_last_photo_without_paging_through_the_rest(desktop, big_server):
    desktop.goto(big_server + "/")
    wait_grid(desktop)
    desktop.keyboard.press("End")
    last = desktop.evaluate("window.vitrine.lib.total - 1")
    desktop.wait_for_function("i => document.querySelector(`[data-grid] .tile[data-i='${i}'] img.in`)", arg=last, timeout=T)
    # Only the pages around the end (and the first screen) were loaded, not the 6 000 photos.
    assert desktop.evaluate("window.vitrine.lib.loaded().length") < 1000
    assert desktop.evaluate(TILES) <= 150
    desktop.keyboard.press("Home")
    desktop.wait_for_function("document.querySelector(`[data-grid] .tile[data-i='0'] img.in`)", timeout=T)
    assert desktop.evaluate("document.querySelector('[data-grid]').scrollTop") == 0


def test_a_cold_start_asks_for_the_visible_thumbnails_first(browser, big_server):
    """The rest of the prefetch window (its tiles, their thumbnails, the next page) waits until the
    screen's thumbnails arrived, so those have the connections and the decoder to themselves."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    held, passing = [], [False]
    page.route("**/assets/*", lambda route: route.continue_() if passing[0] else held.append(route))
    page.goto(big_server + "/?limit=100")  # no first screen from the server: the client's own tiles
    page.wait_for_function("window.vitrine && window.vitrine.grid.tiles.size > 0", timeout=T)
    page.wait_for_timeout(200)
    state = page.evaluate("""() => ({ holding: vitrine.grid.holding, tiles: vitrine.grid.tiles.size,
        visible: vitrine.grid.visibleImages().length, asked: document.querySelectorAll('[data-grid] img[src]').length,
        loads: vitrine.grid.inflight.size, waiting: vitrine.grid.waiting })""")
    assert state["holding"] and held, state
    assert state["tiles"] == state["visible"] == state["asked"] >= 20, state
    assert state["loads"] == 0 and state["waiting"] == 0, "the screen's photos, and no page beyond them yet"
    passing[0] = True
    for route in held:
        route.continue_()
    page.wait_for_function("!vitrine.grid.holding && vitrine.grid.tiles.size > %d" % state["tiles"], timeout=T)
    assert page.evaluate("document.querySelectorAll('[data-grid] img[src]').length") > state["asked"]
    ctx.close()
