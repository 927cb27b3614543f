#!/usr/bin/env bash
# Leaderboard benchmark (GET /api/{guild_id}/leaderboard, spec 4.2): N level records in one guild, imported
# with the jar's `import`, served by the jar with a small heap, requested R times (C clients at once per
# round). Every body is checked (status, complete JSON, entries, ranks, users, names, sha256) and then
# deleted; the summary gives import time, body size, first-byte and total times, and the JVM's peak RSS.
# See BENCHMARKS.md. Build the jar first: mvn -B -q package -DskipTests
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/leaderboard.sh [options]
  --store h2|postgres   store to serve from (default h2; postgres: a fresh database on 127.0.0.1:5432, user postgres)
  --records N           level records in the guild (default 1000000)
  --repeat R            rounds of requests (default 30)
  --concurrency C       clients requesting at once in each round (default 1)
  --heap SIZE           the service's -Xmx (default 128m)
  --jar PATH            the service jar (default app/target/community-bot-api.jar)
  --writes              postgres only: while the rounds run, a background loop upserts level records of the
                        guild with psql, one statement per transaction, as the bot does
  --members M           members in the guild snapshot, looked up by the leaderboard (default 300)
  --timeout S           limit for one request, in seconds (default 300)
  --markdown FILE       also append the summary as a Markdown table row to FILE
  --pages FILE          after the rounds, check and time leaderboard pages and member entries
                        (bench/check_pages.py; figures appended to FILE as a Markdown row)
  -h, --help            this text
Exit status: 0 when every body passed its checks, 1 when one failed or the run could not be done, 2 on bad usage.
EOF
}

CMDLINE="$0$(printf ' %q' "$@")"
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
STORE=h2 RECORDS=1000000 REPEAT=30 CONC=1 HEAP=128m JAR="$ROOT/app/target/community-bot-api.jar"
WRITES=0 MEMBERS=300 TIMEOUT=300 MARKDOWN= PAGES=
GUILD=100000000000000001 KEY=bench

die() { echo "leaderboard.sh: $*" >&2; exit 2; }
need_value() { [[ $# -ge 2 && -n $2 ]] || die "option $1 needs a value"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --store) need_value "$@"; STORE=$2; shift 2 ;;
    --records) need_value "$@"; RECORDS=$2; shift 2 ;;
    --repeat) need_value "$@"; REPEAT=$2; shift 2 ;;
    --concurrency) need_value "$@"; CONC=$2; shift 2 ;;
    --heap) need_value "$@"; HEAP=$2; shift 2 ;;
    --jar) need_value "$@"; JAR=$2; shift 2 ;;
    --members) need_value "$@"; MEMBERS=$2; shift 2 ;;
    --timeout) need_value "$@"; TIMEOUT=$2; shift 2 ;;
    --markdown) need_value "$@"; MARKDOWN=$2; shift 2 ;;
    --pages) need_value "$@"; PAGES=$2; shift 2 ;;
    --writes) WRITES=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
[[ $STORE == h2 || $STORE == postgres ]] || die "--store must be h2 or postgres, not $STORE"
for v in RECORDS REPEAT CONC MEMBERS TIMEOUT; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "--$(tr 'A-Z' 'a-z' <<<"$v" | sed 's/conc/concurrency/') must be a positive integer, not ${!v}"
done
[[ $HEAP =~ ^[1-9][0-9]*[kKmMgG]?$ ]] || die "--heap must be a JVM size such as 128m, not $HEAP"
if [[ $WRITES == 1 && $STORE == h2 ]]; then
  die "--writes needs --store postgres: the H2 file database is open in the service's process only, so no other process can write to it while the service runs"
fi
[[ -f $JAR ]] || { echo "leaderboard.sh: no jar at $JAR; build it with: mvn -B -q package -DskipTests" >&2; exit 1; }
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
for tool in java curl python3; do
  command -v $tool >/dev/null || { echo "leaderboard.sh: $tool is missing (see BENCHMARKS.md)" >&2; exit 1; }
done
PGARGS=(-h 127.0.0.1 -p 5432 -U postgres)
if [[ $STORE == postgres ]]; then
  for tool in psql createdb dropdb pg_isready; do
    command -v $tool >/dev/null || { echo "leaderboard.sh: $tool is missing: apt-get install -y postgresql-client" >&2; exit 1; }
  done
  if ! pg_isready -q "${PGARGS[@]}" -t 5; then
    echo "leaderboard.sh: PostgreSQL does not answer on 127.0.0.1:5432; start it, e.g.:" >&2
    echo "  pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start" >&2
    exit 1
  fi
fi
COMMIT=$(git -C "$(dirname "$JAR")" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ $COMMIT != unknown && -n $(git -C "$(dirname "$JAR")" status --porcelain --untracked-files=no 2>/dev/null) ]]; then
  COMMIT="$COMMIT+changes"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/leaderboard-bench.XXXXXX")
PID= WRITER= DB=
cleanup() {
  set +e
  [[ -n $WRITER ]] && { touch "$WORK/stop-writes"; kill "$WRITER" 2>/dev/null; wait "$WRITER" 2>/dev/null; }
  if [[ -n $PID ]] && kill -0 "$PID" 2>/dev/null; then
    kill -TERM "$PID"
    for _ in $(seq 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$PID" 2>/dev/null
    wait "$PID" 2>/dev/null
  fi
  [[ -n $DB ]] && dropdb "${PGARGS[@]}" --if-exists --force "$DB" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'echo "leaderboard.sh: stopped by a failing command at line $LINENO" >&2' ERR
trap 'exit 130' INT TERM

now() { date +%s.%N; }
secs() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }

# --- data ------------------------------------------------------------------------------------------------
echo "== generating $RECORDS records in guild $GUILD ($MEMBERS members in the snapshot)"
java "$HERE/GenerateLevels.java" "$WORK/levels.json" "$RECORDS" --expected "$WORK/expected" \
  --snapshot "$WORK/snapshot.json" --members "$MEMBERS" 2>&1 | sed 's/^/   /' || true
[[ -s $WORK/expected ]] || { echo "leaderboard.sh: the generator failed" >&2; exit 1; }
expected() { sed -n "s/^$1=//p" "$WORK/expected"; }
RANKED=$(expected ranked)
echo "   data file $(du -h "$WORK/levels.json" | cut -f1); $RANKED ranked, $(expected skipped) skipped (user part not a positive integer)"

if [[ $STORE == h2 ]]; then
  export DATABASE_URL="jdbc:h2:file:$WORK/db"
  unset DATABASE_USER DATABASE_PASSWORD
else
  DB="bench_leaderboard_$$_$RANDOM"
  createdb "${PGARGS[@]}" "$DB"
  export DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" DATABASE_USER=postgres
  unset DATABASE_PASSWORD
fi
unset DISCORD_TOKEN DISCORD_API_URL

echo "== importing into $STORE ($DATABASE_URL)"
t0=$(now)
if ! timeout 900 java -Xmx1g -jar "$JAR" import "$WORK/levels.json" > "$WORK/import.log" 2>&1; then
  echo "leaderboard.sh: import failed:" >&2; tail -20 "$WORK/import.log" >&2; exit 1
fi
IMPORT_S=$(secs "$t0" "$(now)")
echo "   import: $IMPORT_S s"
rm -f "$WORK/levels.json"

# --- service ---------------------------------------------------------------------------------------------
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BOT_API_KEY=$KEY PORT=$PORT GUILD_SNAPSHOT="$WORK/snapshot.json" java -Xmx"$HEAP" -jar "$JAR" > "$WORK/serve.log" 2>&1 &
PID=$!
deadline=$((SECONDS + 120))
until grep -qs "listening on port" "$WORK/serve.log"; do
  if ! kill -0 "$PID" 2>/dev/null || ((SECONDS > deadline)); then
    echo "leaderboard.sh: the service did not start:" >&2; tail -20 "$WORK/serve.log" >&2; exit 1
  fi
  sleep 0.2
done
echo "== service pid $PID on 127.0.0.1:$PORT, -Xmx$HEAP"
URL="http://127.0.0.1:$PORT/api/$GUILD/leaderboard"

# --- writer (postgres only) ------------------------------------------------------------------------------
writer() {
  local batch=100 n=0 seed=$$
  while [[ ! -e $WORK/stop-writes ]]; do
    seed=$((seed + 1))
    # Upserts of existing ranked members (user 300000000000000000 + i, i not a multiple of skip_every), each
    # its own transaction, so the number of ranked entries and the set of users stay the same.
    awk -v n="$RECORDS" -v skip="$(expected skip_every)" -v guild="$GUILD" -v seed="$seed" -v batch=$batch 'BEGIN {
      srand(seed)
      for (k = 0; k < batch; k++) {
        do { i = 1 + int(rand() * n) } while (i % skip == 0)
        printf "INSERT INTO level_record (id, xp, level) VALUES (%c%s:3%017d%c, %d, %d) ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp, level = EXCLUDED.level;\n", 39, guild, i, 39, int(rand() * 1000000), int(rand() * 100)
      }
    }' | psql "${PGARGS[@]}" -d "$DB" -X -q -v ON_ERROR_STOP=1 > /dev/null 2>> "$WORK/writer.err" || { echo failed >> "$WORK/writer.err"; return; }
    n=$((n + batch)); echo $n > "$WORK/writes"
  done
}
if [[ $WRITES == 1 ]]; then
  writer & WRITER=$!
  WRITES_T0=$(now)
  echo "== background writer pid $WRITER upserting level records of guild $GUILD"
fi

# --- rounds ----------------------------------------------------------------------------------------------
echo "== $REPEAT rounds x $CONC client(s): GET $URL"
: > "$WORK/times"
: > "$WORK/failures"
OK=0 FAILED=0 NOTRUN=0 RSS_KB= REF_SHA= REF_AT= DISTINCT_SHA="$WORK/shas"
: > "$DISTINCT_SHA"
CHECK_ARGS=("$WORK/expected" "$WORK/snapshot.json")
[[ $WRITES == 1 ]] && CHECK_ARGS+=(--writes)
for round in $(seq "$REPEAT"); do
  pids=()
  for c in $(seq "$CONC"); do
    curl -sS --max-time "$TIMEOUT" -H "X-API-Key: $KEY" -o "$WORK/body.$c" \
      -w '%{http_code} %{time_starttransfer} %{time_total} %{size_download}' "$URL" \
      > "$WORK/w.$c" 2> "$WORK/curlerr.$c" &
    pids+=($!)
  done
  for c in $(seq "$CONC"); do
    rc=0; wait "${pids[$((c - 1))]}" || rc=$?
    read -r status ttfb total bytes < "$WORK/w.$c" || true
    status=${status:-000} ttfb=${ttfb:-0} total=${total:-0} bytes=${bytes:-0}
    reason=
    touch "$WORK/body.$c"
    if out=$(python3 "$HERE/check_leaderboard.py" "$WORK/body.$c" "${CHECK_ARGS[@]}"); then :; fi
    sha=$(sed -n 's/^[a-zA-Z]* sha256=\([0-9a-f]*\).*/\1/p' <<<"$out")
    if [[ $status != 200 ]]; then
      reason="status $status, curl exit $rc"
      [[ -s $WORK/curlerr.$c ]] && reason="$reason ($(tr -d '\n' < "$WORK/curlerr.$c"))"
      [[ -s $WORK/body.$c ]] && reason="$reason: $(head -c 200 "$WORK/body.$c" | tr -d '\n')"
    elif [[ $rc != 0 ]]; then
      reason="curl exit $rc ($(tr -d '\n' < "$WORK/curlerr.$c")); check: ${out#*: }"
    elif [[ $out != ok* ]]; then
      reason="${out#*: }; the body's last bytes: $(tail -c 48 "$WORK/body.$c" | tr -d '\n' | cat -v)"
    elif [[ $WRITES == 0 && -n $REF_SHA && $sha != "$REF_SHA" ]]; then
      reason="sha256 $sha differs from the first good body's $REF_SHA ($REF_AT)"
    fi
    echo "$round $c $status $ttfb $total $bytes $rc ${reason:+failed}${reason:-ok}" >> "$WORK/times"
    if [[ -z $reason ]]; then
      OK=$((OK + 1))
      [[ -z $REF_SHA ]] && { REF_SHA=$sha; REF_AT="round $round client $c"; }
      echo "$sha" >> "$DISTINCT_SHA"
      awk -v r="$round" -v c="$c" -v f="$ttfb" -v t="$total" -v b="$bytes" \
        'BEGIN { printf "   round %d client %d: 200, first byte %.0f ms, total %.0f ms, %d bytes, ok\n", r, c, f * 1000, t * 1000, b }'
    else
      FAILED=$((FAILED + 1))
      echo "round $round client $c: $reason" >> "$WORK/failures"
      printf '   round %d client %d: status %s, %d bytes, FAILED: %s\n' "$round" "$c" "$status" "$bytes" "$reason"
    fi
    rm -f "$WORK/body.$c"
  done
  if ! kill -0 "$PID" 2>/dev/null; then
    echo "   the service exited during round $round; stopping. Its log ends with:"
    tail -15 "$WORK/serve.log" | sed 's/^/     /'
    NOTRUN=$(( (REPEAT - round) * CONC ))
    echo "round $round: the service exited; $NOTRUN request(s) not made" >> "$WORK/failures"
    break
  fi
  RSS_KB=$(awk '/VmHWM/ {print $2}' "/proc/$PID/status" 2>/dev/null || true)
done

RSS_KB=${RSS_KB:-0}
WRITES_DONE=
if [[ -n $WRITER ]]; then
  touch "$WORK/stop-writes"; wait "$WRITER" || true; WRITER=
  n=$(cat "$WORK/writes" 2>/dev/null || echo 0)
  WRITES_DONE="$n upserts ($(python3 -c "import sys; print(f'{int(sys.argv[1]) / (float(sys.argv[3]) - float(sys.argv[2])):.0f}')" "$n" "$WRITES_T0" "$(now)")/s)"
  grep -q . "$WORK/writer.err" 2>/dev/null && { echo "   writer errors:"; sed 's/^/     /' "$WORK/writer.err" | head -5; }
fi

# --- pages and member entries (additions to the spec) ------------------------------------------------------
PAGES_OK=
if [[ -n $PAGES ]]; then
  echo "== pages and member entries"
  if python3 "$HERE/check_pages.py" 127.0.0.1 "$PORT" "$GUILD" "$KEY" --repeat 20 --limit 1000 \
      --markdown "$PAGES" --label "$STORE, $RECORDS records" | sed 's/^/   /'; then
    PAGES_OK=yes
  else
    PAGES_OK=no; FAILED=$((FAILED + 1)); echo "pages: a check failed" >> "$WORK/failures"
  fi
fi

# --- summary ---------------------------------------------------------------------------------------------
read -r FB_STATS TOTAL_STATS BODY_BYTES < <(python3 - "$WORK/times" <<'EOF'
import sys
# Over the bodies that passed their checks: a body cut short is no measure of the endpoint.
rows = [r for r in (line.split() for line in open(sys.argv[1])) if r[7] == "ok"]
def stats(col):
    if not rows:
        return "-"
    v = sorted(float(r[col]) * 1000 for r in rows)
    pick = lambda q: v[max(0, -(-len(v) * q // 100) - 1)]  # nearest rank
    return "/".join(f"{x:.0f}" for x in (v[0], pick(50), pick(95), v[-1]))
ok = sorted({int(r[5]) for r in rows})
size = (str(ok[0]) if len(ok) == 1 else f"{ok[0]}-{ok[-1]}") if ok else "-"
print(stats(3), stats(4), size)
EOF
)
RSS_MIB=$(awk -v k="$RSS_KB" 'BEGIN {printf "%.0f", k / 1024}')
DISTINCT=$(sort -u "$DISTINCT_SHA" | wc -l)
echo
echo "== summary"
printf '%-16s %s\n' \
  "command" "$CMDLINE" \
  "jar" "$JAR (commit $COMMIT)" \
  "store" "$STORE" \
  "records" "$RECORDS ($RANKED ranked entries expected)" \
  "rounds" "$REPEAT x $CONC client(s)" \
  "service heap" "-Xmx$HEAP" \
  "import" "$IMPORT_S s" \
  "body bytes" "$BODY_BYTES" \
  "first byte ms" "min/median/p95/max $FB_STATS (bodies that passed)" \
  "total ms" "min/median/p95/max $TOTAL_STATS (bodies that passed)" \
  "bodies" "$((OK + FAILED)) checked: $OK ok, $FAILED failed; $DISTINCT distinct sha256 among the ok ones$( ((NOTRUN == 0)) || echo "; $NOTRUN request(s) not made: the service exited")" \
  "peak RSS" "$RSS_MIB MiB (VmHWM of the service)"
[[ -n $WRITES_DONE ]] && printf '%-16s %s\n' "writes" "$WRITES_DONE during the rounds"
if [[ $FAILED -gt 0 || $NOTRUN -gt 0 ]]; then
  echo "failed bodies:"
  sed 's/^/  /' "$WORK/failures"
  if grep -q -E 'ERROR|WARN|Exception' "$WORK/serve.log"; then
    echo "the service logged (first 10 warnings and errors):"
    grep -E 'ERROR|WARN|Exception' "$WORK/serve.log" | head -10 | cut -c1-300 | sed 's/^/  /'
  fi
fi

if [[ -n $MARKDOWN ]]; then
  if [[ ! -s $MARKDOWN ]]; then
    {
      echo "| date | commit | store | records | rounds x clients | writes | heap | import s | body bytes | first byte ms min/med/p95/max | total ms min/med/p95/max | bodies ok / failed | peak RSS MiB |"
      echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    } >> "$MARKDOWN"
  fi
  echo "| $(date +%F) | $COMMIT | $STORE | $RECORDS | $REPEAT x $CONC | ${WRITES_DONE:-no} | $HEAP | $IMPORT_S | $BODY_BYTES | $FB_STATS | $TOTAL_STATS | $OK / $FAILED$( ((NOTRUN == 0)) || echo " ($NOTRUN not made)") | $RSS_MIB |" >> "$MARKDOWN"
fi
exit $((FAILED + NOTRUN > 0))
