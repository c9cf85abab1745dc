"""The viewer counts views and downloads, which the Pixabay-compatible API reports."""
import json
import urllib.request

from conftest import DESKTOP, T, viewer_state, wait_current, wait_grid


def _pixabay_hit(base, key, photo_id):
    with urllib.request.urlopen(f"{base}/api/?key={key}&per_page=200") as r:
        hits = json.loads(r.read())["hits"]
    return next(h for h in hits if h["pageURL"].endswith("/p/" + photo_id))


def test_opening_and_downloading_are_counted(browser, writable):
    request = urllib.request.Request(
        writable.url + "/api/v1/keys", method="POST", data=b'{"label": "counters test"}',
        headers={"authorization": "Bearer " + writable.token, "content-type": "application/json"})
    with urllib.request.urlopen(request) as r:
        key = json.loads(r.read())["key"]
    with urllib.request.urlopen(writable.url + "/api/v1/photos?limit=3") as r:
        first, second = json.loads(r.read())["items"][:2]
    before = [_pixabay_hit(writable.url, key, p["id"]) for p in (first, second)]

    ctx = browser.new_context(**DESKTOP, accept_downloads=True)
    page = ctx.new_page()
    try:
        page.goto(writable.url + "/")
        wait_grid(page)
        page.click(f'[data-grid] [data-photo-id="{first["id"]}"]')
        viewer_state(page, "open")
        page.keyboard.press("ArrowRight")
        wait_current(page, second["id"])
        page.keyboard.press("ArrowLeft")  # seen again in the same visit: not counted twice
        wait_current(page, first["id"])
        with page.expect_download() as info:
            page.click("[role=dialog] a[aria-label=Download]")
        assert info.value.suggested_filename
        page.wait_for_timeout(300)  # the view beacons are fire-and-forget
    finally:
        ctx.close()

    after = [_pixabay_hit(writable.url, key, p["id"]) for p in (first, second)]
    assert after[0]["views"] == before[0]["views"] + 1
    assert after[1]["views"] == before[1]["views"] + 1
    assert after[0]["downloads"] == before[0]["downloads"] + 1
    assert after[1]["downloads"] == before[1]["downloads"]
