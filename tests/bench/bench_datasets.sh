#!/usr/bin/env bash
# The dataset table of docs/datasets.md: distill a test suite for every dataset of the corpus
# (Spider, SParC, CoSQL, the eight classical datasets, BIRD dev) and print one Markdown
# row per dataset: gold queries, neighbors per query, undistinguished share, neighbors
# proven equivalent, reliable share, suite size on disk, distillation time.
#   usage: bench_datasets.sh CLI CORPUS_DIR OUT_DIR [DATASET...]
# DATASET names: spider sparc cosql academic advising atis geography imdb restaurants
# scholar yelp bird (default: all). Suites and each run's distill_summary.json stay in
# OUT_DIR/<dataset>/; the table also goes to OUT_DIR/table.md.
set -euo pipefail

cli="$1"
corpus="$2"
out="$3"
shift 3
datasets=("$@")
[ ${#datasets[@]} -gt 0 ] || datasets=(spider sparc cosql academic advising atis geography imdb restaurants scholar yelp bird)
jobs="${BENCH_JOBS:-2}"
mkdir -p "$out"
table="$out/table.md"

spider="$corpus/spider"
classical="$corpus/classical"

arguments_of() {
  case "$1" in
    spider) echo "--gold $spider/dev_gold.sql --tables $spider/tables.json --db $spider/database" ;;
    sparc) echo "--gold $corpus/sparc_cosql/sparc_dev_gold.txt --tables $spider/tables.json --db $spider/database" ;;
    cosql) echo "--gold $corpus/sparc_cosql/cosql_dev_gold.txt --tables $spider/tables.json --db $spider/database" ;;
    # ATIS: no random database satisfies its golds, so the databases built for them come
    # first, and 20 sampled databases follow rather than 1,000 (each runs every open
    # neighbor of 82 long golds and tells almost none apart).
    atis) echo "--gold $classical/classical_test.jsonl --tables $classical/schemas/atis-schema.csv --db $classical/database --targeted-first --budget 20" ;;
    academic | advising | geography | imdb | restaurants | scholar | yelp)
      echo "--gold $classical/classical_test.jsonl --tables $classical/schemas/$1-schema.csv --db $classical/database" ;;
    bird) echo "--gold $corpus/bird/dev_gold.sql --tables $corpus/bird/dev_tables.json" ;;
    *) echo "unknown dataset: $1" >&2; return 1 ;;
  esac
}

{
  echo "| dataset | gold queries | neighbors per query | undistinguished | proven equivalent | reliable | suite databases | suite on disk | distillation |"
  echo "|---|---|---|---|---|---|---|---|---|"
} | tee "$table"

for name in "${datasets[@]}"; do
  args=$(arguments_of "$name")
  rm -rf "${out:?}/$name"
  start=$(date +%s.%N)
  # shellcheck disable=SC2086  # the arguments are word-split on purpose
  "$cli" distill $args --out "$out/$name" --jobs "$jobs" > "$out/$name.log" 2> "$out/$name.err" || {
    echo "| $name | distill failed: $(tail -1 "$out/$name.err") |" | tee -a "$table"
    continue
  }
  end=$(date +%s.%N)
  # total: S suite databases, N neighbors, U undistinguished (P%), E proven equivalent, reliable R% of G golds, T s
  total=$(grep '^total:' "$out/$name.log")
  read -r suite neighbors undistinguished percent proven reliable golds < <(
    echo "$total" | sed -E 's/^total: ([0-9]+) suite databases, ([0-9]+) neighbors, ([0-9]+) undistinguished \(([0-9.]+)%\), ([0-9]+) proven equivalent, reliable ([0-9.]+)% of ([0-9]+) golds.*/\1 \2 \3 \4 \5 \6 \7/')
  per_query=$(awk -v n="$neighbors" -v g="$golds" 'BEGIN { printf "%.0f", g ? n / g : 0 }')
  disk=$(du -sh "$out/$name" | cut -f1)
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }')
  echo "| $name | $golds | $per_query | $percent % ($undistinguished) | $proven | $reliable % | $suite | $disk | $seconds s |" | tee -a "$table"
done
