"""pixabay-python 1.1.0 (PyPI `pixabay-python`, module `pixabay_python`) against Vitrine's Pixabay API.

What it sends (pixabay_python_core.py, `createQueryString`), with `requests`: one URL built by hand,
`/api/?key=K&q=Q&lang=en&min_width=None&min_height=None&editors_choice=False&safe_search=False&order=popular
&pretty=False&page=1&per_page=20&image_type=all&orientation=all` (plus `&category=` and `&colors=a,b` when
given). `q` has its spaces replaced by `+` and nothing else escaped; a minimum the caller leaves out is the
text `None`; booleans are Python's `True`/`False`. It never raises on an HTTP error: it prints it and then
fails on `None.json()`."""
import pytest
from pixabay_python import PixabayClient
from pixabay_python.pixabay_python_enums import ImageColor, ImageOrientation, SortOrder

from conftest import PHOTOS


@pytest.fixture
def client(base_url, api_key, tmp_path, monkeypatch):
    # The endpoint is a class attribute; the client caches answers and the key under cacheDirPath.
    monkeypatch.setattr(PixabayClient, "url", base_url + "/api/")
    return PixabayClient(apiKey=api_key, cacheDirPath=tmp_path)


def search(client, capsys, **arguments):
    try:
        return client.searchImage(**arguments)
    except AttributeError:
        pytest.fail("the request failed: " + capsys.readouterr().out)


def sizes(result):
    return sorted((hit.imageWidth, hit.imageHeight) for hit in result.hits)


def test_search_without_minimums_sends_none_and_gets_everything(client, capsys):
    result = search(client, capsys, q="")
    assert result.total == len(PHOTOS) and result.totalHits == len(PHOTOS)
    assert sizes(result) == sorted(PHOTOS.values())


def test_search_with_minimums(client, capsys):
    assert sizes(search(client, capsys, q="", minWidth=1000)) == sorted(s for s in PHOTOS.values() if s[0] >= 1000)
    assert sizes(search(client, capsys, q="", minHeight=2000)) == [(1600, 2560)]
    assert sizes(search(client, capsys, q="kite", minWidth=1000, minHeight=1000)) == [(2560, 1600)]
    # One minimum given, the other left as None.
    assert sizes(search(client, capsys, q="kite", minWidth=500)) == [(800, 500), (2560, 1600)]


def test_q_with_spaces_matches_every_word(client, capsys):
    result = search(client, capsys, q="colorful cups")
    hits = list(result.hits)
    assert result.totalHits == 1 and len(hits) == 1
    assert hits[0].imageWidth == 2560 and hits[0].previewURL.startswith("http")
    assert search(client, capsys, q="small kite").totalHits == 1
    assert search(client, capsys, q="kite").totalHits == 2
    assert search(client, capsys, q="colorful kite").totalHits == 0


def test_pagination_returns_every_photo_once(client, capsys):
    seen = []
    for page in (1, 2):
        result = search(client, capsys, q="", perPage=3, page=page, order=SortOrder.LATEST)
        assert result.totalHits == len(PHOTOS)
        seen += [hit.id for hit in result.hits]
    assert len(seen) == len(PHOTOS) and len(set(seen)) == len(PHOTOS)


def test_booleans_orientation_and_colors(client, capsys):
    # pretty=True, editors_choice=True (Python's spelling) are booleans, not errors.
    assert search(client, capsys, q="", pretty=True, editorsChoice=True, safeSearch=True).totalHits == len(PHOTOS)
    vertical = search(client, capsys, q="", orientation=ImageOrientation.VERTICAL)
    assert sizes(vertical) == [(1600, 2560)]
    horizontal = search(client, capsys, q="", orientation=ImageOrientation.HORIZONTAL)
    assert horizontal.totalHits == len(PHOTOS) - 1
    colors = search(client, capsys, q="", colors=[ImageColor.RED, ImageColor.BLUE])
    assert colors.totalHits == len(PHOTOS), "colours other than grayscale do not narrow"
