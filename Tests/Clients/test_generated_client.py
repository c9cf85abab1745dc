"""A client generated from the served OpenAPI document by openapi-python-client (PyPI), used as the README it
generates shows: `Client(base_url=…)` or `AuthenticatedClient(base_url=…, token=…)`, then each operation's
`sync` (the parsed answer) or `sync_detailed` (status and parsed answer), with the generated models.

It pages through the photos, reads details, the timeline and the tags, then as the admin uploads a photo
(raw, then the same bytes as multipart), edits it, and deletes it. Every call sends the parameters' documented
defaults, as generated clients do."""
import io
import json
import subprocess
import sys

import pytest

from conftest import PHOTOS

# The routes whose answers are bytes of any image type (`image/*`) or a zip archive, which the generator leaves
# unparsed: a client reads them from the variant's `url`, or downloads the archive's URL.
BINARY_ROUTES = {"GET /assets/{name}", "GET /api/v1/photos/{id}/sized/{size}", "GET /api/v1/photos/{id}/download",
                 "GET /api/v1/zip", "GET /api/v1/trash/{id}/{file}", "GET /api/v1/links/{slug}/assets/{name}"}
BINARY_TYPES = ("image/*", "application/zip")


@pytest.fixture(scope="module")
def generated(openapi, tmp_path_factory):
    """The `vitrine_client` package, generated from the served document for this run."""
    folder = tmp_path_factory.mktemp("generated")
    document = folder / "openapi.json"
    document.write_text(json.dumps(openapi))
    config = folder / "config.yml"
    config.write_text("package_name_override: vitrine_client\nproject_name_override: vitrine-client\n")
    run = subprocess.run(
        ["openapi-python-client", "generate", "--path", str(document), "--config", str(config),
         "--output-path", str(folder / "vitrine_client"), "--meta", "none"],
        capture_output=True, text=True, timeout=300)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    warned = {line.removeprefix("WARNING parsing ").split(" within ")[0]
              for line in output.splitlines() if line.startswith("WARNING parsing ")}
    assert warned <= BINARY_ROUTES, output
    for line in output.splitlines():
        if line.startswith(("Cannot parse", "Unable to", "Could not")):
            assert any(kind in line for kind in BINARY_TYPES), output
    sys.path.insert(0, str(folder))
    try:
        yield __import__("vitrine_client")
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.split(".")[0] == "vitrine_client"]:
            del sys.modules[name]


@pytest.fixture
def client(generated, base_url):
    with generated.Client(base_url=base_url) as client:
        yield client


@pytest.fixture
def admin(generated, base_url, admin_token):
    with generated.AuthenticatedClient(base_url=base_url, token=admin_token) as client:
        yield client


def test_pages_through_every_photo(generated, client):
    from vitrine_client.api.photos import list_details, list_photos
    from vitrine_client.models import PhotoDetailPage, PhotoPage

    ids, sizes = [], []
    page = list_photos.sync(client=client, limit=2)
    while True:
        assert isinstance(page, PhotoPage), page
        ids += [item.id for item in page.items]
        sizes += [(item.width, item.height) for item in page.items]
        if page.next_cursor is None:
            break
        page = list_photos.sync(client=client, limit=2, cursor=page.next_cursor)
    assert len(set(ids)) == len(ids) == page.total == len(PHOTOS)
    assert sorted(sizes) == sorted(PHOTOS.values())

    detailed = []
    details = list_details.sync(client=client, limit=3)
    while True:
        assert isinstance(details, PhotoDetailPage), details
        detailed += [item.id for item in details.items]
        if details.next_cursor is None:
            break
        details = list_details.sync(client=client, limit=3, cursor=details.next_cursor)
    assert detailed == ids


def test_reads_details_the_timeline_and_tags(generated, client):
    from vitrine_client.api.photos import list_photos, list_tags, show_photo, timeline
    from vitrine_client.models import PhotoDetail, TagList, Timeline

    page = list_photos.sync(client=client)
    for item in page.items:
        detail = show_photo.sync(item.id, client=client)
        assert isinstance(detail, PhotoDetail), detail
        assert (detail.id, detail.width, detail.height) == (item.id, item.width, item.height)
        assert detail.original.url == item.original.url and detail.byte_size > 0
        assert detail.original_name in PHOTOS

    months = timeline.sync(client=client)
    assert isinstance(months, Timeline), months
    assert sum(month.count for month in months.months) == months.total == len(PHOTOS)
    # A month is a position in the newest-first order: its page starts at the month's newest photo.
    everything = [item.id for item in list_photos.sync(client=client, limit=100).items]
    oldest = months.months[-1]
    top = months.total - oldest.count
    named = f"{oldest.year:04d}-{oldest.month:02d}"
    assert [item.id for item in list_photos.sync(client=client, month=named).items] == everything[top:]
    second = list_photos.sync(client=client, month=named, offset=1, limit=1)
    assert [item.id for item in second.items] == everything[top + 1:top + 2]

    tags = list_tags.sync(client=client)
    assert isinstance(tags, TagList), tags
    assert all(tag.count >= 1 for tag in tags.tags)


def test_uploads_edits_and_deletes_a_photo(generated, client, admin, tmp_path):
    from vitrine_client.api.admin import delete_photo, edit_photo, upload_photo
    from vitrine_client.api.photos import list_photos, list_tags, show_photo
    from vitrine_client.models import Error, PhotoEdit, UploadPhotoFilesBody, UploadResult
    from vitrine_client.types import UNSET, File

    source = "/usr/share/wallpapers/Grey/contents/images/2560x1600.jpg"
    made = tmp_path / "grey.jpg"
    subprocess.run(["vipsthumbnail", source, "--size", "480x", "-o", f"{made}[Q=80]"], check=True)
    data = made.read_bytes()

    uploaded = upload_photo.sync_detailed(
        client=admin, body=File(payload=io.BytesIO(data), file_name="grey.jpg", mime_type="image/jpeg"),
        filename="grey.jpg", title="Grey", tag=["generated"])
    assert uploaded.status_code == 201, uploaded.content
    result = uploaded.parsed
    assert isinstance(result, UploadResult) and not result.duplicate
    photo = result.photo.id
    try:
        assert result.photo.title == "Grey" and result.photo.tags == ["generated"]
        again = upload_photo.sync_detailed(
            client=admin,
            body=UploadPhotoFilesBody(file=File(payload=io.BytesIO(data), file_name="grey.jpg", mime_type="image/jpeg")))
        assert again.status_code == 200, again.content
        assert again.parsed.duplicate and again.parsed.photo.id == photo

        edited = edit_photo.sync(photo, client=admin, body=PhotoEdit(title="Grey sky", tags=["generated", "sky"]))
        assert edited.title == "Grey sky" and edited.tags == ["generated", "sky"]
        assert show_photo.sync(photo, client=client).title == "Grey sky"
        assert [item.id for item in list_photos.sync(client=client, tag=["sky"]).items] == [photo]
        assert {tag.name for tag in list_tags.sync(client=client).tags} >= {"generated", "sky"}
        cleared = edit_photo.sync(photo, client=admin, body=PhotoEdit(title=None))
        assert cleared.title is UNSET and cleared.tags == ["generated", "sky"]

        refused = edit_photo.sync_detailed(photo, client=client, body=PhotoEdit(title="no token"))
        assert refused.status_code == 401 and isinstance(refused.parsed, Error)
        assert refused.parsed.error.code == "unauthorized"
    finally:
        deleted = delete_photo.sync_detailed(photo, client=admin)
    assert deleted.status_code == 204
    gone = show_photo.sync_detailed(photo, client=client)
    assert gone.status_code == 404 and gone.parsed.error.code == "not_found"
    assert list_photos.sync(client=client).total == len(PHOTOS)
