#!/usr/bin/env bash
# Tampered audit projects against sqleq-cli: for each tampering, the command run,
# its exit code, wall time, peak resident memory (/usr/bin/time -v) and the first
# line of its message, as a markdown table. Needs the sqlite3 shell.
#
#   tests/tools/audit_tamper_attacks.sh build/release/bin/sqleq-cli [command]
#
# command: status (default), export, agree or annotate. The project is built from
# the bundled example (resources/examples/audit) in a temporary directory.
set -euo pipefail

cli=$(realpath "${1:?usage: $0 path/to/sqleq-cli [status|export|agree|annotate]}")
command=${2:-status}
here=$(cd "$(dirname "$0")/../.." && pwd)
example="$here/resources/examples/audit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$cli" audit new --gold "$example/gold.sql" --pred "$example/predictions.txt" --tables "$example/tables.json" \
    --questions "$example/questions.tsv" --out "$work/valid.sqleq-audit" >/dev/null 2>&1
"$cli" audit annotate "$work/valid.sqleq-audit" --item 0 --verdict equivalent --annotator ana --reason alias >/dev/null
"$cli" audit annotate "$work/valid.sqleq-audit" --item 1 --verdict not_equivalent --annotator bo >/dev/null

items_view() {  # a view with every column of items, over the rows of $1 (a column n)
    echo "PRAGMA foreign_keys=OFF; DROP TABLE items; CREATE VIEW items AS SELECT n AS item_index, 'db' AS db_id,
      '' AS question, 'SELECT 1' AS gold, 'SELECT 1' AS prediction, NULL AS hardness, NULL AS esm, NULL AS exec,
      NULL AS testsuite, NULL AS sqleval, NULL AS pcm_f1, '' AS testsuite_verdict, -1 AS separating_db, '' AS notes,
      NULL AS sqleq, 0 AS testsuite_false_positive, '' AS sqleq_found_by FROM ($1);"
}

declare -A sql=(
    [items_endless_view]=$(items_view "WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c")
    [items_slow_view]=$(items_view "SELECT length(printf('%.*c', 2000000000, 'x')) AS n")
    [orphan_annotation]="PRAGMA foreign_keys=OFF; INSERT INTO annotations VALUES (999, 'eve', 'equivalent', '', '', '2026-01-01T00:00:00Z');"
    [empty_project_table]="DELETE FROM project;"
    [version_999]="PRAGMA user_version=999;"
    [reasons_dropped]="DROP TABLE reasons;"
    [trigger_added]="CREATE TRIGGER slow AFTER INSERT ON annotations BEGIN SELECT printf('%.*c', 2000000000, 'x'); END;"
    [application_id_wrong]="PRAGMA application_id=42;"
    [column_added]="ALTER TABLE annotations ADD COLUMN weight INTEGER;"
    [unlisted_reason]="DELETE FROM reasons;"
)
order=(items_endless_view items_slow_view orphan_annotation empty_project_table version_999 reasons_dropped
       trigger_added application_id_wrong column_added unlisted_reason truncated corrupt oversized valid)

echo "| tampering | command | exit | wall (s) | peak RSS (MB) | message |"
echo "|---|---|---|---|---|---|"
for name in "${order[@]}"; do
    project="$work/$name.sqleq-audit"
    [ "$name" = valid ] || cp "$work/valid.sqleq-audit" "$project"
    size=$(stat -c %s "$project")
    case $name in
        truncated) truncate -s $((size - 4096)) "$project" ;;
        corrupt) printf '%4088s' | tr ' ' '\377' | dd of="$project" bs=1 seek=$((2 * 4096 + 8)) conv=notrunc status=none ;;
        oversized) truncate -s $((129 * 1024 * 1024)) "$project" ;;
        valid) ;;
        *) sqlite3 "$project" "${sql[$name]}" ;;
    esac
    case $command in
        status) args=(audit status "$project") ;;
        export) args=(audit export "$project" --out "$work/$name.json") ;;
        agree) args=(audit agree "$project" --annotator-a ana --annotator-b bo) ;;
        annotate) args=(audit annotate "$project" --item 2 --verdict unsure --annotator cy) ;;
    esac
    set +e
    /usr/bin/time -v -o "$work/time" "$cli" "${args[@]}" >"$work/out" 2>"$work/err"
    code=$?
    set -e
    wall=$(grep "Elapsed (wall clock)" "$work/time" | awk '{print $NF}' | awk -F: '{print $(NF-1) * 60 + $NF}')
    rss=$(grep "Maximum resident set size" "$work/time" | awk '{printf "%.0f", $NF / 1024}')
    message=$(head -c 300 "$work/err" | head -n 1 | sed "s|$work/||g; s/|/\\\\|/g")
    [ -z "$message" ] && message="(ok) $(head -n 1 "$work/out" | sed "s|$work/||g")"
    echo "| $name | sqleq-cli ${args[*]:0:2} | $code | $wall | $rss | $message |"
done
