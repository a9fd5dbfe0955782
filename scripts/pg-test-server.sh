#!/usr/bin/env bash
# Starts (or reuses) a throwaway PostgreSQL server for the tests on a loopback port and prints its URL.
# Needs Debian's postgresql package (.ci/run installs it). Usage: scripts/pg-test-server.sh [start|stop]
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "${PGBIN}" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 3
fi
PGDATA=${AGENDUM_PGDATA:-/tmp/agendum-pg}
PGPORT=${AGENDUM_PGPORT:-55432}
RUN_AS=()
if [ "$(id -u)" = 0 ]; then RUN_AS=(su postgres -s /bin/sh -c); fi
run() { if [ ${#RUN_AS[@]} -gt 0 ]; then "${RUN_AS[@]}" "$*"; else sh -c "$*"; fi; }

case "${1:-start}" in
  start)
    mkdir -p "$PGDATA"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDATA"; fi
    chmod 700 "$PGDATA"
    [ -f "$PGDATA/PG_VERSION" ] || run "$PGBIN/initdb -D $PGDATA -U postgres -A trust -E UTF8 --no-locale" >/dev/null
    if ! run "$PGBIN/pg_ctl -D $PGDATA status" >/dev/null 2>&1; then
      run "$PGBIN/pg_ctl -D $PGDATA -l $PGDATA/log -w -t 30 start -o '-p $PGPORT -k $PGDATA -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off'" >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    run "$PGBIN/pg_ctl -D $PGDATA -m fast -w stop" >/dev/null 2>&1 || true
    ;;
esac
