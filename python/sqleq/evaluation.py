"""A drop-in for test-suite-sql-eval's evaluation.py, backed by sqleq's core.

    python3 -m sqleq.evaluation --gold G --pred P --db DIR --table tables.json \\
        --etype {all,exec,match} [--plug_value] [--keep_distinct] [--progress_bar_for_each_datapoint]

Accepts the official arguments and prints what the official script prints: its
progress lines, the items exact match rejects and the per-hardness table, byte for
byte for --etype match. --db DIR is run as exec_eval.py runs it: every .sqlite file
of DIR/<db_id>/ is a database (the original databases give execution accuracy, a
test suite gives test-suite accuracy). Unlike the official script, --etype match
needs no --db, a query's time is a budget of SQLite steps rather than 60 s of wall
clock, and the items run on every core.
"""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from . import Error, _sqleq


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python3 -m sqleq.evaluation", description=__doc__.split("\n\n")[0])
    parser.add_argument("--gold", dest="gold", type=str, required=True, help="the path to the gold queries")
    parser.add_argument("--pred", dest="pred", type=str, required=True, help="the path to the predicted queries")
    parser.add_argument("--db", dest="db", type=str, default=None,
                        help="the directory that contains all the databases and test suites")
    parser.add_argument("--table", dest="table", type=str, default=None, help="the tables.json schema file")
    parser.add_argument("--etype", dest="etype", type=str, default="exec", choices=_sqleq.EVAL_TYPES,
                        help="evaluation type, exec for test suite accuracy, match for the original exact set "
                             "match accuracy")
    parser.add_argument("--plug_value", default=False, action="store_true",
                        help="whether to plug in the gold value into the predicted query; suitable if your model "
                             "does not predict values.")
    parser.add_argument("--keep_distinct", default=False, action="store_true",
                        help="whether to keep distinct keyword during evaluation. default is false.")
    parser.add_argument("--progress_bar_for_each_datapoint", default=False, action="store_true",
                        help="accepted for compatibility: progress goes to stderr on a terminal")
    parser.add_argument("--jobs", type=int, default=0, help="worker threads (0: all cores); not an official flag")
    return parser


def _progress_printer():
    if not sys.stderr.isatty():
        return None

    def show(progress):
        total = progress["total"]
        sys.stderr.write(f"\r{progress['phase']} {progress['done']}/{total}" if total else "")
        if total and progress["done"] >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    if args.etype in ("all", "match") and args.table is None:
        print("error: --etype match and all need --table (the Spider tables.json)", file=sys.stderr)
        return 2
    if args.etype in ("all", "exec") and args.db is None:
        print("error: --etype exec and all need --db (the databases or test suites)", file=sys.stderr)
        return 2
    try:
        output = _sqleq._official_output(args.gold, args.pred, args.table or "", args.db or "", args.etype,
                                         args.plug_value, args.keep_distinct, args.jobs, _progress_printer())
    except Error as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    sys.stdout.write(output)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
