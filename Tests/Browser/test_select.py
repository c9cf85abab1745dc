"""Selecting many photos: a tile's check, Shift-click, a month's heading, Ctrl+A and Esc, a long press
that paints on a phone, and the selection bar's actions (album, favourites, trash with Undo)."""
from conftest import T, wait_grid, shot, Touch
from photos import api


def _ids(page, lo, hi):
    return page.evaluate(f"[...Array({hi - lo}).keys()].map(k => window.vitrine.lib.item({lo} + k).id)")


def _selected(page):
    return page.evaluate("window.vitrine.grid.selected")


def _owner(page, server):
    """The grid, signed in as the owner."""
    page.add_init_script(f"localStorage.setItem('vitrine.token', {server.token!r})")
    page.goto(server.url + "/")
    wait_grid(page)
    page.wait_for_function("document.body.classList.contains('admin')", timeout=T)


def _check(page, i):
    """Tile i's check, shown on hover."""
    page.hover(_tile(page, i))
    page.click(_tile(page, i) + " .check")


def _tile(page, i):
    return f'[data-grid] .tile[data-i="{i}"]'


def test_shift_click_a_range_and_add_it_to_a_new_album(desktop, writable):
    _owner(desktop, writable)
    # A click opens the viewer while nothing is selected; the check selects instead.
    _check(desktop, 2)
    bar = desktop.locator(".selbar")
    bar.wait_for(state="visible", timeout=T)
    assert _selected(desktop) == 1 and "selecting" in desktop.evaluate("document.body.className")
    desktop.click(_tile(desktop, 6), modifiers=["Shift"])
    desktop.wait_for_function("window.vitrine.grid.selected === 5", timeout=T)
    assert desktop.locator(".tile.selected").count() == 5
    assert desktop.get_attribute("[role=dialog]", "data-state") in (None, "closed")
    assert "5 selected" in bar.inner_text()
    chosen = _ids(desktop, 2, 7)
    shot(desktop, "desktop-selection")
    bar.locator("text=Add to album").click()
    # A title is the server's to judge: its refusal shows in the dialog, which keeps what was typed and
    # the selection; a long title it takes (1000 bytes) is not cut short.
    desktop.fill("dialog.albums-pick input[name=title]", "x" * 1001)
    desktop.click("dialog.albums-pick button[type=submit]")
    desktop.wait_for_function("document.querySelector('dialog.albums-pick .err')?.textContent.includes('1000 bytes')", timeout=T)
    assert desktop.input_value("dialog.albums-pick input[name=title]") == "x" * 1001 and _selected(desktop) == 5
    title = "Shift range, " + "long " * 50
    desktop.fill("dialog.albums-pick input[name=title]", title)
    desktop.click("dialog.albums-pick button[type=submit]")
    desktop.wait_for_function("document.querySelector('#toast').textContent.startsWith('Added 5 to Shift range')", timeout=T)
    assert _selected(desktop) == 0 and bar.is_hidden()
    albums = api(writable.url, "GET", "/api/v1/albums", token=writable.token)[1]["items"]
    album = next(a for a in albums if a["title"] == title.strip())
    assert album["photoCount"] == 5
    page = api(writable.url, "GET", f"/api/v1/photos?album={album['id']}")[1]
    assert [i["id"] for i in page["items"]] == chosen
    # Two more, into the album that now exists: chosen from the dialog's list.
    _check(desktop, 8)
    desktop.click(_tile(desktop, 9), modifiers=["Shift"])
    desktop.wait_for_function("window.vitrine.grid.selected === 2", timeout=T)
    bar.locator("text=Add to album").click()
    desktop.click("dialog.albums-pick .picklist button:has-text('Shift range')")
    desktop.wait_for_function("document.querySelector('#toast').textContent.startsWith('Added 2 to Shift range')", timeout=T)
    assert desktop.locator("dialog.albums-pick").count() == 0
    album = api(writable.url, "GET", f"/api/v1/albums/{album['id']}", token=writable.token)[1]
    assert album["photoCount"] == 7


def test_a_month_heading_ctrl_a_and_escape(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    total = desktop.evaluate("window.vitrine.lib.count")
    desktop.keyboard.press("Control+a")
    desktop.wait_for_function(f"window.vitrine.grid.selected === {total}", timeout=T)
    # A visitor's bar offers the download alone.
    desktop.locator(".selbar").wait_for(state="visible", timeout=T)
    assert desktop.locator(".selbar .owner").is_hidden()
    desktop.keyboard.press("Escape")
    desktop.wait_for_function("window.vitrine.grid.selected === 0", timeout=T)
    check = desktop.locator(".month .check").first
    check.click()
    first = desktop.evaluate("window.vitrine.lib.months[0].count")
    desktop.wait_for_function(f"window.vitrine.grid.selected === {first}", timeout=T)
    assert check.get_attribute("aria-checked") == "true"
    # One tile of the month cleared: the heading is mixed; the heading again selects it all.
    desktop.click(_tile(desktop, 0))
    desktop.wait_for_function(f"window.vitrine.grid.selected === {first - 1}", timeout=T)
    assert check.get_attribute("aria-checked") == "mixed"
    check.click()
    desktop.wait_for_function(f"window.vitrine.grid.selected === {first}", timeout=T)
    check.click()
    desktop.wait_for_function("window.vitrine.grid.selected === 0", timeout=T)


def test_a_long_press_selects_and_the_finger_paints(phone, server):
    phone.goto(server + "/")
    wait_grid(phone)

    def centre(i):
        b = phone.locator(_tile(phone, i)).bounding_box()
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    x, y = centre(1)
    touch = Touch(phone)
    touch.send("touchStart", [(x, y)])
    phone.wait_for_timeout(700)
    phone.wait_for_function("window.vitrine.grid.selected === 1", timeout=T)
    top = phone.evaluate("window.vitrine.grid.scroller.scrollTop")
    tx, ty = centre(4)
    for k in range(1, 6):
        touch.send("touchMove", [(x + (tx - x) * k / 5, y + (ty - y) * k / 5)])
        phone.wait_for_timeout(30)
    touch.send("touchEnd", [])
    phone.wait_for_function("window.vitrine.grid.selected === 4", timeout=T)
    assert phone.evaluate("window.vitrine.grid.scroller.scrollTop") == top, "painting does not scroll"
    assert phone.get_attribute("[role=dialog]", "data-state") in (None, "closed"), "the lift opens nothing"
    shot(phone, "phone-painted-selection")
    # While selecting, a tap toggles (once the long press's lift is past: its click is no tap).
    phone.wait_for_timeout(900)
    ax, ay = centre(8)
    touch.tap(ax, ay)
    phone.wait_for_function("window.vitrine.grid.selected === 5", timeout=T)
    phone.click(".selbar button[aria-label='Clear selection']")
    phone.wait_for_function("window.vitrine.grid.selected === 0", timeout=T)


def test_favourite_and_trash_a_selection_then_undo(desktop, writable):
    _owner(desktop, writable)
    _check(desktop, 10)
    desktop.click(_tile(desktop, 11), modifiers=["Control"])
    desktop.wait_for_function("window.vitrine.grid.selected === 2", timeout=T)
    ids = _ids(desktop, 10, 12)
    desktop.click(".selbar >> text=Favourite")
    desktop.wait_for_function("document.querySelector('#toast').textContent.startsWith('Added 2 to favourites')", timeout=T)
    favs = [i["id"] for i in api(writable.url, "GET", "/api/v1/photos?favorite=true")[1]["items"]]
    assert set(ids) <= set(favs)
    total = desktop.evaluate("window.vitrine.lib.count")
    _check(desktop, 10)
    desktop.click(_tile(desktop, 11), modifiers=["Shift"])
    desktop.click(".selbar >> text=Trash")
    desktop.wait_for_function(f"window.vitrine.lib.count === {total - 2}", timeout=T)
    assert all(api(writable.url, "GET", f"/api/v1/photos/{i}")[0] == 404 for i in ids)
    desktop.click("#toast button:text('Undo')")
    desktop.wait_for_function("document.querySelector('#toast').textContent.startsWith('Restored')", timeout=T)
    assert all(api(writable.url, "GET", f"/api/v1/photos/{i}")[1]["favorite"] for i in ids), "restored as they were"


def test_the_album_page_the_albums_page_and_the_favourites_view(desktop, writable):
    status, album = api(writable.url, "POST", "/api/v1/albums", token=writable.token, body={"title": "Page test"})
    assert status == 201, album
    chosen = [i["id"] for i in api(writable.url, "GET", "/api/v1/photos?limit=9")[1]["items"]][3:9]
    api(writable.url, "POST", f"/api/v1/albums/{album['id']}/photos", token=writable.token, body={"ids": chosen})
    _owner(desktop, writable)
    # The albums page: its card with the count, through the tag bar's view chips.
    desktop.click("#tagbar a.chip.view:text('Albums')")
    desktop.wait_for_url("**/albums")
    card = desktop.locator(f'.albums a.album[href="/a/{album["id"]}"]')
    card.wait_for(timeout=T)
    assert "6 photos" in card.inner_text()
    card.click()
    desktop.wait_for_url(f"**/a/{album['id']}")
    wait_grid(desktop)
    desktop.wait_for_function("document.querySelector('header h1').textContent === 'Page test'", timeout=T)
    assert desktop.evaluate("window.vitrine.lib.count") == 6
    assert _ids(desktop, 0, 6) == chosen
    # The viewer's deep link stays in the album, and Back returns to it.
    desktop.click(_tile(desktop, 2))
    desktop.wait_for_url(f"**/a/{album['id']}/p/{chosen[2]}")
    desktop.go_back()
    desktop.wait_for_url(f"**/a/{album['id']}")
    desktop.goto(f"{writable.url}/a/{album['id']}/p/{chosen[4]}")
    desktop.wait_for_function(f"window.vitrine?.viewer?.item()?.id === {chosen[4]!r}", timeout=T)
    desktop.keyboard.press("Escape")
    # Remove two from the album through the selection bar.
    desktop.goto(f"{writable.url}/a/{album['id']}")
    wait_grid(desktop)
    _check(desktop, 0)
    desktop.click(_tile(desktop, 1), modifiers=["Shift"])
    desktop.click(".selbar >> text=Remove from album")
    desktop.wait_for_function("window.vitrine.lib.count === 4", timeout=T)
    assert api(writable.url, "GET", f"/api/v1/albums/{album['id']}")[1]["photoCount"] == 4
    # The favourites view.
    api(writable.url, "POST", "/api/v1/favorites", token=writable.token, body={"ids": chosen[:2]})
    desktop.goto(writable.url + "/favorites")
    wait_grid(desktop)
    favs = [i["id"] for i in api(writable.url, "GET", "/api/v1/photos?favorite=true&limit=200")[1]["items"]]
    assert desktop.evaluate("window.vitrine.lib.count") == len(favs) and set(chosen[:2]) <= set(favs)
    assert desktop.get_attribute("#tagbar a.chip.view:text('Favourites')", "aria-current") == "page"


def test_share_an_album_with_a_password(desktop, writable):
    status, album = api(writable.url, "POST", "/api/v1/albums", token=writable.token, body={"title": "Shared trip"})
    chosen = [i["id"] for i in api(writable.url, "GET", "/api/v1/photos?limit=4")[1]["items"]]
    api(writable.url, "POST", f"/api/v1/albums/{album['id']}/photos", token=writable.token, body={"ids": chosen})
    _owner(desktop, writable)
    desktop.goto(f"{writable.url}/a/{album['id']}")
    wait_grid(desktop)
    desktop.click("button[aria-label='Share album']")
    desktop.wait_for_selector("dialog.share input[name=title]", timeout=T)
    assert desktop.input_value("dialog.share input[name=title]") == "Shared trip"
    # The link's title is the server's to judge too: the field cuts nothing short.
    title = "Shared trip to " + "far away " * 30
    desktop.fill("dialog.share input[name=title]", title)
    desktop.fill("dialog.share input[name=password]", "correct horse")
    desktop.select_option("dialog.share select[name=expiry]", "7")
    desktop.click("dialog.share button[type=submit]")
    url = desktop.locator("dialog.share input[name=url]")
    url.wait_for(timeout=T)
    slug = url.input_value().rsplit("/s/", 1)[1]
    assert len(slug) >= 22
    shot(desktop, "desktop-share-link")
    desktop.click("dialog.share >> text=Done")
    status, visit = api(writable.url, "GET", f"/api/v1/links/{slug}")
    assert status == 200 and visit["passwordRequired"] and visit["title"] == title.strip()
    links = api(writable.url, "GET", "/api/v1/links", token=writable.token)[1]["items"]
    link = next(l for l in links if l["slug"] == slug)
    assert link["albumId"] == album["id"] and link["hasPassword"] and link["expiresAt"] and link["allowDownload"]
    assert api(writable.url, "GET", f"/api/v1/links/{slug}/photos")[0] == 401


def test_make_describe_cover_edit_and_delete_an_album_in_the_pages_own_dialogs(desktop, writable):
    native = []
    desktop.on("dialog", lambda d: (native.append(d.message), d.dismiss()))
    _owner(desktop, writable)
    desktop.goto(writable.url + "/albums")
    desktop.click(".albums button.album-new")
    desktop.fill("dialog.album-form input[name=title]", "Harbour days")
    desktop.fill("dialog.album-form textarea[name=description]", "Boats at <b>dusk</b>")
    shot(desktop, "desktop-album-new")
    desktop.click("dialog.album-form button:text('Create')")
    desktop.wait_for_url("**/a/*")
    album_id = desktop.url.rsplit("/", 1)[1]
    album = api(writable.url, "GET", f"/api/v1/albums/{album_id}", token=writable.token)[1]
    assert album["title"] == "Harbour days" and album["description"] == "Boats at <b>dusk</b>"
    chosen = [i["id"] for i in api(writable.url, "GET", "/api/v1/photos?limit=3")[1]["items"]]
    api(writable.url, "POST", f"/api/v1/albums/{album_id}/photos", token=writable.token, body={"ids": chosen})
    desktop.reload()
    wait_grid(desktop)
    # The description under the title, as text.
    desktop.wait_for_function("document.querySelector('header .sub')?.textContent === 'Boats at <b>dusk</b>'", timeout=T)
    assert desktop.locator("header b").count() == 0
    # The owner's tile menu sets the cover.
    desktop.click(f'[data-grid] [data-photo-id="{chosen[2]}"]', button="right")
    desktop.click("[role=menu] >> text=Use as album cover")
    desktop.wait_for_function("document.querySelector('#toast').textContent === 'Album cover set'", timeout=T)
    assert api(writable.url, "GET", f"/api/v1/albums/{album_id}")[1]["cover"]["id"] == chosen[2]
    # Edit: title and description together.
    desktop.click("button[aria-label='Edit album']")
    assert desktop.input_value("dialog.album-form input[name=title]") == "Harbour days"
    # The server's refusal shows in the dialog, which stays open with what was typed.
    desktop.fill("dialog.album-form input[name=title]", "Bell\u0007")
    desktop.click("dialog.album-form button:text('Save')")
    desktop.wait_for_function("document.querySelector('dialog.album-form .err')?.textContent.length > 0", timeout=T)
    assert desktop.input_value("dialog.album-form input[name=title]") == "Bell\u0007"
    assert api(writable.url, "GET", f"/api/v1/albums/{album_id}")[1]["title"] == "Harbour days"
    desktop.fill("dialog.album-form input[name=title]", "Harbour nights")
    desktop.fill("dialog.album-form textarea[name=description]", "")
    desktop.click("dialog.album-form button:text('Save')")
    desktop.wait_for_function("document.querySelector('header h1').textContent === 'Harbour nights'", timeout=T)
    album = api(writable.url, "GET", f"/api/v1/albums/{album_id}")[1]
    assert album["title"] == "Harbour nights" and album["description"] == ""
    assert desktop.locator("header .sub").text_content() == ""
    # The albums page shows the chosen cover.
    desktop.goto(writable.url + "/albums")
    card = desktop.locator(f'.albums a.album[href="/a/{album_id}"]')
    card.wait_for(timeout=T)
    assert card.locator("img").get_attribute("src") == album["cover"]["thumb"]["url"]
    assert "3 photos" in card.inner_text()
    # Delete asks in the page; the photos stay.
    card.click()
    desktop.wait_for_url(f"**/a/{album_id}")
    desktop.click("button[aria-label='Delete album']")
    desktop.click("dialog.ask button:text('Cancel')")
    assert api(writable.url, "GET", f"/api/v1/albums/{album_id}")[0] == 200
    desktop.click("button[aria-label='Delete album']")
    shot(desktop, "desktop-album-delete")
    desktop.click("dialog.ask button:text('Delete album')")
    desktop.wait_for_url("**/albums")
    assert api(writable.url, "GET", f"/api/v1/albums/{album_id}")[0] == 404
    assert all(api(writable.url, "GET", f"/api/v1/photos/{pid}")[0] == 200 for pid in chosen)
    assert native == [], "no browser prompt or confirm"


def test_the_shared_links_page_lists_each_links_terms_and_views_and_deletes_one(desktop, writable):
    chosen = [i["id"] for i in api(writable.url, "GET", "/api/v1/photos?limit=3")[1]["items"]]
    status, album = api(writable.url, "POST", "/api/v1/albums", token=writable.token,
                        body={"title": "Links <i>page</i>", "photos": {"ids": chosen}})
    assert status == 201, album
    status, guarded = api(writable.url, "POST", "/api/v1/links", token=writable.token, body={
        "albumId": album["id"], "title": "Links <i>page</i>", "password": "pw", "expiresAt": "2099-01-01T00:00:00Z",
        "allowDownload": False})
    assert status == 201, guarded
    status, drop = api(writable.url, "POST", "/api/v1/links", token=writable.token, body={
        "photos": {"ids": chosen[:1]}, "title": "Drop box", "allowUpload": True, "showPhotos": False})
    assert status == 201, drop
    assert api(writable.url, "GET", f"/api/v1/links/{drop['slug']}")[0] == 200  # a visit
    _owner(desktop, writable)
    desktop.click("#tagbar a.chip.view:text('Shared links')")
    desktop.wait_for_url("**/links")
    assert desktop.get_attribute("#tagbar a.chip.view:text('Shared links')", "aria-current") == "page"
    card = desktop.locator(f'.links .link[data-slug="{guarded["slug"]}"]')
    card.wait_for(timeout=T)
    # Titles are text; each card says what the link shares and allows, and its views.
    assert card.locator(".title").text_content() == "Links <i>page</i>" and card.locator("i").count() == 0
    assert card.locator(".title").get_attribute("href") == f"/s/{guarded['slug']}"
    facts = card.locator(".facts").text_content()
    assert "3 photos" in facts and "Expires" in facts and "Password" in facts and "No downloads" in facts and "0 views" in facts
    drops = desktop.locator(f'.links .link[data-slug="{drop["slug"]}"] .facts').text_content()
    assert "File drop" in drops and "Uploads (0)" in drops and "No expiry" in drops and "1 view, last" in drops
    shot(desktop, "desktop-links")
    # Change: no expiry, no password, downloads allowed; the card shows the new terms.
    card.locator("button:text('Change')").click()
    assert desktop.input_value("dialog.share input[name=title]") == "Links <i>page</i>"
    assert not desktop.is_checked("dialog.share input[name=allowDownload]")
    desktop.select_option("dialog.share select[name=expiry]", "0")
    desktop.check("dialog.share input[name=noPassword]")
    desktop.check("dialog.share input[name=allowDownload]")
    shot(desktop, "desktop-link-change")
    desktop.click("dialog.share button:text('Save')")
    desktop.wait_for_function("document.querySelector('#toast').textContent === 'Link changed'", timeout=T)
    changed = next(l for l in api(writable.url, "GET", "/api/v1/links", token=writable.token)[1]["items"]
                   if l["slug"] == guarded["slug"])
    assert not changed["hasPassword"] and changed.get("expiresAt") is None and changed["allowDownload"]
    assert changed["title"] == "Links <i>page</i>" and not changed["allowUpload"] and changed["showPhotos"]
    facts = card.locator(".facts").text_content()
    assert "No expiry" in facts and "Password" not in facts and "Downloads" in facts
    assert api(writable.url, "GET", f"/api/v1/links/{guarded['slug']}/photos")[0] == 200, "open without a password now"
    # Delete asks first; Cancel keeps the link, Delete ends it for its visitors.
    card.locator("button:text('Delete')").click()
    desktop.click("dialog.ask button:text('Cancel')")
    assert api(writable.url, "GET", f"/api/v1/links/{guarded['slug']}")[0] == 200
    card.locator("button:text('Delete')").click()
    desktop.click("dialog.ask button:text('Delete link')")
    card.wait_for(state="detached", timeout=T)
    assert api(writable.url, "GET", f"/api/v1/links/{guarded['slug']}")[0] == 404
    assert api(writable.url, "GET", f"/api/v1/links/{drop['slug']}")[0] == 200


def test_the_shared_links_page_asks_a_visitor_to_sign_in(desktop, writable):
    desktop.goto(writable.url + "/links")
    desktop.wait_for_selector("dialog.signin", timeout=T)
    assert desktop.locator(".links .link").count() == 0


def test_an_albums_owner_makes_a_file_drop_from_the_share_dialog(desktop, writable):
    status, album = api(writable.url, "POST", "/api/v1/albums", token=writable.token, body={"title": "Drop here"})
    assert status == 201, album
    _owner(desktop, writable)
    desktop.goto(f"{writable.url}/a/{album['id']}")
    desktop.click("button[aria-label='Share album']")
    desktop.check("dialog.share input[name=allowUpload]")
    desktop.check("dialog.share input[name=uploadOnly]")
    desktop.click("dialog.share button[type=submit]")
    url = desktop.locator("dialog.share input[name=url]")
    url.wait_for(timeout=T)
    slug = url.input_value().rsplit("/s/", 1)[1]
    link = next(l for l in api(writable.url, "GET", "/api/v1/links", token=writable.token)[1]["items"] if l["slug"] == slug)
    assert link["allowUpload"] and not link["showPhotos"] and link["albumId"] == album["id"]
    status, body = api(writable.url, "GET", f"/api/v1/links/{slug}/photos")
    assert status == 403 and body["error"]["code"] == "upload_only"


def test_uploads_on_an_albums_page_join_the_album_new_or_already_in_the_gallery(desktop, writable, tmp_path):
    from photos import jpeg, upload
    status, album = api(writable.url, "POST", "/api/v1/albums", token=writable.token, body={"title": "Uploads here"})
    assert status == 201, album
    fresh, known = tmp_path / "album-new.jpg", tmp_path / "album-known.jpg"
    jpeg(373, str(fresh))
    known.write_bytes(jpeg(374))
    kept = upload(writable.url, writable.token, known.read_bytes(), "known.jpg")["id"]
    _owner(desktop, writable)
    desktop.goto(f"{writable.url}/a/{album['id']}")
    desktop.click("#admin")
    desktop.set_input_files("section.uploads input[type=file]", [str(fresh), str(known)])
    desktop.wait_for_function("document.querySelectorAll('.uploads li.done').length === 2", timeout=T)
    assert desktop.evaluate("[...document.querySelectorAll('.uploads li .msg')].map(m => m.textContent)") == [
        "Added to the album", "Added to the album"]
    ids = [i["id"] for i in api(writable.url, "GET", f"/api/v1/photos?album={album['id']}")[1]["items"]]
    assert len(ids) == 2 and kept in ids
    # The album's grid learns of them over the change feed.
    desktop.wait_for_function("window.vitrine?.lib?.count === 2", timeout=T)


def test_restore_all_brings_back_the_whole_trash(desktop, writable):
    ids = [i["id"] for i in api(writable.url, "GET", "/api/v1/photos?limit=200")[1]["items"]]
    for pid in ids:
        assert api(writable.url, "DELETE", f"/api/v1/photos/{pid}", token=writable.token)[0] == 204
    try:
        desktop.add_init_script(f"localStorage.setItem('vitrine.token', {writable.token!r})")
        desktop.goto(writable.url + "/trash")
        total = api(writable.url, "GET", "/api/v1/trash", token=writable.token)[1]["total"]
        assert total >= len(ids)
        desktop.wait_for_function(f"document.querySelector('.trash-head p')?.textContent === '{total} in the trash'",
                                  timeout=T)
        desktop.click(".trash-head button:text('Restore all')")
        desktop.wait_for_function("document.querySelector('.trash-head p').textContent === 'The trash is empty.'",
                                  timeout=60_000)
        assert api(writable.url, "GET", "/api/v1/trash", token=writable.token)[1]["total"] == 0
        assert all(api(writable.url, "GET", f"/api/v1/photos/{pid}")[0] == 200 for pid in ids)
    finally:
        api(writable.url, "POST", "/api/v1/trash/restore", token=writable.token, body={"ids": ids})


def test_the_trash_page_restores_and_empties(desktop, writable):
    from photos import jpeg, upload
    kept = upload(writable.url, writable.token, jpeg(361), "trash-keep.jpg")["id"]
    gone = upload(writable.url, writable.token, jpeg(362), "trash-gone.jpg")["id"]
    for pid in (kept, gone):
        assert api(writable.url, "DELETE", f"/api/v1/photos/{pid}", token=writable.token)[0] == 204
    _owner(desktop, writable)
    desktop.click("#tagbar a.chip.view:text('Trash')")
    desktop.wait_for_url("**/trash")
    card = desktop.locator(f'.trash .album[data-photo-id="{kept}"]')
    card.wait_for(timeout=T)
    desktop.wait_for_function(
        f"document.querySelector('.trash .album[data-photo-id=\"{kept}\"] img').naturalWidth > 0", timeout=T)
    assert "days left" in card.inner_text()
    card.locator("button:text('Restore')").click()
    card.wait_for(state="detached", timeout=T)
    assert api(writable.url, "GET", f"/api/v1/photos/{kept}")[0] == 200
    desktop.click(".trash-head button:text('Empty trash')")
    desktop.click("dialog.ask button:text('Delete for good')")
    desktop.wait_for_function("document.querySelector('.trash-head p').textContent === 'The trash is empty.'", timeout=T)
    assert api(writable.url, "GET", "/api/v1/trash", token=writable.token)[1]["total"] == 0
    assert api(writable.url, "POST", "/api/v1/trash/restore", token=writable.token, body={"ids": [gone]})[1]["missing"] == [gone]


def test_selecting_works_again_after_its_modules_failed_to_load(desktop, server):
    desktop.goto(server + "/")
    wait_grid(desktop)
    # A brief outage: the checks' and the bar's modules fail once, then load.
    failed = []
    desktop.route("**/{grid/marks,ui/selection}.js", lambda r: (failed.append(r.request.url), r.abort()))
    _check(desktop, 2)
    desktop.wait_for_function("window.vitrine.grid.selected === 1", timeout=T)
    desktop.wait_for_timeout(300)
    assert len(failed) == 2, failed
    desktop.unroute("**/{grid/marks,ui/selection}.js")
    _check(desktop, 3)
    desktop.wait_for_function("window.vitrine.grid.selected === 2", timeout=T)
    desktop.locator(".selbar").wait_for(state="visible", timeout=T)
    assert "2 selected" in desktop.inner_text(".selbar")
    desktop.wait_for_function("document.querySelectorAll('[data-grid] .tile.selected').length === 2", timeout=T)


def test_the_bar_fits_a_phone(phone, writable):
    _owner(phone, writable)
    _check(phone, 0)
    phone.click(_tile(phone, 6), modifiers=["Shift"])
    phone.wait_for_function("window.vitrine.grid.selected === 7", timeout=T)
    phone.locator(".selbar .owner").wait_for(state="visible", timeout=T)
    shot(phone, "phone-selection-bar")
    # Every action whole on a 390 px screen, its label uncut.
    bar = phone.evaluate("document.querySelector('.selbar').getBoundingClientRect().bottom")
    buttons = phone.evaluate("""[...document.querySelectorAll('.selbar button')].map(b => {
        const r = b.getBoundingClientRect();
        return { text: b.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom, cut: b.scrollWidth > b.clientWidth };
    })""")
    assert [b["text"] for b in buttons] == ["✕", "Add to album", "Favourite", "Share", "Trash", "Download"]
    for b in buttons:
        assert 0 <= b["left"] and b["right"] <= 390 and 0 <= b["top"] and b["bottom"] <= min(bar, 844) and not b["cut"], b
