#!/usr/bin/env bash
# A throwaway PostgreSQL server in a folder: for the tests, `make cluster` and the benchmarks.
# Usage: scripts/pg.sh start DIR PORT   initialises DIR on first use, starts a server on 127.0.0.1:PORT
#                                        (socket in DIR), trust authentication for user postgres; idempotent.
#        scripts/pg.sh stop DIR          stops it (fast shutdown); idempotent.
#        scripts/pg.sh restart DIR       stops and starts it on the same port.
# initdb refuses to run as root, so as root the server runs as the `postgres` system user.
# The server's standard streams go to files: it outlives this script, and a caller reading this script's
# output through pipes would otherwise wait for the server to exit.
set -euo pipefail

cmd="${1:?usage: pg.sh start DIR PORT | stop DIR | restart DIR}"
dir="${2:?DIR missing}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$bin/initdb" ] || { echo "pg.sh: PostgreSQL is not installed (scripts/install-deps.sh)" >&2; exit 1; }
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "$cmd" in
  start)
    port="${3:?PORT missing}"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      rm -rf "$dir/data"
      as_owner "'$bin/initdb' -D '$dir/data' -A trust -U postgres -E UTF8 --no-locale" >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    echo "$port" >"$dir/port"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir/port"
    if as_owner "'$bin/pg_ctl' -D '$dir/data' status" >/dev/null 2>&1; then exit 0; fi
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -t 60 \
      -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c max_connections=300 -c fsync=on\" start" \
      </dev/null >"$dir/pg_ctl.out" 2>&1 \
      || { cat "$dir/pg_ctl.out" >&2; tail -20 "$dir/log" >&2; exit 1; }
    ;;
  stop)
    [ -f "$dir/data/PG_VERSION" ] || exit 0
    as_owner "'$bin/pg_ctl' -D '$dir/data' status" >/dev/null 2>&1 || exit 0
    as_owner "'$bin/pg_ctl' -D '$dir/data' -m fast -w -t 60 stop" >/dev/null
    ;;
  restart)
    "$0" stop "$dir"
    "$0" start "$dir" "$(cat "$dir/port")"
    ;;
  *) echo "pg.sh: unknown command $cmd" >&2; exit 2 ;;
esac
