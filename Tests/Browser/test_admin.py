"""Admin mode: sign in with the token, upload with progress, edit and delete; a private server."""
import os
import tempfile

import pytest

from conftest import T, Server, wait_grid, viewer_state, wait_current, shot
from photos import api, jpeg, upload


@pytest.fixture(scope="module")
def files():
    d = tempfile.mkdtemp(prefix="vitrine-uploads-")
    good = os.path.join(d, "picked-photo.jpg")
    jpeg(720, good)
    bad = os.path.join(d, "notes.jpg")  # a name that lies: the server reads the bytes
    with open(bad, "w") as f:
        f.write("not a photo at all\n" * 50)
    yield good, bad


def test_sign_in_and_upload_with_the_file_picker(desktop, writable, files):
    good, bad = files
    desktop.goto(writable.url + "/")
    wait_grid(desktop)
    desktop.wait_for_function("document.body.dataset.live === 'open'", timeout=T)
    assert desktop.inner_text("#admin") == "Sign in"
    desktop.click("#admin")
    dialog = desktop.locator("dialog.signin")
    dialog.wait_for(state="visible", timeout=T)
    desktop.fill("dialog.signin input[type=password]", "not-the-token")
    desktop.keyboard.press("Enter")
    desktop.wait_for_function("document.querySelector('dialog.signin .err').textContent.includes('not right')", timeout=T)
    shot(desktop, "desktop-sign-in-error")
    desktop.fill("dialog.signin input[type=password]", writable.token)
    desktop.keyboard.press("Enter")
    dialog.wait_for(state="detached", timeout=T)
    assert desktop.evaluate("localStorage.getItem('vitrine.token')") == writable.token
    # Signed in: the button uploads, and the panel is open.
    desktop.wait_for_function("document.querySelector('#admin').textContent === 'Upload'", timeout=T)
    panel = desktop.locator("section.uploads")
    panel.wait_for(state="visible", timeout=T)
    # Record every progress value the bars take.
    desktop.evaluate("""() => { window.__progress = [];
        new MutationObserver(() => document.querySelectorAll('.uploads progress').forEach((p, i) => window.__progress.push([i, p.value])))
          .observe(document.querySelector('.uploads'), { subtree: true, attributes: true, childList: true, characterData: true }); }""")
    desktop.set_input_files("section.uploads input[type=file]", [good, bad])
    desktop.wait_for_selector(".uploads li.done", timeout=T)
    desktop.wait_for_selector(".uploads li.failed", timeout=T)
    rows = desktop.evaluate("[...document.querySelectorAll('.uploads li')].map(l => [l.querySelector('.name').textContent, l.className, l.querySelector('.msg').textContent, l.querySelector('progress').value])")
    assert rows[0][:3] == ["picked-photo.jpg", "done", "Added"] and rows[0][3] == 1
    assert rows[1][0] == "notes.jpg" and rows[1][1] == "failed"
    assert "image" in rows[1][2].lower(), rows[1]  # the server's reason, from its JSON error
    assert any(v == 1 for i, v in desktop.evaluate("window.__progress") if i == 0)
    # The photo arrives over the change feed.
    desktop.wait_for_selector('[data-grid] .tile img[alt="picked-photo.jpg"]', state="attached", timeout=T)
    desktop.wait_for_timeout(600)
    shot(desktop, "desktop-uploads")
    # The token is kept: a reload is still in admin mode.
    desktop.reload()
    wait_grid(desktop)
    desktop.wait_for_function("document.querySelector('#admin').textContent === 'Upload'", timeout=T)


def test_drop_files_on_the_page(desktop, writable):
    desktop.add_init_script(f"localStorage.setItem('vitrine.token', {writable.token!r})")
    desktop.goto(writable.url + "/")
    wait_grid(desktop)
    desktop.wait_for_function("document.querySelector('#admin').textContent === 'Upload'", timeout=T)
    data = list(jpeg(555))
    desktop.evaluate("""bytes => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], 'dropped.jpg', { type: 'image/jpeg' }));
        const fire = (type) => window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        fire('dragenter'); fire('dragover');
        window.__dropping = document.body.classList.contains('dropping');
        fire('drop');
    }""", data)
    assert desktop.evaluate("window.__dropping")
    desktop.wait_for_selector(".uploads li.done", timeout=T)
    assert desktop.inner_text(".uploads li.done .name") == "dropped.jpg"
    assert not desktop.evaluate("document.body.classList.contains('dropping')")
    desktop.wait_for_selector('[data-grid] .tile img[alt="dropped.jpg"]', state="attached", timeout=T)


def test_edit_and_delete_in_the_info_panel(desktop, writable):
    pid = upload(writable.url, writable.token, jpeg(444), "to-edit.jpg")["id"]
    desktop.add_init_script(f"localStorage.setItem('vitrine.token', {writable.token!r})")
    desktop.goto(f"{writable.url}/p/{pid}")
    viewer_state(desktop, "open")
    wait_current(desktop, pid)
    nxt = desktop.evaluate("id => window.vitrine.lib.item(window.vitrine.lib.indexOf(id) + 1).id", pid)
    desktop.click("[role=dialog] button[aria-label=Info]")
    desktop.wait_for_selector(".sheet form.edit", timeout=T)
    desktop.fill(".sheet input[name=title]", "Harbour at dusk")
    desktop.fill(".sheet input[name=tags]", "harbour, dusk ,  boats")
    desktop.click(".sheet button:text('Save')")
    desktop.wait_for_function("document.querySelector('.sheet .status')?.textContent === 'Saved'", timeout=T)
    assert desktop.inner_text(".sheet .title") == "Harbour at dusk"
    status, detail = api(writable.url, "GET", f"/api/v1/photos/{pid}")
    assert detail["title"] == "Harbour at dusk" and detail["tags"] == ["boats", "dusk", "harbour"]
    # The grid learns the new title from the change feed.
    desktop.wait_for_function("id => window.vitrine.lib.item(window.vitrine.lib.indexOf(id)).title === 'Harbour at dusk'", arg=pid, timeout=T)
    desktop.wait_for_timeout(300)
    # Focusing a field must not scroll the viewer sideways (it clips, it does not scroll).
    assert desktop.evaluate("[document.querySelector('[role=dialog]').scrollLeft, document.querySelector('[role=dialog]').scrollTop]") == [0, 0]
    shot(desktop, "desktop-edit")
    # Delete asks nothing: the photo goes to the trash, and the toast offers Undo.
    dialogs = []
    desktop.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    desktop.click(".sheet button.danger")
    wait_current(desktop, nxt)
    assert dialogs == []
    assert api(writable.url, "GET", f"/api/v1/photos/{pid}")[0] == 404
    status, trash = api(writable.url, "GET", "/api/v1/trash", token=writable.token)
    assert status == 200 and pid in [i["id"] for i in trash["items"]]
    desktop.wait_for_selector("#toast button:text('Undo')", timeout=T)
    shot(desktop, "desktop-undo-toast")
    # It outlasts a plain toast (the engine's undoFor, and while the focus is on it).
    desktop.wait_for_timeout(3000)
    assert desktop.locator("#toast button:text('Undo')").is_visible()
    desktop.click("#toast button:text('Undo')")
    desktop.wait_for_function("document.querySelector('#toast').textContent === 'Restored'", timeout=T)
    assert api(writable.url, "GET", f"/api/v1/photos/{pid}")[0] == 200
    # The restored photo comes back to the grid over the change feed.
    desktop.wait_for_function("id => window.vitrine.lib.indexOf(id) >= 0", arg=pid, timeout=T)
    desktop.wait_for_selector(f'.sheet.up[data-photo-id="{nxt}"]', timeout=T)
    desktop.keyboard.press("Escape")
    desktop.keyboard.press("Escape")
    viewer_state(desktop, "closed")
    # Deleted again and the trash emptied: gone for good.
    assert api(writable.url, "DELETE", f"/api/v1/photos/{pid}", token=writable.token)[0] == 204
    assert api(writable.url, "DELETE", "/api/v1/trash", token=writable.token)[0] == 204
    assert api(writable.url, "POST", "/api/v1/trash/restore", token=writable.token, body={"ids": [pid]})[1]["missing"] == [pid]
    desktop.wait_for_function("id => window.vitrine.lib.indexOf(id) < 0", arg=pid, timeout=T)
    assert desktop.locator(f'[data-grid] [data-photo-id="{pid}"]').count() == 0


def test_a_private_server_asks_for_the_token_first(browser):
    s = Server("--private", demo=False)
    try:
        first = upload(s.url, s.token, jpeg(500), "private-1.jpg")
        assert api(s.url, "GET", "/api/v1/photos")[0] == 401
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        ctx.set_default_timeout(T)
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(s.url + "/")
        dialog = page.locator("dialog.signin")
        dialog.wait_for(state="visible", timeout=T)
        assert "private" in page.inner_text("dialog.signin h2")
        assert page.locator("dialog.signin button:text('Cancel')").count() == 0
        page.keyboard.press("Escape")  # cannot be dismissed
        assert dialog.is_visible()
        shot(page, "phone-private-sign-in")
        page.fill("dialog.signin input[type=password]", s.token)
        page.keyboard.press("Enter")
        # The cookie lets <img> load the thumbnails and EventSource follow the feed.
        page.wait_for_selector(f'[data-grid] [data-photo-id="{first["id"]}"] img.in', timeout=T)
        assert page.evaluate("document.querySelector('[data-grid] .tile img').naturalWidth") > 0
        page.wait_for_function("document.body.dataset.live === 'open'", timeout=T)
        second = upload(s.url, s.token, jpeg(501), "private-2.jpg")
        page.wait_for_selector(f'[data-grid] [data-photo-id="{second["id"]}"]', timeout=T)
        # A new visit with the kept token signs in by itself.
        page.reload()
        page.wait_for_selector(f'[data-grid] [data-photo-id="{second["id"]}"] img.in', timeout=T)
        assert page.locator("dialog.signin").count() == 0
        ctx.close()
        assert not errors, errors
    finally:
        s.stop()


def test_the_heart_and_the_f_key_set_a_favourite(desktop, writable):
    pid = upload(writable.url, writable.token, jpeg(347), "to-heart.jpg")["id"]
    desktop.add_init_script(f"localStorage.setItem('vitrine.token', {writable.token!r})")
    desktop.goto(f"{writable.url}/p/{pid}")
    viewer_state(desktop, "open")
    wait_current(desktop, pid)
    heart = "[role=dialog] button.heart"
    desktop.wait_for_selector(f"{heart}[aria-pressed=false]", timeout=T)
    desktop.keyboard.press("f")
    desktop.wait_for_selector(f"{heart}[aria-pressed=true]", timeout=T)
    desktop.wait_for_function(
        f"() => fetch('/api/v1/photos/{pid}').then(r => r.json()).then(d => d.favorite === true)", timeout=T)
    status, page = api(writable.url, "GET", "/api/v1/photos?favorite=true")
    assert status == 200 and pid in [i["id"] for i in page["items"]]
    shot(desktop, "desktop-heart")
    desktop.click(heart)
    desktop.wait_for_selector(f"{heart}[aria-pressed=false]", timeout=T)
    desktop.wait_for_function(
        f"() => fetch('/api/v1/photos/{pid}').then(r => r.json()).then(d => !d.favorite)", timeout=T)


def test_a_heart_the_server_refuses_reverts_and_says_so(desktop, writable):
    favs = {i["id"] for i in api(writable.url, "GET", "/api/v1/photos?favorite=true&limit=200")[1]["items"]}
    pid = next(i["id"] for i in api(writable.url, "GET", "/api/v1/photos?limit=200")[1]["items"] if i["id"] not in favs)
    desktop.add_init_script(f"localStorage.setItem('vitrine.token', {writable.token!r})")
    desktop.route("**/api/v1/photos/*", lambda r: r.fulfill(status=503, json={"error": {"code": "unavailable", "message": "down"}})
                  if r.request.method == "PATCH" else r.continue_())
    desktop.goto(f"{writable.url}/p/{pid}")
    viewer_state(desktop, "open")
    wait_current(desktop, pid)
    heart = "[role=dialog] button.heart"
    desktop.click(heart)
    desktop.wait_for_function("document.querySelector('[role=dialog] .toast').textContent === \"Couldn't update favourite\"", timeout=T)
    assert desktop.get_attribute(heart, "aria-pressed") == "false"
    assert not api(writable.url, "GET", f"/api/v1/photos/{pid}")[1].get("favorite")


def test_a_visitor_sees_no_heart(desktop, writable):
    pid = api(writable.url, "GET", "/api/v1/photos?limit=1")[1]["items"][0]["id"]
    desktop.goto(f"{writable.url}/p/{pid}")
    viewer_state(desktop, "open")
    assert desktop.locator("[role=dialog] button.heart").is_hidden()
    desktop.keyboard.press("f")
    desktop.wait_for_timeout(300)
    assert not api(writable.url, "GET", f"/api/v1/photos/{pid}")[1].get("favorite")
