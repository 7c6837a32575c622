#!/usr/bin/env python3
"""Throughput of sqleq.Evaluator.score_many from Python, and agreement with the CLI.

Scores one Spider dev submission (1,034 items) against prebuilt suites and tables.json
with `jobs` worker threads, ROUNDS times, and reports items per second (the median
round; loading the Evaluator is timed separately). Then checks that every per-item
result equals `sqleq-cli eval --out items.json` on the same inputs. A benchmark, not a
test: its figures go in docs/benchmarks.md with the command that produced them.

  PYTHONPATH=build/release/python python3 tests/bench/bench_python_evaluator.py \\
      BUILD_DIR CORPUS_DIR SUITES_DIR [--submission dev_2] [--jobs 2] [--search 0] [--db]
"""
import argparse
import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import sqleq

ROUNDS = int(__import__("os").environ.get("SQLEQ_BENCH_ROUNDS", "5"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build_dir", type=Path)
    parser.add_argument("corpus_dir", type=Path)
    parser.add_argument("suites_dir", type=Path)
    parser.add_argument("--submission", default="dev_2")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--search", type=int, default=sqleq.DEFAULT_SEARCH_BUDGET,
                        help="sqleq's search budget (0: test suite, ESM, hardness, PCM-F1 only)")
    parser.add_argument("--db", action="store_true", help="also the original databases (exec, SQL-Eval)")
    args = parser.parse_args()

    corpus = args.corpus_dir
    gold = corpus / "dev_gold.sql"
    pred = corpus / "predictions" / f"{args.submission}.txt"
    tables = corpus / "tables.json"
    db = corpus / "database" if args.db else None
    items = [(line.split("\t")[0], prediction.split("\t")[0], line.split("\t")[1])
             for line, prediction in zip(gold.read_text().splitlines(), pred.read_text().splitlines())]

    started = time.perf_counter()
    evaluator = sqleq.Evaluator(suites=str(args.suites_dir), tables=str(tables), db=None if db is None else str(db),
                                search=args.search)
    load_seconds = time.perf_counter() - started

    rounds = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        results = evaluator.score_many(items, jobs=args.jobs)
        rounds.append(time.perf_counter() - started)
    median = statistics.median(rounds)
    print(f"{args.submission}: {len(items)} items, jobs={args.jobs}, search={args.search}, db={'yes' if db else 'no'}")
    print(f"load: {load_seconds:.2f} s; score_many median of {ROUNDS}: {median:.3f} s "
          f"= {len(items) / median:,.0f} items/s (min {min(rounds):.3f} s, max {max(rounds):.3f} s)")

    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "items.json"
        command = [str(args.build_dir / "bin" / "sqleq-cli"), "eval", "--gold", str(gold), "--pred", str(pred),
                   "--tables", str(tables), "--suites", str(args.suites_dir), "--etype", "all",
                   "--search", str(args.search), "--jobs", str(args.jobs), "--out", str(out)]
        if db is not None:
            command += ["--db", str(db)]
        subprocess.run(command, check=True, capture_output=True)
        expected = json.loads(out.read_text())
    differing = [i for i, (mine, theirs) in enumerate(zip(results, expected)) if mine != theirs]
    print(f"per-item results equal to `sqleq-cli eval --out`: "
          f"{len(results) - len(differing)}/{len(expected)}" + (f" (differ: {differing[:10]})" if differing else ""))
    return 1 if differing or len(results) != len(expected) else 0


if __name__ == "__main__":
    raise SystemExit(main())
