"""Uploads that answer before their render (`serve --upload-renders queued`): the grid shows a processing
tile at once, and swaps in the thumbnail when a worker's render lands, in place."""
import subprocess

import pytest

from conftest import BINARY, T, Server, viewer_state, wait_grid
from photos import EXIF, jpeg, upload, with_exif

TILE = "[data-grid] .tile[data-photo-id='%s']"


@pytest.fixture(scope="module")
def queued():
    """A demo server that leaves uploads' renders to `vitrine worker` processes (it runs none itself)."""
    s = Server("--upload-renders", "queued", "--workers", "0")
    yield s
    s.stop()


def test_an_upload_shows_processing_then_its_thumbnail_in_place(desktop, queued):
    desktop.goto(queued.url + "/")
    wait_grid(desktop)
    desktop.wait_for_function("document.body.dataset.live === 'open'", timeout=T)
    # Newer than every demo photo: it lands at the top of the grid.
    photo = upload(queued.url, queued.token, with_exif(jpeg(640), dict(EXIF, taken="2031:01:01 10:00:00")), "new.jpg",
                   rendered=False)
    assert photo["status"] == "processing" and photo["thumb"]["url"] == ""
    tile = TILE % photo["id"]
    desktop.wait_for_selector(tile + ".processing", timeout=T)
    assert desktop.text_content(tile + " .state") == "Processing…"
    assert desktop.evaluate(f"document.querySelector(\"{tile} img\").getAttribute('src')") is None, "nothing to load"
    before = desktop.locator(tile).bounding_box()

    worker = subprocess.Popen([BINARY, "worker", "--data", queued.data], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        desktop.wait_for_function(
            f"(() => {{ const t = document.querySelector(\"{tile}\"); return t && !t.classList.contains('processing')"
            " && t.querySelector('img.in') && t.querySelector('img').naturalWidth > 0; })()", timeout=T)
    finally:
        worker.terminate()
        worker.wait(10)
    assert desktop.locator(tile).bounding_box() == before, "swapped in place"
    assert desktop.locator(tile + " .state").count() == 0


def test_the_viewer_shows_processing_then_the_preview(desktop, queued):
    desktop.goto(queued.url + "/")
    wait_grid(desktop)
    desktop.wait_for_function("document.body.dataset.live === 'open'", timeout=T)
    photo = upload(queued.url, queued.token, with_exif(jpeg(700), dict(EXIF, taken="2032:01:01 10:00:00")), "view.jpg",
                   rendered=False)
    tile = TILE % photo["id"]
    desktop.wait_for_selector(tile + ".processing", timeout=T)
    desktop.click(tile)
    viewer_state(desktop, "open")
    slide = "[aria-current='true'] .frame"
    desktop.wait_for_selector(slide + ".processing", timeout=T)
    assert desktop.text_content(slide + " .state") == "Processing…"

    worker = subprocess.Popen([BINARY, "worker", "--data", queued.data], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        desktop.wait_for_selector(slide + ":not(.processing) img.hi.in", timeout=T)
    finally:
        worker.terminate()
        worker.wait(10)
    assert desktop.evaluate("location.pathname") == "/p/" + photo["id"], "still on its photo"
