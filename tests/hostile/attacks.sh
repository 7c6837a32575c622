#!/usr/bin/env bash
# The hostile-input table: every attack is built in a temporary directory,
# run against sqleq-cli under `/usr/bin/time -v` with an outer `timeout` (budget +
# ATTACK_SLACK seconds, so nothing hangs), and printed as one markdown row: attack,
# command, exit code, wall seconds, peak RSS, first line of the message, PASS/FAIL.
#
#   tests/hostile/attacks.sh [CLI]        (default build/release/bin/sqleq-cli)
#   ATTACK_FILTER=regex   only the attacks whose name matches
#   ATTACK_SLACK=30       seconds past the budget before the outer timeout kills a command
#   ATTACK_VMEM_MB=8192   address-space cap per command (protects a shared machine; 0: none)
#   SANITIZE_CLI=build/sanitize/bin/sqleq-cli   runs the two UBSan rows (Release when absent)
#   KEEP=1                keep the temporary directory (printed at the end)
#
# PASS means the target: the command ends within its budget + 1 s with exit
# code 3 and a message naming the limit or the file (the row's pattern), and its peak
# resident memory is at most 512 MB. Batch commands (eval, audit new, distill) pass
# with a per-item error and the rest of the batch done instead. The budget column is
# the per-query budget (2 s by default) plus, for commands that run many queries on
# purpose (check, distill), the time of that command on a harmless input.
# Exit status: 0 when every row passes, 1 otherwise.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cli="$(realpath "${1:-$root/build/release/bin/sqleq-cli}")"
san_cli="${SANITIZE_CLI:-$root/build/sanitize/bin/sqleq-cli}"
slack="${ATTACK_SLACK:-30}"
vmem_mb="${ATTACK_VMEM_MB:-8192}"
filter="${ATTACK_FILTER:-.}"
rss_cap_mb=512

for tool in /usr/bin/time timeout sqlite3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "attacks: $tool is missing (bash packaging/install-deps.sh)" >&2; exit 2; }
done
[[ -x "$cli" ]] || { echo "attacks: no CLI at $cli (make build)" >&2; exit 2; }
[[ -x "$san_cli" ]] || san_cli="$cli"

work="$(mktemp -d "${TMPDIR:-/tmp}/sqleq-attacks.XXXXXX")"
if [[ "${KEEP:-0}" != 1 ]]; then trap 'rm -rf "$work"' EXIT; fi
cd "$work" || exit 2

# ---------------------------------------------------------------- inputs
examples="$root/resources/examples"
cat "$examples/concerts/database.sql" "$examples/audit/concerts-data.sql" > concerts.sql
mkdir -p dbs/concerts
sqlite3 dbs/concerts/concerts.sqlite < concerts.sql
cp "$examples/audit/tables.json" tables.json
gold_ok="SELECT name FROM singer WHERE age > 30"
printf '%s\tconcerts\n' "$gold_ok" > gold1.sql

# repeat N TEXT: TEXT N times, no separator.
repeat() { yes "$2" | head -n "$1" | tr -d '\n'; }

{ printf 'SELECT name FROM singer'; repeat 15468 ' union select name from singer'; } > union_chain.sql
{ repeat 5781 'select name from singer where age in ('; printf 'select age from singer'; repeat 5781 ')'; } > nested.sql
# Two items: the hostile prediction first, then a harmless one that must still be scored.
printf '%s\tconcerts\n%s\tconcerts\n' "$gold_ok" "$gold_ok" > gold2.sql
for kind in union_chain nested; do
  { cat $kind.sql; printf '\n%s\n' "$gold_ok"; } > pred_$kind.txt
done

big="printf('%.*c', 16000000, 'a')"
needle="printf('%.*c', 40000, 'a') || 'b'"
sql_printf="SELECT printf('%.*c', 2000000000, 'x')"
sql_instr="SELECT instr($big, $needle)"
sql_like="SELECT $big LIKE '%' || $needle || '%'"
sql_glob="SELECT $big GLOB '*' || $needle || '*'"
sql_replace="SELECT length(replace($big, $needle, 'x'))"
sql_distinct="WITH RECURSIVE c(x, s) AS (SELECT 1, printf('%.*c', 100000, 'a') UNION ALL SELECT x + 1, s FROM c) SELECT count(*) FROM (SELECT DISTINCT x, s FROM c)"
sql_union="WITH RECURSIVE c(x, s) AS (SELECT 1, printf('%.*c', 100000, 'a') UNION SELECT x + 1, s FROM c) SELECT count(*) FROM c"
printf '%s\tconcerts\n%s\tconcerts\n' "$gold_ok" "$gold_ok" > gold_exec.sql
printf '%s\n%s\n' "$sql_instr" "$gold_ok" > pred_instr.txt

printf 'SELECT name FROM singer WHERE age IN (%s)' "$(seq -s, 1 3000)" > in_3000.sql
printf 'SELECT name FROM singer WHERE age IN (%s)' "$(seq -s, 1 1000)" > in_1000.sql
{ printf 'SELECT name FROM singer WHERE age = 1'; for i in $(seq 2 250); do printf ' OR age = %d' "$i"; done; } > or_250.sql
printf 'SELECT name FROM singer WHERE age IN (%s)' "$(seq -s, 1 100000)" > in_100k.sql
{ printf "SELECT 1 WHERE 1 IN ("; head -c 100000000 < <(yes '1,' | tr -d '\n'); printf '1)'; } > sql_100mb.sql
{ printf "SELECT '"; head -c 2000000 < <(yes a | tr -d '\n'); printf "'"; } > sql_2mb.sql

# Databases whose CHECK constraint or view calls the slow functions.
sqlite3 check_printf.sqlite "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT CHECK (length(printf('%.*c', 2000000000, 'x')) > length(a)));"
sqlite3 check_instr.sqlite "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT CHECK (instr($big, $needle) = 0 OR a <> ''));"
sqlite3 view_printf.sqlite "CREATE TABLE t (a); INSERT INTO t VALUES (1); CREATE VIEW v AS SELECT printf('%.*c', 2000000000, 'x') AS p FROM t;"

# Audit projects: one built normally, then tampered copies.
"$cli" audit new --gold "$examples/audit/gold.sql" --pred "$examples/audit/predictions.txt" \
  --tables tables.json --out base.sqleq-audit >/dev/null 2>&1 || echo "attacks: audit new failed; the audit rows will say so" >&2
tamper() {  # tamper NAME SQL
  cp base.sqleq-audit "$1.sqleq-audit" 2>/dev/null && sqlite3 "$1.sqleq-audit" "$2"
}
tamper endless_view "ALTER TABLE items RENAME TO items_old; CREATE VIEW items AS WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r) SELECT o.* FROM r, items_old AS o;"
tamper slow_view "ALTER TABLE items RENAME TO items_old; CREATE VIEW items AS SELECT o.* FROM items_old AS o WHERE length(printf('%.*c', 2000000000, 'x')) > 0;"
tamper orphan "PRAGMA foreign_keys = OFF; INSERT INTO annotations VALUES (999, 'eve', 'equivalent', '', '', '2026-01-01T00:00:00Z');"
tamper empty_project "DELETE FROM project;"
tamper version_999 "PRAGMA user_version = 999;"
tamper no_reasons "DROP TABLE reasons;"
cp base.sqleq-audit readonly.sqleq-audit 2>/dev/null

# tables.json variants (from the concerts schema, edited with sqlite3's JSON functions).
variant() {  # variant NAME JSON-EXPRESSION-OVER-$ (jq-like through json_set/json_remove)
  sqlite3 -noheader -list :memory: "SELECT json_array($2) FROM (SELECT json_extract(readfile('tables.json'), '\$[0]') AS t);" > "$1.json"
}
variant tables_index_out_of_range "json_set(t, '\$.column_names_original[3][0]', 99)"
variant tables_negative_index "json_set(t, '\$.foreign_keys', json('[[-3, 1]]'))"
variant tables_few_types "json_remove(t, '\$.column_types[0]', '\$.column_types[0]')"
variant tables_duplicate_table "json_set(t, '\$.table_names_original[1]', 'stadium')"
variant tables_duplicate_column "json_set(t, '\$.column_names_original[2][1]', 'stadium_id')"
printf '[]' > tables_empty.json
# Two tables whose foreign keys point at each other.
cat > tables_cyclic.json <<'JSON'
[{"db_id": "concerts", "table_names_original": ["a", "b"], "table_names": ["a", "b"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "b_id"], [1, "id"], [1, "a_id"]],
  "column_names": [[-1, "*"], [0, "id"], [0, "b id"], [1, "id"], [1, "a id"]],
  "column_types": ["text", "number", "number", "number", "number"],
  "primary_keys": [1, 3], "foreign_keys": [[2, 3], [4, 1]]}]
JSON
printf 'SELECT count(*) FROM a\tconcerts\n' > gold_cyclic.sql
printf 'SELECT count(*) FROM a\n' > pred_cyclic.txt

yes "$(printf '%s\tconcerts' "$gold_ok")" | head -n 1000000 > gold_1m.sql
# Baseline of one harmless check (the time it takes on purpose, added to check budgets).
start=$(date +%s.%N)
"$cli" check --ddl concerts.sql --gold "$gold_ok" --candidate "SELECT name FROM singer" >/dev/null 2>&1
check_base=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%d", e - s + 0.999 }')

# ---------------------------------------------------------------- runner
# opens_for_writing COMMAND...: true when COMMAND opens the project (or its -wal/-shm)
# for writing. Under strace when there is one; otherwise whether -wal/-shm are left over.
opens_for_writing() {
  if command -v strace >/dev/null 2>&1; then
    strace -f -qq -e trace=openat,open -o "$work/strace.txt" "$@" >/dev/null 2>&1
    grep -E 'sqleq-audit(-wal|-shm)?"' "$work/strace.txt" | grep -qE 'O_RDWR|O_WRONLY|O_CREAT'
  else
    ls "$work"/*.sqleq-audit-{wal,shm} >/dev/null 2>&1
  fi
}

rows=()
all_pass=1
# attack NAME BUDGET KIND PATTERN -- COMMAND...
#   KIND limit:   exit 3, message matches PATTERN (a leading ! negates one alternative: "ok-re!bad-re")
#        batch:   exit 0 or 3, output matches PATTERN (the per-item error), and $REST (a shell
#                 test run afterwards) holds: the rest of the batch was done
#        verdict: exit 1 (different), or exit 3 with a message matching PATTERN
#        ends:    exit 0 or 3 (a bounded result, or a clear refusal)
#        clean:   exit 0, 1 or 3 and no sanitizer report
#        readonly: exit 0 and the project (and its -wal/-shm) never opened for writing
attack() {
  local name="$1" budget="$2" kind="$3" pattern="$4"
  shift 5
  [[ "$name" =~ $filter ]] || return 0
  local out="$work/$name.out" err="$work/$name.err" tf="$work/$name.time"
  echo "attacks: $name" >&2
  (
    # ASan reserves terabytes of address space: no cap for the sanitizer build.
    [[ "$vmem_mb" -gt 0 && ! ( "$1" == "$san_cli" && "$san_cli" != "$cli" ) ]] && ulimit -v $((vmem_mb * 1024))
    exec /usr/bin/time -v -o "$tf" timeout -k 5 $((budget + slack)) "$@" > "$out" 2> "$err" < /dev/null
  )
  local rc=$?
  local wall rss_kb
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.1f", s }' "$tf" 2>/dev/null)
  rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tf" 2>/dev/null)
  local rss_mb=$(( ${rss_kb:-0} / 1024 ))
  local message
  message="$(grep -v -m1 '^[[:space:]]*$' "$err" 2>/dev/null)"
  [[ -n "$message" ]] || message="$(grep -v -m1 '^[[:space:]]*$' "$out" 2>/dev/null)"
  if [[ $rc -eq 124 || $rc -eq 137 ]]; then
    message="killed by the outer timeout ($((budget + slack)) s)"
  elif [[ $rc -gt 128 && -z "$message" ]]; then
    message="died of signal $((rc - 128)) ($(kill -l $((rc - 128)) 2>/dev/null))"
  fi
  local in_time=0 in_memory=0 ok=0
  awk -v w="${wall:-999}" -v b="$budget" 'BEGIN { exit !(w <= b + 1) }' && in_time=1
  [[ $rss_mb -le $rss_cap_mb ]] && in_memory=1
  local good_re="${pattern%%!*}" bad_re=""
  [[ "$pattern" == *!* ]] && bad_re="${pattern#*!}"
  matches() {  # matches FILE...: the output holds good_re and not bad_re
    grep -qiE -- "$good_re" "$@" 2>/dev/null || return 1
    [[ -z "$bad_re" ]] || ! grep -qiE -- "$bad_re" "$@" 2>/dev/null
  }
  case "$kind" in
    limit) [[ $rc -eq 3 ]] && matches "$err" "$out" && ok=1 ;;
    batch) [[ $rc -eq 0 || $rc -eq 3 ]] && matches "$err" "$out" && eval "${REST:-true}" && ok=1 ;;
    ends) [[ $rc -eq 0 || $rc -eq 3 ]] && ok=1 ;;
    verdict) { [[ $rc -eq 1 ]] || { [[ $rc -eq 3 ]] && matches "$err" "$out"; }; } && ok=1 ;;
    clean) [[ $rc -eq 0 || $rc -eq 1 || $rc -eq 3 ]] && ! grep -qE 'runtime error|AddressSanitizer|LeakSanitizer' "$err" && ok=1 ;;
    readonly) [[ $rc -eq 0 ]] && ! opens_for_writing "$@" && ok=1 ;;
  esac
  local verdict=FAIL
  if [[ $ok -eq 1 && $in_time -eq 1 && $in_memory -eq 1 ]]; then verdict=PASS; else all_pass=0; fi
  # The command as a reader would type it: temp paths relative, long arguments elided.
  local shown="" arg
  for arg in "$@"; do
    arg="${arg//$work\//}"
    arg="${arg/#$cli/sqleq-cli}"
    arg="${arg/#$san_cli/sqleq-cli}"
    [[ ${#arg} -gt 60 ]] && arg="${arg:0:40}…(${#arg} chars)"
    [[ "$arg" == *" "* ]] && arg="\"$arg\""
    shown+="$arg "
  done
  message="${message//|/\\|}"
  [[ ${#message} -gt 110 ]] && message="${message:0:110}…"
  rows+=("| $name | \`${shown% }\` | $rc | ${wall:-?} | $rss_mb | ${message//\`/\'} | $verdict |")
}
c="$cli"
limit_re='limit|too[ _](deep|long|large|many|big)|exceed|budget|timeout|nest|depth|cap'

# Deep prediction lines (Spider ESM parser): batch commands; the per-item error is in the
# items table (eval) or the project (audit new), and the harmless second item is scored.
REST='grep -qiE "$limit_re" items.tsv && grep -qE "^1[[:space:]]" items.tsv' attack eval_union_chain 2 batch "." -- \
  "$c" eval --gold gold2.sql --pred pred_union_chain.txt --tables tables.json --etype match --out items.tsv
REST='grep -qiE "$limit_re" items.tsv && grep -qE "^1[[:space:]]" items.tsv' attack eval_nested_subqueries 2 batch "." -- \
  "$c" eval --gold gold2.sql --pred pred_nested.txt --tables tables.json --etype match --out items.tsv
REST='grep -aqiE "levels deep" audit_union.sqleq-audit' attack audit_new_union_chain 2 batch "created.*2 items" -- \
  "$c" audit new --gold gold2.sql --pred pred_union_chain.txt --tables tables.json --out audit_union.sqleq-audit
REST='grep -aqiE "levels deep" audit_nested.sqleq-audit' attack audit_new_nested_subqueries 2 batch "created.*2 items" -- \
  "$c" audit new --gold gold2.sql --pred pred_nested.txt --tables tables.json --out audit_nested.sqleq-audit

# One SQLite function call that does not return to the progress handler.
attack run_printf_width 2 limit "$limit_re" -- "$c" run --ddl concerts.sql --sql "$sql_printf"
attack check_printf_width $((2 + check_base)) verdict "$limit_re" -- \
  "$c" check --ddl concerts.sql --gold "$gold_ok" --candidate "$sql_printf"
attack run_instr_16mb 2 limit "$limit_re" -- "$c" run --ddl concerts.sql --sql "$sql_instr"
attack run_like_16mb 2 limit "$limit_re" -- "$c" run --ddl concerts.sql --sql "$sql_like"
attack run_glob_16mb 2 limit "$limit_re" -- "$c" run --ddl concerts.sql --sql "$sql_glob"
attack run_replace_16mb 2 limit "$limit_re" -- "$c" run --ddl concerts.sql --sql "$sql_replace"
attack check_instr_16mb $((2 + check_base)) verdict "$limit_re" -- \
  "$c" check --ddl concerts.sql --gold "$gold_ok" --candidate "$sql_instr"
REST='grep -qiE "$limit_re" items_exec.tsv && grep -qE "^1[[:space:]]" items_exec.tsv' attack eval_exec_instr_16mb 2 batch "." -- \
  "$c" eval --gold gold_exec.sql --pred pred_instr.txt --db dbs --etype exec --out items_exec.tsv

# The heap: DISTINCT / UNION over a recursive CTE of 100 KB rows.
attack run_distinct_cte 2 limit "$limit_re|memory" -- "$c" run --ddl concerts.sql --sql "$sql_distinct"
attack run_union_cte_10s 10 limit "$limit_re|memory" -- "$c" run --ddl concerts.sql --timeout 10000 --sql "$sql_union"

# Neighbor generation on long IN lists and OR chains.
attack neighbors_in_3000 2 ends "." -- "$c" neighbors --ddl concerts.sql --gold-file in_3000.sql
attack check_gold_or_250 $((2 + check_base)) verdict "$limit_re|neighbor" -- \
  "$c" check --ddl concerts.sql --gold-file or_250.sql --candidate "SELECT name FROM singer"
attack check_gold_in_1000 $((2 + check_base)) verdict "$limit_re|neighbor" -- \
  "$c" check --ddl concerts.sql --gold-file in_1000.sql --candidate "SELECT name FROM singer"

# 100 MB of SQL text.
attack parse_100mb 2 limit "$limit_re|sql_100mb" -- "$c" parse --sql-file sql_100mb.sql
attack check_gold_100mb 2 limit "$limit_re|sql_100mb" -- \
  "$c" check --ddl concerts.sql --gold-file sql_100mb.sql --candidate "SELECT 1"

# Endless files.
attack parse_sql_file_dev_zero 2 limit "/dev/zero" -- "$c" parse --sql-file /dev/zero
attack run_ddl_dev_zero 2 limit "/dev/zero" -- "$c" run --ddl /dev/zero --sql "SELECT 1"
attack run_tables_dev_zero 2 limit "/dev/zero" -- "$c" run --tables /dev/zero --db-id concerts --sql "SELECT 1"
attack eval_gold_dev_zero 2 limit "/dev/zero" -- "$c" eval --gold /dev/zero --pred pred_cyclic.txt --tables tables.json --etype match
attack run_db_dev_zero 2 limit "/dev/zero" -- "$c" run --db /dev/zero --sql "SELECT 1"

# Untrusted .sqlite files: CHECK bodies and views call the slow functions.
attack check_db_check_printf $((2 + check_base)) verdict "$limit_re|check_printf" -- \
  "$c" check --db check_printf.sqlite --gold "SELECT a FROM t" --candidate "SELECT a FROM t WHERE id > 1"
attack check_db_check_instr $((2 + check_base)) verdict "$limit_re|check_instr" -- \
  "$c" check --db check_instr.sqlite --gold "SELECT a FROM t" --candidate "SELECT a FROM t WHERE id > 1"
# Opening the file runs none of its views: a query that does not read the view just runs.
attack run_db_view_open 2 ends "." -- "$c" run --db view_printf.sqlite --sql "SELECT count(*) FROM t"
attack run_db_view_select 2 limit "$limit_re|view_printf" -- "$c" run --db view_printf.sqlite --sql "SELECT * FROM v"

# Tampered audit projects.
project_re='sqleq-audit|project|tamper|schema|view|version|reasons|annotation'
for cmd in status export; do
  for p in endless_view slow_view; do
    extra=(); [[ $cmd == export ]] && extra=(--out "export_$p.tsv")
    attack "audit_${cmd}_$p" 2 limit "$project_re" -- "$c" audit "$cmd" "${extra[@]}" "$p.sqleq-audit"
  done
done
for p in orphan empty_project version_999 no_reasons; do
  attack "audit_status_$p" 2 limit "$project_re" -- "$c" audit status "$p.sqleq-audit"
done
attack audit_status_read_only 2 readonly "." -- "$c" audit status readonly.sqleq-audit

# tables.json variants through eval and check.
for t in tables_index_out_of_range tables_negative_index tables_few_types tables_duplicate_table \
         tables_duplicate_column tables_empty; do
  attack "eval_$t" 2 limit "concerts|$t!_M_range_check|what\(\)" -- \
    "$c" eval --gold gold1.sql --pred pred_cyclic.txt --tables $t.json --etype match
  attack "check_$t" 2 limit "concerts|$t!_M_range_check|what\(\)" -- \
    "$c" check --tables $t.json --db-id concerts --gold "SELECT 1" --candidate "SELECT 2"
done
attack eval_tables_cyclic_fk 2 batch "." -- \
  "$c" eval --gold gold_cyclic.sql --pred pred_cyclic.txt --tables tables_cyclic.json --etype match
attack check_tables_cyclic_fk $((2 + check_base)) verdict "foreign key|cycl" -- \
  "$c" check --tables tables_cyclic.json --db-id concerts --gold "SELECT count(*) FROM a" --candidate "SELECT count(*) + 1 FROM a"

# A million gold lines: partial output and progress, or a refusal naming the file.
REST='compgen -G "distill_out/*/*.sqlite" >/dev/null || grep -qiE "gold_1m|limit" distill_1m.err' \
  attack distill_1m 60 batch "." -- "$c" distill --gold gold_1m.sql --tables tables.json --out distill_out --time-budget 30

# Error texts that must name the limit actually hit.
attack run_in_100k 2 limit "$limit_re!out of memory" -- "$c" run --ddl concerts.sql --sql-file in_100k.sql
attack run_statement_2mb 2 limit "1 MiB|1048576|1,048,576!16777216" -- "$c" run --ddl concerts.sql --sql-file sql_2mb.sql

# The two UBSan findings (sanitizer build when there is one).
printf 'SELECT name FROM singer WHERE age > -0x8000000000000000\tconcerts\n' > gold_int64_min.sql
attack ubsan_negate_int64_min 120 clean "." -- \
  "$san_cli" distill --gold gold_int64_min.sql --tables tables.json --out distill_int64_min --budget 50
attack ubsan_double_to_long 120 clean "." -- \
  "$san_cli" check --ddl concerts.sql --gold "SELECT -9223372036854775808 / -1" --candidate "SELECT 1"

# ---------------------------------------------------------------- table
echo
echo "sqleq-cli: $cli ($("$cli" --version 2>/dev/null | head -1)); UBSan rows: $san_cli"
echo "budgets: 2 s per query by default; check rows add ${check_base} s (one harmless check); peak RSS cap ${rss_cap_mb} MB"
echo
echo "| attack | command | exit | wall s | peak RSS MB | first line of the message | target |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
passed=$(printf '%s\n' "${rows[@]}" | grep -c '| PASS |$')
echo
echo "$passed of ${#rows[@]} attacks meet the target."
[[ "${KEEP:-0}" == 1 ]] && echo "inputs and outputs kept in $work"
[[ $all_pass -eq 1 ]]
