#!/usr/bin/env bash
# Drives two published third-party clients, ParsePy (parse_rest) and pixabay-python, and a client generated
# from the served OpenAPI document (openapi-python-client), against a real `vitrine serve`: a throwaway data
# folder, a few demo photos imported with `vitrine import`, an API key from `vitrine key create`, the admin
# token. The OpenAPI contract tests also start servers of their own with the binary.
# Env: VITRINE_BINARY (default .build/debug/vitrine). Extra arguments go to pytest.
set -euo pipefail
export VIPS_WARNING=0
cd "$(dirname "${BASH_SOURCE[0]}")/.."
binary="${VITRINE_BINARY:-$PWD/.build/debug/vitrine}"
[ -x "$binary" ] || { echo "no vitrine binary at $binary (swift build first)" >&2; exit 1; }

root="$(mktemp -d "${TMPDIR:-/tmp}/vitrine-clients.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$root"
}
trap cleanup EXIT

# Photos with spaces in their names (the Parse `where` filters match them), one small and one tall.
walls=/usr/share/wallpapers
photos="$root/photos"
mkdir -p "$photos"
cp "$walls/ColorfulCups/contents/images/2560x1600.jpg" "$photos/Colorful Cups.jpg"
cp "$walls/BytheWater/contents/images/2560x1600.jpg" "$photos/By the Water.jpg"
cp "$walls/Kite/contents/images/2560x1600.jpg" "$photos/Kite.jpg"
vipsthumbnail "$walls/Kite/contents/images/2560x1600.jpg" --size 800x -o "$photos/Small Kite.jpg[Q=85]"
vips rot "$walls/Path/contents/images/2560x1600.jpg" "$photos/Tall Path.jpg[Q=85]" d90

data="$root/data"
"$binary" import --data "$data" "$photos" >"$root/import.log"
key="$("$binary" key create --data "$data" --label client-tests | tail -n 1)"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
app_id="client-tests"
"$binary" serve --data "$data" --port "$port" --web "$root/no-web" --parse-app-id "$app_id" \
  >"$root/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
    "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$root/server.log" >&2; exit 1; }
  sleep 0.1
done

status=0
VITRINE_URL="http://127.0.0.1:$port" VITRINE_KEY="$key" PARSE_APP_ID="$app_id" CLIENT_PHOTOS="$photos" \
  VITRINE_TOKEN="$(cat "$data/admin-token")" VITRINE_BINARY="$binary" \
  python3 -m pytest -q -p no:cacheprovider Tests/Clients "$@" || status=$?
kill -0 "$server_pid" 2>/dev/null || { echo "the server died:" >&2; tail -50 "$root/server.log" >&2; status=1; }
exit "$status"
