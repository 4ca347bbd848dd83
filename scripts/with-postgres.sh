#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster on loopback, with
# TEST_DATABASE_URL pointing at it; the cluster is stopped and removed after.
#   scripts/with-postgres.sh npm test
set -euo pipefail

pg_bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "with-postgres: PostgreSQL not found. Install it (Debian: apt-get install -y postgresql) or set PG_BIN." >&2
  exit 1
fi

dir="$(mktemp -d /tmp/nayacompare-pg.XXXXXX)"
port="$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

# initdb refuses to run as root: use the postgres user then.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  # runuser lives in sbin, which a minimal PATH (env -i, some CI runners) leaves out.
  runuser_bin="$(command -v runuser || ls /usr/sbin/runuser /sbin/runuser 2>/dev/null | head -n 1)"
  [ -n "$runuser_bin" ] || { echo "with-postgres: runuser not found (util-linux)" >&2; exit 1; }
  as_owner=("$runuser_bin" -u postgres --)
fi

stop_cluster() {
  "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop_cluster EXIT

"${as_owner[@]}" "$pg_bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" -w start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

set +e
"$@"
status=$?
set -e
exit "$status"
