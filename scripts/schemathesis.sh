#!/usr/bin/env bash
# Fuzzes a live `vitrine serve` from the OpenAPI document it serves (`/api/v1/openapi.json`) with
# schemathesis: every operation, with the admin token, a Pixabay key and the Parse application id, and real
# photo ids, asset names and object ids mixed into the generated values. Fails on any 5xx, any answer that
# the document does not describe, or a server that dies or stops answering /healthz.
#
# Usage: scripts/schemathesis.sh
#   VITRINE_BINARY         the binary to serve with (default .build/debug/vitrine)
#   SCHEMATHESIS_MAX_TIME  the run's time budget in seconds (default 150; `make fuzz-api` uses 600)
#   SCHEMATHESIS_SEED      the generator's seed (default fixed, so a run is repeatable)
#   SCHEMATHESIS_WORKERS   concurrent workers (default 1: Python 3.11.7's ast module is not thread-safe)
#   SCHEMATHESIS_SCHEMA    a document file to use instead of the served one (tries edits without a rebuild)
#   SCHEMATHESIS_KEEP      1 keeps the work folder (data, server log, reports) even when the run passes
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${VITRINE_BINARY:-$root/.build/debug/vitrine}"
max_time="${SCHEMATHESIS_MAX_TIME:-150}"
seed="${SCHEMATHESIS_SEED:-16}"
workers="${SCHEMATHESIS_WORKERS:-1}"

if [ ! -x "$binary" ]; then
  echo "schemathesis: no vitrine binary at $binary (build it, or set VITRINE_BINARY)" >&2
  exit 2
fi
if ! command -v schemathesis >/dev/null 2>&1; then
  echo "schemathesis: not installed (scripts/install-deps.sh all)" >&2
  exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/vitrine-schemathesis.XXXXXX")"
data="$work/data"
server_pid=""
status=1
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "$status" -eq 0 ] && [ "${SCHEMATHESIS_KEEP:-0}" != 1 ]; then
    rm -rf "$work"
  else
    echo "schemathesis: work folder kept: $work (server.log, report/)" >&2
  fi
}
trap cleanup EXIT

# A handful of demo photos, quick to import: the smallest rendition of each wallpaper, the six smallest of
# those.
mapfile -t photos < <(
  for folder in /usr/share/wallpapers/*/contents/images; do
    find "$folder" -maxdepth 1 \( -name '*.jpg' -o -name '*.png' \) | awk -F/ '{ split($NF, s, /[x.]/); print s[1] * s[2], $0 }' | sort -n | head -n 1
  done | sort -n | head -n 6 | cut -d' ' -f2-
)
if [ "${#photos[@]}" -eq 0 ]; then
  echo "schemathesis: no demo photos under /usr/share/wallpapers (scripts/install-deps.sh)" >&2
  exit 2
fi
"$binary" import --data "$data" "${photos[@]}" >"$work/import.log" 2>&1

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
# The rate limit is raised so that Pixabay searches are fuzzed rather than refused after 100, and the
# failed-credential limit so that generated bad tokens do not turn every later request into a 429
# (the throttle has its own tests).
"$binary" serve --data "$data" --host 127.0.0.1 --port "$port" --web "$root/Web" --rate-limit 1000000 \
  --max-failed-auth 10000 >"$work/server.log" 2>&1 &
server_pid=$!

healthy() { curl -fsS --max-time 5 "$base/healthz" 2>/dev/null | grep -q '"ok"'; }
for _ in $(seq 1 100); do
  healthy && break
  kill -0 "$server_pid" 2>/dev/null || { echo "schemathesis: the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
  sleep 0.2
done
healthy || { echo "schemathesis: the server does not answer /healthz" >&2; exit 1; }
token="$(cat "$data/admin-token")"

# Real values for path parameters, so that operations reach past "not found" half of the time.
# Each photo gets two tags, so tag filters and Pixabay's `tags` have something to find.
python3 - "$base" "$token" "$work" <<'PY'
import json, re, sys, urllib.request
base, token, work = sys.argv[1:4]
def get(path, headers={}, method="GET", body=None):
    request = urllib.request.Request(base + path, headers=headers, method=method, data=body)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read().decode()
def dictionary(name, values):
    with open(f"{work}/{name}.dict", "w") as out:
        for value in sorted(set(values)):
            out.write(json.dumps(value) + "\n")
page = json.loads(get("/api/v1/photos?limit=200"))
for index, item in enumerate(page["items"]):
    edit = json.dumps({"tags": ["demo", f"set{index % 2}"]}).encode()
    get(f"/api/v1/photos/{item['id']}", {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}, "PATCH", edit)
ids = [item["id"] for item in page["items"]]
assets = []
for item in page["items"]:
    for kind in ("thumb", "small", "preview", "original"):
        if kind in item:
            assets.append(item[kind]["url"].removeprefix("/assets/"))
objects = json.loads(get("/parse/classes/Resource", {"X-Parse-Application-Id": "vitrine"}))["results"]
html = get("/")
version = re.search(r"/static/([0-9a-f]+)/", html)
# The fuzzer revokes only spare keys (the `key-ids` dictionary): the run's own Pixabay key stays alive.
admin = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
spares = [json.loads(get("/api/v1/keys", admin, "POST", json.dumps({"label": f"spare {number}"}).encode()))["info"]["id"]
          for number in range(40)]
dictionary("key-ids", [str(n) for n in spares])
created = json.loads(get("/api/v1/keys", admin, "POST", json.dumps({"label": "schemathesis"}).encode()))
with open(f"{work}/pixabay-key", "w") as out:
    out.write(created["key"])
dictionary("photo-ids", ids)
dictionary("asset-names", assets)
dictionary("object-ids", [o["objectId"] for o in objects])
dictionary("class-names", ["Resource"])
dictionary("static-versions", [version.group(1)] if version else ["none"])
dictionary("static-paths", ["app.js", "styles.css", "more.css", "grid.js", "viewer.js", "engine.js"])
PY
cp "$root/scripts/schemathesis-strings.dict" "$root/scripts/schemathesis-integers.dict" "$work/"
# Header values must be printable ASCII to be sent at all.
LC_ALL=C grep -E '^"[ -~]*"$' "$root/scripts/schemathesis-strings.dict" | grep -v '\\x' | grep -vE '^" |  *"$' >"$work/header-strings.dict"

cat >"$work/schemathesis.toml" <<'TOML'
[auth.openapi.adminToken]
bearer = "${VITRINE_TOKEN}"

[auth.openapi.pixabayKey]
api_key = "${VITRINE_PIXABAY_KEY}"

[auth.openapi.parseApplicationId]
api_key = "vitrine"

[dictionaries.photo-ids]
from-file = "photo-ids.dict"
[dictionaries.key-ids]
from-file = "key-ids.dict"
[dictionaries.asset-names]
from-file = "asset-names.dict"
[dictionaries.object-ids]
from-file = "object-ids.dict"
[dictionaries.class-names]
from-file = "class-names.dict"
[dictionaries.static-versions]
from-file = "static-versions.dict"
[dictionaries.static-paths]
from-file = "static-paths.dict"

[dictionaries.strings]
from-file = "schemathesis-strings.dict"
[dictionaries.header-strings]
from-file = "header-strings.dict"
[dictionaries.integers]
from-file = "schemathesis-integers.dict"

# A header value with DEL is not HTTP (RFC 9110 field values): NIO refuses it with an empty 400 before
# any route runs, which says nothing about the API.
[generation]
exclude-header-characters = "\u007f"

# Values that break parsers more often than random ones do, mixed into what the generator makes: the edges
# of 64-bit integers into every integer; full-text syntax, odd Unicode and NUL into the text parameters and
# fields; their ASCII ones into headers (HTTP client libraries refuse other header text outright).
[generation.dictionaries]
integer = { dictionary = "integers", probability = 0.2 }

[parameters]
"query.q" = { dictionary = "strings", probability = 0.3 }
"query.tag" = { dictionary = "strings", probability = 0.3 }
"query.cursor" = { dictionary = "strings", probability = 0.2 }
"query.since" = { dictionary = "strings", probability = 0.2 }
"query.title" = { dictionary = "strings", probability = 0.3 }
"query.filename" = { dictionary = "strings", probability = 0.3 }
"query.where" = { dictionary = "strings", probability = 0.3 }
"query.order" = { dictionary = "strings", probability = 0.2 }
"query.keys" = { dictionary = "strings", probability = 0.2 }
"query.colors" = { dictionary = "strings", probability = 0.2 }
"body.title" = { dictionary = "strings", probability = 0.3 }
"body.tags[*]" = { dictionary = "strings", probability = 0.3 }
"body.label" = { dictionary = "strings", probability = 0.3 }
"header.Last-Event-ID" = { dictionary = "header-strings", probability = 0.3 }
"header.Range" = { dictionary = "header-strings", probability = 0.3 }
"header.If-Range" = { dictionary = "header-strings", probability = 0.2 }
"header.If-None-Match" = { dictionary = "header-strings", probability = 0.2 }
"header.Accept" = { dictionary = "header-strings", probability = 0.2 }
"header.Accept-Encoding" = { dictionary = "header-strings", probability = 0.2 }
"path.id" = { dictionary = "photo-ids", probability = 0.5 }
"path.name" = { dictionary = "asset-names", probability = 0.5 }
"path.objectId" = { dictionary = "object-ids", probability = 0.5 }
"path.className" = { dictionary = "class-names", probability = 0.5 }
"path.version" = { dictionary = "static-versions", probability = 0.7 }
"path.path" = { dictionary = "static-paths", probability = 0.7 }

# The change feed never ends by itself: read each stream for a second, then judge the events it sent.
[[operations]]
include-operation-id = "changeFeed"
request-timeout = 1
max-stream-events = 20

[[operations]]
include-operation-id = "revokeKey"
parameters = { "path.id" = { dictionary = "key-ids", probability = 1.0 } }

# Deleting a real photo is fuzzed too, but rarely, so that the others keep something to work on.
[[operations]]
include-operation-id = "deletePhoto"
parameters = { "path.id" = { dictionary = "photo-ids", probability = 0.05 } }
TOML

location=("$base/api/v1/openapi.json")
[ -n "${SCHEMATHESIS_SCHEMA:-}" ] && location=("$(realpath "$SCHEMATHESIS_SCHEMA")" --url "$base")
echo "schemathesis: fuzzing $base for ${max_time}s (seed $seed)"
run_status=0
(
  cd "$work"
  VITRINE_TOKEN="$token" VITRINE_PIXABAY_KEY="$(cat "$work/pixabay-key")" schemathesis --config-file "$work/schemathesis.toml" \
    run "${location[@]}" \
    --checks not_a_server_error,unsupported_method,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
    -H "Authorization: Bearer $token" \
    --seed "$seed" --max-time "$max_time" --workers "$workers" --request-timeout 10 \
    --generation-database none --no-color \
    --report junit --report-dir "$work/report"
) || run_status=$?

alive=0
if kill -0 "$server_pid" 2>/dev/null && healthy; then alive=1; fi
if grep -qE 'Fatal error|unhandled error|Crash|Segmentation' "$work/server.log"; then
  echo "schemathesis: the server logged a crash or an unhandled error:" >&2
  grep -E -B2 -A8 'Fatal error|unhandled error|Crash|Segmentation' "$work/server.log" | head -n 60 >&2
  run_status=1
fi
if [ "$alive" -ne 1 ]; then
  echo "schemathesis: the server died or stopped answering /healthz; its log ends:" >&2
  tail -n 40 "$work/server.log" >&2
  exit 1
fi
if [ "$run_status" -ne 0 ]; then
  echo "schemathesis: failures above (exit $run_status)" >&2
  exit "$run_status"
fi
status=0
echo "schemathesis: passed; the server is alive"
