"""Every error answer is one the served OpenAPI document describes: its status is listed for the operation,
its required headers are there, and its body validates against the documented schema for its media type.

The bad requests come from the document itself: for each parameter, values its schema refuses (a word for an
integer, one past a bound, one byte past a length, a value outside an enum or a pattern), malformed and
unknown path values, unparsable bodies, and missing credentials. A private server of its own, allowed one
failed credential, then answers every operation that takes credentials with the throttle's 429."""
import json

import jsonschema
import pytest

from conftest import Server, call, create_key, operations, resolve


def bad_values(document, schema):
    """Values `schema` refuses, as query or header text (a list for an array parameter)."""
    schema = resolve(document, schema)
    kind = schema.get("type")
    values = []
    if kind == "integer":
        values.append("x")
        if "maximum" in schema:
            values.append(str(schema["maximum"] + 1))
        if "minimum" in schema:
            values.append(str(schema["minimum"] - 1))
    elif kind == "string":
        if "enum" in schema:
            values.append("nosuchvalue")
        if "maxLength" in schema:
            values.append("a" * (schema["maxLength"] + 1))
        if "pattern" in schema:
            values.append("not valid!")
    elif kind == "array":
        items = resolve(document, schema["items"])
        if "maxItems" in schema:
            values.append(["a"] * (schema["maxItems"] + 1))
        if items.get("minLength"):
            values.append([""])
        if "maxLength" in items:
            values.append(["a" * (items["maxLength"] + 1)])
    return values


@pytest.fixture(scope="module")
def path_values(base_url, parse_app_id, admin_token):
    """Per path parameter: a value that names something, and values that name nothing or cannot be one."""
    item = call(base_url + "/api/v1/photos", query={"limit": 1}).json()["items"][0]
    link = call(base_url + "/api/v1/links", "POST", {"Authorization": f"Bearer {admin_token}"},
                json.dumps({"photos": {"ids": [item["id"]]}}).encode()).json()
    objects = call(base_url + "/parse/classes/Resource", headers={"X-Parse-Application-Id": parse_app_id}).json()
    return {
        "id": (item["id"], ["AAAAAAAAAAAA", "not-an-id!"]),
        "name": (item["thumb"]["url"].removeprefix("/assets/"), ["0" * 64, "zz"]),
        "size": ("150.jpg", ["99.jpg"]),
        "className": ("Resource", []),
        "objectId": (objects["results"][0]["objectId"], ["AAAAAAAAAA", "not-an-id!"]),
        "version": ("none", []),
        "path": ("app.js", []),
        "slug": (link["slug"], ["A" * 24, "not-a-slug!"]),
        "file": ("thumb", ["exif"]),
    }


def credentials(operation, token, key, app_id):
    """Headers and query that satisfy the operation's security."""
    schemes = {name for requirement in operation.get("security", [{}]) for name in requirement}
    headers, query = {}, {}
    if "adminToken" in schemes:
        headers["Authorization"] = f"Bearer {token}"
    if "pixabayKey" in schemes:
        query["key"] = key
    if "parseApplicationId" in schemes:
        headers["X-Parse-Application-Id"] = app_id
    return headers, query


def takes_credentials(operation):
    return {} not in operation.get("security", [{}])


def check(document, operation, answer, where):
    """`answer` is described by `operation`'s responses."""
    responses = operation["responses"]
    status = str(answer.status)
    documented = responses.get(status) or responses.get(status[0] + "XX") or responses.get("default")
    assert documented is not None, f"{where}: {status} is not documented: {answer.body[:300]!r}"
    documented = resolve(document, documented)
    for name, header in documented.get("headers", {}).items():
        if header.get("required"):
            assert answer.headers.get(name), f"{where}: {status} without {name}"
    content = documented.get("content")
    if not content or where.startswith("HEAD"):
        return
    media = answer.media_type
    assert media in content, f"{where}: {status} as {media!r}, documented {sorted(content)}"
    schema = content[media].get("schema")
    if schema is None:
        return
    value = answer.json() if media == "application/json" else answer.body.decode()
    try:
        jsonschema.Draft202012Validator({**schema, "components": document["components"]}).validate(value)
    except jsonschema.ValidationError as error:
        pytest.fail(f"{where}: {status} body does not match its schema: {error.message}\n{answer.body[:300]!r}")


def url_for(base, path, values, replace=None):
    url = path
    for name in values:
        url = url.replace("{" + name + "}", str((replace or {}).get(name, values[name][0])))
    return base + url


def test_every_error_answer_is_documented(base_url, openapi, path_values, admin_token, parse_app_id):
    api_key = create_key(base_url, admin_token, "errors")
    errors = 0
    for path, method, operation, parameters in operations(openapi):
        if "web" in operation.get("tags", []):
            continue  # the shared server runs without a web client
        verb = method.upper()
        headers, auth_query = credentials(operation, admin_token, api_key, parse_app_id)
        attempts = []
        if takes_credentials(operation):
            attempts.append(("no credentials", {}, {}, {}, None))
        for parameter in parameters:
            if parameter["in"] == "path":
                for value in path_values[parameter["name"]][1]:
                    attempts.append((f"{parameter['name']}={value}", {parameter["name"]: value}, {}, {}, None))
                continue
            for value in bad_values(openapi, parameter["schema"]):
                shown = f"{parameter['name']}={str(value)[:40]}"
                if parameter["in"] == "query":
                    attempts.append((shown, {}, {parameter["name"]: value}, {}, None))
                elif parameter["in"] == "header":
                    attempts.append((shown, {}, {}, {parameter["name"]: value}, None))
        body = operation.get("requestBody", {}).get("content", {})
        if "application/json" in body:
            attempts.append(("unparsable JSON", {}, {}, {"Content-Type": "application/json"}, b"{not json"))
        if "application/octet-stream" in body:
            attempts.append(("empty upload", {}, {}, {"Content-Type": "application/octet-stream"}, b""))
            attempts.append(("not an image", {}, {}, {"Content-Type": "application/octet-stream"}, b"not an image"))
        for shown, replace, query, extra, data in attempts:
            sent_headers = {} if shown == "no credentials" else dict(headers)
            sent_query = {} if shown == "no credentials" else dict(auth_query)
            if shown == "no credentials" and "X-Parse-Application-Id" in headers:
                sent_headers["X-Parse-Application-Id"] = parse_app_id
            if method in ("delete", "patch", "post", "put") and not replace and shown != "no credentials":
                # A write that could succeed names nothing real.
                replace = {name: values[1][0] for name, values in path_values.items() if values[1]}
            answer = call(
                url_for(base_url, path, path_values, replace), verb, {**sent_headers, **extra}, data,
                {**sent_query, **query})
            where = f"{verb} {path} ({shown})"
            assert answer.status < 500, f"{where}: {answer.status} {answer.body[:300]!r}"
            if answer.status >= 400:
                errors += 1
                check(openapi, operation, answer, where)
    assert errors > 100


def test_unknown_routes_and_methods_answer_the_error_schema(base_url, openapi):
    error = {"$ref": "#/components/schemas/Error"}
    for method, path, status in [("GET", "/api/v1/nosuch", 404), ("GET", "/nosuch", 404), ("PUT", "/api/v1/tags", 405)]:
        answer = call(base_url + path, method)
        assert answer.status == status and answer.media_type == "application/json", f"{method} {path}"
        jsonschema.Draft202012Validator({**error, "components": openapi["components"]}).validate(answer.json())
    # A path the document has, asked with a method it does not list: 405, and `Allow` lists exactly the
    # document's methods there (RFC 9110 §15.5.6). The web client's pages are mounted only with a web folder,
    # which this server has not (VitrineServerTests' MethodNotAllowedTests covers them).
    for path, item in openapi["paths"].items():
        if not path.startswith(("/api", "/parse", "/healthz")):
            continue
        listed = sorted(method.upper() for method in item if method in ("get", "put", "post", "delete", "patch"))
        concrete = "/".join("AAAAAAAAAAAA" if part.startswith("{") else part for part in path.split("/"))
        for method in ("PUT", "PATCH", "DELETE", "POST"):
            if method in listed:
                continue
            answer = call(base_url + concrete, method)
            assert answer.status == 405, f"{method} {path}: {answer.status}"
            allowed = sorted(name.strip() for name in answer.headers["Allow"].split(","))
            assert [name for name in allowed if name != "HEAD"] == listed, f"{method} {path}: {allowed}"


@pytest.fixture(scope="module")
def private_server(vitrine_binary, tmp_path_factory):
    server = Server(vitrine_binary, str(tmp_path_factory.mktemp("private")), "--private", "--max-failed-auth", "1")
    yield server
    server.stop()


def test_a_private_server_answers_401_then_429_as_documented(private_server, openapi):
    """Without credentials every operation that takes them answers its documented 401; after one failed
    credential, every request carrying one answers 429 with `Retry-After`, as each operation lists it."""
    base = private_server.url
    values = {"id": ("AAAAAAAAAAAA",), "name": ("0" * 64,), "size": ("150.jpg",), "className": ("Resource",),
              "objectId": ("AAAAAAAAAA",), "version": ("none",), "path": ("app.js",), "slug": ("A" * 24,),
              "file": ("thumb",)}
    throttled = []
    for path, method, operation, _ in operations(openapi):
        tags = operation.get("tags", [])
        # A link's visitor is throttled by the link's own credentials (LinkRouteTests), not the bearer's.
        if "web" in tags or "link visits" in tags or "429" not in operation["responses"]:
            continue
        url = url_for(base, path, values).replace("/api/v1/keys/AAAAAAAAAAAA", "/api/v1/keys/999999")
        throttled.append((method.upper(), path, operation, url))
        if "401" in operation["responses"]:
            answer = call(url, method.upper(), {"X-Parse-Application-Id": "vitrine"})
            assert answer.status == 401, f"{method} {path}: {answer.status}"
            check(openapi, operation, answer, f"{method.upper()} {path} (no credentials)")
    wrong = {"Authorization": "Bearer wrong", "X-Parse-Application-Id": "vitrine"}
    assert call(base + "/api/v1/session", "GET", wrong).status == 200  # one failure: the limit
    for verb, path, operation, url in throttled:
        keyed = any("pixabayKey" in requirement for requirement in operation.get("security", []))
        answer = call(url, verb, wrong, query={"key": "00000000-" + "0" * 32} if keyed else None)
        where = f"{verb} {path} (after a failed credential)"
        assert answer.status == 429, f"{where}: {answer.status} {answer.body[:200]!r}"
        check(openapi, operation, answer, where)
    assert len(throttled) > 25
