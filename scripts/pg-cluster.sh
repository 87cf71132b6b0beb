#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests: `scripts/pg-cluster.sh start` prints its URL,
# `scripts/pg-cluster.sh stop` removes it. initdb refuses root, so the cluster runs as `postgres`.
set -euo pipefail
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}
DIR=${PG_TEST_DIR:-/tmp/family-locator-pg}
PORT=${PG_TEST_PORT:-54329}
URL="postgresql://postgres@127.0.0.1:${PORT}/postgres"
as_pg() { if [[ $(id -u) == 0 ]]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

case "${1:-start}" in
  start)
    [[ -x "$PGBIN/initdb" ]] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
    if ! as_pg "$PGBIN/pg_ctl -D $DIR status" >/dev/null 2>&1; then
      rm -rf "$DIR"; mkdir -p "$DIR"
      [[ $(id -u) == 0 ]] && chown postgres "$DIR"
      as_pg "$PGBIN/initdb -D $DIR -U postgres --auth=trust -E UTF8 >/dev/null"
      as_pg "$PGBIN/pg_ctl -D $DIR -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200' -l $DIR/log -w start >/dev/null"
    fi
    echo "$URL"
    ;;
  stop)
    as_pg "$PGBIN/pg_ctl -D $DIR -m fast stop" >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
esac
