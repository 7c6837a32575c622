"""Shared fixtures of the Python module's tests: the small `shop` schema of
tests/python/data (its original database and a distilled suite, built once per
session), the CLI the results are compared with, and the Spider corpus (tests that
need it skip when it is absent)."""
import os
import sqlite3
import subprocess
import types
from pathlib import Path

import pytest

import sqleq

REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data" / "shop"
CORPUS = Path(os.environ.get("SQLEQ_CORPUS_DIR", REPO.parent / "shared" / "corpus" / "spider"))
CLI = Path(os.environ.get("SQLEQ_CLI", REPO / "build" / "release" / "bin" / "sqleq-cli"))


def run_cli(*args, check=True):
    """sqleq-cli with `args`; its stdout as text."""
    if not CLI.exists():
        pytest.skip(f"sqleq-cli not built at {CLI}")
    done = subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True)
    if check and done.returncode not in (0, 1):
        raise AssertionError(f"sqleq-cli {' '.join(map(str, args))} exited {done.returncode}: {done.stderr}")
    return done.stdout


def gold_lines():
    return [line.split("\t") for line in DATA.joinpath("gold.txt").read_text().splitlines()]


def pred_lines():
    return DATA.joinpath("pred.txt").read_text().splitlines()


@pytest.fixture(scope="session")
def shop(tmp_path_factory):
    """tables.json, databases DIR/shop/shop.sqlite, suites DIR/shop/shop_<n>.sqlite, gold, pred."""
    root = tmp_path_factory.mktemp("shop")
    databases = root / "databases"
    (databases / "shop").mkdir(parents=True)
    connection = sqlite3.connect(databases / "shop" / "shop.sqlite")
    connection.executescript(DATA.joinpath("shop.sql").read_text())
    connection.commit()
    connection.close()
    tables = DATA / "tables.json"
    schema = sqleq.Schema.from_tables_json(str(tables), "shop")
    suite = sqleq.distill([sql for sql, _ in gold_lines()], schema, budget=200, seed=0)
    suites = root / "suites"
    suite.save(str(suites))
    return types.SimpleNamespace(tables=tables, databases=databases, suites=suites, schema=schema,
                                 gold=DATA / "gold.txt", pred=DATA / "pred.txt", ddl=DATA / "shop.sql")


@pytest.fixture(scope="session")
def corpus():
    if not (CORPUS / "dev_gold.sql").exists():
        pytest.skip(f"Spider corpus absent ({CORPUS})")
    return CORPUS
