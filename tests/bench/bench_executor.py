#!/usr/bin/env python3
"""bench_executor.py: Python's sqlite3 module on the same workload as bench_executor.

The concert_singer gold queries of Spider dev (and one join + GROUP BY alone) on
one kept-open, read-only connection, `execute(sql).fetchall()` each, with the
module's statement cache (the default, 128 statements) and without it
(cached_statements=0). Prints µs/query medians. Standard library only; never
run by ctest. Usage: bench_executor.py [SPIDER_DIR] [ROUNDS]
"""
import os
import sqlite3
import statistics
import sys
import time

JOIN_GROUP_BY = ("SELECT T2.name , count(*) FROM concert AS T1 JOIN stadium AS T2 ON "
                 "T1.stadium_id = T2.stadium_id GROUP BY T1.stadium_id")


def golds_of(gold_file, db_id):
    out = []
    with open(gold_file, encoding="utf-8") as f:
        for line in f:
            sql, _, name = line.rstrip("\n").rpartition("\t")
            if name == db_id:
                out.append(sql)
    return out


def median_micros(conn, queries, rounds, repeat):
    for sql in queries:  # warm caches, as the C++ side does
        conn.execute(sql).fetchall()
    per_query = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(repeat):
            for sql in queries:
                conn.execute(sql).fetchall()
        elapsed = time.perf_counter() - start
        per_query.append(elapsed * 1e6 / (len(queries) * repeat))
    return statistics.median(per_query)


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus/spider"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 21
    golds = golds_of(os.path.join(corpus, "dev_gold.sql"), "concert_singer")
    db_file = os.path.join(corpus, "database/concert_singer/concert_singer.sqlite")
    uri = "file:" + os.path.abspath(db_file) + "?mode=ro"
    print(f"bench_executor.py: {len(golds)} concert_singer golds, {rounds} rounds, "
          f"SQLite {sqlite3.sqlite_version}, Python {sys.version.split()[0]}")
    print(f"{'':<44} {'45 golds':>12} {'join+GROUP BY':>14}")
    for name, cached in (("python sqlite3, statement cache (default)", 128),
                         ("python sqlite3, cached_statements=0", 0)):
        conn = sqlite3.connect(uri, uri=True, cached_statements=cached)
        golds_us = median_micros(conn, golds, rounds, 20)
        join_us = median_micros(conn, [JOIN_GROUP_BY], rounds, 500)
        conn.close()
        print(f"{name:<44} {golds_us:>9.2f} us {join_us:>11.2f} us")


if __name__ == "__main__":
    main()
