#!/usr/bin/env bash
# `make cluster`: the gallery served by two API servers and rendered by two workers, on one machine.
#
#   a throwaway PostgreSQL (scripts/pg.sh)         the catalog and the job queue everything shares
#   the S3 peer (Tests/S3Support/s3peer.py)        the bucket everything shares, signatures checked
#   vitrine serve A and B (--trust-proxy)          API only (--workers 0); uploads answer at once and
#                                                  queue their renders (--upload-renders queued)
#   vitrine worker 1 and 2                         the queue's renders, sizes, purges and collections
#   nginx, deploy/nginx/vitrine.conf               sticky-less round robin on 127.0.0.1:PORT
#
# Each process has a data folder of its own (tmp/, and a server's admin-token).
# Imports the demo photos through server A (`--demo`: only when the catalog is empty), prints the URL and
# the admin token, and stays in the foreground; Ctrl-C or SIGTERM stops everything, in order. Everything
# lives under .build/cluster/: a second run reuses the database, and the bucket's objects (moto keeps them
# in memory; they are saved to .build/cluster/s3/saved when the cluster stops and put back when it starts).
#
# Environment: PORT (nginx, default 8080), SERVER_PORTS (default "PORT+1 PORT+2"), PG_PORT (default 55439),
# WORKERS (default 2), CLUSTER_DIR (default .build/cluster), VITRINE_BINARY (default .build/release/vitrine, built here),
# SKIP_BUILD=1 to use the binary as it is.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

port="${PORT:-8080}"
read -r -a server_ports <<<"${SERVER_PORTS:-$((port + 1)) $((port + 2))}"
pg_port="${PG_PORT:-55439}"
workers="${WORKERS:-2}"
state="${CLUSTER_DIR:-.build/cluster}"
bucket="vitrine-cluster"
database="vitrine"

say() { printf 'cluster: %s\n' "$*" >&2; }

if [ -z "${SKIP_BUILD:-}" ]; then
  scripts/install-deps.sh cluster
  scripts/build-wasm.sh >/dev/null
  swift build -c release --static-swift-stdlib --product vitrine
fi
vitrine="${VITRINE_BINARY:-$root/.build/release/vitrine}"
[ -x "$vitrine" ] || { say "no vitrine binary at $vitrine"; exit 1; }

for p in "$port" "${server_ports[@]}"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    say "port $p is taken (another cluster still running?); set PORT or SERVER_PORTS"
    exit 1
  fi
done

mkdir -p "$state"
state="$(cd "$state" && pwd)"
mkdir -p "$state/s3/peer" "$state/nginx"

pids=()
nginx_pid=""
peer_pid=""
stopping=0

# Stops what runs, last started first, each given time to finish; the bucket is saved before its peer goes.
stop_all() {
  [ "$stopping" -eq 1 ] && return
  stopping=1
  trap '' INT TERM
  say "stopping"
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill -QUIT "$nginx_pid" 2>/dev/null || true
  fi
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}" $nginx_pid; do
    for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ -n "$peer_pid" ] && kill -0 "$peer_pid" 2>/dev/null; then
    peer_env python3 scripts/cluster-bucket.py save "$state/s3/saved" "$bucket" >&2 || say "the bucket was not saved"
    exec 3>&-
    for _ in $(seq 100); do kill -0 "$peer_pid" 2>/dev/null || break; sleep 0.1; done
    kill -TERM "$peer_pid" 2>/dev/null || true
  fi
  scripts/pg.sh stop "$state/pg" || true
  say "stopped"
}
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap 'stop_all' EXIT

# Every child runs in a session of its own (setsid), so a Ctrl-C reaches only this script, which stops
# them in order (the bucket must be saved while the peer still runs).

say "PostgreSQL on 127.0.0.1:$pg_port ($state/pg)"
scripts/pg.sh start "$state/pg" "$pg_port"
if ! psql -h 127.0.0.1 -p "$pg_port" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$database'" \
  | grep -q 1; then
  psql -h 127.0.0.1 -p "$pg_port" -U postgres -qc "CREATE DATABASE $database" >/dev/null
fi
catalog="postgres://postgres@127.0.0.1:$pg_port/$database?sslmode=disable"

say "S3 peer"
rm -f "$state/s3/peer.json"
exec 3> >(exec setsid python3 Tests/S3Support/s3peer.py serve "$state/s3/peer" >"$state/s3/peer.json" 2>"$state/s3/peer.log")
peer_pid=$!
for _ in $(seq 600); do
  [ -s "$state/s3/peer.json" ] && break
  kill -0 "$peer_pid" 2>/dev/null || break
  sleep 0.1
done
peer_field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$state/s3/peer.json" "$1"; }
[ -s "$state/s3/peer.json" ] || { say "the S3 peer did not start; see $state/s3/peer.log"; exit 1; }
endpoint="$(peer_field endpoint)"
key="$(peer_field accessKeyId)"
secret="$(peer_field secretAccessKey)"
region="$(peer_field region)"
peer_env() { S3PEER_ENDPOINT="$endpoint" S3PEER_KEY="$key" S3PEER_SECRET="$secret" "$@"; }
peer_env python3 scripts/cluster-bucket.py restore "$state/s3/saved" "$bucket" >&2

export VITRINE_CATALOG_URL="$catalog"
export AWS_ACCESS_KEY_ID="$key" AWS_SECRET_ACCESS_KEY="$secret" AWS_REGION="$region"
unset AWS_SESSION_TOKEN
s3_flags=(--blobs "s3://$bucket/library" --s3-endpoint "$endpoint" --s3-region "$region" --s3-path-style)

# Starts one server and waits for /healthz; the first one imports the demo (only into an empty catalog).
start_server() {
  local name="$1" server_port="$2"
  shift 2
  mkdir -p "$state/$name"
  say "server $name on 127.0.0.1:$server_port (log $state/$name.log)"
  setsid "$vitrine" serve --data "$state/$name" --catalog "$catalog" "${s3_flags[@]}" \
    --host 127.0.0.1 --port "$server_port" --web "$root/Web" --trust-proxy --workers 0 --upload-renders queued \
    "$@" >>"$state/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 600); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$server_port/healthz" 2>/dev/null; then return 0; fi
    kill -0 "${pids[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  say "server $name did not start:"
  tail -20 "$state/$name.log" >&2
  exit 1
}
letters=(a b c d e f g h i j k l m n o p q r s t u v w x y z)
names=()
for i in "${!server_ports[@]}"; do
  names+=("${letters[$i]}")
  if [ "$i" -eq 0 ]; then start_server a "${server_ports[0]}" --demo; else start_server "${letters[$i]}" "${server_ports[$i]}"; fi
done

worker_names=()
for i in $(seq "$workers"); do
  mkdir -p "$state/worker-$i"
  say "worker $i (log $state/worker-$i.log)"
  setsid "$vitrine" worker --data "$state/worker-$i" --catalog "$catalog" "${s3_flags[@]}" \
    >>"$state/worker-$i.log" 2>&1 &
  pids+=($!)
  worker_names+=("worker-$i")
done

# deploy/nginx/vitrine.conf with this machine's ports: the upstream's server lines and the listen line.
upstream=""
for p in "${server_ports[@]}"; do upstream+="    server 127.0.0.1:$p max_fails=1 fail_timeout=5s;\n"; done
awk -v upstream="$upstream" -v listen="    listen 127.0.0.1:$port;" '
  /^    server 127\.0\.0\.1:[0-9]+/ { if (!done) { printf "%s", upstream; done = 1 } next }
  /^    listen / { print listen; next }
  { print }' deploy/nginx/vitrine.conf >"$state/nginx/vitrine.conf"
cat >"$state/nginx/nginx.conf" <<EOF
# Written by scripts/cluster.sh: a foreground nginx whose files all live in this folder.
worker_processes 2;
pid $state/nginx/nginx.pid;
error_log $state/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log $state/nginx/access.log;
    client_body_temp_path $state/nginx/client_body;
    proxy_temp_path $state/nginx/proxy;
    fastcgi_temp_path $state/nginx/fastcgi;
    uwsgi_temp_path $state/nginx/uwsgi;
    scgi_temp_path $state/nginx/scgi;
    include $state/nginx/vitrine.conf;
}
EOF
nginx -t -q -p "$state/nginx" -e "$state/nginx/error.log" -c "$state/nginx/nginx.conf"
say "nginx on 127.0.0.1:$port"
setsid nginx -p "$state/nginx" -e "$state/nginx/error.log" -c "$state/nginx/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
for _ in $(seq 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break
  kill -0 "$nginx_pid" 2>/dev/null || { say "nginx did not start; see $state/nginx/error.log"; exit 1; }
  sleep 0.1
done

token="$(cat "$state/${names[0]}/admin-token" 2>/dev/null || true)"
cat <<EOF

  Vitrine on http://127.0.0.1:$port/  (servers ${names[*]} on ${server_ports[*]}, round robin;
                                      $workers workers render what they queue)
  Admin token: ${token:-see $state/${names[0]}/admin-token}
  Catalog:     $catalog
  Bucket:      s3://$bucket/library on $endpoint
  Logs:        $state/{$(IFS=,; echo "${names[*]} ${worker_names[*]}" | tr ' ' ',')}.log, $state/nginx/, $state/pg/log
  The demo photos are imported by server ${names[0]} in the background (first run only). Ctrl-C stops.

EOF

# Runs until Ctrl-C or SIGTERM, or until a process ends by itself (then everything stops).
wait -n "${pids[@]}" "$nginx_pid" || true
if [ "$stopping" -eq 0 ]; then say "a process ended by itself; see the logs in $state"; fi
stop_all
exit 1
