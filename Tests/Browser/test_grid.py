import re
from conftest import T, DEMO_TOTAL, HEADER, wait_grid, shot

TILE_IDS = "[...document.querySelectorAll('[data-grid] [data-photo-id]')].map(t => t.dataset.photoId)"


def test_first_page_shows(phone, server, catalog):
    phone.goto(server + "/")
    wait_grid(phone)
    ids = phone.evaluate(TILE_IDS)
    assert ids[0] == catalog[0]["id"] or catalog[0]["id"] in ids
    first = phone.locator(f'[data-photo-id="{catalog[0]["id"]}"]')
    box = first.bounding_box()
    assert box and box["y"] < 844 and box["width"] > 50
    # The average colour is painted under every thumbnail at once.
    assert first.evaluate("t => t.style.backgroundColor").startswith("rgb")
    # Thumbnails decode async: a scroll never waits for a decode.
    assert phone.evaluate("[...document.querySelectorAll('[data-grid] .tile img[src]')].every(i => i.decoding === 'async')")
    shot(phone, "phone-grid")


def test_thumbhash_stands_in_for_a_missing_thumbnail(phone, server, catalog):
    # Thumbnails that do not arrive show their ThumbHash, decoded a few per frame.
    thumbs = {it["thumb"]["url"] for it in catalog}
    phone.route("**/assets/*", lambda r: r.abort() if r.request.url.removeprefix(server) in thumbs else r.continue_())
    phone.goto(server + "/")
    phone.wait_for_function("!document.body.classList.contains('loading')", timeout=T)
    phone.wait_for_function(
        "[...document.querySelectorAll('[data-grid] .tile')].slice(0, 8)"
        ".every(t => t.style.backgroundImage.includes('data:image/png'))",
        timeout=T,
    )
    assert phone.evaluate("document.querySelectorAll('[data-grid] img.in').length") == 0
    shot(phone, "phone-grid-thumbhash")
    phone.unroute("**/assets/*")


def test_scrolling_pages_without_duplicates(browser, server):
    ctx = browser.new_context(viewport={"width": 640, "height": 400})
    page = ctx.new_page()
    inflight, peak, urls = [0], [0], []

    def started(r):
        if "/api/v1/photos?" in r.url:
            inflight[0] += 1
            peak[0] = max(peak[0], inflight[0])
            urls.append(r.url)

    def ended(r):
        if "/api/v1/photos?" in r.url:
            inflight[0] -= 1

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    page.goto(server + "/")
    wait_grid(page)
    seen = set()
    for _ in range(60):
        ids = page.evaluate(TILE_IDS)
        assert len(ids) == len(set(ids)), "duplicate tiles in the DOM"
        seen.update(ids)
        if len(seen) == DEMO_TOTAL:
            break
        page.evaluate("document.querySelector('[data-grid]').scrollBy(0, 300)")
        page.wait_for_function("document.body.dataset.paging !== 'loading'", timeout=T)
        page.wait_for_timeout(50)
    assert len(seen) == DEMO_TOTAL
    assert page.evaluate("window.vitrine.lib.loaded().length") == DEMO_TOTAL
    # Pages of a month from an offset, as the engine's planner asks, each place asked for once (the first
    # page came inline with the index page, and is read again in full in one page), and never more than
    # the planner's 6 at a time.
    assert all("month=" in u and "offset=" in u for u in urls), urls
    months = len(page.evaluate("window.vitrine.lib.months"))
    assert len(urls) <= months, urls
    assert peak[0] <= 6
    shot(page, "desktop-grid-scrolled")
    ctx.close()


def test_layout_toggle_is_remembered(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    sel = f'[data-photo-id="{catalog[1]["id"]}"]'
    grid_box = desktop.locator(sel).bounding_box()
    assert abs(grid_box["width"] / grid_box["height"] - 4 / 3) < 0.02
    desktop.click("#layout")
    desktop.wait_for_function("document.body.dataset.layout === 'justified'")
    desktop.wait_for_function(
        f"() => {{ const r = document.querySelector('{sel}').getBoundingClientRect(); return Math.abs(r.width / r.height - 4/3) > 0.05; }}")
    shot(desktop, "desktop-justified")
    desktop.reload()
    wait_grid(desktop)
    assert desktop.evaluate("document.body.dataset.layout") == "justified"
    desktop.click("#layout")
    desktop.wait_for_function("document.body.dataset.layout === 'grid'")


def _without_inline_page(route):
    """The index page as a cache would hold it when the API is down: no inline first page."""
    response = route.fetch()
    body = re.sub(r'<script id="first-page".*?</script>', "", response.text(), flags=re.S)
    route.fulfill(response=response, body=body)


def _without_inline_data(route):
    """The index page without its months and first page: the client asks for them."""
    response = route.fetch()
    body = re.sub(r'<script id="(first-page|timeline)".*?</script>', "", response.text(), flags=re.S)
    route.fulfill(response=response, body=body)


def test_offline_screen_and_retry(phone, server):
    phone.route(server + "/", _without_inline_data)
    phone.route("**/api/v1/timeline*", lambda route: route.abort())
    phone.goto(server + "/")
    offline = phone.locator("#offline")
    offline.wait_for(state="visible", timeout=T)
    assert "reach" in offline.inner_text()
    shot(phone, "phone-offline")
    phone.unroute("**/api/v1/timeline*")
    phone.unroute(server + "/")
    phone.click("#retry")
    offline.wait_for(state="hidden", timeout=T)
    wait_grid(phone)


def test_failed_page_retries_without_blocking(browser, server):
    ctx = browser.new_context(viewport={"width": 640, "height": 400})
    page = ctx.new_page()
    # The months come inline, the photos do not, and every page of them fails at first.
    page.route(server + "/", _without_inline_page)
    page.route("**/api/v1/photos*month=*", lambda route: route.abort())
    page.goto(server + "/")
    page.locator("#pill").wait_for(state="visible", timeout=T)
    assert page.locator("#offline").is_hidden()
    assert "Retrying in" in page.inner_text("#pill")
    # The places are laid out, empty, and nothing is lost: they fill once the pages come.
    assert page.locator("[data-grid] .tile.pending").count() > 0
    assert page.locator("[data-grid] [data-photo-id]").count() == 0
    shot(page, "desktop-retry-pill")
    page.unroute("**/api/v1/photos*month=*")
    page.click("#pill-retry")
    page.wait_for_function("window.vitrine.lib.loaded().length > 0 && window.vitrine.grid.waiting === 0", timeout=T)
    page.wait_for_selector("[data-grid] [data-photo-id] img.in", timeout=T)
    assert page.locator("#pill").is_hidden()
    ctx.close()


def test_cached_thumbnails_do_not_fade(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    desktop.wait_for_function("[...document.querySelectorAll('[data-grid] img')].slice(0, 6).every(i => i.dataset.fade)")
    # Each switch remounts every tile. Justified rows are taller than the small thumbnail: they take the
    # thumbnail; back in the grid, the small ones are in the memory cache.
    desktop.click("#layout")
    desktop.wait_for_function("document.body.dataset.layout === 'justified'")
    desktop.wait_for_function("[...document.querySelectorAll('[data-grid] img')].slice(0, 6).every(i => i.classList.contains('in'))")
    desktop.click("#layout")
    desktop.wait_for_function("document.body.dataset.layout === 'grid'")
    desktop.wait_for_function("[...document.querySelectorAll('[data-grid] img')].slice(0, 6).every(i => i.dataset.fade === '0' && i.classList.contains('in'))")


def test_resize_keeps_top_photo_in_place(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    desktop.set_viewport_size({"width": 1280, "height": 500})
    desktop.evaluate("document.querySelector('[data-grid]').scrollTop = 400")
    top_id = desktop.evaluate("""() => {
        const t = [...document.querySelectorAll('[data-grid] [data-photo-id]')]
          .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.bottom > %d)
          .sort((a, b) => a[1].top - b[1].top || a[1].left - b[1].left)[0];
        return t[0].dataset.photoId; }""" % HEADER)
    desktop.set_viewport_size({"width": 700, "height": 500})
    desktop.wait_for_function("""id => {
        const r = document.querySelector(`[data-grid] [data-photo-id="${id}"]`)?.getBoundingClientRect();
        return r && r.bottom > %d && r.top < %d + 40; }""" % (HEADER, HEADER), arg=top_id, timeout=T)
    shot(desktop, "desktop-resized")


def test_a_resize_shows_no_stale_tile(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    # A search that finds nothing, cleared at once: the tiles of both filters come and go meanwhile.
    desktop.fill("#search", "zzzz-no-such-photo")
    desktop.wait_for_function("vitrine.lib.total === 0", timeout=T)
    desktop.fill("#search", "")
    desktop.wait_for_function(f"vitrine.lib.total === {DEMO_TOTAL}", timeout=T)
    for size in ({"width": 900, "height": 700}, {"width": 1280, "height": 800}):
        desktop.set_viewport_size(size)
        desktop.wait_for_function(f"vitrine.grid.width === document.querySelector('[data-grid]').clientWidth", timeout=T)
        desktop.wait_for_timeout(400)
        # Every tile in the grid is one the layout placed, where the layout puts it.
        stale = desktop.evaluate("""(() => {
          const g = vitrine.grid, own = new Map([...g.tiles].map(([i, t]) => [t, i]));
          return [...document.querySelectorAll('[data-grid] .tile')].filter((t) => {
            if (!own.has(t)) return true;
            const f = g.frame(own.get(t)), r = t.getBoundingClientRect(), s = g.scroller.getBoundingClientRect();
            return !f || Math.abs(r.left - s.left - f.x) > 1 || Math.abs(r.width - f.width) > 1;
          }).length; })()""")
        assert stale == 0, size
