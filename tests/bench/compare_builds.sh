#!/usr/bin/env bash
# Benchmark: two builds side by side in one sitting, runs interleaved (old, new, old,
# new, ...) so load and thermal drift fall on both alike; prints the median wall time
# of each job per build and whether their outputs agree. Asserts nothing (not a test).
#
#   tests/bench/compare_builds.sh OLD_BUILD NEW_BUILD CORPUS_DIR [ROUNDS] [JOBS...]
#     OLD_BUILD, NEW_BUILD: build directories (each with bin/sqleq-cli, bin/bench_check)
#     CORPUS_DIR: the shared corpus (spider/ and bird/ below it)
#     ROUNDS: runs per build and job (default 3)
#     JOBS: any of distill-spider eval eval-plug check distill-bird (default: the first four;
#           distill-bird takes minutes per run)
# Outputs of each run go to a scratch directory; distilled suites are compared file by
# file, eval's items.json byte for byte, bench_check's verdict lines line by line.
set -euo pipefail
old=$1 new=$2 corpus=$3 rounds=${4:-3}
shift $(( $# < 4 ? $# : 4 ))
jobs=("$@")
[[ ${#jobs[@]} -gt 0 ]] || jobs=(distill-spider eval eval-plug check)
spider=$corpus/spider
bird=$corpus/bird
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Suites every eval run reads, distilled once by the new build (not timed).
"$new/bin/sqleq-cli" distill --gold "$spider/dev_gold.sql" --tables "$spider/tables.json" \
  --out "$scratch/suites" > /dev/null 2>&1

run_job() {  # BUILD JOB OUT: runs one job, its output under OUT
  local bin=$1/bin job=$2 out=$3
  case $job in
    distill-spider)
      "$bin/sqleq-cli" distill --gold "$spider/dev_gold.sql" --tables "$spider/tables.json" --out "$out" ;;
    distill-bird)
      "$bin/sqleq-cli" distill --gold "$bird/dev_gold.sql" --tables "$bird/dev_tables.json" --out "$out" ;;
    eval|eval-plug)
      local plug=()
      [[ $job == eval-plug ]] && plug=(--plug-value)
      mkdir -p "$out"
      "$bin/sqleq-cli" eval --gold "$spider/dev_gold.sql" --pred "$spider/predictions/dev_2.txt" \
        --tables "$spider/tables.json" --db "$spider/database" --suites "$scratch/suites" --etype all \
        "${plug[@]}" --out "$out/items.json" ;;
    check)
      mkdir -p "$out"
      "$bin/bench_check" "$spider" --verbose > "$out/check.txt" ;;
  esac
}

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# The parts of a job's output that must not depend on the build's speed.
fingerprint() {  # JOB OUT
  case $1 in
    # Each gold's neighbors and which stay undistinguished (suite files may differ
    # in number: a build that no longer keeps a database twice writes fewer).
    distill-*) python3 -c 'import json, sys
summary = json.load(open(sys.argv[1]))
print(json.dumps([s["items"] for s in summary["schemas"]], sort_keys=True))' "$2/distill_summary.json" | md5sum ;;
    eval*) md5sum < "$2/items.json" ;;
    check) grep -vE 'latency|median|p95|[0-9.]+ s\b' "$2/check.txt" | md5sum ;;
  esac
}

printf '%-16s %12s %12s %8s  %s\n' job old_median_s new_median_s ratio outputs
for job in "${jobs[@]}"; do
  : > "$scratch/old.times"
  : > "$scratch/new.times"
  for round in $(seq 1 "$rounds"); do
    for side in old new; do
      build=$old
      [[ $side == new ]] && build=$new
      out="$scratch/$side-$job-$round"
      rm -rf "$out"
      start=$(date +%s.%N)
      run_job "$build" "$job" "$out" > /dev/null 2>&1
      end=$(date +%s.%N)
      echo "$end - $start" | bc >> "$scratch/$side.times"
      fingerprint "$job" "$out" > "$scratch/$side-$job-$round.fp"
    done
  done
  old_median=$(median < "$scratch/old.times")
  new_median=$(median < "$scratch/new.times")
  agree=same
  cmp -s "$scratch/old-$job-1.fp" "$scratch/new-$job-1.fp" || agree=differ
  printf '%-16s %12.2f %12.2f %8.2f  %s\n' "$job" "$old_median" "$new_median" \
    "$(echo "$new_median / $old_median" | bc -l)" "$agree"
done
