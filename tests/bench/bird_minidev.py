#!/usr/bin/env python3
"""Test-suite accuracy of the BIRD mini-dev submissions, as a Markdown table.

BIRD ships no test suites and its databases are not needed: the suites are distilled
from the 500 mini-dev golds and dev_tables.json (once, into SUITES_DIR, unless it
exists), then every predictions file (BIRD's JSON format) is evaluated with
`sqleq-cli eval --etype all --search 0`. Columns:
  test-suite   accuracy over the items the suite decides (the gold runs on it)
  undecided    items the suite cannot decide: the gold fails on a suite database
  ESM          exact set match over the items the Spider parser accepts on both sides
               (the official parser knows no INNER JOIN, CAST, backquotes...), with
               that item count; elsewhere ESM is left empty, not counted as wrong
  rejected     predictions SQLite refuses on an empty database of the schema (Python's
               sqlite3, which also refuses a second statement, as BIRD's evaluator does)
  set-equal    items the suite rejects whose gold and prediction give the same set of
               rows on the separating database: BIRD's own comparison (set(rows)) would
               accept them there, so the rejection comes from row order or duplicates
A benchmark, not a test.

  python3 tests/bench/bird_minidev.py BUILD_DIR BIRD_DIR SUITES_DIR [JOBS]
"""
import glob
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile

TYPES = {"number": "NUMERIC", "text": "TEXT", "time": "DATETIME", "boolean": "BOOLEAN", "others": "BLOB"}


def declared_type(kind):
    """The column type sqleq declares for a tables.json type (BIRD writes integer, real, date...)."""
    if kind in TYPES:
        return TYPES[kind]
    kind = kind.upper()
    for words, declared in ((("BOOL",), "BOOLEAN"), (("CHAR", "CLOB", "TEXT", "STRING"), "TEXT"),
                            (("DATE", "TIME", "YEAR"), "DATETIME"),
                            (("INT", "REAL", "FLOA", "DOUB", "NUM", "DEC"), "NUMERIC")):
        if any(word in kind for word in words):
            return declared
    return "BLOB"


def empty_databases(tables_json):
    databases = {}
    for entry in tables_json:
        connection = sqlite3.connect(":memory:")
        columns = {}
        for (table, name), kind in zip(entry["column_names_original"], entry["column_types"]):
            if table >= 0:
                columns.setdefault(table, []).append('"{}" {}'.format(name.replace('"', '""'), declared_type(kind)))
        for index, name in enumerate(entry["table_names_original"]):
            if name != "sqlite_sequence":
                connection.execute('CREATE TABLE "{}" ({})'.format(name, ", ".join(columns.get(index, []))))
        databases[entry["db_id"]] = connection
    return databases


def sqlite_rejects(connection, sql):
    try:
        connection.execute("EXPLAIN " + sql)
        return False
    except (sqlite3.Error, sqlite3.Warning):
        return True


def same_row_set(database, gold_sql, predicted_sql):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return set(connection.execute(gold_sql).fetchall()) == set(connection.execute(predicted_sql).fetchall())
    except (sqlite3.Error, sqlite3.Warning):
        return False
    finally:
        connection.close()


def model_name(path):
    return re.sub(r"^predict_mini_dev_|\.json$", "", os.path.basename(path))


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    build, bird, suites = sys.argv[1:4]
    jobs = sys.argv[4] if len(sys.argv) > 4 else "0"
    cli = os.path.join(build, "bin", "sqleq-cli")
    gold = os.path.join(bird, "mini_dev", "mini_dev_sqlite_gold.sql")
    tables = os.path.join(bird, "dev_tables.json")
    if not os.path.isdir(suites):
        subprocess.run([cli, "distill", "--gold", gold, "--tables", tables, "--out", suites, "--jobs", jobs],
                       check=True, stdout=subprocess.DEVNULL)
    with open(tables) as file:
        databases = empty_databases(json.load(file))
    with open(gold) as file:
        gold_sql = [line.split("\t")[0] for line in file if line.strip()]
    print("| model | test-suite | undecided (gold failed) | ESM (items) | SQLite-rejected | set-equal |")
    print("|---|---:|---:|---:|---:|---:|")
    for path in sorted(glob.glob(os.path.join(bird, "mini_dev", "predictions", "*.json"))):
        with tempfile.TemporaryDirectory() as work:
            out = os.path.join(work, "items.json")
            subprocess.run([cli, "eval", "--gold", gold, "--pred", path, "--tables", tables, "--suites", suites,
                            "--etype", "all", "--search", "0", "--jobs", jobs, "--out", out],
                           check=True, stdout=subprocess.DEVNULL)
            with open(out) as file:
                items = json.load(file)
        with open(path) as file:
            predictions = json.load(file)
        decided = [item for item in items if item["testsuite"] is not None]
        undecided = sum(1 for item in items if item["testsuite_verdict"] == "gold_error")
        parsable = [item for item in items if item["esm"] is not None
                    and not any(note.startswith("esm: the official parser rejects") for note in item["notes"])]
        rejected = 0
        set_equal = 0
        for index, item in enumerate(items):
            sql = predictions[str(index)].split("\t----- bird -----\t")[0]
            rejected += sqlite_rejects(databases[item["db_id"]], sql)
            if item["testsuite_verdict"] == "different":
                separating = os.path.join(suites, item["db_id"], item["separating_db_file"])
                set_equal += same_row_set(separating, gold_sql[index], sql)
        suite_rate = sum(item["testsuite"] for item in decided) / len(decided)
        esm_rate = sum(item["esm"] for item in parsable) / len(parsable) if parsable else float("nan")
        print(f"| {model_name(path)} | {100 * suite_rate:.1f} % | {undecided} | "
              f"{100 * esm_rate:.1f} % ({len(parsable)}) | {rejected} | {set_equal} |")


if __name__ == "__main__":
    main()
