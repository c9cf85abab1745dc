"""Live Photos in the gallery: a still and its clip uploaded apart (the clip first, as a phone's sync may
send it) are one tile with a LIVE badge; in the viewer, holding the photo plays the motion over the still
and letting go shows the still again; on a desktop, the pointer over the LIVE button plays it."""
import subprocess
import tempfile

import pytest
from conftest import DESKTOP, PHONE, T, Server, Touch, viewer_state, wait_current, wait_grid
from photos import jpeg, live_still, upload
from test_a11y import _serious

IDENTIFIER = "6B2F1E0A-9C3D-4E5F-8A7B-1C2D3E4F5A6B"
MOTION = '[role=dialog] [aria-current="true"] video.motion'


def _live_clip(seconds=3):
    """The clip of a Live Photo: H.264 in a QuickTime file that names the still's identifier."""
    with tempfile.NamedTemporaryFile(suffix=".mov") as f:
        subprocess.run(
            ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size=480x360:rate=25:duration={seconds}",
             "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart+use_metadata_tags",
             "-metadata", f"com.apple.quicktime.content.identifier={IDENTIFIER}", "-f", "mov", f.name], check=True)
        return open(f.name, "rb").read()


@pytest.fixture(scope="module")
def live():
    """Two photos and a Live Photo between them: the server, with the Live Photo's detail as `live`."""
    s = Server(demo=False)
    upload(s.url, s.token, jpeg(820), name="a.jpg")
    clip = upload(s.url, s.token, _live_clip(), name="IMG_0042.MOV", content_type="video/quicktime")
    s.live = upload(s.url, s.token, live_still(jpeg(960), IDENTIFIER), name="IMG_0042.JPG")
    s.clip_id = clip["id"]
    upload(s.url, s.token, jpeg(880), name="b.jpg")
    yield s
    s.stop()


def _open(page, s, tap=False):
    page.goto(s.url + "/")
    wait_grid(page)
    tile = page.locator(f'[data-grid] [data-photo-id="{s.live["id"]}"]')
    tile.tap() if tap else tile.click()
    viewer_state(page, "open")
    wait_current(page, s.live["id"])


def _motion(page, playing):
    check = "!v.paused && v.currentTime > 0.1 && v.classList.contains('in')" if playing else \
        "v.paused && !v.classList.contains('in')"
    page.wait_for_function(f"() => {{ const v = document.querySelector('{MOTION}'); return !!v && {check}; }}",
                           timeout=T)


def test_the_pair_is_one_tile_with_a_live_badge(browser, live):
    assert live.live.get("motion", {}).get("mimeType") == "video/quicktime", live.live
    assert "kind" not in live.live
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(live.url + "/")
    wait_grid(page)
    assert page.locator(f'[data-grid] [data-photo-id="{live.clip_id}"]').count() == 0, "the clip is no tile"
    assert page.locator("[data-grid] .tile").count() == 3
    badge = page.locator(f'[data-grid] [data-photo-id="{live.live["id"]}"] .live')
    assert badge.text_content() == "LIVE"
    assert page.locator("[data-grid] .tile .live").count() == 1
    assert _serious(page) == []
    ctx.close()


def test_holding_the_photo_plays_its_motion_until_let_go(browser, live):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _open(page, live, tap=True)
    _motion(page, playing=False)
    touch = Touch(page)
    touch.send("touchStart", [(195, 420)])
    _motion(page, playing=True)
    touch.send("touchEnd", [])
    _motion(page, playing=False)
    # A short tap is no hold: the motion stays still.
    touch.tap(195, 420)
    page.wait_for_timeout(800)
    assert page.evaluate(f"() => document.querySelector('{MOTION}').paused")
    assert errors == []
    ctx.close()


def test_on_a_desktop_the_live_button_plays_the_motion_on_hover(browser, live):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    _open(page, live)
    button = page.get_by_role("button", name="Play Live Photo")
    assert button.is_visible()
    button.hover()
    _motion(page, playing=True)
    page.mouse.move(640, 700)
    _motion(page, playing=False)
    # Another photo has no LIVE button, and its neighbour's motion does not play.
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => !document.querySelector('[role=dialog] button.live')?.checkVisibility()", timeout=T)
    assert _serious(page) == []
    ctx.close()
