#!/usr/bin/env bash
# LISTEN/NOTIFY beside polling (issue 31; docs/store.md "The live streams poll the log"): a fresh PostgreSQL
# database migrated by the service's jar (its `import` of examples/data.json), then bench/NotifyBench.java, whose
# rounds alternate the store as the service makes it with the same store plus a trigger that notifies every
# event, and print what each write costs the bot and how soon a listener hears of it. Build the jar first:
# mvn -B -q package -DskipTests
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/notify.sh [options]
  --rate R       the bot's writes a second, all writers together (default 1000)
  --seconds T    seconds of each phase (default 20)
  --rounds N     rounds of the two phases, which goes first alternating (default 2)
  --writers W    the bot's connections writing side by side (default 1)
  --jar PATH     the service jar (default app/target/community-bot-api.jar)
  -h, --help     this text
Needs java, psql (apt-get install -y postgresql-client) and a server on 127.0.0.1:5432 trusting postgres.
Exit status: 0 when every notification arrived once, 1 otherwise, 2 on bad usage.
USAGE
}

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RATE=1000 SECONDS_=20 ROUNDS=2 WRITERS=1 JAR="$ROOT/app/target/community-bot-api.jar"
while (($#)); do
  case "$1" in
    --rate) RATE=$2; shift 2 ;;
    --seconds) SECONDS_=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --writers) WRITERS=$2; shift 2 ;;
    --jar) JAR=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done
[[ -f $JAR ]] || { echo "notify.sh: no jar at $JAR (mvn -B -q package -DskipTests)" >&2; exit 1; }

DB=notify_bench_$$
cleanup() { psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; }
trap cleanup EXIT
psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $DB" >/dev/null
env -i PATH="$PATH" DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" DATABASE_USER=postgres \
  java -jar "$JAR" import "$ROOT/examples/data.json" >/dev/null

echo "- $(date -u +%Y-%m-%dT%H:%MZ), commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- $WRITERS writer(s), $RATE writes a second in all, $SECONDS_ s a phase, $ROUNDS rounds"
java -cp "$JAR" "$HERE/NotifyBench.java" --jdbc "jdbc:postgresql://127.0.0.1:5432/$DB?user=postgres" \
  --rate "$RATE" --seconds "$SECONDS_" --rounds "$ROUNDS" --writers "$WRITERS"
