#!/usr/bin/env bash
# Hostile files and per-input work (issue 10, bounded input): runs sqleq-cli on
# /dev/zero, oversized files, deep nesting, huge IN lists / OR chains and a
# million-line gold file, and prints a markdown table of exit code, wall time and
# peak RSS (/usr/bin/time -v). Usage: tests/tools/hostile_files.sh [sqleq-cli] [corpus/spider]
set -u
CLI=${1:-build/release/bin/sqleq-cli}
SPIDER=${2:-../shared/corpus/spider}
T=$SPIDER/tables.json
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

python3 - "$W" <<'PY'
import sys, os
w = sys.argv[1]
def put(name, text):
    with open(os.path.join(w, name), 'w') as f: f.write(text)
put('in3000.sql', "SELECT name FROM singer WHERE singer_id IN (" + ", ".join(map(str, range(1, 3001))) + ")")
put('in1000.sql', "SELECT name FROM singer WHERE singer_id IN (" + ", ".join(map(str, range(1, 1001))) + ")")
put('or250.sql', "SELECT name FROM singer WHERE " + " OR ".join("age = %d" % i for i in range(1, 251)))
union = "select name from singer" + " union select name from singer" * 15467
nested = "select name from singer where singer_id in (" * 5781 + "select singer_id from singer" + ")" * 5781
put('gold2.sql', "select name from singer\tconcert_singer\nselect count(*) from singer\tconcert_singer\n")
put('pred_union.txt', union + "\nselect count(*) from singer\n")
put('pred_nested.txt', nested + "\nselect count(*) from singer\n")
with open(os.path.join(w, 'sql100m.sql'), 'w') as f:
    f.write('SELECT 1 FROM singer WHERE age IN (' + '1,' * (50 * 1000 * 1000) + '1)')
with open(os.path.join(w, 'gold_1m.sql'), 'w') as f:
    for i in range(1000000): f.write('SELECT count(*) FROM singer WHERE age > %d\tconcert_singer\n' % (i % 100))
PY
printf '[{"db_id": "concert_singer", "table_names_original": ["singer"], "column_names_original": [[-1, "*"], [0, "singer_id"]], "column_types": ["text", "number"], "primary_keys": [1], "foreign_keys": [[1, -3]]}]' > "$W/bad_tables.json"

run() {
    local label=$1; shift
    rm -f "$W/items.tsv"
    /usr/bin/time -v -o "$W/time" timeout 120 "$@" > "$W/out" 2> "$W/err"
    local code=$?
    local wall rss msg
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$W/time")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$W/time")
    msg=$(cat "$W/err" "$W/out" "$W/items.tsv" 2>/dev/null | grep -m1 -E "error|warning|capped|rejects|^verdict" | cut -c1-160)
    printf '| %s | %s | %s | %s MB | %s |\n' "$label" "$code" "$wall" "$((rss / 1024))" "${msg//|/\\|}"
}

echo '| attack | exit | wall | peak RSS | message |'
echo '|---|---|---|---|---|'
run 'parse --sql-file /dev/zero' "$CLI" parse --sql-file /dev/zero
run 'run --ddl /dev/zero' "$CLI" run --ddl /dev/zero --sql 'SELECT 1'
run 'neighbors --tables /dev/zero' "$CLI" neighbors --tables /dev/zero --db-id x --gold 'SELECT 1'
run 'eval --gold /dev/zero' "$CLI" eval --gold /dev/zero --pred "$W/gold2.sql" --tables "$T" --etype match
run 'parse --sql-file (100 MB)' "$CLI" parse --sql-file "$W/sql100m.sql"
run 'check --gold-file (100 MB)' "$CLI" check --tables "$T" --db-id concert_singer --gold-file "$W/sql100m.sql" --candidate 'SELECT 1'
run 'check, tables.json with index -3' "$CLI" check --tables "$W/bad_tables.json" --db-id concert_singer --gold 'SELECT 1' --candidate 'SELECT 1'
run 'eval, tables.json with index -3' "$CLI" eval --gold "$W/gold2.sql" --pred "$W/gold2.sql" --tables "$W/bad_tables.json" --etype match
run 'eval --etype match, 15,468 union arms' "$CLI" eval --gold "$W/gold2.sql" --pred "$W/pred_union.txt" --tables "$T" --etype match --out "$W/items.tsv"
run 'eval --etype match, 5,781 nested subqueries' "$CLI" eval --gold "$W/gold2.sql" --pred "$W/pred_nested.txt" --tables "$T" --etype match --out "$W/items.tsv"
run 'neighbors, 3,000-item IN list' "$CLI" neighbors --tables "$T" --db-id concert_singer --gold-file "$W/in3000.sql"
run 'check, 250-term OR chain gold' "$CLI" check --tables "$T" --db-id concert_singer --gold-file "$W/or250.sql" --candidate 'SELECT name FROM singer'
run 'check, 1,000-item IN list gold' "$CLI" check --tables "$T" --db-id concert_singer --gold-file "$W/in1000.sql" --candidate 'SELECT name FROM singer'
run 'distill, 1,000,000 gold lines' "$CLI" distill --gold "$W/gold_1m.sql" --tables "$T" --out "$W/suites"
