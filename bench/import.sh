#!/usr/bin/env bash
# Import benchmark (issue 13 item 1): times the jar's `import` of a data file of N level records in one guild
# into a fresh store, and the plain JDBC loader (bench/PlainLoader.java: batched upserts in one transaction)
# on another fresh store with the same schema and data. On H2 it samples the size of all the store's files (its
# directory) every 0.1 s during the import (the peak) and after it (final). Prints: import s, plain s, ratio, peak file, final file,
# ratio. Build the jar first: mvn -B -q -pl app -am package -DskipTests
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/import.sh [options]
  --store h2|postgres   store (default h2; postgres: fresh databases on 127.0.0.1:5432, user postgres)
  --records N           level records in the guild (default 1000000)
  --jar PATH            the service jar (default app/target/community-bot-api.jar)
  --heap SIZE           -Xmx of the import and of the plain loader (default 1g)
  --skip-plain          time the jar's import only
  --plain-notrigger     the plain loader drops the guild-size triggers first (the bare table, issue 13's yardstick)
  --twice               then import the same file again into the filled store (timed, peak and final size)
  --h2-options OPTS     appended to the H2 URL of both stores, e.g. ';RETENTION_TIME=0' (to try H2 settings)
  --markdown FILE       also append the figures as a Markdown table row to FILE
USAGE
}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
STORE=h2 RECORDS=1000000 JAR="$ROOT/app/target/community-bot-api.jar" HEAP=1g PLAIN=1 MARKDOWN= H2OPTS= PLAINARGS= TWICE=0
die() { echo "import.sh: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --store) STORE=${2:?}; shift 2 ;;
    --records) RECORDS=${2:?}; shift 2 ;;
    --jar) JAR=${2:?}; shift 2 ;;
    --heap) HEAP=${2:?}; shift 2 ;;
    --skip-plain) PLAIN=0; shift ;;
    --plain-notrigger) PLAINARGS="1000 notrigger"; shift ;;
    --twice) TWICE=1; shift ;;
    --h2-options) H2OPTS=${2:?}; shift 2 ;;
    --markdown) MARKDOWN=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
[[ $STORE == h2 || $STORE == postgres ]] || die "--store must be h2 or postgres, not $STORE"
[[ $RECORDS =~ ^[1-9][0-9]*$ ]] || die "--records must be a positive integer, not $RECORDS"
[[ -f $JAR ]] || { echo "import.sh: no jar at $JAR; build it with: mvn -B -q -pl app -am package -DskipTests" >&2; exit 1; }
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
PGARGS=(-h 127.0.0.1 -p 5432 -U postgres)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/import-bench.XXXXXX")
DBS=() SAMPLER=
cleanup() {
  set +e
  [[ -n $SAMPLER ]] && kill "$SAMPLER" 2>/dev/null
  for db in "${DBS[@]}"; do dropdb "${PGARGS[@]}" --if-exists --force "$db" 2>/dev/null; done
  rm -rf "$WORK"
}
trap cleanup EXIT
now() { date +%s.%N; }
secs() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }
mib() { python3 -c "import sys; print(f'{int(sys.argv[1]) / 1048576:.0f}')" "$1"; }

# A fresh store: sets URL and USER. H2: a new directory; PostgreSQL: a new database, dropped at exit.
fresh_store() {
  if [[ $STORE == h2 ]]; then
    mkdir -p "$WORK/$1"; URL="jdbc:h2:file:$WORK/$1/db$H2OPTS"; USER_=-
  else
    local db="store_import_$$_$1"; createdb "${PGARGS[@]}" "$db"; DBS+=("$db")
    URL="jdbc:postgresql://127.0.0.1:5432/$db"; USER_=postgres
  fi
}
# Size of the store on disk in bytes: on H2 every file in the store's directory (the store's file, and during an
# import its new file, H2's .tempFile of SHUTDOWN COMPACT and the sort runs), or the PostgreSQL database.
store_size() {
  if [[ $STORE == h2 ]]; then find "$1" -type f -printf '%s\n' 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'
  else psql "${PGARGS[@]}" -d postgres -XAtc "SELECT pg_database_size('$2')" 2>/dev/null || echo 0; fi
}
sample() { # dir db: prints the peak size seen every 0.1 s until killed, to $WORK/peak.<dir>
  local peak=0 s
  while true; do
    s=$(store_size "$WORK/$1" "$2"); ((s > peak)) && { peak=$s; echo $peak > "$WORK/peak.$1"; }
    sleep 0.1
  done
}
run_jar() { # args... with the store's environment
  if [[ $USER_ == - ]]; then DATABASE_URL=$URL java -Xmx$HEAP -jar "$JAR" "$@"
  else DATABASE_URL=$URL DATABASE_USER=$USER_ java -Xmx$HEAP -jar "$JAR" "$@"; fi
}

echo "== generating $RECORDS records"
java "$HERE/GenerateLevels.java" "$WORK/levels.json" "$RECORDS" > /dev/null
echo "   data file $(du -h "$WORK/levels.json" | cut -f1)"
# An empty data file: the jar's import of it creates the schema (Flyway) and writes nothing.
echo '{"levels": []}' > "$WORK/empty.json"

# --- the jar's import ----------------------------------------------------------------------------------------
fresh_store jar; JAR_DB=store_import_$$_jar
run_jar import "$WORK/empty.json" > "$WORK/schema.log" 2>&1 || { cat "$WORK/schema.log" >&2; exit 1; }
echo 0 > "$WORK/peak.jar"
sample jar "$JAR_DB" & SAMPLER=$!
echo "== jar import into $STORE"
t0=$(now)
run_jar import "$WORK/levels.json" > "$WORK/import.log" 2>&1 || { echo "import.sh: import failed" >&2; tail -20 "$WORK/import.log" >&2; exit 1; }
IMPORT_S=$(secs "$t0" "$(now)")
sleep 0.6; kill $SAMPLER; wait $SAMPLER 2>/dev/null || true; SAMPLER=
PEAK=$(cat "$WORK/peak.jar")
AFTER=$(store_size "$WORK/jar" "$JAR_DB")
# Final size: after the store has been opened and closed once more (what a restart would leave), by an export, which
# only reads (an import into an H2 file rewrites the store).
run_jar export "$WORK/reopen.json" > "$WORK/reopen.log" 2>&1 || { cat "$WORK/reopen.log" >&2; exit 1; }
FINAL=$(store_size "$WORK/jar" "$JAR_DB")
echo "   import $IMPORT_S s; store peak $(mib $PEAK) MiB, right after $(mib $AFTER) MiB, after a reopen $(mib $FINAL) MiB"

TWICE_ROW=
if [[ $TWICE == 1 ]]; then
  echo 0 > "$WORK/peak.jar"
  sample jar "$JAR_DB" & SAMPLER=$!
  echo "== the same file imported again into the filled store"
  t0=$(now)
  run_jar import "$WORK/levels.json" > "$WORK/import2.log" 2>&1 || { echo "import.sh: second import failed" >&2; tail -20 "$WORK/import2.log" >&2; exit 1; }
  IMPORT2_S=$(secs "$t0" "$(now)")
  sleep 0.6; kill $SAMPLER; wait $SAMPLER 2>/dev/null || true; SAMPLER=
  PEAK2=$(cat "$WORK/peak.jar"); AFTER2=$(store_size "$WORK/jar" "$JAR_DB")
  echo "   second import $IMPORT2_S s; store peak $(mib $PEAK2) MiB, after $(mib $AFTER2) MiB"
  TWICE_ROW="| $STORE (again, into the filled store) | $RECORDS | $IMPORT2_S | - | - | $(mib $PEAK2) | $(mib $AFTER2) | - | $(python3 -c "import sys; print(f'{int(sys.argv[1]) / int(sys.argv[2]):.2f}')" "$PEAK2" "$AFTER2") (of after) |"
fi

# --- the plain loader ------------------------------------------------------------------------------------------
PLAIN_S=- PPEAK=0 PFINAL=0
if [[ $PLAIN == 1 ]]; then
  fresh_store plain; PLAIN_DB=store_import_$$_plain
  run_jar import "$WORK/empty.json" > "$WORK/schema2.log" 2>&1 || { cat "$WORK/schema2.log" >&2; exit 1; }
  echo 0 > "$WORK/peak.plain"
  sample plain "$PLAIN_DB" & SAMPLER=$!
  echo "== plain JDBC loader into $STORE"
  t0=$(now)
  java -Xmx$HEAP -cp "$JAR" "$HERE/PlainLoader.java" "$URL" "$USER_" "$WORK/levels.json" $PLAINARGS 2>&1 | sed 's/^/   /'
  PLAIN_S=$(secs "$t0" "$(now)")
  sleep 0.6; kill $SAMPLER; wait $SAMPLER 2>/dev/null || true; SAMPLER=
  PPEAK=$(cat "$WORK/peak.plain"); PFINAL=$(store_size "$WORK/plain" "$PLAIN_DB")
  echo "   plain $PLAIN_S s (JVM start and compile included); store peak $(mib $PPEAK) MiB, after $(mib $PFINAL) MiB"
fi

ratio() { python3 -c "import sys; a, b = sys.argv[1:]; print('-' if b in ('-', '0') else f'{float(a) / float(b):.2f}')" "$1" "$2"; }
echo
echo "| store | records | import s | plain s | ratio | peak store MiB | after import MiB | after reopen MiB | peak / after reopen |"
ROW="| $STORE | $RECORDS | $IMPORT_S | $PLAIN_S | $(ratio "$IMPORT_S" "$PLAIN_S") | $(mib $PEAK) | $(mib $AFTER) | $(mib $FINAL) | $(ratio "$PEAK" "$FINAL") |"
echo "$ROW"
[[ -n $TWICE_ROW ]] && echo "$TWICE_ROW"
[[ -n $MARKDOWN ]] && { echo "$ROW" >> "$MARKDOWN"; [[ -z $TWICE_ROW ]] || echo "$TWICE_ROW" >> "$MARKDOWN"; }
exit 0
