"""ParsePy 0.3.20150629 (PyPI `parsepy`, module `parse_rest`) against Vitrine's Parse-compatible API.

What it sends (parse_rest/connection.py, query.py): every GET has its keyword arguments urlencoded into the
query string with `urllib.parse.urlencode`, so the JSON of `where` has its spaces as `+`
(`where=%7B%22filename%22%3A+%22Kite.jpg%22%7D`); `limit`, `skip`, `order` (`-field` descending) and
`count=1` as plain parameters; a GET without arguments still ends in `?`. Headers: `X-Parse-Application-Id`,
`X-Parse-REST-API-Key` and `Content-type: application/json`. Dates in `where` are
`{"__type": "Date", "iso": "YYYY-MM-DDTHH:MM:SS.mmmZ"}`."""
import datetime

import pytest
from parse_rest import connection, core, datatypes, query

from conftest import PHOTOS


@pytest.fixture(scope="session")
def Resource(base_url, parse_app_id):
    """The `Resource` class, with ParsePy pointed at this server: its API root is a module constant
    (https://api.parse.com/1), read when classes are defined, so it is replaced before defining one."""
    root = base_url + "/parse"
    connection.API_ROOT = root
    connection.ParseBase.ENDPOINT_ROOT = root
    datatypes.API_ROOT = root
    connection.register(parse_app_id, "any-rest-key")
    return type("Resource", (datatypes.Object,), {})


def names(objects):
    return [o.filename for o in objects]


def test_where_with_spaces_in_strings(Resource):
    found = Resource.Query.filter(filename="Colorful Cups.jpg")
    assert names(found) == ["Colorful Cups.jpg"]
    both = Resource.Query.filter(filename__in=["By the Water.jpg", "Small Kite.jpg", "Not There.jpg"])
    assert sorted(names(both)) == ["By the Water.jpg", "Small Kite.jpg"]
    others = Resource.Query.filter(filename__ne="Tall Path.jpg")
    assert sorted(names(others)) == sorted(set(PHOTOS) - {"Tall Path.jpg"})


def test_where_with_numbers_and_dates(Resource):
    wide = Resource.Query.filter(width__gte=2000)
    assert sorted(names(wide)) == sorted(n for n, (w, _) in PHOTOS.items() if w >= 2000)
    for photo in Resource.Query.filter(width__lt=1000, height__gt=100):
        assert (photo.width, photo.height) == PHOTOS[photo.filename]
    assert names(Resource.Query.filter(width__lt=1000)) == ["Small Kite.jpg"]
    # datetime values go out as Parse Date literals.
    long_ago = datetime.datetime(2001, 2, 3, 4, 5, 6)
    assert len(Resource.Query.filter(createdAt__gt=long_ago)) == len(PHOTOS)
    assert len(Resource.Query.filter(createdAt__lt=long_ago)) == 0
    newest = Resource.Query.all().order_by("createdAt", descending=True).limit(1)[0]
    assert len(Resource.Query.filter(createdAt__lte=newest.createdAt)) == len(PHOTOS)


def test_ordering(Resource):
    assert names(Resource.Query.all().order_by("filename")) == sorted(PHOTOS)
    assert names(Resource.Query.all().order_by("filename", descending=True)) == sorted(PHOTOS, reverse=True)
    by_width = Resource.Query.all().order_by("width")
    assert [o.width for o in by_width] == sorted(w for w, _ in PHOTOS.values())
    newest_first = list(Resource.Query.all().order_by("createdAt", descending=True))
    created = [o.createdAt for o in newest_first]
    assert all(isinstance(c, datetime.datetime) for c in created)
    assert created == sorted(created, reverse=True)


def test_limit_and_skip_page_through_everything_once(Resource):
    ordered = names(Resource.Query.all().order_by("filename"))
    assert names(Resource.Query.all().order_by("filename").limit(2).skip(1)) == ordered[1:3]
    seen = []
    skip = 0
    while True:
        page = names(Resource.Query.all().order_by("-createdAt").limit(2).skip(skip))
        if not page:
            break
        seen += page
        skip += 2
    assert sorted(seen) == sorted(PHOTOS)
    filtered = names(Resource.Query.filter(width__gte=2000).order_by("filename").limit(1).skip(1))
    assert filtered == [sorted(n for n, (w, _) in PHOTOS.items() if w >= 2000)[1]]


def test_count(Resource):
    assert Resource.Query.all().count() == len(PHOTOS)
    assert Resource.Query.filter(filename="By the Water.jpg").count() == 1
    assert Resource.Query.filter(height__gt=2000).count() == 1
    assert Resource.Query.filter(filename="No Such Photo.jpg").count() == 0


def test_single_object(Resource):
    kite = Resource.Query.get(filename="Kite.jpg")
    by_id = Resource.Query.get(objectId=kite.objectId)
    assert (by_id.filename, by_id.width, by_id.height) == ("Kite.jpg", 2560, 1600)
    assert by_id.fileURLString.startswith("http") and by_id.thumbnailURLString.startswith("http")
    # A pointer ParsePy loads lazily: GET /parse/classes/Resource/{objectId}? on first attribute access.
    pointer = Resource(objectId=kite.objectId, _is_loaded=False)
    assert pointer.filename == "Kite.jpg"
    assert pointer.createdAt == kite.createdAt
    with pytest.raises(query.QueryResourceDoesNotExist):
        Resource.Query.get(objectId="ZZZZZZZZZZ")
    with pytest.raises(core.ResourceRequestNotFound):
        Resource.GET(Resource.ENDPOINT_ROOT + "/ZZZZZZZZZZ")


def test_writes_are_refused_as_parse_refuses_them(Resource):
    with pytest.raises(core.ResourceRequestBadRequest) as refused:
        Resource(filename="new.jpg").save()
    assert b'"code":119' in refused.value.args[0]
    assert Resource.Query.all().count() == len(PHOTOS)


def test_unknown_fields_get_parse_error_102(Resource):
    with pytest.raises(core.ResourceRequestBadRequest) as refused:
        list(Resource.Query.filter(owner="someone"))
    assert b'"code":102' in refused.value.args[0]
