#!/usr/bin/env bash
# Leaderboard benchmark: COUNT level records in one guild, served by the built jar with a small heap.
# Measures import time, time to the first byte and to the last, the response size, and the JVM's peak RSS.
# Usage: bench/leaderboard.sh [COUNT] [HEAP]      (after: mvn -B -q package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-1000000}
HEAP=${2:-256m}
JAR=app/target/community-bot-api.jar
WORK=$(mktemp -d)
trap 'kill $PID 2>/dev/null || true; rm -rf "$WORK"' EXIT
export DATABASE_URL="jdbc:h2:file:$WORK/db"
PORT=18765

java bench/GenerateLevels.java "$WORK/levels.json" "$COUNT"
echo "data file: $(du -h "$WORK/levels.json" | cut -f1) for $COUNT records"
start=$(date +%s.%N)
java -Xmx1g -jar "$JAR" import "$WORK/levels.json"
echo "import: $(echo "$(date +%s.%N) - $start" | bc) s"

printf '{"guilds":[{"guild_id":"100000000000000001","roles":[],"members":[]}]}' > "$WORK/snapshot.json"
BOT_API_KEY=bench PORT=$PORT GUILD_SNAPSHOT="$WORK/snapshot.json" java -Xmx"$HEAP" -jar "$JAR" > "$WORK/serve.log" 2>&1 &
PID=$!
until grep -q "listening on port" "$WORK/serve.log"; do sleep 0.2; done
for run in 1 2 3; do
  curl -s -o "$WORK/board.json" -H 'X-API-Key: bench' \
    -w "run $run: status %{http_code}, first byte %{time_starttransfer} s, total %{time_total} s, %{size_download} bytes\n" \
    "http://127.0.0.1:$PORT/api/100000000000000001/leaderboard"
done
echo "peak RSS of the service (-Xmx$HEAP): $(grep VmHWM /proc/$PID/status | awk '{print $2/1024 " MiB"}')"
