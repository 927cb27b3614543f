#!/usr/bin/env bash
# The service against the bare baseline (issue 10; bench/baseline/: Netty, plain JDBC, Jackson's streaming
# writer, a hash map of members). For each size and store: one guild of N level records and a snapshot of as
# many members, imported with the jar's `import`; then, alternating which side goes first on each repeat,
# each side started alone with the same heap and measured: `roles` and `is_bot_there` throughput and p99
# (wrk), the whole leaderboard's first byte and total time (curl), start to first answer, RSS after start and
# peak RSS. Every body either side returned is checked: complete JSON, the leaderboard exactly as expected,
# and the same bytes (sha256) on both sides. Prints figure | service | baseline | ratio (service / baseline),
# medians over the repeats. See BENCHMARKS.md. Build both jars first:
#   mvn -B -q -pl app -am package -DskipTests && mvn -B -q -f bench/baseline/pom.xml package
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/baseline.sh [options]
  --records LIST        level records in the guild, comma-separated (default 10000,100000,1000000); the
                        snapshot has as many members
  --store LIST          stores, comma-separated, of h2 and postgres (default h2,postgres; postgres: a fresh
                        database on 127.0.0.1:5432, user postgres, dropped at the end)
  --repeat N            repeats per size and store, the sides alternating who goes first (default 3)
  --heap SIZE           -Xmx of both sides (default 1g: the baseline's hash map of a million members needs
                        about 300 MB)
  --leaderboards K      whole leaderboards timed per side and repeat, after one untimed (default 5)
  --duration S          seconds of each wrk measurement, after a warm-up of --warmup S (defaults 10 and 5)
  --warmup S
  --roles R             roles in the guild snapshot (default 20)
  --port P              port of the side under test, P+1 its management port (default: free ports the
                        system picks)
  --service-heap SIZE   -Xmx of the service alone (default: --heap), e.g. 128m to serve a million records in a
                        small heap while the baseline keeps the heap its hash map needs
  --jar PATH            the service jar (default app/target/community-bot-api.jar)
  --baseline-jar PATH   the baseline jar (default bench/baseline/target/baseline.jar)
  --launcher PATH       start the service with this launcher (bin/community-bot-api: class-data sharing) instead
                        of java -jar, given the jar in COMMUNITY_BOT_API_JAR and -Xmx in JAVA_OPTS; a start
                        before the first measured one, not timed, writes its class-data archive
  --timeout S           limit for one leaderboard request and for a side's start, in seconds (default 300)
  --markdown FILE       also append the tables as Markdown to FILE, with machine, date, commit and command
  -h, --help            this text
Needs java, curl, python3, sha256sum and wrk (apt-get install -y wrk); for postgres also psql, createdb,
dropdb and pg_isready (apt-get install -y postgresql-client).
Exit status: 0 when every body passed its checks and was the same on both sides, 1 when one did not or the
run could not be done, 2 on bad usage.
EOF
}

CMDLINE="$0$(printf ' %q' "$@")"
CMDLINE=${CMDLINE//\\,/,}  # printf %q escapes the commas of the lists, which need none
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RECORDS_LIST=10000,100000,1000000 STORES=h2,postgres REPEAT=3 HEAP=1g SERVICE_HEAP= LEADERBOARDS=5 DURATION=10 WARMUP=5
ROLES=20 PORT= TIMEOUT=300 MARKDOWN=
JAR="$ROOT/app/target/community-bot-api.jar" BASE_JAR="$HERE/baseline/target/baseline.jar" LAUNCHER= TRAINED=
GUILD=100000000000000001 KEY=bench THREADS=2 CONNECTIONS=32

die() { echo "baseline.sh: $*" >&2; exit 2; }
need_value() { [[ $# -ge 2 && -n $2 ]] || die "option $1 needs a value"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --records) need_value "$@"; RECORDS_LIST=$2; shift 2 ;;
    --store) need_value "$@"; STORES=$2; shift 2 ;;
    --repeat) need_value "$@"; REPEAT=$2; shift 2 ;;
    --heap) need_value "$@"; HEAP=$2; shift 2 ;;
    --service-heap) need_value "$@"; SERVICE_HEAP=$2; shift 2 ;;
    --leaderboards) need_value "$@"; LEADERBOARDS=$2; shift 2 ;;
    --duration) need_value "$@"; DURATION=$2; shift 2 ;;
    --warmup) need_value "$@"; WARMUP=$2; shift 2 ;;
    --roles) need_value "$@"; ROLES=$2; shift 2 ;;
    --port) need_value "$@"; PORT=$2; shift 2 ;;
    --jar) need_value "$@"; JAR=$2; shift 2 ;;
    --baseline-jar) need_value "$@"; BASE_JAR=$2; shift 2 ;;
    --launcher) need_value "$@"; LAUNCHER=$2; shift 2 ;;
    --timeout) need_value "$@"; TIMEOUT=$2; shift 2 ;;
    --markdown) need_value "$@"; MARKDOWN=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
IFS=, read -r -a SIZES <<<"$RECORDS_LIST"
IFS=, read -r -a STORE_LIST <<<"$STORES"
((${#SIZES[@]} > 0)) || die "--records needs at least one size"
((${#STORE_LIST[@]} > 0)) || die "--store needs at least one store"
for n in "${SIZES[@]}"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || die "--records must be positive integers separated by commas, not $RECORDS_LIST"
done
for s in "${STORE_LIST[@]}"; do
  [[ $s == h2 || $s == postgres ]] || die "--store must be h2, postgres or both (h2,postgres), not $STORES"
done
for v in REPEAT LEADERBOARDS DURATION WARMUP ROLES TIMEOUT; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "--$(tr 'A-Z' 'a-z' <<<"$v") must be a positive integer, not ${!v}"
done
[[ $HEAP =~ ^[1-9][0-9]*[kKmMgG]?$ ]] || die "--heap must be a JVM size such as 1g, not $HEAP"
SERVICE_HEAP=${SERVICE_HEAP:-$HEAP}
[[ $SERVICE_HEAP =~ ^[1-9][0-9]*[kKmMgG]?$ ]] || die "--service-heap must be a JVM size such as 128m, not $SERVICE_HEAP"
if [[ -n $PORT ]]; then
  [[ $PORT =~ ^[1-9][0-9]*$ ]] && ((PORT < 65535)) || die "--port must be from 1 to 65534, not $PORT"
fi
[[ -f $JAR ]] || { echo "baseline.sh: no service jar at $JAR; build it with: mvn -B -q -pl app -am package -DskipTests" >&2; exit 1; }
[[ -f $BASE_JAR ]] || { echo "baseline.sh: no baseline jar at $BASE_JAR; build it with: mvn -B -q -f bench/baseline/pom.xml package" >&2; exit 1; }
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
BASE_JAR=$(cd "$(dirname "$BASE_JAR")" && pwd)/$(basename "$BASE_JAR")
if [[ -n $LAUNCHER ]]; then
  [[ -x $LAUNCHER ]] || die "--launcher must be an executable script, such as bin/community-bot-api, not $LAUNCHER"
  LAUNCHER=$(cd "$(dirname "$LAUNCHER")" && pwd)/$(basename "$LAUNCHER")
  rm -f "${JAR%.jar}.jsa" "${JAR%.jar}.aot" # the archive is the first (untimed) start's, made with this jar
fi
for tool in java curl python3 sha256sum; do
  command -v $tool >/dev/null || { echo "baseline.sh: $tool is missing (see BENCHMARKS.md)" >&2; exit 1; }
done
command -v wrk >/dev/null || { echo "baseline.sh: wrk is missing: apt-get install -y wrk" >&2; exit 1; }
PGARGS=(-h 127.0.0.1 -p 5432 -U postgres)
if [[ ,$STORES, == *,postgres,* ]]; then
  for tool in psql createdb dropdb pg_isready; do
    command -v $tool >/dev/null || { echo "baseline.sh: $tool is missing: apt-get install -y postgresql-client" >&2; exit 1; }
  done
  if ! pg_isready -q "${PGARGS[@]}" -t 5; then
    echo "baseline.sh: PostgreSQL does not answer on 127.0.0.1:5432; start it, e.g.:" >&2
    echo "  pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start" >&2
    exit 1
  fi
fi
COMMIT=$(git -C "$(dirname "$JAR")" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ $COMMIT != unknown && -n $(git -C "$(dirname "$JAR")" status --porcelain --untracked-files=no 2>/dev/null) ]]; then
  COMMIT="$COMMIT+changes"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/baseline-bench.XXXXXX")
PID= DB=
stop_side() {
  [[ -n $PID ]] || return 0
  if kill -0 "$PID" 2>/dev/null; then
    kill -TERM "$PID" 2>/dev/null || true
    for _ in $(seq 150); do kill -0 "$PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$PID" 2>/dev/null || true
  fi
  PID=
}
cleanup() {
  set +e
  stop_side
  [[ -n $DB ]] && dropdb "${PGARGS[@]}" --if-exists --force "$DB" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'echo "baseline.sh: stopped by a failing command at line $LINENO" >&2' ERR
trap 'exit 130' INT TERM

TOOLS="$HERE/baseline_tools.py"
RESULTS="$WORK/results"
: > "$RESULTS"
FAILED=0
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now() { date +%s.%N; }
secs() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }
record() { echo "$N $STORE $REP $1 $2 $3" >> "$RESULTS"; }  # side figure value
fail() { echo "   FAILED: $*"; echo "$N $STORE: $*" >> "$WORK/failures"; FAILED=$((FAILED + 1)); }
rss_mib() { awk -v f="$1" '$1 == f":" {printf "%.0f", $2 / 1024}' "/proc/$PID/status" 2>/dev/null || echo 0; }

# The POST of is_bot_there: 10 ids, present, absent and not ids at all (spec 4.1).
IDS='["100000000000000001","100000000000000002","0100000000000000001","+100000000000000001","18446744073709551615","18446744073709551616","abc","","200000000000000001","300000000000000001"]'
cat > "$WORK/is_bot_there.lua" <<EOF
wrk.method = "POST"
wrk.body = '{"guild_ids":$IDS}'
wrk.headers["Content-Type"] = "application/json"
EOF

# One body of a side: a file, its sha256 recorded under a kind, checked once as complete JSON.
body_sha() { sha256sum "$1" | cut -c1-64; }
keep_sha() { echo "$1 $SIDE $REP $2" >> "$WORK/shas.$N.$STORE"; }  # kind sha

run_wrk() {  # name url [lua]
  local name=$1 url=$2 lua=${3:-} out="$WORK/wrk.$1"
  local script=()
  [[ -n $lua ]] && script=(-s "$lua")
  wrk -t$THREADS -c$CONNECTIONS -d"${WARMUP}s" -H "X-API-Key: $KEY" "${script[@]}" "$url" > /dev/null 2>&1 || true
  if ! wrk -t$THREADS -c$CONNECTIONS -d"${DURATION}s" --latency -H "X-API-Key: $KEY" "${script[@]}" "$url" > "$out" 2>&1; then
    fail "$SIDE: wrk $name failed: $(tail -2 "$out" | tr '\n' ' ')"; return
  fi
  local rps p99 non2xx errors
  if ! read -r rps p99 non2xx errors < <(python3 "$TOOLS" wrk "$out"); then
    fail "$SIDE: wrk $name printed no figures: $(head -c 200 "$out")"; return
  fi
  record "$SIDE" "${name}_rps" "$rps"
  record "$SIDE" "${name}_p99_ms" "$p99"
  record "$SIDE" wrk_errors "$errors"
  ((non2xx == 0)) || fail "$SIDE: $non2xx answers of $name under wrk were not 2xx"
  printf '   %-8s %-13s %9.0f req/s, p99 %7.2f ms%s\n' "$SIDE" "$name" "$rps" "$p99" "$( ((errors == 0)) || echo ", $errors socket errors")"
}

one_body() {  # kind, then curl arguments
  local kind=$1; shift
  local status
  status=$(curl -sS --noproxy '*' --max-time 30 -H "X-API-Key: $KEY" -o "$WORK/body" -w '%{http_code}' "$@" 2>&1) || true
  if [[ $status != 200 ]]; then fail "$SIDE: $kind answered $status: $(head -c 200 "$WORK/body" 2>/dev/null)"; return; fi
  python3 "$TOOLS" json "$WORK/body" > "$WORK/why" || { fail "$SIDE: $kind body: $(cat "$WORK/why")"; return; }
  keep_sha "$kind" "$(body_sha "$WORK/body")"
}

leaderboards() {
  local url="http://127.0.0.1:$P/api/$GUILD/leaderboard" k status first total bytes rc sha
  for k in $(seq 0 "$LEADERBOARDS"); do
    read -r status first total bytes < <(curl -sS --noproxy '*' --max-time "$TIMEOUT" -H "X-API-Key: $KEY" \
      -o "$WORK/lb" -w '%{http_code} %{time_starttransfer} %{time_total} %{size_download}\n' "$url" 2> "$WORK/curlerr" || echo "000 0 0 0") || true
    if [[ $status != 200 ]]; then
      fail "$SIDE: leaderboard $k answered $status $(tr -d '\n' < "$WORK/curlerr") $(head -c 200 "$WORK/lb" 2>/dev/null)"; continue
    fi
    sha=$(body_sha "$WORK/lb")
    # The first body of each side and repeat gets the whole check; every other must have its bytes.
    if [[ $k == 0 ]]; then
      local out
      out=$(python3 "$HERE/check_leaderboard.py" "$WORK/lb" "$WORK/expected" "$WORK/snapshot.json") || true
      [[ $out == ok* ]] || { fail "$SIDE: leaderboard: ${out#*: }; its last bytes: $(tail -c 48 "$WORK/lb" | cat -v)"; continue; }
      echo "$N $STORE - - lb_bytes $bytes" >> "$RESULTS"
    else
      record "$SIDE" lb_first_ms "$(awk -v s="$first" 'BEGIN {print s * 1000}')"
      record "$SIDE" lb_total_ms "$(awk -v s="$total" 'BEGIN {print s * 1000}')"
    fi
    keep_sha leaderboard "$sha"
  done
  rm -f "$WORK/lb"
}

measure() {  # side
  SIDE=$1
  local jar=$JAR
  [[ $SIDE == baseline ]] && jar=$BASE_JAR
  local out started
  P=${PORT:-$(free_port)}
  local mp=$((P + 1))
  [[ -n $PORT ]] || mp=$(free_port)
  local heap=$HEAP
  [[ $SIDE == service ]] && heap=$SERVICE_HEAP
  local start=(java -Xmx"$heap" -jar "$jar")
  if [[ $SIDE == service && -n $LAUNCHER ]]; then
    start=(env COMMUNITY_BOT_API_JAR="$jar" JAVA_OPTS=-Xmx"$heap" "$LAUNCHER")
    if [[ -z $TRAINED ]]; then # the launcher's first serve writes the class-data archive when it stops
      if out=$(env BOT_API_KEY=$KEY PORT=$P MANAGEMENT_PORT=$mp GUILD_SNAPSHOT="$WORK/snapshot.json" \
          python3 "$TOOLS" launch --url "http://127.0.0.1:$P/api/$GUILD/roles" --key $KEY --log "$WORK/$SIDE.log" \
          --timeout "$TIMEOUT" -- "${start[@]}" 2>&1); then
        read -r PID _ <<<"$out"
        curl -s -o /dev/null -H "X-API-Key: $KEY" "http://127.0.0.1:$P/api/$GUILD/leaderboard" || true
        kill -TERM "$PID" 2>/dev/null || true
        while kill -0 "$PID" 2>/dev/null; do sleep 0.2; done
      fi
      TRAINED=1
      printf '   service  class-data archive written by an untimed start: %s\n' "$( (ls -s --block-size=M "${jar%.jar}".jsa "${jar%.jar}".aot 2>/dev/null || true) | tr "\n" " " | grep . || echo none)"
    fi
  fi
  if ! out=$(env BOT_API_KEY=$KEY PORT=$P MANAGEMENT_PORT=$mp GUILD_SNAPSHOT="$WORK/snapshot.json" \
      python3 "$TOOLS" launch --url "http://127.0.0.1:$P/api/$GUILD/roles" --key $KEY --log "$WORK/$SIDE.log" \
      --timeout "$TIMEOUT" -- "${start[@]}" 2>&1); then
    fail "$SIDE did not start: $out; its log ends with: $(tail -5 "$WORK/$SIDE.log" | tr '\n' ' ' | cut -c1-400)"
    return
  fi
  read -r PID started <<<"$out"
  sleep 1
  local rss
  rss=$(rss_mib VmRSS)
  record "$SIDE" start_s "$started"
  record "$SIDE" rss_start_mib "$rss"
  printf '   %-8s started (pid %s): first answer after %.2f s, RSS %s MiB 1 s later\n' "$SIDE" "$PID" "$started" "$rss"
  one_body roles "http://127.0.0.1:$P/api/$GUILD/roles"
  one_body is_bot_there -H 'Content-Type: application/json' --data-binary "{\"guild_ids\":$IDS}" "http://127.0.0.1:$P/api/is_bot_there"
  run_wrk roles "http://127.0.0.1:$P/api/$GUILD/roles"
  run_wrk ibt "http://127.0.0.1:$P/api/is_bot_there" "$WORK/is_bot_there.lua"
  leaderboards
  if ! kill -0 "$PID" 2>/dev/null; then
    fail "$SIDE exited during the run: $(tail -5 "$WORK/$SIDE.log" | tr '\n' ' ' | cut -c1-400)"
  fi
  local peak
  peak=$(rss_mib VmHWM)
  record "$SIDE" peak_rss_mib "$peak"
  python3 - "$RESULTS" "$N" "$STORE" "$REP" "$SIDE" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
f = [float(r[5]) for r in rows if r[:4] == sys.argv[2:6] and r[4] == "lb_first_ms"]
t = [float(r[5]) for r in rows if r[:4] == sys.argv[2:6] and r[4] == "lb_total_ms"]
if t:
    print(f"   {sys.argv[5]:<8} leaderboard   first byte median {statistics.median(f):.1f} ms, total median {statistics.median(t):.1f} ms over {len(t)}")
EOF
  echo "   $SIDE peak RSS $peak MiB"
  stop_side
}

compare_bodies() {  # every kind of body: one sha over both sides and all repeats
  local file="$WORK/shas.$N.$STORE" kind count verdict=identical
  [[ -s $file ]] || { echo "   no bodies to compare"; echo "$N $STORE - - bodies none" >> "$RESULTS"; return; }
  for kind in leaderboard roles is_bot_there; do
    count=$(awk -v k=$kind '$1 == k {print $4}' "$file" | sort -u | wc -l)
    local sides
    sides=$(awk -v k=$kind '$1 == k {print $2}' "$file" | sort -u | wc -l)
    if ((count != 1 || sides != 2)); then
      verdict=DIFFERENT
      fail "$kind bodies: $count distinct sha256 over $sides side(s):$(awk -v k=$kind '$1 == k {printf " %s/%s=%s", $2, $3, substr($4, 1, 12)}' "$file" | sort -u | head -c 600)"
    fi
  done
  local n
  n=$(wc -l < "$file")
  echo "   bodies: $n checked, $verdict on both sides"
  echo "$N $STORE - - bodies ${n}_checked,_${verdict}_on_both_sides" >> "$RESULTS"
}

HEADER=
if [[ -n $MARKDOWN ]]; then
  CPU=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
  MEM=$(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)
  JAVA=$(java -version 2>&1 | head -1)
  HEADER="### Baseline comparison, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $COMMIT

Machine: $(nproc) cores ($CPU), $MEM, $(uname -sr), $JAVA; load average at the start $(cut -d' ' -f1-3 /proc/loadavg).
Command: \`$CMDLINE\`
Each side alone, \`-Xmx$HEAP\`$([[ $SERVICE_HEAP != "$HEAP" ]] && echo " (the service \`-Xmx$SERVICE_HEAP\`)")$([[ -n $LAUNCHER ]] && echo ", the service started by $(basename "$LAUNCHER") (class-data archive of an untimed first start)"); wrk $THREADS threads, $CONNECTIONS connections, ${DURATION} s after ${WARMUP} s of warm-up; $LEADERBOARDS timed leaderboards per side and repeat. Ratio = service / baseline; medians over the repeats."
fi

for N in "${SIZES[@]}"; do
  echo "== generating $N records in guild $GUILD, $N members and $ROLES roles in the snapshot"
  java "$HERE/GenerateLevels.java" "$WORK/levels.json" "$N" --expected "$WORK/expected" \
    --snapshot "$WORK/snapshot.json" --members "$N" --roles "$ROLES" 2>&1 | sed 's/^/   /' || true
  [[ -s $WORK/expected ]] || { echo "baseline.sh: the generator failed" >&2; exit 1; }
  for STORE in "${STORE_LIST[@]}"; do
    if [[ $STORE == h2 ]]; then
      rm -rf "$WORK/db"; mkdir -p "$WORK/db"
      export DATABASE_URL="jdbc:h2:file:$WORK/db/store"
      unset DATABASE_USER DATABASE_PASSWORD
    else
      DB="base_bench_$$_$N"
      dropdb "${PGARGS[@]}" --if-exists --force "$DB" 2>/dev/null || true
      createdb "${PGARGS[@]}" "$DB"
      export DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" DATABASE_USER=postgres
      unset DATABASE_PASSWORD
    fi
    unset DISCORD_TOKEN DISCORD_API_URL
    echo "== $N records, $STORE: importing ($DATABASE_URL)"
    t0=$(now)
    if ! timeout 1800 java -Xmx1g -jar "$JAR" import "$WORK/levels.json" > "$WORK/import.log" 2>&1; then
      echo "baseline.sh: import failed:" >&2; tail -20 "$WORK/import.log" >&2; exit 1
    fi
    REP=- record - import_s "$(secs "$t0" "$(now)")"
    if [[ $STORE == postgres ]]; then
      # Settled statistics, so neither side meets autovacuum's first pass over a fresh table.
      psql "${PGARGS[@]}" -d "$DB" -X -q -c 'VACUUM (ANALYZE) level_record' > /dev/null
    fi
    [[ $STORE == h2 ]] && echo "   store file $(du -sh "$WORK/db" | cut -f1)"
    : > "$WORK/shas.$N.$STORE"
    for REP in $(seq "$REPEAT"); do
      if ((REP % 2 == 1)); then order=(service baseline); else order=(baseline service); fi
      echo "== $N records, $STORE, repeat $REP of $REPEAT: ${order[*]}"
      for side in "${order[@]}"; do measure "$side"; done
    done
    compare_bodies
    echo
    python3 "$TOOLS" summary "$RESULTS" "$N" "$STORE" ${MARKDOWN:+--markdown "$MARKDOWN" --header "$HEADER"}
    echo
    if [[ $STORE == postgres ]]; then dropdb "${PGARGS[@]}" --if-exists --force "$DB"; DB=; fi
    rm -rf "$WORK/db"
  done
  rm -f "$WORK/levels.json"
done

if ((FAILED > 0)); then
  echo "== $FAILED failure(s):"
  sed 's/^/  /' "$WORK/failures"
  exit 1
fi
echo "== every body passed its checks and was the same on both sides"
