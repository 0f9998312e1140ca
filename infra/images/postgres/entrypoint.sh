#!/bin/bash
# Initialises the cluster in $PGDATA on first start, then runs postgres in the foreground.
# TEST IMAGE SETTINGS: no passwords (trust for every host), durability off (fsync, synchronous_commit,
# full_page_writes). Never use this image for data you want to keep.
set -euo pipefail
: "${PGDATA:=/var/lib/postgresql/data}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  initdb --pgdata="$PGDATA" --username=postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >/dev/null
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
  printf 'local all all trust\nhost all all 0.0.0.0/0 trust\nhost all all ::/0 trust\n' >"$PGDATA/pg_hba.conf"
  echo "sais-postgres: initialised $PGDATA"
fi
exec postgres -D "$PGDATA" "$@"
