#!/usr/bin/env bash
# Builds the seed corpus of every fuzz target under OUT (default build/fuzz/corpus):
# the tiny committed seeds (tests/fuzz/seeds/<target>/) plus, when the shared corpus
# is present (SQLEQ_CORPUS_DIR, default ../shared/corpus/spider), Spider's gold and
# predicted queries, its tables.json split per database, and its annotation TSV.
# Idempotent: files are named by origin and line number, so a rerun rewrites the same files.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/build/fuzz/corpus}"
spider="${SQLEQ_CORPUS_DIR:-$root/../shared/corpus/spider}"
targets=(fuzz_sql_roundtrip fuzz_neighbors fuzz_prove fuzz_spider_esm fuzz_tables_json fuzz_session fuzz_audit_tsv fuzz_bird_predictions)

# lines TARGET PREFIX < lines: one seed file per line, PREFIX-<line number>, no newline.
lines() {
  awk -v dir="$out/$1" -v prefix="$2" '{ f = sprintf("%s/%s-%05d", dir, prefix, NR); printf "%s", $0 > f; close(f) }'
}

for t in "${targets[@]}"; do
  mkdir -p "$out/$t"
  cp -f "$here/seeds/$t/"* "$out/$t/" 2>/dev/null || true
done

# BIRD predictions: the reader's test fixtures (in the repository, so always there)
# and, when the BIRD corpus is present, one real submission.
cp -f "$root"/tests/data/bird/*.json "$out/fuzz_bird_predictions/"
bird="${spider%/}/../bird/mini_dev/predictions/predict_mini_dev_gpt-4_sqlite.json"
if [[ -f "$bird" ]]; then cp -f "$bird" "$out/fuzz_bird_predictions/mini_dev_gpt-4.json"; fi

# Sessions: the bundled examples (in the repository, so always there).
cp -f "$root"/resources/examples/*.sqleq "$out/fuzz_session/" 2>/dev/null || true

if [[ ! -f "$spider/dev_gold.sql" ]]; then
  echo "make_seeds: no Spider corpus at $spider; committed seeds only"
  exit 0
fi

# Parser round trip: every distinct gold and two systems' predictions (no db_id).
{ cut -f1 "$spider/dev_gold.sql"; cat "$spider/predictions/dev_1.txt" "$spider/predictions/dev_2.txt" 2>/dev/null; } \
  | awk 'NF && !seen[$0]++' | lines fuzz_sql_roundtrip spider

# The fixed schema of the neighbor and ESM targets is concert_singer: its golds and,
# for ESM, "gold<TAB>prediction" pairs of the same items.
pairs="$(paste "$spider/dev_gold.sql" "$spider/predictions/dev_1.txt" 2>/dev/null | awk -F'\t' '$2 == "concert_singer"')"
cut -f1 <<< "$pairs" | lines fuzz_neighbors concert_singer
awk -F'\t' '{ print $1 "\t" $3 }' <<< "$pairs" | lines fuzz_spider_esm concert_singer
awk -F'\t' '{ print $1 "\t" $3 }' <<< "$pairs" | lines fuzz_prove concert_singer

# tables.json: one file per database (the whole file is 46 KB, too big to mutate well).
if command -v python3 >/dev/null 2>&1; then
  python3 - "$spider/tables.json" "$out/fuzz_tables_json" <<'PY'
import json, sys
for db in json.load(open(sys.argv[1])):
    with open(f"{sys.argv[2]}/spider-{db['db_id']}.json", "w") as f:
        json.dump([db], f, separators=(",", ":"))
PY
fi

# Audit TSV: the header with ten rows at a time.
if [[ -f "$spider/esm_false_negatives.tsv" ]]; then
  header="$(head -1 "$spider/esm_false_negatives.tsv")"
  export header
  tail -n +2 "$spider/esm_false_negatives.tsv" | split -l 10 --filter="{ printf '%s\n' \"\$header\"; cat; } > \"\$FILE\"" - "$out/fuzz_audit_tsv/fn-"
fi

for t in "${targets[@]}"; do printf 'make_seeds: %-20s %5d seeds\n' "$t" "$(ls "$out/$t" | wc -l)"; done
