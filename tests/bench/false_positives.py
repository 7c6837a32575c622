#!/usr/bin/env python3
"""Test-suite false positives of Spider submissions, each re-checked independently.

For every predictions file: `sqleq-cli eval` (plug-value, prebuilt suites, sqleq's
search) lists the items the test suite accepts and sqleq separates; for each one,
`sqleq-cli check --json` gives the counterexample and the two queries as judged. The
certificate is then re-checked here with Python's own sqlite3 module, independently of
sqleq: tables declared from tables.json (its column types as sqleq maps them: number →
NUMERIC, text → TEXT, time → DATETIME, boolean → BOOLEAN, others → BLOB), the rows
inserted, both queries run, and the results compared under the official rule (both
empty: same; else bags, or lists when the gold has a top-level ORDER BY, of rows
compared like Python values, any column permutation). A benchmark, not a test.

  python3 tests/bench/false_positives.py BUILD_DIR CORPUS_DIR SUITES_DIR [dev_2 ...]
"""
import itertools
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

TYPES = {"number": "NUMERIC", "text": "TEXT", "time": "DATETIME", "boolean": "BOOLEAN", "others": "BLOB"}


def schema_ddl(tables_json, db_id):
    for entry in tables_json:
        if entry["db_id"] != db_id:
            continue
        columns = {}
        for (table, name), kind in zip(entry["column_names_original"], entry["column_types"]):
            if table >= 0:
                columns.setdefault(table, []).append(f'"{name}" {TYPES[kind]}')
        return [
            f'CREATE TABLE "{name}" ({", ".join(columns.get(i, []))})'
            for i, name in enumerate(entry["table_names_original"])
            if name != "sqlite_sequence"
        ]
    raise KeyError(db_id)


def python_value(value):
    if isinstance(value, dict) and "blob" in value:
        return bytes.fromhex(value["blob"])
    return value


def normalised(row):
    """Python-like value equality: 2 == 2.0, '2' != 2, None == None."""
    return repr(tuple(float(v) if isinstance(v, (int, float)) else v for v in row))


def same_results(gold, candidate, order_matters):
    if not gold and not candidate:
        return True
    if len(gold) != len(candidate) or len(gold[0]) != len(candidate[0]):
        return False
    expected = [normalised(row) for row in gold]
    if not order_matters:
        expected.sort()
    for permutation in itertools.permutations(range(len(candidate[0]))):
        permuted = [normalised(tuple(row[i] for i in permutation)) for row in candidate]
        if not order_matters:
            permuted.sort()
        if permuted == expected:
            return True
    return False


def recheck(tables_json, db_id, report):
    db = sqlite3.connect(":memory:")
    for statement in schema_ddl(tables_json, db_id):
        db.execute(statement)
    for table, rows in (report.get("counterexample") or {}).items():
        for row in rows:
            marks = ", ".join("?" for _ in row)
            db.execute(f'INSERT INTO "{table}" VALUES ({marks})', [python_value(v) for v in row])
    gold = db.execute(report["gold_used"]).fetchall()
    try:
        candidate = db.execute(report["candidate_used"]).fetchall()
    except sqlite3.Error:
        return True  # the candidate fails where the gold runs: a different denotation
    order_matters = report.get("comparison", {}).get("order_matters", False)
    return not same_results(gold, candidate, order_matters)


def main():
    build, corpus, suites = sys.argv[1:4]
    names = sys.argv[4:] or [f"dev_{i}" for i in range(1, 22)]
    cli = os.path.join(build, "bin", "sqleq-cli")
    tables_path = os.path.join(corpus, "tables.json")
    tables_json = json.load(open(tables_path))
    gold_lines = [line.rstrip("\n").split("\t") for line in open(os.path.join(corpus, "dev_gold.sql"))]
    total_fp = total_ok = 0
    with tempfile.TemporaryDirectory() as work:
        for name in names:
            items_path = os.path.join(work, f"{name}.json")
            start = time.time()
            subprocess.run([cli, "eval", "--gold", os.path.join(corpus, "dev_gold.sql"),
                            "--pred", os.path.join(corpus, "predictions", f"{name}.txt"), "--tables", tables_path,
                            "--suites", suites, "--etype", "exec", "--plug-value", "--jobs", "2",
                            "--out", items_path], check=True, stdout=subprocess.DEVNULL)
            seconds = time.time() - start
            items = json.load(open(items_path))
            predictions = [line.rstrip("\n").split("\t")[0] for line in open(os.path.join(corpus, "predictions", f"{name}.txt"))]
            accepted = sum(1 for item in items if item["testsuite"])
            false_positives = [item for item in items if item["testsuite_false_positive"]]
            certified = 0
            for item in false_positives:
                gold, db_id = gold_lines[item["index"]]
                run = subprocess.run([cli, "check", "--tables", tables_path, "--db-id", db_id, "--suites", suites,
                                      "--plug-value", "--gold", gold, "--candidate", predictions[item["index"]],
                                      "--json"], capture_output=True, text=True)
                report = json.loads(run.stdout)
                ok = report["verdict"] == "different" and recheck(tables_json, db_id, report)
                certified += ok
                if not ok:
                    print(f"  {name} item {item['index']}: not certified ({report['verdict']})", file=sys.stderr)
            total_fp += len(false_positives)
            total_ok += certified
            print(f"{name}: test suite accepts {accepted}, test-suite false positives {len(false_positives)}, "
                  f"certified by the independent re-check {certified}; eval {seconds:.1f} s", flush=True)
    print(f"all: {total_fp} test-suite false positives, {total_ok} certified")


if __name__ == "__main__":
    main()
