#!/bin/sh
# Start PostgreSQL; on the first start, make the cluster, the quitlok user (password from
# QUITLOK_DB_PASSWORD) and its database, reachable with a password from the setup's own network only.
set -eu
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
: "${QUITLOK_DB_PASSWORD:?the database password is missing: deploy/school-server writes one to deploy/.env}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    pw=$(mktemp)
    printf '%s\n' "$QUITLOK_DB_PASSWORD" > "$pw"
    "$BIN/initdb" --pgdata="$PGDATA" --username=quitlok --pwfile="$pw" --auth-local=peer \
        --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 > /dev/null
    rm -f "$pw"
    echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "host all all ::/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
    "$BIN/pg_ctl" --pgdata="$PGDATA" --options="-c listen_addresses=127.0.0.1" --wait start > /dev/null
    PGPASSWORD="$QUITLOK_DB_PASSWORD" "$BIN/psql" --host=127.0.0.1 --username=quitlok --dbname=postgres \
        --quiet --command="CREATE DATABASE quitlok OWNER quitlok"
    "$BIN/pg_ctl" --pgdata="$PGDATA" --wait stop > /dev/null
fi
exec "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*' -c max_connections=200
