"""Clips in the gallery: a length badge on their tiles; in the viewer a player over the poster frame that
starts on open, answers Space, K, its bar and a click, pauses on a swipe away, and drags down to dismiss
onto its tile like a photo. The clip is an H.264/AAC MP4 made by ffmpeg, which Chromium plays."""
import subprocess
import tempfile
import time

import pytest
from conftest import DESKTOP, PHONE, T, Server, Touch, viewer_state, wait_current, wait_grid
from photos import api, jpeg, upload
from test_a11y import _serious

VIDEO = '[role=dialog] [aria-current="true"] video.clip'


H264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"]
# What an iPhone records: HEVC in a QuickTime file, which Chromium does not play.
HEVC = ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-f", "mov"]


def _clip(seconds=4, codec=H264):
    with tempfile.NamedTemporaryFile(suffix=".mp4") as f:
        subprocess.run(
            ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size=640x360:rate=25:duration={seconds}",
             "-f", "lavfi", "-i", f"sine=frequency=440:duration={seconds}", *codec, "-c:a", "aac", "-shortest",
             f.name], check=True)
        return open(f.name, "rb").read()


@pytest.fixture(scope="module")
def clips():
    """A library of four photos with a clip between them: the server's `url`, and the photos' and clip's ids."""
    s = Server(demo=False)
    photos = [upload(s.url, s.token, jpeg(800 + 40 * k), name=f"p{k}.jpg")["id"] for k in range(2)]
    clip = upload(s.url, s.token, _clip(), name="clip.mp4", content_type="video/mp4")
    photos += [upload(s.url, s.token, jpeg(900 + 40 * k), name=f"q{k}.jpg")["id"] for k in range(2)]
    s.clip = clip
    yield s
    s.stop()


def _open(page, s, tap=False):
    page.goto(s.url + "/")
    wait_grid(page)
    tile = page.locator(f'[data-grid] [data-photo-id="{s.clip["id"]}"]')
    tile.tap() if tap else tile.click()
    viewer_state(page, "open")
    wait_current(page, s.clip["id"])


def _playing(page):
    page.wait_for_function(
        f"() => {{ const v = document.querySelector('{VIDEO}'); return v && !v.paused && v.currentTime > 0.2 && v.classList.contains('in'); }}",
        timeout=T)


def _paused(page, sel=VIDEO):
    page.wait_for_function(f"() => document.querySelector('{sel}')?.paused === true", timeout=T)


def test_a_clip_tile_carries_its_length(browser, clips):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(clips.url + "/")
    wait_grid(page)
    assert clips.clip["kind"] == "video" and 3.5 < clips.clip["duration"] < 4.5, clips.clip
    badge = page.locator(f'[data-grid] [data-photo-id="{clips.clip["id"]}"] .length')
    assert badge.text_content() == "0:04"
    # Photos carry none.
    assert page.locator("[data-grid] .tile .length").count() == 1
    assert _serious(page) == []
    ctx.close()


def test_the_viewer_plays_the_clip_and_its_controls_and_keys_work(browser, clips):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _open(page, clips)
    _playing(page)
    bar = page.locator("[role=dialog] .clipbar")
    assert bar.is_visible()
    # The player and its bar pass axe-core as the viewer's photos do; the clip has no zoom buttons.
    assert _serious(page) == []
    assert page.locator('[role=dialog] [aria-label="Zoom in"]').is_hidden()
    page.keyboard.press("k")
    _paused(page)
    # The bar follows the player's `pause` event, which comes after `paused` reads true.
    page.wait_for_function(
        "() => document.querySelector('[role=dialog] .clipbar button')?.getAttribute('aria-label') === 'Play'",
        timeout=T)
    page.keyboard.press("Space")
    _playing(page)
    # A click on the clip pauses it, and another plays it on.
    page.mouse.click(640, 400)
    _paused(page)
    page.mouse.click(640, 400)
    _playing(page)
    bar.locator('[aria-label="Mute"]').click()
    page.wait_for_function(f"() => document.querySelector('{VIDEO}').muted", timeout=T)
    # Scrubbing: the bar's slider seeks, and the time follows.
    page.keyboard.press("k")
    _paused(page)
    page.evaluate("""() => { const s = document.querySelector('[role=dialog] .clipbar .seek');
      s.value = '750'; s.dispatchEvent(new Event('input', { bubbles: true })); }""")
    page.wait_for_function(f"() => Math.abs(document.querySelector('{VIDEO}').currentTime - 3) < 0.3", timeout=T)
    page.wait_for_function("() => document.querySelector('[role=dialog] .clipbar .time').textContent === '0:03 / 0:04'", timeout=T)
    # A photo has no bar; swiping back to the clip plays it again, and leaving it pauses it.
    page.keyboard.press("k")
    _playing(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"id => document.querySelector('[role=dialog] [aria-current=\"true\"]')?.dataset.photoId !== id",
                           arg=clips.clip["id"], timeout=T)
    _paused(page, "[role=dialog] video.clip")
    assert bar.is_hidden()
    page.keyboard.press("Escape")
    viewer_state(page, "closed")
    assert page.locator("video").count() == 0
    ctx.close()
    assert not errors, errors


def test_a_drag_down_on_a_clip_dismisses_it_onto_its_tile(browser, clips):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    _open(page, clips, tap=True)
    page.wait_for_selector(VIDEO + ".in", timeout=T)
    Touch(page).drag(200, 400, 200, 700, steps=4, interval=16)
    viewer_state(page, "closing")
    viewer_state(page, "closed")
    page.wait_for_function("id => document.activeElement?.dataset.photoId === id", arg=clips.clip["id"], timeout=T)
    ctx.close()


def test_an_iphone_hevc_clip_plays_through_its_web_rendition(browser, clips):
    """The upload stores the HEVC original; the server's worker makes the H.264 rendition, the feed tells
    the open page, and the viewer plays it."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(clips.url + "/")
    wait_grid(page)
    clip = upload(clips.url, clips.token, _clip(2, HEVC), name="IMG_0001.MOV", content_type="video/quicktime")
    assert clip["kind"] == "video" and clip["mimeType"] == "video/quicktime"
    deadline = time.time() + 60
    while clip["video"]["mimeType"] != "video/mp4" and time.time() < deadline:
        time.sleep(0.2)
        clip = api(clips.url, "GET", "/api/v1/photos/" + clip["id"])[1]
    assert clip["video"]["mimeType"] == "video/mp4" and clip["video"]["url"].endswith(".mp4"), clip
    # The open page learned of the clip and of its rendition over the change feed.
    page.wait_for_function(
        "id => window.vitrine.lib.item(window.vitrine.lib.indexOf(id))?.video?.mimeType === 'video/mp4'",
        arg=clip["id"], timeout=T)
    page.locator(f'[data-grid] [data-photo-id="{clip["id"]}"]').click()
    viewer_state(page, "open")
    wait_current(page, clip["id"])
    _playing(page)
    assert page.evaluate(f"document.querySelector('{VIDEO}').src").endswith(".mp4")
    ctx.close()
