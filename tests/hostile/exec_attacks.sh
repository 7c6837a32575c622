#!/usr/bin/env bash
# Runs the executor and sampler attacks against a Release sqleq-cli
# and prints a markdown table: command, exit code, wall time, peak resident
# memory (GNU time). Usage: tests/hostile/exec_attacks.sh [path/to/sqleq-cli]
# Needs /usr/bin/time and the sqlite3 shell (to build the hostile .sqlite files).
set -u
cli=${1:-build/release/bin/sqleq-cli}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sqlite3 "$work/plain.sqlite" "CREATE TABLE t(a INT); INSERT INTO t VALUES (1);"
sqlite3 "$work/check.sqlite" "CREATE TABLE t(id INTEGER PRIMARY KEY, x INT CHECK (length(printf('%.*c', 2000000000, 'x')) > x));"
sqlite3 "$work/check_instr.sqlite" "CREATE TABLE t(id INTEGER PRIMARY KEY, s TEXT CHECK (instr(printf('%.*c', 16000000, 'a'), printf('%.*c', 8000000, 'a') || 'b') = 0));"
sqlite3 "$work/view.sqlite" "CREATE TABLE t(a INT); INSERT INTO t VALUES (1); CREATE VIEW v AS SELECT printf('%.*c', 2000000000, 'x') AS p FROM t;"
python3 -c 'print("SELECT count(*) FROM (SELECT 1 WHERE 1 IN (" + ",".join(str(i) for i in range(100000)) + "))")' > "$work/in_100k.sql"
python3 -c 'print("SELECT \x27" + "a" * 2000000 + "\x27")' > "$work/long.sql"
echo "hello" > "$work/text.sqlite"
mkfifo "$work/fifo.sqlite"

big="printf('%.*c', 16000000, 'a')"
needle="printf('%.*c', 8000000, 'a') || 'b'"
pattern="printf('%.*c', 9000, 'a') || 'b'"
attacks=(
  "printf|run --db $work/plain.sqlite --sql \"SELECT printf('%.*c', 2000000000, 'x')\""
  "instr|run --db $work/plain.sqlite --sql \"SELECT instr($big, $needle)\""
  "LIKE|run --db $work/plain.sqlite --sql \"SELECT $big LIKE '%' || $pattern\""
  "GLOB|run --db $work/plain.sqlite --sql \"SELECT $big GLOB '*' || $pattern\""
  "replace|run --db $work/plain.sqlite --sql \"SELECT length(replace($big, $needle, 'x'))\""
  "DISTINCT over a recursive CTE|run --db $work/plain.sqlite --sql \"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM (SELECT DISTINCT x, printf('%.*c', 1000, 'a') FROM c)\""
  "UNION over a recursive CTE, --timeout 10000|run --timeout 10000 --db $work/plain.sqlite --sql \"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM (SELECT x, printf('%.*c', 1000, 'a') FROM c UNION SELECT 0, 'b')\""
  "DISTINCT, --memory-mb 32|run --memory-mb 32 --db $work/plain.sqlite --sql \"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM (SELECT DISTINCT x, printf('%.*c', 1000, 'a') FROM c)\""
  "100k-item IN list|run --db $work/plain.sqlite --sql-file $work/in_100k.sql"
  "2 MB statement|run --db $work/plain.sqlite --sql-file $work/long.sql"
  "view calling slow printf|run --db $work/view.sqlite --sql \"SELECT * FROM v\""
  "CHECK calling slow printf (check)|check --db $work/check.sqlite --gold \"SELECT x FROM t\" --candidate \"SELECT id FROM t\""
  "CHECK calling slow instr (check)|check --db $work/check_instr.sqlite --gold \"SELECT s FROM t\" --candidate \"SELECT id FROM t\""
  "printf as a check candidate|check --db $work/plain.sqlite --gold \"SELECT a FROM t\" --candidate \"SELECT printf('%.*c', 2000000000, 'x') FROM t\""
  "DISTINCT as a check candidate|check --db $work/plain.sqlite --gold \"SELECT a FROM t\" --candidate \"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM (SELECT DISTINCT x, printf('%.*c', 1000, 'a') FROM c)\""
  "--db /dev/zero|run --db /dev/zero --sql \"SELECT 1\""
  "--db a text file|run --db $work/text.sqlite --sql \"SELECT 1\""
  "--db a FIFO|run --db $work/fifo.sqlite --sql \"SELECT 1\""
)

echo "| attack | exit | wall s | peak RSS MB | message |"
echo "|---|---|---|---|---|"
for entry in "${attacks[@]}"; do
  name=${entry%%|*}
  args=${entry#*|}
  eval "/usr/bin/time -f '%e %M' -o '$work/time' timeout 120 '$cli' $args" > "$work/out" 2> "$work/err"
  code=$?
  read -r wall rss < <(tail -1 "$work/time") || { wall=?; rss=0; }
  message=$(grep -v '^Command exited' "$work/err" | head -1 | cut -c1-140 | sed "s|$work/||g; s/|/\\\\|/g")
  [ -z "$message" ] && message=$(grep -iE 'verdict|different|equivalent|error' "$work/out" | head -1 | cut -c1-140 | sed 's/|/\\|/g')
  echo "| $name | $code | $wall | $((rss / 1024)) | $message |"
done
