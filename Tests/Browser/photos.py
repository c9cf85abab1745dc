"""Test photos and API calls for the browser tests that write: JPEGs made with the libvips CLI
(`vips`), EXIF written byte by byte (so the values are known exactly), uploads and edits over HTTP."""
import json
import os
import struct
import subprocess
import tempfile
import time
import urllib.request

WALLPAPER = "/usr/share/wallpapers/Kite/contents/images"

# What the known-EXIF photo says, and how the info panel should show it.
EXIF = dict(
    make="Vitrinecam", model="VX-100", lens="Vitrinar 50mm F1.8", taken="2021:06:15 18:30:05",
    offset="+02:00", exposure=(1, 250), fnumber=(28, 10), iso=200, focal=(50, 1),
    lat=(48, 51, 30), lat_ref="N", lon=(2, 17, 40), lon_ref="E")


def jpeg(width, path=None):
    """A JPEG `width` px wide (a demo wallpaper scaled down, metadata stripped); returns its bytes."""
    src = os.path.join(WALLPAPER, sorted(os.listdir(WALLPAPER))[-1])
    out = path or tempfile.mktemp(suffix=".jpg")
    subprocess.run(["vips", "thumbnail", src, f"{out}[Q=80,strip]", str(width)], check=True, stderr=subprocess.DEVNULL)
    data = open(out, "rb").read()
    if not path:
        os.remove(out)
    return data


def _ifd(entries, offset, after=b""):
    """A little-endian TIFF IFD at `offset`: entries (tag, type, count, payload bytes), then their data."""
    count = len(entries)
    data_at = offset + 2 + count * 12 + 4
    head, data = struct.pack("<H", count), b""
    for tag, typ, n, payload in sorted(entries):
        if len(payload) <= 4:
            head += struct.pack("<HHI", tag, typ, n) + payload.ljust(4, b"\0")
        else:
            head += struct.pack("<HHII", tag, typ, n, data_at + len(data))
            data += payload + (b"\0" if len(payload) % 2 else b"")
    return head + struct.pack("<I", 0) + data + after


def _ascii(tag, text):
    b = text.encode() + b"\0"
    return (tag, 2, len(b), b)


def _rational(tag, *pairs):
    return (tag, 5, len(pairs), b"".join(struct.pack("<II", n, d) for n, d in pairs))


def exif_segment(e=EXIF):
    """An APP1 Exif segment with IFD0 (make, model), the Exif IFD and the GPS IFD."""
    exif = [
        _rational(0x829A, e["exposure"]), _rational(0x829D, e["fnumber"]),
        (0x8827, 3, 1, struct.pack("<H", e["iso"])),
        _ascii(0x9003, e["taken"]), _ascii(0x9011, e["offset"]),
        _rational(0x920A, e["focal"]), _ascii(0xA434, e["lens"]),
    ]
    gps = [
        (0x0000, 1, 4, bytes([2, 3, 0, 0])),
        _ascii(0x0001, e["lat_ref"]), _rational(0x0002, *[(v, 1) for v in e["lat"]]),
        _ascii(0x0003, e["lon_ref"]), _rational(0x0004, *[(v, 1) for v in e["lon"]]),
    ]
    # Lay out IFD0, then the Exif IFD, then the GPS IFD; pointers need the sizes first.
    ifd0 = lambda exif_at, gps_at: [_ascii(0x010F, e["make"]), _ascii(0x0110, e["model"]),
                                    (0x8769, 4, 1, struct.pack("<I", exif_at)),
                                    (0x8825, 4, 1, struct.pack("<I", gps_at))]
    first = len(_ifd(ifd0(0, 0), 8))
    exif_at = 8 + first
    exif_bytes = _ifd(exif, exif_at)
    gps_at = exif_at + len(exif_bytes)
    tiff = b"II*\0" + struct.pack("<I", 8) + _ifd(ifd0(exif_at, gps_at), 8) + exif_bytes + _ifd(gps, gps_at)
    body = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def with_exif(jpeg_bytes, e=EXIF):
    assert jpeg_bytes[:2] == b"\xff\xd8"
    return jpeg_bytes[:2] + exif_segment(e) + jpeg_bytes[2:]


def apple_maker_note(identifier):
    """Apple's MakerNote as an iPhone writes it: `Apple iOS\\0`, version 1, `MM`, then a big-endian IFD whose
    offsets count from the note's start, holding the Live Photo's content identifier as tag 0x11."""
    text = identifier.encode() + b"\0"
    ifd = struct.pack(">HHHII", 1, 0x11, 2, len(text), 14 + 2 + 12 + 4) + struct.pack(">I", 0)
    return b"Apple iOS\0" + b"\0\x01" + b"MM" + ifd + text


def live_still(jpeg_bytes, identifier):
    """A JPEG still of a Live Photo: its EXIF carries Apple's MakerNote with `identifier`."""
    note = apple_maker_note(identifier)
    exif_at = 8 + len(_ifd([(0x8769, 4, 1, b"\0" * 4)], 8))
    ifd0 = _ifd([(0x8769, 4, 1, struct.pack("<I", exif_at))], 8)
    exif = _ifd([(0x927C, 7, len(note), note)], exif_at)
    body = b"Exif\0\0" + b"II*\0" + struct.pack("<I", 8) + ifd0 + exif
    assert jpeg_bytes[:2] == b"\xff\xd8"
    return jpeg_bytes[:2] + b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body + jpeg_bytes[2:]


def api(server, method, path, token=None, body=None, content_type=None):
    """One API call; returns (status, parsed JSON or None)."""
    headers = {}
    if token:
        headers["Authorization"] = "Bearer " + token
    if isinstance(body, (dict, list)):
        body, content_type = json.dumps(body).encode(), "application/json"
    if content_type:
        headers["Content-Type"] = content_type
    req = urllib.request.Request(server + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            raw = r.read()
            return r.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as err:
        raw = err.read()
        return err.code, json.loads(raw) if raw else None


def upload(server, token, data, name="photo.jpg", rendered=True, content_type="image/jpeg"):
    """Uploads a photo; returns its detail, once the server's worker rendered it unless `rendered` is false
    (an upload answers as soon as its original is stored, `"status": "processing"`)."""
    status, body = api(server, "POST", "/api/v1/photos?filename=" + name, token, data, content_type)
    assert status in (200, 201), (status, body)
    photo = body["photo"]
    deadline = time.time() + 60
    while rendered and "status" in photo and time.time() < deadline:
        time.sleep(0.05)
        photo = api(server, "GET", "/api/v1/photos/" + photo["id"], token)[1]
    assert not rendered or "status" not in photo, photo
    return photo
