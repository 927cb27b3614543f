#!/usr/bin/env bash
# Hostile and slow clients (issue 13 item 5) against the built jar on H2: thousands of idle connections, slowloris
# clients that send a byte every 2 s, and clients that ask for the leaderboard of a big guild and never read it.
# Each phase checks its rule (every such connection closed by its timeout, the API answering meanwhile, the pool
# back to idle, the heap bounded) and prints one line; see BENCHMARKS.md. Build first: mvn -B -q package -DskipTests
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/hostile.sh [options]
  --idle N           idle connections (default 10000; the shell's ulimit -n must allow them)
  --slowloris N      slowloris clients (default 1000)
  --stalled N        clients of the big leaderboard that never read (default 20)
  --records N        level records in the big guild (default 1000000; 0 skips the stalled clients)
  --heap SIZE        the service's -Xmx (default 256m)
  --idle-timeout S   IDLE_TIMEOUT in seconds (default 10)
  --read-timeout S   READ_TIMEOUT in seconds (default 10)
  --write-timeout S  WRITE_TIMEOUT in seconds (default 20)
  --jar PATH         the service jar (default app/target/community-bot-api.jar)
  --port P           the API's port, P+1 the management port (default: two free ports)
  -h, --help         this text
Exit status: 0 when every phase kept its rule, 1 otherwise, 2 on bad usage.
USAGE
}

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
JAR="$ROOT/app/target/community-bot-api.jar" IDLE=10000 SLOW=1000 STALLED=20 RECORDS=1000000 HEAP=256m
R_IDLE=10 R_READ=10 R_WRITE=20 PORT= MPORT=
die() { echo "hostile.sh: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --idle) IDLE=$2; shift 2 ;;
    --slowloris) SLOW=$2; shift 2 ;;
    --stalled) STALLED=$2; shift 2 ;;
    --records) RECORDS=$2; shift 2 ;;
    --heap) HEAP=$2; shift 2 ;;
    --idle-timeout) R_IDLE=$2; shift 2 ;;
    --read-timeout) R_READ=$2; shift 2 ;;
    --write-timeout) R_WRITE=$2; shift 2 ;;
    --jar) JAR=$2; shift 2 ;;
    --port) PORT=$2; MPORT=$(($2 + 1)); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
[[ -f $JAR ]] || die "no jar at $JAR (mvn -B -q package -DskipTests)"
[[ $RECORDS -gt 0 ]] || STALLED=0
ulimit -n $((IDLE + SLOW + 1000)) 2>/dev/null || die "ulimit -n $((IDLE + SLOW + 1000)) refused: fewer --idle"

WORK=$(mktemp -d /tmp/hostile-bench-XXXXXX)
PID=
cleanup() {
  [[ -n $PID ]] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
KEY=bench-key GUILD=100000000000000001
export DATABASE_URL="jdbc:h2:file:$WORK/db"
unset DATABASE_USER DATABASE_PASSWORD DISCORD_TOKEN DISCORD_API_URL

if [[ $RECORDS -gt 0 ]]; then
  echo "== $RECORDS records in guild $GUILD, imported"
  java "$HERE/GenerateLevels.java" "$WORK/levels.json" "$RECORDS" --snapshot "$WORK/snapshot.json" --members 300 \
    > "$WORK/generate.log" 2>&1 || { cat "$WORK/generate.log" >&2; exit 1; }
  java -Xmx1g -jar "$JAR" import "$WORK/levels.json" > "$WORK/import.log" 2>&1 \
    || { tail -20 "$WORK/import.log" >&2; exit 1; }
  rm -f "$WORK/levels.json"
else
  echo '{"guilds":[]}' > "$WORK/snapshot.json"
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
[[ -n $PORT ]] || { PORT=$(free_port); MPORT=$(free_port); }
echo "== serving on port $PORT with -Xmx$HEAP, IDLE_TIMEOUT=${R_IDLE}s READ_TIMEOUT=${R_READ}s WRITE_TIMEOUT=${R_WRITE}s"
BOT_API_KEY=$KEY PORT=$PORT MANAGEMENT_PORT=$MPORT GUILD_SNAPSHOT="$WORK/snapshot.json" \
  IDLE_TIMEOUT=${R_IDLE}s READ_TIMEOUT=${R_READ}s WRITE_TIMEOUT=${R_WRITE}s \
  java -Xmx"$HEAP" -Djava.io.tmpdir="$WORK" -jar "$JAR" > "$WORK/serve.log" 2>&1 &
PID=$!
for _ in $(seq 120); do
  curl -sf -o /dev/null "http://127.0.0.1:$MPORT/health/liveness" && break
  kill -0 "$PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
  sleep 0.5
done

echo "== clients"
status=0
python3 "$HERE/hostile_clients.py" "$PORT" "$MPORT" "$PID" "$KEY" "$GUILD" \
  "$IDLE" "$R_IDLE" "$SLOW" "$R_READ" "$STALLED" "$R_WRITE" || status=1
echo "== service log: $(grep -c 'did not arrive whole' "$WORK/serve.log" || true) slow requests closed," \
  "$(grep -c 'has read nothing of its response' "$WORK/serve.log" || true) stalled readers closed," \
  "$(grep -c -E ' ERROR ' "$WORK/serve.log" || true) ERROR lines"
exit $status
