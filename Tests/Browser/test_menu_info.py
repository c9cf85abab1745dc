"""The tile menu (the context menu) and the viewer's info panel."""
import pytest

from conftest import T, wait_grid, viewer_state, wait_current, shot
from photos import EXIF, api, jpeg, upload, with_exif

XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def exif_photo(writable):
    """A photo with known EXIF (see photos.EXIF), uploaded once."""
    return upload(writable.url, writable.token, with_exif(jpeg(640)), "known-exif.jpg")


def _center(page, sel):
    b = page.locator(sel).bounding_box()
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def test_context_menu_with_mouse_and_keyboard(desktop, server, catalog):
    desktop.goto(server + "/")
    wait_grid(desktop)
    pid = catalog[2]["id"]
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]', button="right")
    menu = desktop.locator("[role=menu]")
    menu.wait_for(state="visible", timeout=T)
    assert desktop.evaluate("document.activeElement.textContent") == "Open"
    desktop.keyboard.press("ArrowDown")
    assert desktop.evaluate("document.activeElement.textContent") == "Download original"
    desktop.keyboard.press("ArrowUp")
    desktop.keyboard.press("ArrowUp")
    assert desktop.evaluate("document.activeElement.textContent") == "Show info"
    shot(desktop, "desktop-context-menu")
    desktop.keyboard.press("Escape")
    menu.wait_for(state="detached", timeout=T)
    assert desktop.evaluate("document.activeElement.dataset.photoId") == pid, "focus returns to the tile"
    # The keyboard's own menu key (Shift+F10) on a focused tile, then Enter on Open.
    desktop.keyboard.press("Shift+F10")
    menu.wait_for(state="visible", timeout=T)
    desktop.keyboard.press("Enter")
    viewer_state(desktop, "open")
    wait_current(desktop, pid)
    desktop.keyboard.press("Escape")
    viewer_state(desktop, "closed")
    # A click elsewhere closes it; the link copies to the clipboard.
    desktop.context.grant_permissions(["clipboard-read", "clipboard-write"])
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]', button="right")
    desktop.click("[role=menu] >> text=Copy link")
    desktop.wait_for_function("document.querySelector('#toast').textContent === 'Link copied'", timeout=T)
    assert desktop.evaluate("navigator.clipboard.readText()") == f"{server}/p/{pid}"
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]', button="right")
    menu.wait_for(state="visible", timeout=T)
    desktop.mouse.click(5, 400)
    menu.wait_for(state="detached", timeout=T)


def _open_info(page, url, pid):
    """The photo's viewer at its deep link, with its info sheet up and its details read."""
    page.goto(f"{url}/p/{pid}")
    viewer_state(page, "open")
    wait_current(page, pid)
    page.click("[role=dialog] button[aria-label=Info]")
    page.wait_for_selector(".sheet.up dl", timeout=T)


def test_info_panel_shows_the_exif(desktop, writable, exif_photo):
    _open_info(desktop, writable.url, exif_photo["id"])
    rows = dict(desktop.evaluate("[...document.querySelectorAll('.sheet dt')].map(d => [d.textContent, d.nextElementSibling.textContent])"))
    assert rows["Camera"] == "Vitrinecam VX-100"
    assert rows["Lens"] == EXIF["lens"]
    assert rows["Exposure"] == "1/250 s"
    assert rows["Aperture"] == "ƒ/2.8"
    assert rows["ISO"] == "200"
    assert rows["Focal length"] == "50 mm"
    assert rows["Taken"].endswith("18:30:05 UTC+02:00") and "2021" in rows["Taken"], rows["Taken"]
    assert rows["Location"] == "48.85833° N, 2.29444° E"
    assert rows["Dimensions"] == f"{exif_photo['width']} × {exif_photo['height']}"
    assert rows["Format"].startswith("JPEG")
    assert rows["File size"].endswith("KB")
    assert desktop.get_attribute("[role=dialog] button[aria-label=Info]", "aria-expanded") == "true"
    desktop.wait_for_timeout(400)
    shot(desktop, "desktop-info-panel")
    # Esc closes the panel first, and only then the viewer.
    desktop.keyboard.press("Escape")
    desktop.wait_for_selector(".sheet", state="hidden", timeout=T)
    assert desktop.get_attribute("[role=dialog]", "data-state") == "open"
    # Dragged down, it goes away; a short drag springs back.
    desktop.click("[role=dialog] button[aria-label=Info]")
    desktop.wait_for_selector(".sheet.up dl", timeout=T)
    desktop.wait_for_timeout(400)
    gx, gy = _center(desktop, ".sheet .grab h2")
    desktop.mouse.move(gx, gy)
    desktop.mouse.down()
    desktop.mouse.move(gx, gy + 30, steps=5)
    desktop.mouse.up()
    desktop.wait_for_timeout(400)
    assert desktop.locator(".sheet.up").count() == 1
    desktop.mouse.move(gx, gy)
    desktop.mouse.down()
    desktop.mouse.move(gx, gy + 200, steps=8)
    desktop.mouse.up()
    desktop.wait_for_selector(".sheet", state="hidden", timeout=T)
    # The close button too, on a phone-sized screen.
    desktop.set_viewport_size({"width": 390, "height": 844})
    desktop.click("[role=dialog] button[aria-label=Info]")
    desktop.wait_for_selector(".sheet.up dl", timeout=T)
    desktop.wait_for_timeout(400)
    shot(desktop, "phone-info-panel")
    desktop.click(".sheet button[aria-label='Close info']")
    desktop.wait_for_selector(".sheet", state="hidden", timeout=T)


def test_a_hostile_title_renders_as_text(desktop, writable, exif_photo):
    pid = exif_photo["id"]
    status, body = api(writable.url, "PATCH", f"/api/v1/photos/{pid}", writable.token, {"title": XSS, "tags": [XSS, "ok"]})
    assert status == 200 and body["title"] == XSS
    dialogs = []
    desktop.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    desktop.goto(f"{writable.url}/?q=known")
    wait_grid(desktop)
    assert desktop.get_attribute(f'[data-grid] [data-photo-id="{pid}"] img', "alt") == XSS
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]', button="right")
    assert desktop.get_attribute("[role=menu]", "aria-label") == f"Actions for {XSS}"
    desktop.keyboard.press("Escape")
    desktop.click(f'[data-grid] [data-photo-id="{pid}"]')
    viewer_state(desktop, "open")
    desktop.click("[role=dialog] button[aria-label=Info]")
    desktop.wait_for_selector(".sheet.up .title", timeout=T)
    assert desktop.inner_text(".sheet .title") == XSS
    assert desktop.evaluate("[...document.querySelectorAll('.sheet .tags .chip')].map(c => c.textContent)") == [XSS, "ok"]
    desktop.wait_for_timeout(500)
    assert desktop.locator("img[src=x]").count() == 0
    assert desktop.evaluate("document.querySelectorAll('.sheet img, .menu img, #tagbar img').length") == 0
    assert dialogs == []
    shot(desktop, "desktop-hostile-title")


def test_the_info_sheet_springs_back_from_a_short_slow_drag_and_closes_on_a_long_one(desktop, writable, exif_photo):
    """Where the grab bar is let go, the engine decides (GalleryPolicy.sheetDismisses): 40 px over half a
    second springs back, 120 px closes."""
    _open_info(desktop, writable.url, exif_photo["id"])
    # Once it has slid all the way up.
    desktop.wait_for_function("Math.abs(document.querySelector('.sheet').getBoundingClientRect().bottom - innerHeight) < 1", timeout=T)
    box = desktop.locator(".sheet .grab").bounding_box()
    x, y = box["x"] + 12, box["y"] + box["height"] / 2

    def drag(dy, steps, pause):
        desktop.mouse.move(x, y)
        desktop.mouse.down()
        for k in range(1, steps + 1):
            desktop.mouse.move(x, y + dy * k / steps)
            desktop.wait_for_timeout(pause)
        desktop.mouse.up()

    moved = []
    desktop.expose_function("sheetMoved", lambda t: moved.append(t))
    desktop.evaluate("new MutationObserver(() => sheetMoved(document.querySelector('.sheet').style.transform))"
                     ".observe(document.querySelector('.sheet'), {attributes: true, attributeFilter: ['style']})")
    drag(40, 10, 50)
    desktop.wait_for_timeout(400)
    assert "translateY(40px)" in moved, "the sheet followed the drag"
    assert desktop.evaluate("document.querySelector('.sheet').classList.contains('up')"), "a short, slow drag springs back"
    assert desktop.evaluate("document.querySelector('.sheet').style.transform") == ""
    drag(120, 10, 50)
    desktop.wait_for_function("!document.querySelector('.sheet').classList.contains('up')", timeout=T)
    viewer_state(desktop, "open")
