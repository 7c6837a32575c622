#!/usr/bin/env python3
"""proved_check_latency.py: `sqleq-cli check` end to end on pairs the rewrites prove.

Takes the items an `eval --out` table marks proved (one submission of Spider dev), runs
`sqleq-cli check --tables … --db-id …` on up to N distinct (gold, prediction) pairs, one
process each, as a user would, and prints the wall-time percentiles of the whole process
(schema and original database loaded, the proof, the original run, the other profile's
line). Also the same for --no-proof, for comparison.

Usage: proved_check_latency.py BUILD_DIR SPIDER_CORPUS ITEMS_TSV PREDICTIONS [--count N]
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import time


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1) + 0.5))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build")
    parser.add_argument("corpus")
    parser.add_argument("items")
    parser.add_argument("predictions")
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args()
    cli = os.path.join(args.build, "bin", "sqleq-cli")
    golds = [line.rstrip("\n").rsplit("\t", 1) for line in open(os.path.join(args.corpus, "dev_gold.sql"))]
    predictions = [line.rstrip("\n") for line in open(args.predictions)]
    pairs, seen = [], set()
    with open(args.items, newline="") as f:
        for item in csv.DictReader(f, delimiter="\t"):
            index = int(item["index"])
            key = (golds[index][0], predictions[index], golds[index][1])
            if item["proved"] == "1" and key not in seen:
                seen.add(key)
                pairs.append(key)
    pairs = pairs[:args.count]
    for label, extra in (("proof on", []), ("--no-proof", ["--no-proof"])):
        times, proved = [], 0
        for gold, prediction, db_id in pairs:
            start = time.perf_counter()
            run = subprocess.run([cli, "check", "--tables", os.path.join(args.corpus, "tables.json"), "--db-id", db_id,
                                  "--gold", gold, "--candidate", prediction, "--jobs", "1"] + extra,
                                 capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            proved += "(proved:" in run.stdout
        print("{}: {} pairs ({} proved), wall per check: p50 {:.1f} ms, p95 {:.1f} ms, mean {:.1f} ms".format(
            label, len(pairs), proved, 1000 * percentile(times, 0.5), 1000 * percentile(times, 0.95),
            1000 * statistics.mean(times)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
