"""Accessibility: both themes (the system's colour scheme) pass axe-core with no serious or critical
violation, on the grid and in the viewer; the keyboard reaches the photos before the tag bar (a skip
link) and moves between them with the arrow keys."""
import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import DESKTOP, T, viewer_state, wait_grid, wait_scrubber

AXE = Axe()


def _serious(page):
    found = AXE.run(page).response["violations"]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme,background", [("dark", "rgb(17, 17, 17)"), ("light", "rgb(255, 255, 255)")])
def test_both_themes_pass_axe(browser, big_server, scheme, background):
    ctx = browser.new_context(**DESKTOP, color_scheme=scheme)
    ctx.set_default_timeout(T)
    page = ctx.new_page()
    try:
        page.goto(big_server + "/")
        wait_grid(page)
        page.wait_for_function("document.querySelectorAll('#tagbar .chip').length > 0", timeout=T)
        wait_scrubber(page)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == background
        assert _serious(page) == []
        page.keyboard.press("End")  # the scrubber's values where it moved
        page.wait_for_timeout(300)
        assert _serious(page) == []
        page.click("[data-grid] [data-photo-id]")
        viewer_state(page, "open")
        page.wait_for_timeout(300)
        assert _serious(page) == []
    finally:
        ctx.close()


def test_a_skip_link_and_arrow_keys_reach_the_photos(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    desktop.keyboard.press("Tab")
    assert desktop.evaluate("document.activeElement.textContent") == "Skip to photos"
    desktop.keyboard.press("Enter")
    desktop.wait_for_function("document.activeElement?.dataset.photoId !== undefined", timeout=T)
    assert desktop.evaluate("+document.activeElement.dataset.i") == 0
    desktop.keyboard.press("ArrowRight")
    desktop.wait_for_function("document.activeElement?.dataset.i === '1'", timeout=T)
    top = desktop.evaluate("document.activeElement.getBoundingClientRect().top")
    desktop.keyboard.press("ArrowDown")
    desktop.wait_for_function(f"document.activeElement.getBoundingClientRect().top > {top} + 10", timeout=T)
    below = desktop.evaluate("document.activeElement.getBoundingClientRect()")
    assert desktop.evaluate("document.activeElement.dataset.photoId") is not None
    desktop.keyboard.press("ArrowUp")
    desktop.wait_for_function("document.activeElement?.dataset.i === '1'", timeout=T)
    assert below["top"] > top


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_owners_lists_and_dialogs_pass_axe(browser, writable, scheme):
    from photos import api
    first = api(writable.url, "GET", "/api/v1/photos?limit=1")[1]["items"][0]["id"]
    api(writable.url, "POST", "/api/v1/links", token=writable.token, body={"photos": {"ids": [first]}, "title": "Axe"})
    # A link without a title is still named on the page.
    api(writable.url, "POST", "/api/v1/links", token=writable.token, body={"photos": {"ids": [first]}})
    ctx = browser.new_context(**DESKTOP, color_scheme=scheme)
    ctx.set_default_timeout(T)
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('vitrine.token', {writable.token!r})")
    try:
        page.goto(writable.url + "/links")
        page.wait_for_selector(".links .link", timeout=T)
        assert _serious(page) == []
        page.click(".links .link button:text('Delete')")
        page.wait_for_selector("dialog.ask[open]", timeout=T)
        assert _serious(page) == []
        page.goto(writable.url + "/albums")
        page.click(".albums button.album-new")
        page.wait_for_selector("dialog.album-form[open]", timeout=T)
        assert _serious(page) == []
    finally:
        ctx.close()
