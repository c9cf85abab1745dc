"""A share link end to end on a private server: the owner Shift-clicks a range into a new album, opens
it and shares it with a password; a visitor in a fresh browser types the password, swipes through the
album's photos, and reaches nothing else."""
import json
import time

from conftest import PHONE, T, Server, Touch, wait_grid, viewer_state, wait_current, shot
from photos import api, jpeg, upload
from test_viewer_phone import swipe_left

PASSWORD = "correct horse battery"


def _page(browser, **kw):
    ctx = browser.new_context(**kw)
    ctx.set_default_timeout(T)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def _views(server, slug):
    return next(link["views"] for link in api(server.url, "GET", "/api/v1/links", token=server.token)[1]["items"]
                if link["slug"] == slug)


def test_share_an_album_with_a_password_and_visit_it(browser):
    s = Server("--private", demo=False)
    try:
        ids = [upload(s.url, s.token, jpeg(600 + k), f"link-{k}.jpg")["id"] for k in range(6)]
        # The owner: a range into a new album, the album, a link with a password.
        ctx, owner, errors = _page(browser, viewport={"width": 1280, "height": 800})
        owner.add_init_script(f"localStorage.setItem('vitrine.token', {s.token!r})")
        owner.goto(s.url + "/")
        wait_grid(owner)
        owner.wait_for_function("document.body.classList.contains('admin')", timeout=T)
        owner.hover('[data-grid] .tile[data-i="1"]')
        owner.click('[data-grid] .tile[data-i="1"] .check')
        owner.click('[data-grid] .tile[data-i="3"]', modifiers=["Shift"])
        owner.wait_for_function("window.vitrine.grid.selected === 3", timeout=T)
        chosen = owner.evaluate("[1, 2, 3].map(i => window.vitrine.lib.item(i).id)")
        owner.click(".selbar >> text=Add to album")
        owner.fill("dialog.albums-pick input[name=title]", "Family")
        owner.click("dialog.albums-pick button[type=submit]")
        owner.wait_for_function("document.querySelector('#toast').textContent.startsWith('Added 3 to Family')", timeout=T)
        owner.goto(s.url + "/albums")
        owner.click(".albums a.album:has-text('Family')")
        wait_grid(owner)
        assert owner.evaluate("window.vitrine.lib.count") == 3
        owner.click("button[aria-label='Share album']")
        owner.fill("dialog.share input[name=password]", PASSWORD)
        owner.click("dialog.share button[type=submit]")
        url = owner.locator("dialog.share input[name=url]")
        url.wait_for(timeout=T)
        link = url.input_value()
        slug = link.rsplit("/s/", 1)[1]
        ctx.close()
        assert not errors, errors
        api(s.url, "PATCH", f"/api/v1/links/{slug}", token=s.token, body={"allowDownload": False})

        # The visitor: a fresh browser, the password page, then the album's photos only.
        ctx, page, errors = _page(browser, **PHONE)
        page.goto(link)
        page.wait_for_selector("input[type=password][name=password]", timeout=T)
        assert page.locator("[data-grid] .tile").count() == 0
        page.fill("input[name=password]", "wrong")
        page.keyboard.press("Enter")
        page.wait_for_selector("[role=alert]", timeout=T)
        # The first thumbnail comes late: nothing the page asks for on its own goes before it.
        held = []

        def hold(route):
            if not held:
                time.sleep(0.4)
            held.append(route.request.url)
            route.continue_()

        page.route("**/api/v1/links/*/assets/*", hold)
        page.fill("input[name=password]", PASSWORD)
        page.keyboard.press("Enter")
        wait_grid(page)
        page.wait_for_function("document.querySelector('header h1').textContent === 'Family'", timeout=T)
        assert page.evaluate("window.vitrine.lib.count") == 3
        assert page.evaluate("[0, 1, 2].map(i => window.vitrine.lib.item(i).id)") == chosen
        assert page.locator("#tagbar").is_hidden() and page.locator("#search").is_hidden()
        # The visit counts once its first screen showed.
        deadline = time.time() + T / 1000
        while _views(s, slug) != 1 and time.time() < deadline:
            time.sleep(0.05)
        assert _views(s, slug) == 1
        info, thumbs = page.evaluate("""(slug) => {
          const r = performance.getEntriesByType('resource');
          const info = r.find((e) => new URL(e.name).pathname === '/api/v1/links/' + slug);
          return [info ? info.startTime : -1, r.filter((e) => e.initiatorType === 'img').map((e) => e.responseEnd)];
        }""", slug)
        assert held and thumbs and info > min(thumbs), (info, thumbs)
        page.unroute("**/api/v1/links/*/assets/*")
        shot(page, "phone-link-page")
        # Swipe through the album in the viewer, by its own deep links. Without downloads the link offers
        # no selection: even a tile's check opens the photo.
        assert page.evaluate("'nodownload' in document.body.dataset")
        page.evaluate("document.querySelector('[data-grid] .tile[data-i=\"0\"] .check').click()")
        viewer_state(page, "open")
        assert page.evaluate("window.vitrine.grid.selected") == 0
        wait_current(page, chosen[0])
        assert f"/s/{slug}/p/{chosen[0]}" in page.url
        t = Touch(page)
        swipe_left(page, t, chosen[0])
        wait_current(page, chosen[1])
        swipe_left(page, t, chosen[1])
        wait_current(page, chosen[2])
        assert page.inner_text("[role=dialog] .pos") == "3 of 3"
        # Nothing else: the library, other photos by id (directly and through the link), tags, search,
        # the event stream and the admin routes.
        other = next(i for i in ids if i not in chosen)
        statuses = page.evaluate("""async ([slug, other, mine]) => {
          const st = async (u, init) => (await fetch(u, init)).status;
          return {
            library: await st('/api/v1/photos'), timeline: await st('/api/v1/timeline'),
            photo: await st('/api/v1/photos/' + mine), tags: await st('/api/v1/tags'),
            search: await st('/api/v1/photos?q=link'), events: await st('/api/v1/events'),
            other: await st(`/api/v1/links/${slug}/photos/${other}`),
            links: await st('/api/v1/links'), trash: await st('/api/v1/trash'),
            zip: await st('/api/v1/zip?ids=' + other),
            del: await st('/api/v1/photos/' + mine, { method: 'DELETE' }),
          };
        }""", [slug, other, chosen[0]])
        assert statuses["other"] == 404, statuses
        assert all(v in (401, 403) for k, v in statuses.items() if k != "other"), statuses
        own = json.loads(page.evaluate(f"fetch('/api/v1/links/{slug}/photos').then(r => r.text())"))
        assert sorted(i["id"] for i in own["items"]) == sorted(chosen)
        ctx.close()
        assert not errors, errors
    finally:
        s.stop()


def test_a_visitor_adds_photos_through_a_link_that_takes_them(desktop, writable, tmp_path):
    status, album = api(writable.url, "POST", "/api/v1/albums", token=writable.token, body={"title": "Party"})
    first = api(writable.url, "GET", "/api/v1/photos?limit=1")[1]["items"][0]["id"]
    api(writable.url, "POST", f"/api/v1/albums/{album['id']}/photos", token=writable.token, body={"ids": [first]})
    status, link = api(writable.url, "POST", "/api/v1/links", token=writable.token,
                       body={"albumId": album["id"], "allowUpload": True})
    assert status == 201, link
    desktop.goto(f"{writable.url}/s/{link['slug']}")
    wait_grid(desktop)
    assert desktop.evaluate("window.vitrine.lib.count") == 1
    path = tmp_path / "from-a-guest.jpg"
    path.write_bytes(jpeg(377))
    desktop.wait_for_selector("button.link-add", timeout=T)
    desktop.set_input_files("header input[type=file]", str(path))
    desktop.wait_for_function("window.vitrine.lib.count === 2", timeout=T)
    assert api(writable.url, "GET", f"/api/v1/albums/{album['id']}")[1]["photoCount"] == 2
