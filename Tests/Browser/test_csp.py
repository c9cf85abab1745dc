"""The client's own code under the server's real Content Security Policy: browsing, the viewer, search,
tags, the layout toggle, signing in and the info panel's editor, with no violation reported."""
from playwright.sync_api import expect

from conftest import DESKTOP, T

WATCH = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));"""


def _strict_page(browser):
    ctx = browser.new_context(**DESKTOP, bypass_csp=False)
    ctx.set_default_timeout(T)
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    seen = []
    page.on("console", lambda m: seen.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: seen.append(str(e)))
    return ctx, page, seen


def test_the_client_runs_under_its_content_security_policy(browser, writable):
    ctx, page, seen = _strict_page(browser)
    try:
        response = page.goto(writable.url + "/")
        policy = response.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        page.wait_for_selector("[data-grid] [data-photo-id] img.in")
        expect(page.locator("body")).not_to_have_class("loading")
        # The engine's wasm ran: the grid is laid out by it.
        first = page.locator("[data-grid] [data-photo-id]").first
        first.click()
        page.wait_for_selector('[role=dialog][data-state="open"]', state="attached")
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(500)
        page.keyboard.press("Escape")
        page.wait_for_selector('[role=dialog][data-state="open"]', state="detached")
        page.fill("#search", "kite")
        page.wait_for_timeout(800)
        page.fill("#search", "")
        page.click("#layout")
        page.wait_for_timeout(500)
        page.click("#layout")
        # Sign in (loads the admin module and its styles), then the info panel with its editor.
        page.click("#admin")
        page.fill("dialog.signin input[type=password]", writable.token)
        page.keyboard.press("Enter")
        expect(page.locator("#admin")).to_have_text("Upload")
        page.keyboard.press("Escape")
        page.locator("[data-grid] [data-photo-id]").first.click()
        page.wait_for_selector('[role=dialog][data-state="open"]', state="attached")
        page.locator("[role=dialog]").get_by_role("button", name="Info").click()
        page.wait_for_timeout(800)
        violations = page.evaluate("window.__csp")
        assert violations == [], violations
        assert seen == [], seen
    finally:
        ctx.close()


def test_pages_cannot_be_framed(browser, server):
    ctx, page, seen = _strict_page(browser)
    try:
        page.set_content(f'<iframe id="f" src="{server}/"></iframe>')
        page.wait_for_timeout(1500)
        framed = page.frame_locator("#f").locator("[data-grid]")
        assert framed.count() == 0, "the gallery rendered inside another site's frame"
    finally:
        ctx.close()
