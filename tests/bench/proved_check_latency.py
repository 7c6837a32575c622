#!/usr/bin/env python3
"""proved_check_latency.py: `sqleq-cli check` end to end on pairs the rewrites prove.

Takes the items an `eval --out` table marks proved (one submission of Spider dev), runs
`sqleq-cli check --tables … --db-id …` on up to N distinct (gold, prediction) pairs, one
process each, as a user would, and prints the wall-time percentiles of the whole process
(schema and original database loaded, the proof, the original run, the other profile's
line), and the inspection's own time (JSON `seconds`). Also the same for --no-proof, for
comparison, and the cost of starting the process at all (`--help`).

Usage: proved_check_latency.py BUILD_DIR SPIDER_CORPUS ITEMS_TSV PREDICTIONS [--count N]
"""
import argparse
import csv
import json
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
        times, inspections, proved = [], [], 0
        for gold, prediction, db_id in pairs:
            start = time.perf_counter()
            run = subprocess.run([cli, "check", "--tables", os.path.join(args.corpus, "tables.json"), "--db-id", db_id,
                                  "--gold", gold, "--candidate", prediction, "--jobs", "1", "--json"] + extra,
                                 capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            result = json.loads(run.stdout)
            inspections.append(result["seconds"])
            proved += result["evidence"]["kind"] == "proof"
        print("{}: {} pairs ({} proved), wall per check: p50 {:.1f} ms, p95 {:.1f} ms, mean {:.1f} ms; "
              "the inspection itself (JSON `seconds`): p50 {:.1f} ms, p95 {:.1f} ms".format(
                  label, len(pairs), proved, 1000 * percentile(times, 0.5), 1000 * percentile(times, 0.95),
                  1000 * statistics.mean(times), 1000 * percentile(inspections, 0.5),
                  1000 * percentile(inspections, 0.95)))
    start = time.perf_counter()
    for _ in range(20):
        subprocess.run([cli, "--help"], capture_output=True)
    print("for scale, `sqleq-cli --help`: {:.1f} ms per process".format(1000 * (time.perf_counter() - start) / 20))
    return 0


if __name__ == "__main__":
    sys.exit(main())
