"""The gallery served from an S3 bucket (moto with signature checking): the grid, the viewer's preview, an
upload and a delete, with every byte stored in and read from the bucket."""
import json
import os
import time
import urllib.request

from conftest import T, DEMO_TOTAL, wait_grid, viewer_state, shot


def _get(url, headers=None):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as r:
        return json.loads(r.read())


def _object_key(url, prefix="gallery"):
    hexkey = url.split("/assets/")[1].split(".")[0]
    return f"{prefix}/{hexkey[:2]}/{hexkey[2:4]}/{hexkey}"


def test_grid_and_viewer_load_from_the_bucket(desktop, s3_server):
    items = _get(s3_server.url + "/api/v1/photos?limit=200")["items"]
    assert len(items) >= DEMO_TOTAL
    # Nothing in the data folder: every variant of every photo is an object in the bucket.
    assert not os.path.exists(os.path.join(s3_server.data, "blobs")) or not any(
        files for _, _, files in os.walk(os.path.join(s3_server.data, "blobs")))
    stored = set(s3_server.peer.keys(s3_server.bucket))
    for it in items:
        for v in ("thumb", "preview", "original"):
            assert _object_key(it[v]["url"]) in stored, (it["id"], v)

    desktop.goto(s3_server.url + "/")
    wait_grid(desktop)
    # The first screen's thumbnails decoded (they came from the bucket through the server).
    assert desktop.evaluate(
        "[...document.querySelectorAll('[data-grid] img.in')].slice(0, 6).every(i => i.naturalWidth > 0)")
    first = items[0]["id"]
    desktop.click(f'[data-grid] [data-photo-id="{first}"]')
    viewer_state(desktop, "open")
    desktop.wait_for_function(
        "() => [...document.querySelectorAll('[role=dialog] [aria-current=\"true\"] img.hi')]"
        ".some(i => i.complete && i.naturalWidth > 0)", timeout=T)
    shot(desktop, "s3-viewer")


def test_upload_and_delete_write_and_remove_objects(s3_server):
    token = s3_server.token
    photo = "/usr/share/wallpapers/Kite/contents/images/1280x800.jpg"
    if not os.path.exists(photo):
        photo = next(os.path.join(d, f) for d, _, fs in os.walk("/usr/share/wallpapers") for f in fs
                     if f.endswith(".jpg"))
    body = open(photo, "rb").read() + b"\0vitrine-s3-browser"  # new bytes: not a duplicate of the demo
    req = urllib.request.Request(s3_server.url + "/api/v1/photos?filename=upload.jpg", data=body, method="POST",
                                 headers={"Authorization": f"Bearer {token}", "Content-Type": "image/jpeg",
                                          })
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            answer = json.loads(r.read())
    except urllib.error.HTTPError as e:
        raise AssertionError(e.read()[:500])
    assert answer["duplicate"] is False
    created = answer["photo"]
    # The upload answered once its original was stored; the server's worker renders it into the bucket.
    for _ in range(300):
        if "status" not in created:
            break
        time.sleep(0.1)
        created = _get(s3_server.url + f"/api/v1/photos/{created['id']}")
    assert "status" not in created, created
    keys = [_object_key(created[v]["url"]) for v in ("preview", "original")]
    stored = set(s3_server.peer.keys(s3_server.bucket))
    assert all(k in stored for k in keys)
    req = urllib.request.Request(s3_server.url + f"/api/v1/photos/{created['id']}", method="DELETE",
                                 headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        assert r.status == 204
    # A delete moves the photo to the trash, which keeps its objects; emptying it deletes them.
    assert all(k in set(s3_server.peer.keys(s3_server.bucket)) for k in keys)
    req = urllib.request.Request(s3_server.url + "/api/v1/trash", method="DELETE",
                                 headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        assert r.status == 204
    stored = set(s3_server.peer.keys(s3_server.bucket))
    # The original's bytes are this upload's alone: its object is gone. The rendered variants are the demo
    # photo's pixels, so they stay exactly when another photo still references the same object.
    assert keys[1] not in stored
    remaining = _get(s3_server.url + "/api/v1/photos?limit=200")["items"]
    still_used = {_object_key(it[v]["url"]) for it in remaining for v in ("thumb", "preview", "original")}
    assert (keys[0] in stored) == (keys[0] in still_used)


def test_a_clip_and_a_live_photos_motion_answer_ranges_from_the_bucket(s3_server):
    from photos import jpeg, live_still, upload
    from test_live_photo import IDENTIFIER, _live_clip
    from test_video import _clip

    clip_bytes, motion_bytes = _clip(seconds=2), _live_clip(seconds=2)
    clip = upload(s3_server.url, s3_server.token, clip_bytes, name="s3-clip.mp4", content_type="video/mp4")
    upload(s3_server.url, s3_server.token, motion_bytes, name="IMG_S3.MOV", content_type="video/quicktime")
    live = upload(s3_server.url, s3_server.token, live_still(jpeg(700), IDENTIFIER), name="IMG_S3.JPG")
    stored = set(s3_server.peer.keys(s3_server.bucket))
    for url, source in ((clip["video"]["url"], clip_bytes), (live["motion"]["url"], motion_bytes)):
        assert _object_key(url) in stored, url
        req = urllib.request.Request(s3_server.url + url, headers={"Range": "bytes=100-1099"})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status == 206 and r.headers["Content-Range"] == f"bytes 100-1099/{len(source)}"
            assert r.read() == source[100:1100]
