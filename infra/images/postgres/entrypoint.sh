#!/bin/bash
# Initialises the cluster in $PGDATA on first start, then runs postgres in the foreground.
# TEST IMAGE SETTINGS: no passwords (trust for every host), durability off (fsync, synchronous_commit,
# full_page_writes). Never use these settings for data you want to keep. A deployment sets
# POSTGRES_PASSWORD (first start: password auth, scram-sha-256, for every network connection) and turns
# durability back on with arguments (`-c fsync=on …`, passed on to postgres), as infra/deploy does.
set -euo pipefail
: "${PGDATA:=/var/lib/postgresql/data}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  host_auth=trust
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then
    host_auth=scram-sha-256
    initdb --pgdata="$PGDATA" --username=postgres --auth-local=trust --auth-host=scram-sha-256 \
      --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --encoding=UTF8 --locale=C.UTF-8 --no-sync >/dev/null
  else
    initdb --pgdata="$PGDATA" --username=postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >/dev/null
  fi
  cat >>"$PGDATA/postgresql.conf" <<CONF
# --- sais test image settings ---
listen_addresses = '*'
max_connections = ${POSTGRES_MAX_CONNECTIONS:-300}
fsync = off
synchronous_commit = off
full_page_writes = off
dynamic_shared_memory_type = mmap
unix_socket_directories = '/var/run/postgresql'
CONF
  printf 'local all all trust\nhost all all 0.0.0.0/0 %s\nhost all all ::/0 %s\n' "$host_auth" "$host_auth" >"$PGDATA/pg_hba.conf"
  echo "sais-postgres: initialised $PGDATA"
fi
exec postgres -D "$PGDATA" "$@"
