#!/usr/bin/env bash
# Start-up benchmark (issue 10): time from exec of the JVM until the first 200 of GET /api/{guild}/roles, and the
# process's RSS right after that answer, median of R starts. The store is imported once (the jar's `import`) into a
# temporary H2 file; each start serves it with the guild snapshot given. See BENCHMARKS.md.
# Build the jar first: mvn -B -q package -DskipTests
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/startup.sh [options] [-- JVM_OPTION...]
  --jar PATH          the service jar (default app/target/community-bot-api.jar)
  --launcher PATH     start with this launcher script instead of java -jar (it is given the JVM options in JAVA_OPTS)
  --data FILE         data file to import first (default examples/data.json)
  --snapshot FILE     guild snapshot served (default examples/guild-snapshot.json)
  --guild ID          guild whose roles are asked for (default 100000000000000001)
  --repeat R          starts (default 5)
  --port P            API port (default 19610; the management port is P+1)
  --label TEXT        what is measured, for the summary line
  -h, --help          this text
Everything after -- is passed to the JVM (for instance -XX:+UseSerialGC).
Prints one line per start (seconds to the first 200, the JVM's CPU seconds until then, RSS MiB after it) and a summary with the medians.
EOF
}

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
JAR="$ROOT/app/target/community-bot-api.jar" LAUNCHER= DATA="$ROOT/examples/data.json"
SNAPSHOT="$ROOT/examples/guild-snapshot.json" GUILD=100000000000000001 REPEAT=5 PORT=19610 LABEL=
JVM_OPTS=()

die() { echo "startup.sh: $*" >&2; exit 2; }
need_value() { [[ $# -ge 2 && -n $2 ]] || die "option $1 needs a value"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --jar) need_value "$@"; JAR=$2; shift 2 ;;
    --launcher) need_value "$@"; LAUNCHER=$2; shift 2 ;;
    --data) need_value "$@"; DATA=$2; shift 2 ;;
    --snapshot) need_value "$@"; SNAPSHOT=$2; shift 2 ;;
    --guild) need_value "$@"; GUILD=$2; shift 2 ;;
    --repeat) need_value "$@"; REPEAT=$2; shift 2 ;;
    --port) need_value "$@"; PORT=$2; shift 2 ;;
    --label) need_value "$@"; LABEL=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; JVM_OPTS=("$@"); break ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
[[ -f $JAR ]] || die "no jar at $JAR: build it with mvn -B -q package -DskipTests"
[[ -f $SNAPSHOT ]] || die "no snapshot file $SNAPSHOT"
[[ -f $DATA ]] || die "no data file $DATA"
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
SNAPSHOT=$(cd "$(dirname "$SNAPSHOT")" && pwd)/$(basename "$SNAPSHOT")

WORK=$(mktemp -d "${TMPDIR:-/tmp}/startup-bench.XXXXXX")
PID=
cleanup() {
  if [[ -n $PID ]] && kill -0 "$PID" 2>/dev/null; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

export DATABASE_URL="jdbc:h2:file:$WORK/db"
java -jar "$JAR" import "$DATA" >"$WORK/import.log" 2>&1 || { cat "$WORK/import.log" >&2; die "import failed"; }

now_ns() { date +%s%N; }
results=()
for ((i = 1; i <= REPEAT; i++)); do
  start=$(now_ns)
  if [[ -n $LAUNCHER ]]; then
    COMMUNITY_BOT_API_JAR="$JAR" JAVA_OPTS="${JVM_OPTS[*]:-}" BOT_API_KEY=bench PORT=$PORT MANAGEMENT_PORT=$((PORT + 1)) GUILD_SNAPSHOT="$SNAPSHOT" \
      "$LAUNCHER" >"$WORK/serve.log" 2>&1 &
  else
    BOT_API_KEY=bench PORT=$PORT MANAGEMENT_PORT=$((PORT + 1)) GUILD_SNAPSHOT="$SNAPSHOT" \
      java "${JVM_OPTS[@]}" -jar "$JAR" >"$WORK/serve.log" 2>&1 &
  fi
  PID=$!
  code=000
  while [[ $code != 200 ]]; do
    kill -0 "$PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; die "the service exited before answering"; }
    code=$(curl -s -o /dev/null -w '%{http_code}' -H 'X-API-Key: bench' "http://127.0.0.1:$PORT/api/$GUILD/roles" || true)
    [[ $code == 200 ]] || sleep 0.01
  done
  end=$(now_ns)
  # The JVM's pid: the launcher may exec java (same pid) or run it as a child.
  jpid=$PID
  child=$(pgrep -P "$PID" java || true)
  [[ -n $child ]] && jpid=$child
  rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$jpid/status")
  # CPU seconds the JVM used until then (user + system, all threads): on a machine shared with other work this
  # moves much less than the wall-clock time.
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / hz}' "/proc/$jpid/stat")
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", (b - a) / 1e9}')
  rss=$(awk -v k="$rss_kb" 'BEGIN {printf "%.0f", k / 1024}')
  echo "start $i: first 200 after ${secs} s, CPU ${cpu} s, RSS ${rss} MiB"
  results+=("$secs $rss $cpu")
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=
done

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
med_s=$(printf '%s\n' "${results[@]}" | awk '{print $1}' | median)
med_rss=$(printf '%s\n' "${results[@]}" | awk '{print $2}' | median)
med_cpu=$(printf '%s\n' "${results[@]}" | awk '{print $3}' | median)
echo "${LABEL:-$JAR} ${JVM_OPTS[*]:-}: median of $REPEAT: first answer ${med_s} s, CPU ${med_cpu} s, RSS after it ${med_rss} MiB"
