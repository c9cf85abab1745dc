import pathlib
import urllib.request

from playwright.sync_api import expect
from conftest import DESKTOP, T, wait_grid, viewer_state, current_id, wait_current, wait_zoom, shot

H = 800


def test_keyboard_navigation_zoom_and_focus(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    first = catalog[0]["id"]
    desktop.focus(f'[data-grid] [data-photo-id="{first}"]')
    desktop.keyboard.press("Enter")
    viewer_state(desktop, "open")
    wait_current(desktop, first)
    dialog = desktop.locator("[role=dialog]")
    assert dialog.get_attribute("aria-modal") == "true"
    # Every button is labelled; focus stays inside the dialog.
    assert desktop.evaluate("[...document.querySelectorAll('[role=dialog] button, [role=dialog] a')].every(b => b.getAttribute('aria-label'))")
    for _ in range(6):
        desktop.keyboard.press("Tab")
        assert desktop.evaluate("document.querySelector('[role=dialog]').contains(document.activeElement)")
    desktop.keyboard.press("ArrowRight")
    wait_current(desktop, catalog[1]["id"])
    desktop.keyboard.press("ArrowLeft")
    wait_current(desktop, first)
    desktop.keyboard.press("+")
    wait_zoom(desktop, "z > 2")
    desktop.keyboard.press("+")
    wait_zoom(desktop, "z > 3")
    desktop.keyboard.press("-")
    wait_zoom(desktop, "z > 2 && z < 3")
    desktop.keyboard.press("0")
    wait_zoom(desktop, "z > 0.99 && z < 1.01")
    # Far ahead, then Esc: the grid scrolls so the tile is in view, and it gets focus back.
    last = len(catalog) - 1
    for i in range(1, last + 1):
        desktop.keyboard.press("ArrowRight")
        wait_current(desktop, catalog[i]["id"])
    desktop.keyboard.press("Escape")
    viewer_state(desktop, "closed")
    pid = catalog[last]["id"]
    desktop.wait_for_function("id => document.activeElement?.dataset.photoId === id", arg=pid, timeout=T)
    box = desktop.locator(f'[data-grid] [data-photo-id="{pid}"]').bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= H, box
    assert desktop.evaluate("document.querySelector('[data-grid]').scrollTop") > 0
    shot(desktop, "desktop-closed-on-last")


def test_ctrl_wheel_zoom_and_click_close(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    pid = catalog[3]["id"]
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]')
    viewer_state(desktop, "open")
    desktop.mouse.move(640, 400)
    desktop.keyboard.down("Control")
    desktop.mouse.wheel(0, -120)
    desktop.keyboard.up("Control")
    wait_zoom(desktop, "z > 1.5")
    shot(desktop, "desktop-wheel-zoom")
    desktop.click("[role=dialog] button[aria-label=Close]")
    viewer_state(desktop, "closed")
    assert desktop.url.endswith("/")


def test_close_mid_opening(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    pid = catalog[2]["id"]
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]')
    desktop.keyboard.press("Escape")
    viewer_state(desktop, "closed")
    assert desktop.url.endswith("/")
    expect(desktop.locator(f'[data-grid] [data-photo-id="{pid}"]')).to_be_visible()


def test_reduced_motion_cross_fades(browser, server, catalog):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    ctx.set_default_timeout(T)
    page = ctx.new_page()
    page.goto(server + "/")
    wait_grid(page)
    pid = catalog[6]["id"]
    page.click(f'[data-grid] [data-photo-id="{pid}"]')
    viewer_state(page, "open")
    assert page.get_attribute("[role=dialog]", "data-motion") == "fade"
    assert page.locator("[role=dialog] .fly").is_hidden()
    wait_current(page, pid)
    page.keyboard.press("Escape")
    viewer_state(page, "closed")
    assert page.get_attribute("[role=dialog]", "data-motion") == "fade"
    ctx.close()


def test_back_closes_viewer(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    pid = catalog[8]["id"]
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]')
    viewer_state(desktop, "open")
    assert desktop.url.endswith("/p/" + pid)
    desktop.go_back()
    viewer_state(desktop, "closed")
    desktop.go_forward()
    viewer_state(desktop, "open")
    wait_current(desktop, pid)
    assert current_id(desktop) == pid


def test_a_link_to_a_missing_photo_says_so(desktop, server):
    desktop.goto(server + "/p/AAAAAAAAAAAA")
    wait_grid(desktop)
    toast = desktop.locator("#toast")
    expect(toast).to_have_text("This photo is not available", timeout=T)
    desktop.wait_for_timeout(1000)
    assert toast.is_visible() and toast.inner_text() == "This photo is not available" and desktop.locator("#pill").is_hidden()


def test_debug_panel_tunes_live(desktop, server, catalog):
    desktop.goto(server + "/?debug")
    wait_grid(desktop)
    desktop.wait_for_selector(".debug input[type=range]")
    desktop.fill("#dbg-aheadAtRest", "4")
    desktop.click(f'[data-grid] [data-photo-id="{catalog[0]["id"]}"]')
    viewer_state(desktop, "open")
    # 4 ahead + current (none behind at index 0).
    desktop.wait_for_function("document.querySelectorAll('[role=dialog] .slide').length === 5", timeout=T)
    shot(desktop, "desktop-debug")


def test_debug_panel_retunes_the_engine_dismiss_threshold(desktop, server, catalog):
    desktop.goto(server + "/?debug")
    wait_grid(desktop)
    desktop.wait_for_selector("#dbg-dismissThreshold")
    pid = catalog[2]["id"]

    def slow_short_drag():
        desktop.click(f'[data-grid] [data-photo-id="{pid}"]')
        viewer_state(desktop, "open")
        desktop.mouse.move(640, 300)
        desktop.mouse.down()
        for k in range(1, 41):  # 60 px in about 1.3 s: no fling
            desktop.mouse.move(640, 300 + 1.5 * k)
            desktop.wait_for_timeout(32)
        desktop.wait_for_timeout(120)
        desktop.mouse.up()

    slow_short_drag()  # 60 px of 800 is under the default 13 %: springs back
    desktop.wait_for_timeout(600)
    assert desktop.get_attribute("[role=dialog]", "data-state") == "open"
    desktop.keyboard.press("Escape")
    viewer_state(desktop, "closed")
    desktop.fill("#dbg-dismissThreshold", "0.05")
    assert abs(desktop.evaluate("window.vitrine.viewer.g.configuration.dismissThreshold") - 0.05) < 1e-9
    slow_short_drag()  # now past 5 %: dismisses
    viewer_state(desktop, "closed")


def test_download_and_copy_link(browser, server, catalog):
    ctx = browser.new_context(**DESKTOP, accept_downloads=True, permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    try:
        page.goto(server + "/")
        wait_grid(page)
        item = catalog[1]
        page.click(f'[data-grid] [data-photo-id="{item["id"]}"]')
        viewer_state(page, "open")
        with page.expect_download() as info:
            page.click("[role=dialog] a[aria-label=Download]")
        download = info.value
        with urllib.request.urlopen(server + item["original"]["url"]) as r:
            original = r.read()
        assert pathlib.Path(download.path()).read_bytes() == original
        assert download.suggested_filename
        # Headless Chromium on Linux has no Web Share, so the button copies the deep link.
        assert page.evaluate("navigator.share === undefined")
        page.click("[role=dialog] button[aria-label='Copy link']")
        page.wait_for_function("document.querySelector('[role=dialog] .toast').textContent === 'Link copied'")
        assert page.evaluate("navigator.clipboard.readText()") == server + "/p/" + item["id"]
    finally:
        ctx.close()


def test_slides_show_a_thumbhash_only_while_their_thumbnail_is_missing(desktop, server, catalog):
    frames = "[...document.querySelectorAll('[role=dialog] .slide .frame')]"
    # Cached thumbnails (the grid showed them): the slides paint their average colour, no ThumbHash.
    desktop.goto(server + "/")
    wait_grid(desktop)
    desktop.locator(f'[data-grid] [data-photo-id="{catalog[1]["id"]}"]').click()
    viewer_state(desktop, "open")
    assert desktop.evaluate(f"{frames}.length") >= 2
    assert desktop.evaluate(f"{frames}.every(f => f.style.backgroundColor && !f.style.backgroundImage)")
    # A deep link whose thumbnails and previews never arrive: the ThumbHashes stand in.
    blocked = {u for it in catalog for u in (it["thumb"]["url"], it["small"]["url"], it["preview"]["url"])}
    desktop.route("**/assets/*", lambda r: r.abort() if r.request.url.removeprefix(server) in blocked else r.continue_())
    desktop.goto(server + "/p/" + catalog[5]["id"])
    viewer_state(desktop, "open")
    desktop.wait_for_function(f"{frames}.length >= 2 && {frames}.every(f => f.style.backgroundImage.includes('data:image/png'))", timeout=T)
    # A thumbnail that failed is hidden, not drawn as a broken image over the placeholder.
    desktop.wait_for_function("getComputedStyle(document.querySelector('[role=dialog] [aria-current=\"true\"] img.lo')).visibility === 'hidden'", timeout=T)
    shot(desktop, "desktop-viewer-thumbhash")
    desktop.unroute("**/assets/*")


def _details(server, pid):
    with urllib.request.urlopen(f"{server}/api/v1/photos/{pid}", timeout=10) as r:
        import json
        return json.loads(r.read())


def test_buttons_move_and_zoom_and_a_click_keeps_the_controls(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    desktop.click(f'[data-grid] [data-photo-id="{catalog[0]["id"]}"]')
    viewer_state(desktop, "open")
    wait_current(desktop, catalog[0]["id"])
    buttons = {name: desktop.locator(f"[role=dialog] button[aria-label='{name}']")
               for name in ("Previous photo", "Next photo", "Zoom in", "Zoom out")}
    for b in buttons.values():
        expect(b).to_be_visible()
    expect(buttons["Previous photo"]).to_be_disabled()
    buttons["Next photo"].click()
    wait_current(desktop, catalog[1]["id"])
    buttons["Next photo"].click()
    wait_current(desktop, catalog[2]["id"])
    buttons["Previous photo"].click()
    wait_current(desktop, catalog[1]["id"])
    buttons["Zoom in"].click()
    wait_zoom(desktop, "z > 1.5")
    for _ in range(4):  # steps of 1.5× back to the whole photo
        buttons["Zoom out"].click()
        desktop.wait_for_timeout(300)
    wait_zoom(desktop, "z > 0.99 && z < 1.01")
    # A click on the photo, or two apart in time, never hides the controls.
    for _ in range(2):
        desktop.mouse.click(640, 400)
        desktop.wait_for_timeout(400)
        assert not desktop.evaluate("document.querySelector('[role=dialog]').classList.contains('bare')")
        expect(desktop.locator("[role=dialog] .bar.top")).to_be_visible()
    expect(buttons["Next photo"]).to_be_visible()
    assert current_id(desktop) == catalog[1]["id"]


def test_the_top_bar_shows_title_date_and_place_or_camera(desktop, server, catalog):
    details = [_details(server, it["id"]) for it in catalog]
    placed = next(d for d in details if d.get("location"))
    camera = next(d for d in details if not d.get("location") and d.get("cameraModel"))
    desktop.goto(server + "/")
    wait_grid(desktop)
    for d in (placed, camera):
        desktop.evaluate("id => vitrine.grid.reveal(vitrine.lib.indexOf(id))", d["id"])  # its tile on screen
        desktop.click(f'[data-grid] [data-photo-id="{d["id"]}"]')
        viewer_state(desktop, "open")
        wait_current(desktop, d["id"])
        if d.get("title"):
            expect(desktop.locator("[role=dialog] .bar.top .title")).to_have_text(d["title"])
        when = desktop.locator("[role=dialog] .bar.top .when")
        expect(when).to_contain_text(d["takenAt"][:4])  # the year of the day it was taken
        if d is placed:
            expect(when).to_contain_text("° N" if d["location"]["latitude"] >= 0 else "° S")
        else:
            expect(when).to_contain_text(d["cameraModel"])
        assert "of" in desktop.inner_text("[role=dialog] .pos")
        desktop.keyboard.press("Escape")
        viewer_state(desktop, "closed")


def test_a_slideshow_moves_on_by_itself_and_ends_on_the_last_photo(desktop, server, catalog):
    last = len(catalog) - 2
    desktop.goto(f"{server}/p/{catalog[last]['id']}")
    viewer_state(desktop, "open")
    wait_current(desktop, catalog[last]["id"])
    play = desktop.locator("[role=dialog] button[aria-label=Slideshow]")
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    wait_current(desktop, catalog[last + 1]["id"])
    # The last photo stays, and the button says the slideshow ended.
    desktop.wait_for_function(
        "document.querySelector('[role=dialog] button[aria-label=Slideshow]').getAttribute('aria-pressed') === 'false'",
        timeout=T)
    desktop.wait_for_timeout(4500)
    assert current_id(desktop) == catalog[last + 1]["id"]


def test_opening_frame_builds_no_slide_and_the_closed_viewer_is_inert(desktop, server, catalog):
    """The first frame of an open shows the photo flying from its tile and nothing else to style or lay out
    (the slides and the bars' text follow a frame later), and the closed viewer, kept laid out for the next
    open, takes no click or focus and is not shown."""
    desktop.goto(server + "/")
    wait_grid(desktop)
    desktop.wait_for_function("window.vitrine.viewer && document.querySelector('[role=dialog]')?.hidden", timeout=T)
    closed = desktop.evaluate("""() => {
      const v = document.querySelector('[role=dialog]'), b = v.querySelector('button');
      b.focus();
      const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
      return { focused: document.activeElement === b, hit: v.contains(hit), shown: v.checkVisibility({ visibilityProperty: true }) };
    }""")
    assert closed == {"focused": False, "hit": False, "shown": False}, closed
    desktop.evaluate("""() => addEventListener('click', () => requestAnimationFrame(() => {
      const v = document.querySelector('[role=dialog]');
      window.__firstFrame = { slides: v.querySelectorAll('.slide').length, fly: !v.querySelector('.fly').hidden };
    }), { capture: true, once: true })""")
    pid = catalog[3]["id"]
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]')
    viewer_state(desktop, "open")
    assert desktop.evaluate("window.__firstFrame") == {"slides": 0, "fly": True}
    desktop.wait_for_function("document.querySelectorAll('[role=dialog] .slide').length >= 3", timeout=T)
    wait_current(desktop, pid)
    expect(desktop.locator("[role=dialog] .pos")).to_have_text(f"4 of {len(catalog)}")
    desktop.keyboard.press("ArrowRight")
    wait_current(desktop, catalog[4]["id"])
    expect(desktop.locator("[role=dialog] .pos")).to_have_text(f"5 of {len(catalog)}")
