#!/usr/bin/env bash
# The ledger's benchmarks (issue 30; docs/api.md "Beyond the spec", docs/store.md "The XP log"), on one store:
#   lb     the whole leaderboard and its first page of the N-record guild, without an XP log and then with the
#          large one: times and sha256 of the bodies, which must be identical;
#   small  a one-week window leaderboard (first page, whole) and history pages over a log of E1 events of M1 members;
#   large  the same over E2 events of M2 members, the service's heap with it (and the leaderboard with that log);
#   patch  PATCH /api/G/levels/U throughput over many members and on one member, at a few concurrencies;
#   bot    the bot's upserts (plain JDBC, one connection, autocommit) at R a second and flat out, with the XP log's
#          triggers and without (disabled on PostgreSQL, dropped on H2), alternating;
#   sweep  the service started with XP_LOG_RETENTION=1h over the E2 events (all older): while its sweep deletes
#          them, the bot writes at R a second (PostgreSQL) or the service's own PATCHes run at a steady rate (H2,
#          where no other process may open the file); their latency before and during the sweep.
# The events are written with SQL (bench/LedgerBench.java fill), consistent with the level records; every body
# is checked. Prints Markdown tables and appends them to --out. Build the jar first: mvn -B -q package -DskipTests
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/ledger.sh --store h2|postgres [options]
  --records N          level records in the guild (default 1000000)
  --small M:E          members and events of the small log (default 100000:1000000)
  --large M:E          members and events of the large log (default 1000000:10000000)
  --phases LIST        comma-separated, in this order: lb,small,large,patch,bot,sweep (default all)
  --repeat R           timed whole bodies per figure (default 3)
  --pages P            timed first pages per figure (default 20)
  --bot-updates U      updates per bot run (default 30000)
  --bot-rounds B       with/without rounds of the bot, alternating who goes first (default 2)
  --bot-rate R         the bot's pace, updates a second (default 1000)
  --concurrency LIST   PATCH clients, comma-separated (default 1,8,32)
  --patch-seconds S    timed seconds per PATCH figure, after 5 s of warm-up (default 10)
  --sweep-rate R       H2: PATCHes a second during the sweep (default 200)
  --sweep-timeout S    give the sweep at most S seconds (default 1800)
  --sweep-after S      the first sweep S seconds after the service's start (default 30): the writes of those
                       seconds are the control ("before the sweep") that the sweep's are compared with
  --sweep-jfr FILE     record the service with JFR during the sweep, into FILE
  --heap SIZE          the service's -Xmx (default 1g)
  --jar PATH           the service jar (default app/target/community-bot-api.jar)
  --out FILE           append the tables to FILE (default bench/results/ledger-<store>-<date>.md)
  -h, --help           this text
Exit status: 0 when every check passed, 1 when one failed or the run could not be done, 2 on bad usage.
EOF
}

CMDLINE="$0$(printf ' %q' "$@")"
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
STORE= RECORDS=1000000 SMALL=100000:1000000 LARGE=1000000:10000000 PHASES=lb,small,large,patch,bot,sweep
REPEAT=3 PAGES=20 BOT_UPDATES=30000 BOT_ROUNDS=2 BOT_RATE=1000 CONCURRENCY=1,8,32 PATCH_SECONDS=10
SWEEP_RATE=200 SWEEP_TIMEOUT=1800 SWEEP_AFTER=30 SWEEP_JFR= HEAP=1g JAR="$ROOT/app/target/community-bot-api.jar" OUT=
GUILD=100000000000000001 KEY=ledger-bench

die() { echo "ledger.sh: $*" >&2; exit 2; }
need_value() { [[ $# -ge 2 && -n $2 ]] || die "option $1 needs a value"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --store) need_value "$@"; STORE=$2; shift 2 ;;
    --records) need_value "$@"; RECORDS=$2; shift 2 ;;
    --small) need_value "$@"; SMALL=$2; shift 2 ;;
    --large) need_value "$@"; LARGE=$2; shift 2 ;;
    --phases) need_value "$@"; PHASES=$2; shift 2 ;;
    --repeat) need_value "$@"; REPEAT=$2; shift 2 ;;
    --pages) need_value "$@"; PAGES=$2; shift 2 ;;
    --bot-updates) need_value "$@"; BOT_UPDATES=$2; shift 2 ;;
    --bot-rounds) need_value "$@"; BOT_ROUNDS=$2; shift 2 ;;
    --bot-rate) need_value "$@"; BOT_RATE=$2; shift 2 ;;
    --concurrency) need_value "$@"; CONCURRENCY=$2; shift 2 ;;
    --patch-seconds) need_value "$@"; PATCH_SECONDS=$2; shift 2 ;;
    --sweep-rate) need_value "$@"; SWEEP_RATE=$2; shift 2 ;;
    --sweep-timeout) need_value "$@"; SWEEP_TIMEOUT=$2; shift 2 ;;
    --sweep-after) need_value "$@"; SWEEP_AFTER=$2; shift 2 ;;
    --heap) need_value "$@"; HEAP=$2; shift 2 ;;
    --sweep-jfr) need_value "$@"; SWEEP_JFR=$2; shift 2 ;;
    --jar) need_value "$@"; JAR=$2; shift 2 ;;
    --out) need_value "$@"; OUT=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
[[ $STORE == h2 || $STORE == postgres ]] || { usage >&2; die "--store must be h2 or postgres"; }
for v in RECORDS REPEAT PAGES BOT_UPDATES BOT_ROUNDS BOT_RATE PATCH_SECONDS SWEEP_RATE SWEEP_TIMEOUT; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "--$(tr 'A-Z_' 'a-z-' <<<"$v") must be a positive integer, not ${!v}"
done
[[ $SMALL =~ ^[1-9][0-9]*:[1-9][0-9]*$ && $LARGE =~ ^[1-9][0-9]*:[1-9][0-9]*$ ]] || die "--small and --large are M:E"
SMALL_M=${SMALL%:*} SMALL_E=${SMALL#*:} LARGE_M=${LARGE%:*} LARGE_E=${LARGE#*:}
for p in SMALL LARGE; do
  m=${p}_M e=${p}_E
  ((${!e} % ${!m} == 0 && ${!m} <= RECORDS)) || die "--$(tr A-Z a-z <<<$p): E must be a multiple of M, M at most --records"
done
[[ -f $JAR ]] || { echo "ledger.sh: no jar at $JAR; build it with: mvn -B -q package -DskipTests" >&2; exit 1; }
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
for tool in java curl python3 sha256sum; do
  command -v $tool >/dev/null || { echo "ledger.sh: $tool is missing" >&2; exit 1; }
done
PGARGS=(-h 127.0.0.1 -p 5432 -U postgres)
if [[ $STORE == postgres ]]; then
  pg_isready -q "${PGARGS[@]}" -t 5 || { echo "ledger.sh: PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }
fi
has_phase() { [[ ,$PHASES, == *,$1,* ]]; }
COMMIT=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ $COMMIT != unknown && -n $(git -C "$ROOT" status --porcelain --untracked-files=no -- ':!bench' 2>/dev/null) ]]; then
  COMMIT="$COMMIT+changes"
fi
OUT=${OUT:-$HERE/results/ledger-$STORE-$(date -u +%Y%m%d-%H%M).md}
mkdir -p "$(dirname "$OUT")"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ledger-bench.XXXXXX")
PID= DB= BG=()
FAILED=0
cleanup() {
  set +e
  for p in "${BG[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  stop_service
  [[ -n $DB ]] && dropdb "${PGARGS[@]}" --if-exists --force "$DB" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'echo "ledger.sh: stopped by a failing command at line $LINENO" >&2' ERR
trap 'exit 130' INT TERM

LB=(java -cp "$JAR" "$HERE/LedgerBench.java")
out() { echo "$@" | tee -a "$OUT"; }
fail() { FAILED=$((FAILED + 1)); out "**FAILED**: $*"; out; }
kv() { sed -n "s/^$1=//p" "$2" | head -1; }
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
stat_cols() { python3 - "$@" <<'EOF'
import sys
v = sorted(float(x) for x in sys.argv[1:])
if not v: print("-"); sys.exit()
pick = lambda q: v[max(0, -(-len(v) * q // 100) - 1)]
print("/".join(f"{x:.0f}" for x in (v[0], pick(50), v[-1])))
EOF
}

{
  echo
  echo "## ledger.sh on $STORE, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo
  echo "- command: \`$CMDLINE\`"
  echo "- commit $COMMIT; jar $JAR; $(java -version 2>&1 | head -1); service -Xmx$HEAP; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- records $RECORDS in guild $GUILD; small log $SMALL_E events of $SMALL_M members, large $LARGE_E of $LARGE_M"
  echo
} | tee -a "$OUT"

# --- store ------------------------------------------------------------------------------------------------
echo "== generating $RECORDS records"
java "$HERE/GenerateLevels.java" "$WORK/levels.json" "$RECORDS" --expected "$WORK/expected" \
  --snapshot "$WORK/snapshot.json" --members 300 > /dev/null 2>&1 || true
[[ -s $WORK/expected ]] || { echo "ledger.sh: the generator failed" >&2; exit 1; }
if [[ $STORE == h2 ]]; then
  export DATABASE_URL="jdbc:h2:file:$WORK/db"
  unset DATABASE_USER DATABASE_PASSWORD
  JDBC=(--url "$DATABASE_URL")
else
  DB="ledger_bench_$$"
  createdb "${PGARGS[@]}" "$DB"
  export DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" DATABASE_USER=postgres
  unset DATABASE_PASSWORD
  JDBC=(--url "$DATABASE_URL" --user postgres)
fi
unset DISCORD_TOKEN DISCORD_API_URL XP_LOG_RETENTION
echo "== importing into $STORE ($DATABASE_URL)"
t0=$(date +%s.%N)
timeout 1800 java -Xmx1g -jar "$JAR" import "$WORK/levels.json" > "$WORK/import.log" 2>&1 \
  || { echo "ledger.sh: import failed:" >&2; tail -20 "$WORK/import.log" >&2; exit 1; }
out "- import of $RECORDS records: $(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$t0" "$(date +%s.%N)") s (the jar's \`import\`, which logs nothing)"
out
rm -f "$WORK/levels.json"

# --- the service --------------------------------------------------------------------------------------------
SERVICE_N=0
start_service() { # [ENV=VALUE ...] [-- JVM options]
  local envs=() jvm=()
  while [[ $# -gt 0 && $1 != -- ]]; do envs+=("$1"); shift; done
  [[ ${1:-} == -- ]] && { shift; jvm=("$@"); }
  SERVICE_N=$((SERVICE_N + 1))
  PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  SERVE_LOG="$WORK/serve.$SERVICE_N.log" GC_LOG="$WORK/gc.$SERVICE_N.log"
  env BOT_API_KEY=$KEY PORT=$PORT MANAGEMENT_PORT=off GUILD_SNAPSHOT="$WORK/snapshot.json" "${envs[@]}" \
    java -Xmx"$HEAP" -Xlog:gc:file="$GC_LOG" "${jvm[@]}" -jar "$JAR" > "$SERVE_LOG" 2>&1 &
  PID=$!
  local deadline=$((SECONDS + 180))
  until grep -qs "listening on port" "$SERVE_LOG"; do
    if ! kill -0 "$PID" 2>/dev/null || ((SECONDS > deadline)); then
      echo "ledger.sh: the service did not start:" >&2; tail -20 "$SERVE_LOG" >&2; exit 1
    fi
    sleep 0.2
  done
  BASE="http://127.0.0.1:$PORT"
  echo "== service pid $PID on $BASE"
}
stop_service() {
  if [[ -n $PID ]] && kill -0 "$PID" 2>/dev/null; then
    RSS_PEAK_MIB=$(awk '/VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$PID/status" 2>/dev/null || echo "?")
    kill -TERM "$PID"
    for _ in $(seq 150); do kill -0 "$PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
  PID=
}
# The largest heap occupancy before a GC and after one, from the service's GC log (MiB).
heap_peak() { python3 - "$GC_LOG" <<'EOF'
import re, sys
before = after = 0
for l in open(sys.argv[1]):
    m = re.search(r"(\d+)M->(\d+)M\((\d+)M\)", l)
    if m:
        before = max(before, int(m.group(1))); after = max(after, int(m.group(2)))
print(f"{before} MiB before a GC, {after} MiB after one")
EOF
}

# GET URL N times with curl: one untimed first, then N timed; each body checked by CHECK (a command given the body's
# path, printing "ok ..." or "FAIL ..."), and every body the same sha256. Sets T_FB, T_TOTAL (min/med/max ms), SHA,
# BYTES; a failure is counted.
timed_gets() { # NAME URL N CHECK...
  local name=$1 url=$2 n=$3; shift 3
  local fbs=() totals=() shas=() i w status fb total bytes res
  for i in $(seq 0 "$n"); do
    rm -f "$WORK/body"  # a request that gets no answer must not show the body of the one before
    w=$(curl -sS --max-time 600 -H "X-API-Key: $KEY" -o "$WORK/body" -w '%{http_code} %{time_starttransfer} %{time_total} %{size_download}' "$url" || echo "000 0 0 0")
    read -r status fb total bytes <<<"$w"
    if [[ $status != 200 ]]; then
      fail "$name: status $status after $(awk -v x="$total" 'BEGIN {printf "%.1f", x}') s: $(head -c 300 "$WORK/body" 2>/dev/null || echo "no answer")"
      GET_FAILED=1 SHA=- BYTES=- T_FB=- T_TOTAL=-; return
    fi
    SHA=$(sha256sum "$WORK/body" | cut -c1-64) BYTES=$bytes
    if [[ $i == 0 || $i == 1 ]]; then  # the untimed body and the first timed one are checked in full
      res=$("$@" "$WORK/body" 2>&1 || true)
      [[ $res == ok* ]] || { fail "$name: $res"; SHA=- T_FB=- T_TOTAL=-; return; }
    fi
    shas+=("$SHA")
    [[ $i == 0 ]] && continue
    fbs+=("$(awk -v x="$fb" 'BEGIN {print x * 1000}')") totals+=("$(awk -v x="$total" 'BEGIN {print x * 1000}')")
  done
  if [[ $(printf '%s\n' "${shas[@]}" | sort -u | wc -l) != 1 ]]; then fail "$name: the bodies differ"; fi
  T_FB=$(stat_cols "${fbs[@]}") T_TOTAL=$(stat_cols "${totals[@]}")
  cp "$WORK/body" "$WORK/last-$name"
}
check_whole() { python3 "$HERE/check_leaderboard.py" "$1" "$WORK/expected" "$WORK/snapshot.json"; }
# The first page of the leaderboard must be the first LIMIT entries of the whole one.
check_first_page() { python3 - "$1" "$WORK/last-whole" "$2" <<'EOF'
import json, sys
def first(path, n):  # the first n entries of a JSON array, read from the file's start
    text, out, dec = open(path, encoding="utf-8").read(4 << 20), [], json.JSONDecoder()
    i = text.index("[") + 1
    while len(out) < n:
        while text[i] in " \t\r\n,": i += 1
        if text[i] == "]": break
        obj, i = dec.raw_decode(text, i); out.append(obj)
    return out
limit = int(sys.argv[3])
page = json.load(open(sys.argv[1]))
print("ok" if page == first(sys.argv[2], limit) else f"FAIL the page is not the first {limit} entries of the whole leaderboard")
EOF
}
check_page100() { check_first_page "$1" 100; }

LB_ROWS=()
leaderboard_figures() { # LABEL
  local label=$1
  timed_gets whole "$BASE/api/$GUILD/leaderboard" "$REPEAT" check_whole
  local wfb=$T_FB wt=$T_TOTAL wsha=$SHA wbytes=$BYTES
  timed_gets page "$BASE/api/$GUILD/leaderboard?limit=100" "$PAGES" check_page100
  LB_ROWS+=("| $label | $wbytes | $wfb | $wt | \`${wsha:0:16}\` | $T_TOTAL | \`${SHA:0:16}\` |")
  echo "   $label: whole $wt ms (sha ${wsha:0:16}), first page $T_TOTAL ms (sha ${SHA:0:16})"
  eval "LB_SHA_$2=$wsha LB_PAGE_SHA_$2=$SHA"
}
print_lb() {
  out "### The leaderboard with and without the XP log (whole: $REPEAT timed, first page: $PAGES timed; ms min/med/max)"
  out
  out "| XP log | whole bytes | whole first byte | whole total | whole sha256 | page total | page sha256 |"
  out "|---|---|---|---|---|---|---|"
  for r in "${LB_ROWS[@]}"; do out "$r"; done
  out
  if [[ -n ${LB_SHA_none:-} && -n ${LB_SHA_large:-} ]]; then
    if [[ $LB_SHA_none == "$LB_SHA_large" && $LB_PAGE_SHA_none == "$LB_PAGE_SHA_large" ]]; then
      out "Bodies with and without the log: identical (whole and first page)."
    else
      fail "the leaderboard's bodies differ with the log"
    fi
    out
  fi
}

WINDOW_ROWS=() HISTORY_ROWS=() EXPLAINS=()
# Window leaderboard and history pages over the log the fill just wrote.
log_figures() { # LABEL MEMBERS EVENTS EXPECTED FIRST_ID LAST_ID
  local label=$1 m=$2 e=$3 expected=$4 first=$5 last=$6 since
  since=$(iso $(( $(date +%s) - 7 * 86400 )))
  check_window_page() { "${LB[@]}" check-window "$1" "$expected" --page 100; }
  check_window_whole() { "${LB[@]}" check-window "$1" "$expected"; }
  timed_gets wpage "$BASE/api/$GUILD/leaderboard?since=$since&limit=100" "$REPEAT" check_window_page
  local pfb=$T_FB pt=$T_TOTAL
  timed_gets wwhole "$BASE/api/$GUILD/leaderboard?since=$since" "$REPEAT" check_window_whole
  if [[ $STORE == postgres ]]; then  # the plan of a first page's query (SqlXpLog.gainsIn, PostgreSQL's form)
    psql "${PGARGS[@]}" -d "$DB" -XAq > "$WORK/explain" 2>&1 <<SQL || true
SET work_mem = '64MB';
EXPLAIN (ANALYZE, BUFFERS) SELECT g.user_id, g.level_gained, g.xp_gained, r.level, r.xp FROM (SELECT * FROM (
 SELECT w.user_id, w.l[2] - w.f[2] AS level_gained, w.l[3] - w.f[3] AS xp_gained FROM (SELECT user_id,
 MIN(ARRAY[id, COALESCE(level_before, 0), COALESCE(xp_before, 0)]) AS f,
 MAX(ARRAY[id, COALESCE(level_after, 0), COALESCE(xp_after, 0)]) AS l FROM xp_log
 WHERE guild_id = '$GUILD' AND logged_at >= CAST('$since' AS TIMESTAMP WITH TIME ZONE)
 AND logged_at < CAST('$(iso $(date +%s))' AS TIMESTAMP WITH TIME ZONE) GROUP BY user_id) w) g
 WHERE (g.level_gained > 0 OR g.level_gained = 0 AND g.xp_gained > 0)
 ORDER BY g.level_gained DESC, g.xp_gained DESC, g.user_id FETCH FIRST 302 ROWS ONLY) g
 LEFT JOIN level_record r ON r.id = CAST('$GUILD:' AS VARCHAR) || g.user_id
 ORDER BY g.level_gained DESC, g.xp_gained DESC, g.user_id;
SQL
    EXPLAINS+=("$label" "$(cat "$WORK/explain")")
  fi
  WINDOW_ROWS+=("| $label | $(kv window_entries "$expected") | $pfb | $pt | $BYTES | $T_FB | $T_TOTAL | $(heap_peak) |")
  echo "   window $label: first page $pt ms, whole $T_TOTAL ms"
  local k=$((e / m))
  for limit in 100 1000; do
    "${LB[@]}" history --base "$BASE" --key "$KEY" --guild "$GUILD" --members "$m" --events-per-member "$k" \
      --first-id "$first" --last-id "$last" --pages $((limit == 100 ? 500 : 100)) --limit $limit --chains 10 \
      --member-samples $((limit == 100 ? 300 : 0)) --member-limit 3 > "$WORK/history" 2>&1 || true
    cat "$WORK/history" | sed 's/^/   /'
    if [[ $(kv history_failures "$WORK/history") != 0 ]]; then fail "history $label limit $limit: $(grep -m1 history_failure= "$WORK/history" || tail -3 "$WORK/history")"; fi
    HISTORY_ROWS+=("| $label | \`xp_log?limit=$limit\` | $(kv guild_page_n "$WORK/history") | $(kv guild_page_p50_ms "$WORK/history") | $(kv guild_page_p99_ms "$WORK/history") | $(kv guild_page_max_ms "$WORK/history") |")
    if [[ $limit == 100 ]]; then
      HISTORY_ROWS+=("| $label | \`levels/U/history?limit=3\` ($k events a member) | $(kv member_page_n "$WORK/history") | $(kv member_page_p50_ms "$WORK/history") | $(kv member_page_p99_ms "$WORK/history") | $(kv member_page_max_ms "$WORK/history") |")
    fi
  done
}
print_log_tables() {
  out "### One-week window leaderboard (\`?since=<now - 7 days>\`; $REPEAT timed each; ms min/med/max)"
  out
  out "| log | entries | page (limit 100) first byte | page total | whole bytes | whole first byte | whole total | service heap (GC log, -Xmx$HEAP) |"
  out "|---|---|---|---|---|---|---|---|"
  for r in "${WINDOW_ROWS[@]}"; do out "$r"; done
  out
  local i
  for ((i = 0; i < ${#EXPLAINS[@]}; i += 2)); do
    out "EXPLAIN (ANALYZE, BUFFERS) of a first page's query (SqlXpLog.gainsIn on PostgreSQL, limit 100), ${EXPLAINS[i]}:"
    out
    out '```'
    out "${EXPLAINS[i + 1]}"
    out '```'
    out
  done
  out "### History pages (following X-Next-Cursor; the guild's log in 10 chains, 1 from the newest event and 9 from random cursors; ms)"
  out
  out "| log | pages of | pages | p50 | p99 | max |"
  out "|---|---|---|---|---|---|"
  for r in "${HISTORY_ROWS[@]}"; do out "$r"; done
  out
}

fill() { # MEMBERS EVENTS FROM TO EXPECTED
  echo "== filling the XP log: $2 events of $1 members from $3 to $4"
  "${LB[@]}" fill "${JDBC[@]}" --guild "$GUILD" --members "$1" --events "$2" --from "$3" --to "$4" --truncate \
    --expected "$5" > "$WORK/fill" || { cat "$WORK/fill"; echo "ledger.sh: the fill failed" >&2; exit 1; }
  sed 's/^/   /' "$WORK/fill"
  FILL_FIRST=$(kv fill_first_id "$WORK/fill") FILL_LAST=$(kv fill_last_id "$WORK/fill")
  local vacuum=
  [[ $STORE == postgres ]] && vacuum=", then VACUUM ANALYZE xp_log: $(kv fill_vacuum_analyze_s "$WORK/fill") s"
  FILL_NOTES+=("$2 events of $1 members: $(kv fill_s "$WORK/fill") s (SQL INSERT ... SELECT$vacuum);")
}
FILL_NOTES=()
WEEK_FROM=$(iso $(( $(date +%s) - 6 * 86400 - 43200 ))) WEEK_TO=$(iso $(( $(date +%s) - 43200 )))

# --- lb (no log), small, large ------------------------------------------------------------------------------
if has_phase lb; then
  start_service
  leaderboard_figures "none" none
  stop_service
fi
if has_phase small; then
  fill "$SMALL_M" "$SMALL_E" "$WEEK_FROM" "$WEEK_TO" "$WORK/expected-small"
  start_service
  log_figures "$SMALL_E events, $SMALL_M members" "$SMALL_M" "$SMALL_E" "$WORK/expected-small" "$FILL_FIRST" "$FILL_LAST"
  stop_service
fi
LARGE_FILLED=
if has_phase large || has_phase sweep; then
  fill "$LARGE_M" "$LARGE_E" "$WEEK_FROM" "$WEEK_TO" "$WORK/expected-large"
  LARGE_FILLED=1 LARGE_FIRST=$FILL_FIRST LARGE_LAST=$FILL_LAST
fi
if has_phase large; then
  start_service
  has_phase lb && leaderboard_figures "$LARGE_E events" large
  GET_FAILED=
  log_figures "$LARGE_E events, $LARGE_M members" "$LARGE_M" "$LARGE_E" "$WORK/expected-large" "$FILL_FIRST" "$FILL_LAST"
  grep -E "WARN|ERROR" "$SERVE_LOG" | head -3 | cut -c1-400 | sed 's/^/   service: /' || true
  stop_service
  if [[ -n $GET_FAILED && $STORE == postgres ]]; then
    # docs/store.md: the driver's socketTimeout of 5 s bounds every answer; a query that needs longer can raise it.
    echo "== again with socketTimeout=600 in DATABASE_URL"
    SAVED_URL=$DATABASE_URL
    DATABASE_URL="$DATABASE_URL?socketTimeout=600"
    start_service
    log_figures "$LARGE_E events, $LARGE_M members, socketTimeout=600" "$LARGE_M" "$LARGE_E" "$WORK/expected-large" "$FILL_FIRST" "$FILL_LAST"
    stop_service
    DATABASE_URL=$SAVED_URL
  fi
fi
if ((${#FILL_NOTES[@]})); then
  out "Fills of the XP log: ${FILL_NOTES[*]}; timestamps evenly from $WEEK_FROM to $WEEK_TO, ids in time order."
  out
fi
has_phase lb && print_lb
(has_phase small || has_phase large) && print_log_tables

# --- patch --------------------------------------------------------------------------------------------------
if has_phase patch; then
  start_service
  out "### PATCH /api/G/levels/U \`{\"xp_delta\":1}\` (Java HttpClient, C clients in closed loop, 5 s warm-up then ${PATCH_SECONDS} s; every body checked)"
  out
  out "| members | clients | requests | req/s | p50 ms | p99 ms | max ms | failures |"
  out "|---|---|---|---|---|---|---|---|"
  for mode in many one; do
    for c in ${CONCURRENCY//,/ }; do
      "${LB[@]}" patch --base "$BASE" --key "$KEY" --guild "$GUILD" --records "$RECORDS" --concurrency "$c" \
        --seconds "$PATCH_SECONDS" --warmup 5 --mode "$mode" > "$WORK/patch" 2>&1 || true
      sed 's/^/   /' "$WORK/patch"
      [[ $(kv patch_failures "$WORK/patch") == 0 ]] || fail "PATCH $mode x$c: $(grep -m1 -E 'patch_failure=|Exception' "$WORK/patch")"
      out "| $([[ $mode == many ]] && echo "spread over $RECORDS" || echo "one member") | $c | $(kv patch_n "$WORK/patch") | $(kv patch_rps "$WORK/patch") | $(kv patch_p50_ms "$WORK/patch") | $(kv patch_p99_ms "$WORK/patch") | $(kv patch_max_ms "$WORK/patch") | $(kv patch_failures "$WORK/patch") |"
    done
  done
  out
  stop_service
fi

# --- bot ----------------------------------------------------------------------------------------------------
if has_phase bot; then
  [[ -z $PID ]] || stop_service
  out "### The bot's upserts ($BOT_UPDATES per run, one connection, autocommit$([[ $STORE == h2 ]] && echo "; H2: through plain JDBC to the file with the service stopped, as embedded H2 admits one process"))"
  out
  out "| run | XP log trigger | pace | total s | updates/s | p50 ms | p99 ms | max ms | mean ms | busy s | events logged |"
  out "|---|---|---|---|---|---|---|---|---|---|---|"
  XPB=3000000
  declare -A BUSY=()
  for pace in "$BOT_RATE" 0; do
    for round in $(seq "$BOT_ROUNDS"); do
      order=(on off); ((round % 2 == 0)) && order=(off on)
      for trig in "${order[@]}"; do
        "${LB[@]}" bot "${JDBC[@]}" --guild "$GUILD" --records "$RECORDS" --rate "$pace" --updates "$BOT_UPDATES" \
          --trigger "$trig" --xp-base $XPB --seed $((XPB / 1000)) > "$WORK/bot" 2>&1 || true
        XPB=$((XPB + BOT_UPDATES))
        sed 's/^/   /' "$WORK/bot"
        grep -q '^bot_total_s=' "$WORK/bot" || { fail "bot run: $(tail -3 "$WORK/bot")"; continue; }
        grep -q '^bot_error=' "$WORK/bot" && fail "bot: $(kv bot_error "$WORK/bot")"
        out "| $round | $trig | $([[ $pace == 0 ]] && echo "flat out" || echo "$pace/s") | $(kv bot_total_s "$WORK/bot") | $(kv bot_rate "$WORK/bot") | $(kv bot_p50_ms "$WORK/bot") | $(kv bot_p99_ms "$WORK/bot") | $(kv bot_max_ms "$WORK/bot") | $(kv bot_mean_ms "$WORK/bot") | $(kv bot_busy_s "$WORK/bot") | $(kv bot_events_logged "$WORK/bot") |"
        BUSY[$pace.$trig]="${BUSY[$pace.$trig]:-} $(kv bot_busy_s "$WORK/bot")/$(kv bot_total_s "$WORK/bot")"
      done
    done
  done
  out
  ratio() { python3 - "$1" "$2" <<'EOF'
import sys
def tot(s, i): return sum(float(x.split("/")[i]) for x in s.split())
on, off = sys.argv[1], sys.argv[2]
print(f"busy {tot(on, 0) / tot(off, 0):.2f}x, wall {tot(on, 1) / tot(off, 1):.2f}x")
EOF
  }
  out "With the log / without, summed over the rounds: paced $(ratio "${BUSY[$BOT_RATE.on]}" "${BUSY[$BOT_RATE.off]}"); flat out $(ratio "${BUSY[0.on]}" "${BUSY[0.off]}") (target: at most 1.3x). Busy = the sum of the updates' own times."
  out
fi

# --- sweep --------------------------------------------------------------------------------------------------
if has_phase sweep; then
  [[ -n $LARGE_FILLED ]] || die "the sweep needs the large log"
  OLD=$((LARGE_LAST - LARGE_FIRST + 1))
  echo "== sweep: the service with XP_LOG_RETENTION=1h over $OLD old events"
  rm -f "$WORK/stop"
  SWEEP_OPTS=(-Dbot.xp-log-sweep-interval=${SWEEP_AFTER}s)
  [[ -n $SWEEP_JFR ]] && SWEEP_OPTS+=("-XX:StartFlightRecording=filename=$SWEEP_JFR,settings=profile")
  start_service XP_LOG_RETENTION=1h -- "${SWEEP_OPTS[@]}"
  SWEEP_T0=$(date +%s%3N)
  if [[ $STORE == postgres ]]; then
    "${LB[@]}" bot "${JDBC[@]}" --guild "$GUILD" --records "$RECORDS" --rate "$BOT_RATE" --until-file "$WORK/stop" \
      --xp-base 90000000 --seed 9 --trace "$WORK/trace" > "$WORK/sweep-writer" 2>&1 &
    BG+=($!)
    WHAT="the bot's upserts (plain JDBC at $BOT_RATE/s, beside the service)"
    ( while [[ ! -e $WORK/stop ]]; do
        echo "$(date +%s%3N) $(psql "${PGARGS[@]}" -d "$DB" -XAtc "SELECT n_tup_del FROM pg_stat_user_tables WHERE relname = 'xp_log'")"
        sleep 1
      done ) > "$WORK/progress" 2>/dev/null &
    BG+=($!)
  else
    "${LB[@]}" patch --base "$BASE" --key "$KEY" --guild "$GUILD" --records "$RECORDS" --concurrency 4 \
      --rate "$SWEEP_RATE" --seconds 100000 --until-file "$WORK/stop" --trace "$WORK/trace" > "$WORK/sweep-writer" 2>&1 &
    BG+=($!)
    WHAT="the service's own PATCHes ($SWEEP_RATE/s over 4 connections; no other process may write the H2 file)"
    "${LB[@]}" sweep-probe --base "$BASE" --key "$KEY" --guild "$GUILD" --first-id "$LARGE_FIRST" --last-id "$LARGE_LAST" \
      --points 11 --interval-ms 2000 --done-file "$WORK/stop" > "$WORK/progress" 2>&1 &
    BG+=($!)
  fi
  deadline=$((SECONDS + SWEEP_TIMEOUT + SWEEP_AFTER))
  until grep -q "Deleted [0-9]* events of the XP log" "$SERVE_LOG"; do
    ((SECONDS < deadline)) || break
    kill -0 "$PID" 2>/dev/null || { fail "the service exited during the sweep: $(tail -5 "$SERVE_LOG")"; break; }
    sleep 1
  done
  sleep 10  # some writes after the sweep
  touch "$WORK/stop"
  for p in "${BG[@]}"; do wait "$p" 2>/dev/null || true; done
  BG=()
  SWEEP_END_LINE=$(grep -m1 "Deleted [0-9]* events of the XP log" "$SERVE_LOG" || true)
  grep -E "WARN|ERROR" "$SERVE_LOG" | head -5 | sed 's/^/   service: /' || true
  python3 - "$WORK/progress" "$SWEEP_T0" "$SWEEP_END_LINE" "$STORE" > "$WORK/span" <<'EOF'
import sys, datetime
rows = [l.split() for l in open(sys.argv[1]) if l.strip() and l.split()[0].isdigit() and len(l.split()) == 2 and l.split()[1].isdigit()]
t0, line, store = int(sys.argv[2]), sys.argv[3], sys.argv[4]
first = int(rows[0][1]) if rows else 0
# The sweep began after the last sample that saw no deletion yet and before the first that saw one.
start = next((int(rows[i - 1][0]) for i in range(1, len(rows)) if int(rows[i][1]) > first), None)
if store == "h2":  # the first probe (the oldest event) empties with the first batch: poll interval 2 s
    start = next((int(rows[max(0, i - 1)][0]) for i in range(len(rows)) if int(rows[i][1]) >= 1), None)
end = None
if line:
    end = int(datetime.datetime.fromisoformat(line.split()[0]).timestamp() * 1000)
last = int(rows[-1][0]) if rows else t0
print(f"start={start or ''}\nend={end or ''}\nlast={last}\ndeleted={line.split('Deleted ')[1].split()[0] if line else ''}")
EOF
  S=$(kv start "$WORK/span") E=$(kv end "$WORK/span")
  cat "$WORK/sweep-writer" | grep -v '^[0-9]' | sed 's/^/   /'
  out "### Retention: the service's sweep of $OLD old events (XP_LOG_RETENTION=1h, first sweep $SWEEP_AFTER s after start through -Dbot.xp-log-sweep-interval=${SWEEP_AFTER}s)"
  out
  if [[ -z $S ]]; then
    fail "the sweep did not start within the run"
  else
    if [[ -z $E ]]; then
      out "The sweep did not end within --sweep-timeout $SWEEP_TIMEOUT s; figures up to the end of the run."
      E=$(kv last "$WORK/span")
    fi
    out "Sweep from $(date -u -d @$((S / 1000)) +%T) to $(date -u -d @$((E / 1000)) +%T) UTC: $(( (E - S) / 1000 )) s, $(kv deleted "$WORK/span") events deleted ($(python3 -c "import sys; d=sys.argv[1]; print(f'{int(d) / max(1, (int(sys.argv[3]) - int(sys.argv[2])) / 1000):.0f} events/s' if d else 'count not logged')" "$(kv deleted "$WORK/span")" "$S" "$E"))."
    out
    out "Writes measured: $WHAT."
    out
    out "| period | writes | p50 ms | p99 ms | max ms | over 100 ms |"
    out "|---|---|---|---|---|---|"
    for period in "before the sweep:$SWEEP_T0:$S" "during the sweep:$S:$E" "after the sweep:$E:99999999999999"; do
      IFS=: read -r name a b <<<"$period"
      "${LB[@]}" stats "$WORK/trace" "$a" "$b" > "$WORK/stats"
      out "| $name | $(kv span_n "$WORK/stats") | $(kv span_p50_ms "$WORK/stats") | $(kv span_p99_ms "$WORK/stats") | $(kv span_max_ms "$WORK/stats") | $(kv span_over_100ms "$WORK/stats") |"
    done
    out
    out "Service heap during the sweep: $(heap_peak)."
    out
  fi
  cp "$WORK/trace" "$WORK/progress" /tmp/ 2>/dev/null || true
  stop_service
fi

out "Checks: $([[ $FAILED == 0 ]] && echo "every body and count passed" || echo "$FAILED FAILED (above)")."
out
exit $((FAILED > 0))
