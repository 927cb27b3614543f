#!/usr/bin/env bash
# Member-view benchmark: the heap the live view costs per member, and how long until every member is present,
# with the service's jar against the fake Discord of the tests (the real JDA client over loopback). For each
# scenario the service starts against a fake holding the guilds, every guild is awaited with is_bot_there, the
# first, middle and last member are checked by name in the leaderboard, then jcmd runs three full GCs and reads the
# heap in use. A run with no guild gives the base; bytes per member = (heap - base) / members.
# See BENCHMARKS.md. Build first: mvn -B -q package -DskipTests (the jar, and the fake in adapter-discord's tests).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/member-view.sh [options]
  --jar PATH         the service jar (default app/target/community-bot-api.jar)
  --heap SIZE        the service's -Xmx (default 3g)
  --scenarios LIST   comma-separated MEMBERSxGUILDS (default 200000x1,1000000x1,1000000x10000)
  --label TEXT       what is measured, for the table (default: the jar's path)
  --markdown FILE    also append one Markdown table row per scenario to FILE
  -h, --help         this text
Exit status: 0 when every scenario ran and named its members, 1 otherwise, 2 on bad usage.
EOF
}

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
JAR="$ROOT/app/target/community-bot-api.jar" HEAP=3g SCENARIOS=200000x1,1000000x1,1000000x10000 LABEL= MARKDOWN=

die() { echo "member-view.sh: $*" >&2; exit 2; }
need_value() { [[ $# -ge 2 && -n $2 ]] || die "option $1 needs a value"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --jar) need_value "$@"; JAR=$2; shift 2 ;;
    --heap) need_value "$@"; HEAP=$2; shift 2 ;;
    --scenarios) need_value "$@"; SCENARIOS=$2; shift 2 ;;
    --label) need_value "$@"; LABEL=$2; shift 2 ;;
    --markdown) need_value "$@"; MARKDOWN=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
[[ -f $JAR ]] || die "no jar at $JAR: build it with mvn -B -q package -DskipTests"
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
LABEL=${LABEL:-$JAR}
FAKE="$ROOT/adapter-discord/target/test-classes"
[[ -d $FAKE/com/communitybot/discord/fake ]] || die "no fake Discord in $FAKE: build with mvn -B -q package -DskipTests"
command -v jcmd >/dev/null || [[ -x ${JAVA_HOME:-/nonexistent}/bin/jcmd ]] || die "jcmd (JDK) not found"

# The fake's own dependencies (Netty, Jackson databind) are in the service's jar, in the versions the tests use.
LIBS="$ROOT/app/target/community-bot-api.jar"
[[ -f $LIBS ]] || die "no $LIBS for the fake's libraries: build with mvn -B -q package -DskipTests"
CP="$FAKE:$LIBS"

run() { # members guilds [--base]
  java -Xmx8g -cp "$CP" "$HERE/MemberViewBench.java" --jar "$JAR" --heap "$HEAP" --members "$1" --guilds "$2" ${3:-} \
    | grep '^RESULT ' | sed 's/^RESULT //'
}
field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }

echo "member-view.sh: $LABEL, service -Xmx$HEAP, $(nproc) cores, $(date -u +%FT%TZ)"
BASE=$(run 0 0 --base)
BASE_HEAP=$(field "$BASE" heap_used_bytes)
echo "base (no guild): heap after full GC $((BASE_HEAP / 1024)) KiB, RSS $(field "$BASE" rss_kib) KiB"

status=0
IFS=, read -r -a LIST <<<"$SCENARIOS"
for scenario in "${LIST[@]}"; do
  [[ $scenario =~ ^([0-9]+)x([0-9]+)$ ]] || die "scenario $scenario is not MEMBERSxGUILDS"
  members=${BASH_REMATCH[1]} guilds=${BASH_REMATCH[2]}
  if ! line=$(run "$members" "$guilds"); then
    echo "$scenario: the run failed" >&2; status=1; continue
  fi
  heap=$(field "$line" heap_used_bytes)
  # No member: what the guilds alone cost, per guild (JDA's guild and roles, the index's per-guild arrays).
  if (( members == 0 )); then
    per_guild=$(( (heap - BASE_HEAP) / guilds ))
    printf '0 members in %s guilds: ready %.1f s, heap %d MiB (base %d MiB), %d bytes/guild\n' "$guilds" \
      "$(awk "BEGIN{print $(field "$line" ready_ms)/1000}")" $((heap / 1048576)) $((BASE_HEAP / 1048576)) "$per_guild"
    [[ -z $MARKDOWN ]] || printf '| %s | 0 | %s | | | %d | %d bytes/guild | | | - |\n' "$LABEL" "$guilds" \
      $((heap / 1048576)) "$per_guild" >>"$MARKDOWN"
    continue
  fi
  per=$(( (heap - BASE_HEAP) / members ))
  ready=$(field "$line" ready_ms)
  listening=$(field "$line" listening_ms)
  named=$(field "$line" named)
  rss=$(( $(field "$line" rss_kib) / 1024 ))
  hwm=$(( $(field "$line" hwm_kib) / 1024 ))
  [[ $named == ok ]] || status=1
  printf '%s members in %s guilds: ready %.1f s (HTTP up after %.1f s), heap %d MiB (base %d MiB), %d bytes/member, RSS %d MiB (peak %d MiB), first/middle/last named: %s\n' \
    "$members" "$guilds" "$(awk "BEGIN{print $ready/1000}")" "$(awk "BEGIN{print $listening/1000}")" $((heap / 1048576)) $((BASE_HEAP / 1048576)) "$per" "$rss" "$hwm" "$named"
  if [[ -n $MARKDOWN ]]; then
    printf '| %s | %s | %s | %.1f | %.1f | %d | %d | %d | %d | %s |\n' "$LABEL" "$members" "$guilds" \
      "$(awk "BEGIN{print $ready/1000}")" "$(awk "BEGIN{print $listening/1000}")" $((heap / 1048576)) "$per" "$rss" "$hwm" "$named" >>"$MARKDOWN"
  fi
done
exit $status
