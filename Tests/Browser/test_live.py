"""Live refresh over Server-Sent Events: inserts and deletes without moving what the user looks at."""
from conftest import T, HEADER, wait_grid, viewer_state, wait_current, wait_zoom, shot
from photos import EXIF, api, jpeg, upload, with_exif

# The photo under the header: the first tile (top, then left) whose bottom is below it.
ANCHOR = """() => {
  const t = [...document.querySelectorAll('[data-grid] .tile[data-photo-id]')]
    .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.bottom > %d + 1)
    .sort((a, b) => a[1].top - b[1].top || a[1].left - b[1].left)[0];
  return { id: t[0].dataset.photoId, top: t[1].top, height: t[1].height };
}""" % HEADER

RECT = """id => {
  const r = document.querySelector(`[data-grid] [data-photo-id="${id}"]`).getBoundingClientRect();
  return { top: r.top, height: r.height };
}"""

# Samples the tile's top on every frame from now on.
WATCH = """id => {
  window.__tops = [];
  const step = () => {
    const e = document.querySelector(`[data-grid] [data-photo-id="${id}"]`);
    window.__tops.push(e ? e.getBoundingClientRect().top : null);
    window.__watch = requestAnimationFrame(step);
  };
  step();
}"""


def _live(page):
    page.wait_for_function("document.body.dataset.live === 'open'", timeout=T)


def _grid_with_feed(page, url):
    """Opens the grid, waits for the change feed; returns the loaded ids, newest first."""
    page.goto(url + "/")
    wait_grid(page)
    _live(page)
    return page.evaluate("window.vitrine.lib.loaded().map(i => i.id)")


def test_ten_photos_arrive_without_moving_the_view(phone, writable):
    # The demo photos fit on one phone screen: add older ones until there is room to scroll.
    status, page = api(writable.url, "GET", "/api/v1/photos?limit=1")
    for k in range(max(0, 60 - page["total"])):
        data = with_exif(jpeg(200 + k), dict(EXIF, taken=f"2001:01:01 00:00:{k:02d}"))
        upload(writable.url, writable.token, data, f"filler-{k}.jpg")
    phone.goto(writable.url + "/")
    wait_grid(phone)
    _live(phone)
    phone.evaluate("document.querySelector('[data-grid]').scrollTop = 300")
    phone.wait_for_timeout(300)
    assert phone.evaluate("document.querySelector('[data-grid]').scrollTop") == 300
    before = phone.evaluate(ANCHOR)
    total = phone.evaluate("window.vitrine.lib.total")
    count = phone.evaluate("window.vitrine.lib.total")
    scroll = phone.evaluate("document.querySelector('[data-grid]').scrollTop")
    phone.evaluate(WATCH, before["id"])
    ids = [upload(writable.url, writable.token, jpeg(300 + k), f"live-{k}.jpg")["id"] for k in range(10)]
    phone.wait_for_function(f"window.vitrine.lib.total === {count + 10}", timeout=T)
    phone.wait_for_timeout(600)  # let the last animation finish
    tops = phone.evaluate("cancelAnimationFrame(window.__watch), window.__tops")
    # The same photo, at the same height on screen (in a 4-column grid, 10 photos above move it
    # 2 columns sideways: only a whole number of rows could keep its x too).
    after = phone.evaluate(RECT, before["id"])
    assert abs(after["top"] - before["top"]) <= 1 and abs(after["height"] - before["height"]) <= 1, (before, after)
    # Not only at the end: on every frame while the photos arrived.
    assert all(t is not None and abs(t - before["top"]) <= 1 for t in tops), [t for t in tops if t is None or abs(t - before["top"]) > 1][:5]
    # The new photos are the newest: they went in above, and the page scrolled by what they added.
    store_ids = phone.evaluate("window.vitrine.lib.loaded().slice(0, 10).map(i => i.id)")
    assert sorted(store_ids) == sorted(ids)
    assert phone.evaluate("window.vitrine.lib.total") == total + 10
    assert phone.evaluate("document.querySelector('[data-grid]').scrollTop") > scroll
    # The last of them went into a month that was there: placed by the grid's session, not a new layout.
    assert phone.evaluate("window.vitrine.lib.edits?.length") >= 1
    shot(phone, "phone-live-after-10")
    phone.evaluate("document.querySelector('[data-grid]').scrollTop = 0")
    phone.wait_for_function("ids => ids.every(i => document.querySelector(`[data-grid] [data-photo-id='${i}'] img.in`))", arg=ids, timeout=T)
    shot(phone, "phone-live-top")


def test_a_photo_added_before_the_feed_connects_still_arrives(browser, writable):
    """The feed connects after the first screen, from where the page's inline list was read."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    held = []
    page.route("**/live.js", lambda route: held.append(route))  # answered below
    page.goto(writable.url + "/")
    wait_grid(page)
    page.wait_for_function("window.vitrine.lib.since !== ''", timeout=T)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "live.js was asked for after the first screen"
    new_id = upload(writable.url, writable.token, jpeg(77), "before-the-feed.jpg")["id"]
    page.wait_for_timeout(300)
    assert page.evaluate("id => !window.vitrine.lib.ids.has(id)", new_id)
    held[0].continue_()
    _live(page)
    page.wait_for_function("id => window.vitrine.lib.ids.has(id)", arg=new_id, timeout=T)
    page.wait_for_selector(f'[data-grid] [data-photo-id="{new_id}"]', timeout=T)
    ctx.close()


def test_a_deletion_closes_the_gap(desktop, writable):
    items = _grid_with_feed(desktop, writable.url)
    victim, follower = items[1], items[2]
    box = lambda pid: desktop.locator(f'[data-grid] [data-photo-id="{pid}"]').bounding_box()
    place = box(victim)
    assert api(writable.url, "DELETE", f"/api/v1/photos/{victim}", writable.token)[0] == 204
    desktop.wait_for_function("id => !window.vitrine.lib.ids.has(id)", arg=victim, timeout=T)
    desktop.wait_for_timeout(500)
    assert desktop.locator(f'[data-grid] [data-photo-id="{victim}"]').count() == 0
    assert desktop.locator("[data-grid] .tile.ghost").count() == 0, "the faded tile is removed"
    moved = box(follower)
    assert abs(moved["x"] - place["x"]) <= 1 and abs(moved["y"] - place["y"]) <= 1, (place, moved)


def test_open_viewer_stays_on_its_photo_or_moves_to_the_next(desktop, writable):
    items = _grid_with_feed(desktop, writable.url)
    shown, nxt = items[4], items[5]
    desktop.click(f'[data-grid] [data-photo-id="{shown}"]')
    viewer_state(desktop, "open")
    wait_current(desktop, shown)
    desktop.keyboard.press("+")
    wait_zoom(desktop, "z > 1.2")
    zoom = desktop.get_attribute("[role=dialog]", "data-zoom")
    # A photo arriving above it shifts every index: the viewer stays on its photo, zoomed as it was.
    new = upload(writable.url, writable.token, jpeg(333), "while-viewing.jpg")["id"]
    desktop.wait_for_function("id => window.vitrine.lib.ids.has(id)", arg=new, timeout=T)
    wait_current(desktop, shown)
    desktop.wait_for_timeout(300)  # a reset would have sprung back to 1 by now
    assert desktop.get_attribute("[role=dialog]", "data-zoom") == zoom
    assert desktop.evaluate("window.vitrine.viewer.current") == items.index(shown) + 1
    assert desktop.inner_text("[role=dialog] .pos").startswith(f"{items.index(shown) + 2} of ")
    # Its photo is deleted: it moves on to the next one, and the URL follows.
    assert api(writable.url, "DELETE", f"/api/v1/photos/{shown}", writable.token)[0] == 204
    wait_current(desktop, nxt)
    assert desktop.url.endswith("/p/" + nxt)
    viewer_state(desktop, "open")
    desktop.keyboard.press("Escape")
    viewer_state(desktop, "closed")


def test_the_feed_resumes_after_the_server_restarts(browser):
    """Photos imported while the server is down arrive once it is back (Last-Event-ID resume)."""
    import os
    import subprocess
    import tempfile
    from conftest import BINARY, Server
    s = Server(demo=False)
    try:
        upload(s.url, s.token, jpeg(410), "before.jpg")
        ctx = browser.new_context(viewport={"width": 800, "height": 600})
        ctx.set_default_timeout(T)
        page = ctx.new_page()
        page.goto(s.url + "/")
        wait_grid(page)
        _live(page)
        s.halt()
        page.wait_for_function("document.body.dataset.live === 'down'", timeout=T)
        d = tempfile.mkdtemp(prefix="vitrine-offline-")
        jpeg(420, os.path.join(d, "while-down.jpg"))
        subprocess.run([BINARY, "import", "--data", s.data, d], check=True, capture_output=True)
        s.start()
        page.wait_for_selector('[data-grid] .tile img[alt="while-down.jpg"]', state="attached", timeout=T)
        assert page.evaluate("window.vitrine.lib.total") == 2
        ctx.close()
    finally:
        s.stop()


def test_refused_streams_reconnect_with_back_off(desktop, writable):
    """An HTTP error closes an EventSource for good: the client opens a new one, later and later."""
    attempts = []

    def refuse(route):
        attempts.append(route.request.url)
        route.fulfill(status=503, body="")

    desktop.route("**/api/v1/events*", refuse)
    desktop.goto(writable.url + "/")
    wait_grid(desktop)
    desktop.wait_for_timeout(3500)  # attempts at about 0, 1 and 3 s
    assert 2 <= len(attempts) <= 4, attempts
    desktop.unroute("**/api/v1/events*")
    _live(desktop)
    new = upload(writable.url, writable.token, jpeg(430), "after-refusals.jpg")["id"]
    desktop.wait_for_function("id => window.vitrine.lib.ids.has(id)", arg=new, timeout=T)


def test_a_search_follows_live_changes(desktop, writable):
    """With a filter active, the client re-queries it: the server decides what matches."""
    desktop.goto(writable.url + "/?q=harvest")
    desktop.wait_for_selector("#empty:not([hidden])", timeout=T)
    _live(desktop)
    pid = upload(writable.url, writable.token, jpeg(466), "harvest-moon.jpg")["id"]
    upload(writable.url, writable.token, jpeg(467), "unrelated.jpg")
    desktop.wait_for_selector(f'[data-grid] [data-photo-id="{pid}"] img.in', timeout=T)
    desktop.wait_for_function("document.querySelector('#count').textContent === '1 found'", timeout=T)
    assert desktop.locator("[data-grid] [data-photo-id]").count() == 1
    assert desktop.is_hidden("#empty")
    assert api(writable.url, "DELETE", f"/api/v1/photos/{pid}", writable.token)[0] == 204
    desktop.wait_for_selector("#empty:not([hidden])", timeout=T)
    desktop.wait_for_function("!document.querySelector('[data-grid] [data-photo-id]')", timeout=T)


def test_a_reset_reloads_the_list_and_the_feed_goes_on(desktop, writable):
    """When the server no longer has the changes a client missed, it says `reset`: the client
    reloads its list, and follows the feed from there."""
    # The feed is refused at first; then the client resumes from a point the server cannot replay
    # (as after a catalog rebuild). One handler throughout: no moment without one.
    refusing, resumes = [True], []

    def events(route):
        if refusing[0]:
            route.fulfill(status=503, body="")
            return
        resumes.append(route.request.url)
        route.continue_(url=writable.url + "/api/v1/events?since=999999999")

    desktop.route("**/api/v1/events*", events)
    desktop.goto(writable.url + "/")
    wait_grid(desktop)
    desktop.wait_for_function("document.body.dataset.live === 'down'", timeout=T)  # it connects after the first screen
    items = desktop.evaluate("window.vitrine.lib.loaded().map(i => i.id)")
    missed = upload(writable.url, writable.token, jpeg(520), "missed.jpg")["id"]
    refusing[0] = False
    desktop.wait_for_function("id => window.vitrine.lib.ids.has(id)", arg=missed, timeout=T)
    assert resumes
    # Read again from the top: the missed photo first, then what was there (as far as it is loaded again).
    again = desktop.evaluate("window.vitrine.lib.loaded().map(i => i.id)")
    assert again[0] == missed and len(again) > 1 and again[1:] == items[:len(again) - 1]
    desktop.unroute("**/api/v1/events*")
    _live(desktop)
    after = upload(writable.url, writable.token, jpeg(521), "after-reset.jpg")["id"]
    desktop.wait_for_function("id => window.vitrine.lib.ids.has(id)", arg=after, timeout=T)
