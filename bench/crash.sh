#!/usr/bin/env bash
# Crash safety by kill -9 (issue 13 item 2): runs CrashSafetyIT with more rounds than the build's one. Each round
# kills the built jar with SIGKILL at a random moment, during an `import` (then checks the store holds all of
# it or none of it, and the next start opens it) and during a stream of API writes from 8 clients (then checks
# every acknowledged write is in the store and none is half-written), on H2 and on PostgreSQL (127.0.0.1:5432,
# user postgres, or TEST_POSTGRES_URL). Prints one summary line per check.
#   bench/crash.sh [ROUNDS] [IMPORT_RECORDS]     (defaults 20 and 30000)
set -euo pipefail
ROUNDS=${1:-20} RECORDS=${2:-30000}
[[ $ROUNDS =~ ^[1-9][0-9]*$ && $RECORDS =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/crash.sh [ROUNDS] [IMPORT_RECORDS]" >&2; exit 2; }
cd "$(dirname "$0")/.."
LOG=$(mktemp "${TMPDIR:-/tmp}/crash.XXXXXX.log")
status=0
mvn -B -pl app -am verify -Dtest=NONE -Dit.test=CrashSafetyIT -Dcrash.rounds="$ROUNDS" -Dcrash.import-records="$RECORDS" \
  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false -DskipTests=false > "$LOG" 2>&1 || status=$?
grep -h "^crash " "$LOG" app/target/failsafe-reports/*CrashSafetyIT*-output.txt 2>/dev/null | sort -u || true
grep -E "Tests run:.*CrashSafetyIT|FAIL|expected|Expecting" "$LOG" | head -20 || true
echo "full log: $LOG (exit $status)"
exit $status
