#!/usr/bin/env bash
# Builds the seed corpus of every fuzz target under OUT (default build/fuzz/corpus):
# the tiny committed seeds (tests/fuzz/seeds/<target>/) plus, when the shared corpus
# is present (SQLEQ_CORPUS_DIR, default ../shared/corpus/spider), Spider's gold and
# predicted queries, its tables.json split per database, and its annotation TSV.
# Idempotent: files are named by content hash, so a rerun adds nothing twice.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/build/fuzz/corpus}"
spider="${SQLEQ_CORPUS_DIR:-$root/../shared/corpus/spider}"
targets=(fuzz_sql_roundtrip fuzz_neighbors fuzz_spider_esm fuzz_tables_json fuzz_session fuzz_audit_tsv)

# put TARGET < text: one seed file named by the hash of its content.
put() {
  local dir="$out/$1" tmp
  tmp="$(mktemp "$dir/.seed.XXXXXX")"
  cat > "$tmp"
  mv -f "$tmp" "$dir/$(sha1sum < "$tmp" | cut -c1-16)"
}

for t in "${targets[@]}"; do
  mkdir -p "$out/$t"
  cp -f "$here/seeds/$t/"* "$out/$t/" 2>/dev/null || true
done

# Sessions: the bundled examples (in the repository, so always there).
cp -f "$root"/resources/examples/*.sqleq "$out/fuzz_session/" 2>/dev/null || true

if [[ ! -f "$spider/dev_gold.sql" ]]; then
  echo "make_seeds: no Spider corpus at $spider; committed seeds only"
  exit 0
fi

# Parser round trip: every distinct gold and two systems' predictions (no db_id).
{ cut -f1 "$spider/dev_gold.sql"; cat "$spider/predictions/dev_1.txt" "$spider/predictions/dev_2.txt" 2>/dev/null; } \
  | awk 'NF && !seen[$0]++' | while IFS= read -r sql; do printf '%s' "$sql" | put fuzz_sql_roundtrip; done

# The fixed schema of the neighbor and ESM targets is concert_singer: its golds and,
# for ESM, "gold<TAB>prediction" pairs of the same items.
paste "$spider/dev_gold.sql" "$spider/predictions/dev_1.txt" 2>/dev/null \
  | awk -F'\t' '$2 == "concert_singer"' | while IFS=$'\t' read -r gold _ pred; do
      printf '%s' "$gold" | put fuzz_neighbors
      printf '%s\t%s' "$gold" "$pred" | put fuzz_spider_esm
    done

# tables.json: one file per database (the whole file is 46 KB, too big to mutate well).
if command -v python3 >/dev/null 2>&1; then
  python3 - "$spider/tables.json" "$out/fuzz_tables_json" <<'PY'
import hashlib, json, sys
for db in json.load(open(sys.argv[1])):
    text = json.dumps([db], separators=(",", ":")).encode()
    open(f"{sys.argv[2]}/{hashlib.sha1(text).hexdigest()[:16]}", "wb").write(text)
PY
fi

# Audit TSV: the header with ten rows at a time.
if [[ -f "$spider/esm_false_negatives.tsv" ]]; then
  header="$(head -1 "$spider/esm_false_negatives.tsv")"
  export header
  tail -n +2 "$spider/esm_false_negatives.tsv" | split -l 10 --filter="{ printf '%s\n' \"\$header\"; cat; } > \"\$FILE\"" - "$out/fuzz_audit_tsv/fn-"
fi

for t in "${targets[@]}"; do printf 'make_seeds: %-20s %5d seeds\n' "$t" "$(ls "$out/$t" | wc -l)"; done
