#!/usr/bin/env bash
# The live XP log's benchmark (issue 31; docs/api.md "The live XP log"): two instances of the service on one
# PostgreSQL database, S streams of /api/{guild}/xp_log/stream spread over both (one guild each over G guilds),
# K stalled readers that never read, then the bot (plain JDBC) writing R level records a second for T seconds,
# round robin over the guilds (bench/StreamBench.java). Checks that every stream got every event of its guild once
# and in order (exit 1 if not), and reports the delivery latency (read time minus write time, one clock), each
# instance's heap after a full GC before and with the streams open (heap per stream), and its CPU while the events
# flow. Build the jar first: mvn -B -q package -DskipTests
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/stream.sh [options]
  --streams S    streams in all, half on each instance (default 1000)
  --guilds G     guilds the streams and the writes go round (default S)
  --rate R       the bot's writes a second (default 1000)
  --seconds T    how long the bot writes (default 30)
  --stalled K    readers that ask for a stream and read nothing (default 10)
  --heap SIZE    each instance's -Xmx (default 512m)
  --jar PATH     the service jar (default app/target/community-bot-api.jar)
  -h, --help     this text
Exit status: 0 when every stream got every event once and in order, 1 otherwise, 2 on bad usage.
USAGE
}

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
STREAMS=1000 GUILDS= RATE=1000 SECONDS_=30 STALLED=10 HEAP=512m JAR="$ROOT/app/target/community-bot-api.jar"
while (($#)); do
  case "$1" in
    --streams) STREAMS=$2; shift 2 ;;
    --guilds) GUILDS=$2; shift 2 ;;
    --rate) RATE=$2; shift 2 ;;
    --seconds) SECONDS_=$2; shift 2 ;;
    --stalled) STALLED=$2; shift 2 ;;
    --heap) HEAP=$2; shift 2 ;;
    --jar) JAR=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done
GUILDS=${GUILDS:-$STREAMS}
for tool in java jcmd psql python3; do
  command -v "$tool" >/dev/null || { echo "stream.sh: $tool is needed" >&2; exit 1; }
done
[[ -f $JAR ]] || { echo "stream.sh: no jar at $JAR (mvn -B -q package -DskipTests)" >&2; exit 1; }

WORK=$(mktemp -d)
DB=stream_bench_$$
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $DB" >/dev/null
JDBC="jdbc:postgresql://127.0.0.1:5432/$DB?user=postgres"

python3 - "$GUILDS" > "$WORK/snapshot.json" <<'PY'
import json, sys
n = int(sys.argv[1])
print(json.dumps({"guilds": [{"guild_id": str(200000000000000000 + g), "name": "g%d" % g, "roles": [], "members": []}
                             for g in range(n)]}))
PY

start() { # PORT LOG
  env -i PATH="$PATH" BOT_API_KEY=k PORT="$1" MANAGEMENT_PORT=off DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" \
    DATABASE_USER=postgres GUILD_SNAPSHOT="$WORK/snapshot.json" MAX_STREAMS="$((STREAMS + STALLED))" \
    java -Xmx"$HEAP" -jar "$JAR" serve > "$2" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 600); do grep -q "listening on port" "$2" && return 0; sleep 0.1; done
  echo "stream.sh: the service on port $1 did not start:" >&2; cat "$2" >&2; exit 1
}
heap_mib() { # PID: used heap after a full GC, MiB
  jcmd "$1" GC.run >/dev/null
  jcmd "$1" GC.heap_info | python3 -c '
import re, sys
t = sys.stdin.read()
m = re.search(r"used (\d+)K", t)
print("%.1f" % (int(m.group(1)) / 1024))'
}
rss_mib() { # PID: resident set, MiB
  awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"
}
cpu_s() { # PID: user + system CPU seconds
  awk -v hz="$(getconf CLK_TCK)" '{print ($14 + $15) / hz}' "/proc/$1/stat"
}

start 19711 "$WORK/a.log"
start 19712 "$WORK/b.log"
A=${PIDS[0]} B=${PIDS[1]}
HEAP_A0=$(heap_mib "$A") HEAP_B0=$(heap_mib "$B")

coproc DRIVER { java -cp "$JAR" "$HERE/StreamBench.java" open --urls http://127.0.0.1:19711,http://127.0.0.1:19712 \
  --key k --guilds "$GUILDS" --streams "$STREAMS" --jdbc "$JDBC" --rate "$RATE" --seconds "$SECONDS_" \
  --stalled "$STALLED" 2>&1; }
while read -r line <&"${DRIVER[0]}"; do
  echo "$line" >> "$WORK/driver"
  [[ $line == ready=1 ]] && break
  [[ $line == error=* ]] && { cat "$WORK/driver" >&2; exit 1; }
done
HEAP_A1=$(heap_mib "$A") HEAP_B1=$(heap_mib "$B") RSS_A1=$(rss_mib "$A") RSS_B1=$(rss_mib "$B")
CPU_A0=$(cpu_s "$A") CPU_B0=$(cpu_s "$B")
echo go >&"${DRIVER[1]}"
while read -r line <&"${DRIVER[0]}"; do
  echo "$line" >> "$WORK/driver"
  [[ $line == done=1 ]] && break
done
CPU_A1=$(cpu_s "$A") CPU_B1=$(cpu_s "$B")
HEAP_A2=$(heap_mib "$A") HEAP_B2=$(heap_mib "$B") RSS_A2=$(rss_mib "$A") RSS_B2=$(rss_mib "$B")
echo end >&"${DRIVER[1]}"
wait "$DRIVER_PID" 2>/dev/null || true
kv() { grep "^$1=" "$WORK/driver" | tail -1 | cut -d= -f2; }

echo "- $(date -u +%Y-%m-%dT%H:%MZ), commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- $STREAMS streams over $GUILDS guilds, half on each of two instances (-Xmx$HEAP), $STALLED stalled readers;"
echo "  the bot writes $RATE records a second for $SECONDS_ s (took $(kv write_s) s)"
echo
echo "| figure | value |"
echo "|---|---|"
echo "| events written / delivered | $(kv written) / $(kv delivered) |"
echo "| missing, twice, out of order | $(kv missing), $(kv twice), $(kv out_of_order) |"
echo "| latency p50 / p99 / max, ms | $(kv latency_p50_ms) / $(kv latency_p99_ms) / $(kv latency_max_ms) |"
python3 - "$HEAP_A0" "$HEAP_A1" "$HEAP_B0" "$HEAP_B1" "$STREAMS" "$STALLED" <<'PY'
import sys
a0, a1, b0, b1 = map(float, sys.argv[1:5]); s = int(sys.argv[5]) + int(sys.argv[6])
print("| heap after GC without / with the streams, MiB (A; B) | %.1f / %.1f; %.1f / %.1f |" % (a0, a1, b0, b1))
print("| heap per open stream, KiB | %.1f |" % ((a1 - a0 + b1 - b0) * 1024 / s))
PY
python3 - "$CPU_A0" "$CPU_A1" "$CPU_B0" "$CPU_B1" "$(kv write_s)" <<'PY'
import sys
a0, a1, b0, b1, t = map(float, sys.argv[1:6])
print("| CPU while the events flow, s per s (A; B) | %.2f; %.2f |" % ((a1 - a0) / t, (b1 - b0) / t))
PY
echo "| stalled readers still connected at the end | $(kv stalled_sockets) of $STALLED |"
python3 - "$HEAP_A1" "$HEAP_A2" "$HEAP_B1" "$HEAP_B2" "$RSS_A1" "$RSS_A2" "$RSS_B1" "$RSS_B2" "$STALLED" <<'PY'
import sys
a1, a2, b1, b2, ra1, ra2, rb1, rb2 = map(float, sys.argv[1:9]); k = int(sys.argv[9])
print("| heap after GC / RSS at the end, the stalled readers connected, MiB (A; B) | %.1f / %.0f; %.1f / %.0f |"
      % (a2, ra2, b2, rb2))
if k:
    print("| heap / RSS grown from the streams' opening to the end, per stalled reader, KiB | %.1f / %.0f |"
          % ((a2 - a1 + b2 - b1) * 1024 / k, (ra2 - ra1 + rb2 - rb1) * 1024 / k))
PY
[[ $(kv ok) == 1 ]] || { echo "stream.sh: a stream missed, repeated or reordered an event" >&2; exit 1; }
