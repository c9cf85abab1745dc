"""Every parameter the served OpenAPI document gives a `default` answers the same when it is sent explicitly
as when it is left out: a generated client sends each default on every call.

Each operation with a default is asked from a few starting points (the top, and each position or filter it
takes), with no default, with each default alone and with all of them at once; the answers' statuses and
bodies must be the same, and the starting point itself must be a 200 (two identical refusals prove nothing)."""
import json

import pytest

from conftest import call, create_key, operations


@pytest.fixture(scope="module")
def starts(base_url, admin_token, parse_app_id):
    """Per operation: the headers its calls carry and the queries to start from, built from real answers."""
    api_key = create_key(base_url, admin_token, "defaults")
    top = call(base_url + "/api/v1/photos", query={"limit": 2}).json()
    photo = top["items"][1]["id"]
    around = call(base_url + "/api/v1/photos", query={"around": photo, "limit": 1}).json()
    month = call(base_url + "/api/v1/timeline").json()["months"][0]
    details = call(base_url + "/api/v1/details", query={"limit": 1}).json()
    word = top["items"][0]["title"].split()[0].lower()
    photos = [
        {}, {"limit": 2}, {"q": word}, {"cursor": top["nextCursor"]}, {"before": "2100-01-01"},
        {"around": photo}, {"after": around["previousCursor"]},
        {"month": f"{month['year']:04d}-{month['month']:02d}"}, {"order": "relevance", "q": word},
    ]
    pixabay = [{"key": api_key}, {"key": api_key, "q": word}, {"key": api_key, "order": "latest"}]
    parse = [{}, {"count": "1"}, {"where": json.dumps({"width": {"$gt": 1000}})}, {"order": "-createdAt"}]
    admin = {"Authorization": f"Bearer {admin_token}"}
    link = call(base_url + "/api/v1/links", "POST", admin,
                json.dumps({"photos": {"ids": [i["id"] for i in top["items"]]}}).encode()).json()
    first = call(base_url + f"/api/v1/links/{link['slug']}/photos", query={"limit": 1}).json()
    return {
        "linkPhotos": ({}, [{}, {"cursor": first["nextCursor"]}]),
        "slug": link["slug"],
        "listTrash": (admin, [{}]),
        "listTags": ({}, [{}]),
        "listPhotos": ({}, photos),
        "listDetails": ({}, [{}, {"cursor": details["nextCursor"]}]),
        "pixabaySearch": ({}, pixabay),
        "pixabaySearchNoSlash": ({}, pixabay),
        "pixabayVideoSearch": ({}, pixabay),
        "pixabayVideoSearchNoSlash": ({}, pixabay),
        "parseFind": ({"X-Parse-Application-Id": parse_app_id}, parse),
    }


def defaults_of(parameters):
    return {p["name"]: p["schema"]["default"] for p in parameters if "default" in p.get("schema", {})}


def test_every_documented_default_is_a_query_parameter_of_a_read_we_start(openapi, starts):
    """A default somewhere new is a default this test must learn to start from."""
    for path, method, operation, parameters in operations(openapi):
        defaults = [p for p in parameters if "default" in p.get("schema", {})]
        if not defaults:
            continue
        assert method == "get" and all(p["in"] == "query" for p in defaults), f"{method} {path}"
        assert operation["operationId"] in starts, f"{operation['operationId']} has defaults and no starting points"


def test_sending_a_default_answers_as_leaving_it_out(base_url, openapi, starts):
    checked = 0
    for path, _, operation, parameters in operations(openapi):
        defaults = defaults_of(parameters)
        if not defaults:
            continue
        headers, queries = starts[operation["operationId"]]
        url = base_url + path.replace("{className}", "Resource").replace("{slug}", starts["slug"])
        for start in queries:
            plain = call(url, headers=headers, query=start)
            assert plain.status == 200, f"{path} {start}: {plain.status} {plain.body[:200]!r}"
            added = {name: value for name, value in defaults.items() if name not in start}
            variants = [{name: value} for name, value in added.items()] + [added]
            for extra in variants:
                sent = call(url, headers=headers, query={**start, **extra})
                where = f"{operation['operationId']} {start} + {extra}"
                assert sent.status == plain.status, f"{where}: {sent.status} {sent.body[:200]!r}"
                assert sent.json() == plain.json(), where
                checked += 1
    assert checked > 40
