#!/usr/bin/env bash
# Start-up A/B (issue 28): one or more service jars, each with the launcher and with java -jar, against the bare
# server of bench/baseline/, all in rounds that rotate their order, so that a machine that slows down or speeds up
# during the run weighs on every variant alike. Each start is timed as startup.sh times it: from the exec of the
# JVM until the first 200 of GET /api/{guild}/roles (polled every 5 ms), the JVM's CPU seconds until then and its
# RSS right after. The demo data is imported once into a temporary H2 file that every start serves. See
# BENCHMARKS.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/startup-ab.sh [options] [JAR...]
  JAR...              service jars to compare (default app/target/community-bot-api.jar); each is started with
                      the launcher (its own class-data archive next to it, written by an untimed first start)
                      and with java -jar, labelled by its file name
  --rounds R          rounds of one start per variant (default 5)
  --baseline-jar PATH the bare server (default bench/baseline/target/baseline.jar; build it with
                      mvn -B -q -f bench/baseline/pom.xml package)
  --wrap COMMAND      run each started JVM through COMMAND (for instance a script that moves itself into a CPU
                      cgroup, then execs its arguments)
  --port P            API port (default 19610; the management port is P+1)
  -h, --help          this text
Prints one line per start (round, variant, seconds to the first 200, CPU seconds, RSS MiB) and, per variant, the
medians and the median of its per-round ratio to the bare server's time.
EOF
}

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
ROUNDS=5 BASE="$HERE/baseline/target/baseline.jar" WRAP= PORT=19610
JARS=()
die() { echo "startup-ab.sh: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) [[ -n ${2:-} ]] || die "--rounds needs a value"; ROUNDS=$2; shift 2 ;;
    --baseline-jar) [[ -n ${2:-} ]] || die "--baseline-jar needs a value"; BASE=$2; shift 2 ;;
    --wrap) [[ -n ${2:-} ]] || die "--wrap needs a value"; WRAP=$2; shift 2 ;;
    --port) [[ -n ${2:-} ]] || die "--port needs a value"; PORT=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) usage >&2; die "unknown option $1" ;;
    *) JARS+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"); shift ;;
  esac
done
[[ ${#JARS[@]} -gt 0 ]] || JARS=("$ROOT/app/target/community-bot-api.jar")
for j in "${JARS[@]}" "$BASE"; do [[ -f $j ]] || die "no jar at $j"; done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/startup-ab.XXXXXX")
PID=
cleanup() {
  if [[ -n $PID ]] && kill -0 "$PID" 2>/dev/null; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
export DATABASE_URL="jdbc:h2:file:$WORK/db"
java -jar "${JARS[0]}" import "$ROOT/examples/data.json" >"$WORK/import.log" 2>&1 || { cat "$WORK/import.log" >&2; die "import failed"; }
SNAPSHOT="$ROOT/examples/guild-snapshot.json" GUILD=100000000000000001 HZ=$(getconf CLK_TCK)

# start LABEL COMMAND...: one timed start, printed as "round label seconds cpu rss"
start() {
  local label=$1 t0 t1 code=000 cpu rss
  shift
  t0=$(date +%s%N)
  BOT_API_KEY=bench PORT=$PORT MANAGEMENT_PORT=$((PORT + 1)) GUILD_SNAPSHOT="$SNAPSHOT" $WRAP "$@" >"$WORK/serve.log" 2>&1 &
  PID=$!
  while [[ $code != 200 ]]; do
    kill -0 "$PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; die "$label exited before answering"; }
    code=$(curl -s -o /dev/null -w '%{http_code}' -H 'X-API-Key: bench' "http://127.0.0.1:$PORT/api/$GUILD/roles" || true)
    [[ $code == 200 ]] || sleep 0.005
  done
  t1=$(date +%s%N)
  cpu=$(awk -v hz="$HZ" '{sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / hz}' "/proc/$PID/stat")
  rss=$(awk '/^VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$PID/status")
  kill -TERM "$PID"; wait "$PID" 2>/dev/null || true; PID=
  awk -v r="$ROUND" -v l="$label" -v a="$t0" -v b="$t1" -v c="$cpu" -v m="$rss" \
    'BEGIN {printf "%s %s %.3f %s %s\n", r, l, (b - a) / 1e9, c, m}'
}

variants=(bare)
for j in "${JARS[@]}"; do variants+=("launcher:$j" "jar:$j"); done
run() { # VARIANT
  local j=${1#*:} name
  name=$(basename "$j" .jar)
  case $1 in
    bare) start bare java -jar "$BASE" ;;
    launcher:*) start "launcher-$name" env COMMUNITY_BOT_API_JAR="$j" "$ROOT/bin/community-bot-api" ;;
    jar:*) start "jar-$name" java -jar "$j" ;;
  esac
}
ROUND=0
for j in "${JARS[@]}"; do # the launcher's first serve writes the archive when it stops
  rm -f "${j%.jar}.jsa" "${j%.jar}.aot"
  run "launcher:$j" >/dev/null
done
n=${#variants[@]}
for ((ROUND = 1; ROUND <= ROUNDS; ROUND++)); do
  for ((k = 0; k < n; k++)); do run "${variants[$(((k + ROUND) % n))]}"; done
done | tee "$WORK/results"

python3 - "$WORK/results" <<'EOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
bare = {r[0]: float(r[2]) for r in rows if r[1] == "bare"}
for label in dict.fromkeys(r[1] for r in rows):
    own = [r for r in rows if r[1] == label]
    med = lambda i: statistics.median(float(r[i]) for r in own)
    ratio = statistics.median(float(r[2]) / bare[r[0]] for r in own)
    print(f"{label}: median of {len(own)}: first answer {med(2):.2f} s, CPU {med(3):.2f} s, "
          f"RSS {med(4):.0f} MiB, {ratio:.2f}x the bare start")
EOF
