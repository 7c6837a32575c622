#!/usr/bin/env bash
# Runs every libFuzzer target of BUILD (default build/fuzz) for FUZZ_SECONDS each,
# on the seeds of make_seeds.sh. Inputs that crash, leak, time out (FUZZ_TIMEOUT s
# per input) or pass FUZZ_RSS_MB are saved under BUILD/crashes/<target>-*; the script
# prints one line per target and exits 1 when any target found something.
#   FUZZ_SECONDS (60)  FUZZ_MAX_LEN (262144: deep nesting needs far more than libFuzzer's 4 KB; the Spider ESM
#   parser overflows an ASan stack at ~2,000 nested subqueries = 78 KB)
#   FUZZ_TIMEOUT (10)  FUZZ_RSS_MB (2048)  FUZZ_TARGETS (all)  FUZZ_ARGS (extra libFuzzer flags)
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${1:-$root/build/fuzz}"
seconds="${FUZZ_SECONDS:-60}"
max_len="${FUZZ_MAX_LEN:-262144}"
targets=(${FUZZ_TARGETS:-fuzz_sql_roundtrip fuzz_neighbors fuzz_prove fuzz_spider_esm fuzz_tables_json fuzz_session fuzz_audit_tsv fuzz_bird_predictions})

bash "$here/make_seeds.sh" "$build/corpus" || exit 1
mkdir -p "$build/crashes" "$build/logs"

failed=0
summary=()
for t in "${targets[@]}"; do
  bin="$build/bin/$t"
  if [[ ! -x "$bin" ]]; then
    summary+=("$(printf '%-20s MISSING (%s not built)' "$t" "$bin")"); failed=1; continue
  fi
  log="$build/logs/$t.log"
  echo "fuzz: $t for ${seconds}s (log: $log)"
  # The outer timeout is a backstop: libFuzzer stops itself at max_total_time.
  timeout -k 10 $((seconds + 120)) "$bin" "$build/corpus/$t" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout="${FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -malloc_limit_mb="${FUZZ_RSS_MB:-2048}" \
    -artifact_prefix="$build/crashes/$t-" -print_final_stats=1 ${FUZZ_ARGS:-} > "$log" 2>&1
  rc=$?
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
  cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)"
  if [[ $rc -eq 0 ]]; then
    summary+=("$(printf '%-20s ok     runs=%-8s cov=%s' "$t" "${runs:-?}" "${cov:-?}")")
  else
    failed=1
    finding="$(grep -m1 -E '^==[0-9]+==ERROR|runtime error|ALARM|out-of-memory|deadly signal|round trip:|fuzz_' "$log" | cut -c1-160)"
    artifact="$(grep -o "Test unit written to .*" "$log" | tail -1 | sed 's/Test unit written to //')"
    summary+=("$(printf '%-20s FOUND  rc=%s runs=%s: %s [%s]' "$t" "$rc" "${runs:-?}" "${finding:-see log}" "${artifact:-no artifact}")")
  fi
done

echo
echo "fuzz summary (${seconds}s per target, max_len ${max_len}):"
printf '  %s\n' "${summary[@]}"
exit $failed
