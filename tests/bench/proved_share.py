#!/usr/bin/env python3
"""proved_share.py: how many of sqleq's `equivalent` verdicts on real submissions are proved.

For each of Spider dev's 21 submissions, runs `sqleq-cli eval` twice with the suites
`distill` built from dev and the original databases — once as shipped (a pair the
rewrites prove is not searched), once with `--no-proof` (every equivalence searched) —
and reads the `sqleq`, `proved` and `hardness` columns of `--out`. Prints, per
submission and per hardness, the share of sqleq-equivalent items that are proved, and
every item proved in the first run whose sqleq verdict in the second is not
`equivalent` (a proof the search refutes: there must be none).

Usage: proved_share.py BUILD_DIR SPIDER_CORPUS SUITES_DIR [--submissions 1,2] [--work DIR]
  SUITES_DIR: `sqleq-cli distill --gold $C/dev_gold.sql --tables $C/tables.json --db $C/database --out SUITES_DIR`
"""
import argparse
import collections
import csv
import os
import subprocess
import sys
import tempfile


def run_eval(cli, corpus, suites, submission, out, no_proof):
    command = [cli, "eval", "--gold", os.path.join(corpus, "dev_gold.sql"),
               "--pred", os.path.join(corpus, "predictions", "dev_{}.txt".format(submission)),
               "--tables", os.path.join(corpus, "tables.json"), "--db", os.path.join(corpus, "database"),
               "--suites", suites, "--etype", "all", "--out", out]
    if no_proof:
        command.append("--no-proof")
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build")
    parser.add_argument("corpus")
    parser.add_argument("suites")
    parser.add_argument("--submissions", default=",".join(str(k) for k in range(1, 22)))
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    cli = os.path.join(args.build, "bin", "sqleq-cli")
    work = args.work or tempfile.mkdtemp(prefix="proved-share-")
    equivalent = collections.Counter()
    proved = collections.Counter()
    refuted = []
    total_equivalent = total_proved = 0
    for submission in [int(k) for k in args.submissions.split(",")]:
        shipped = run_eval(cli, args.corpus, args.suites, submission, os.path.join(work, "dev_{}.tsv".format(submission)),
                           False)
        searched = run_eval(cli, args.corpus, args.suites, submission,
                            os.path.join(work, "dev_{}-no-proof.tsv".format(submission)), True)
        sub_equivalent = sub_proved = 0
        for item, other in zip(shipped, searched):
            if item["proved"] == "1" and other["sqleq"] != "1":
                refuted.append((submission, item["index"], other["sqleq"]))
            if item["sqleq"] != "1":
                continue
            sub_equivalent += 1
            equivalent[item["hardness"]] += 1
            if item["proved"] == "1":
                sub_proved += 1
                proved[item["hardness"]] += 1
        total_equivalent += sub_equivalent
        total_proved += sub_proved
        print("dev_{}: {} of {} sqleq-equivalent items proved ({:.1f} %)".format(
            submission, sub_proved, sub_equivalent, 100.0 * sub_proved / max(sub_equivalent, 1)), flush=True)
    print("all: {} of {} sqleq-equivalent items proved ({:.1f} %)".format(
        total_proved, total_equivalent, 100.0 * total_proved / max(total_equivalent, 1)))
    for hardness in ("easy", "medium", "hard", "extra"):
        print("  {}: {} of {} ({:.1f} %)".format(hardness, proved[hardness], equivalent[hardness],
                                                 100.0 * proved[hardness] / max(equivalent[hardness], 1)))
    print("proved, and not equivalent when searched without the proof: {}{}".format(
        len(refuted), " (MUST BE 0)" if refuted else ""))
    for submission, index, verdict in refuted:
        print("  dev_{} item {}: sqleq column {!r}".format(submission, index, verdict))
    return 1 if refuted else 0


if __name__ == "__main__":
    sys.exit(main())
