#!/usr/bin/env bash
# Copies the small inputs a fuzzing run found (JAZZER_FUZZ=1, see docs/testing.md) from each module's
# .cifuzz-corpus/<package>.<Class>/<method>/ to src/test/resources/<package>/<Class>Inputs/<method>/, where
# every `mvn verify` replays them. Only files up to MAX_BYTES (default 4096) are kept, so the replay stays
# fast and the repository small. Usage: bench/fuzz-keep-corpus.sh [module...]   (default: all modules)
set -euo pipefail
cd "$(dirname "$0")/.."
max_bytes="${MAX_BYTES:-4096}"
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(core adapter-http app)
for module in "${modules[@]}"; do
  [ -d "$module/.cifuzz-corpus" ] || continue
  for dir in "$module"/.cifuzz-corpus/*/*/; do
    test_dir="${dir%/}"
    method="$(basename "$test_dir")"
    qualified="$(basename "$(dirname "$test_dir")")"
    class="${qualified##*.}"
    package_path="$(echo "${qualified%.*}" | tr . /)"
    target="$module/src/test/resources/$package_path/${class}Inputs/$method"
    mkdir -p "$target"
    kept=0
    while IFS= read -r -d '' file; do
      cp -n "$file" "$target/"
      kept=$((kept + 1))
    done < <(find "$test_dir" -maxdepth 1 -type f -size -"$((max_bytes + 1))"c -print0)
    echo "$qualified#$method: kept $kept of $(find "$test_dir" -maxdepth 1 -type f | wc -l) inputs in $target"
  done
done
