"""sqleq.dask on a two-process LocalCluster: distill_dataset writes the suites
`sqleq-cli distill` writes, byte for byte (returned as bytes or written by the
workers), and score_many gives the dicts of one process's Evaluator.score_many.
Skipped without Dask's distributed scheduler."""
import hashlib
import json
import sqlite3

import pytest

distributed = pytest.importorskip("distributed", reason="sqleq.dask needs python3-distributed")

import sqleq  # noqa: E402
import sqleq.dask  # noqa: E402
from conftest import gold_lines, pred_lines, run_cli  # noqa: E402

# distributed 2022.12 starts its event loop as tornado 6.2 deprecates under Python 3.11.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

# A second schema beside tests/python/data's shop, so that a gold file spans schemas.
SCHOOL = {
    "db_id": "school",
    "table_names_original": ["class", "student"], "table_names": ["class", "student"],
    "column_names_original": [[-1, "*"], [0, "id"], [0, "title"], [1, "id"], [1, "name"], [1, "age"],
                              [1, "class_id"]],
    "column_names": [[-1, "*"], [0, "id"], [0, "title"], [1, "id"], [1, "name"], [1, "age"], [1, "class id"]],
    "column_types": ["text", "number", "text", "number", "text", "number", "number"],
    "primary_keys": [1, 3], "foreign_keys": [[6, 1]],
}
SCHOOL_GOLDS = [
    "SELECT name FROM student WHERE age > 12",
    "SELECT T1.title, count(*) FROM class AS T1 JOIN student AS T2 ON T1.id = T2.class_id GROUP BY T1.title",
    "SELECT name FROM student ORDER BY age LIMIT 1",
]


@pytest.fixture(scope="module")
def client():
    # Spawned worker processes inherit PYTHONPATH, so they import this sqleq.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as connected:
        yield connected


@pytest.fixture(scope="module")
def dataset(shop, tmp_path_factory):
    """Two schemas (shop with its original database, school without), golds interleaved
    and one repeated, a blank line as a multi-turn file has."""
    root = tmp_path_factory.mktemp("dataset")
    tables = root / "tables.json"
    tables.write_text(json.dumps(json.loads(shop.tables.read_text()) + [SCHOOL]))
    shop_golds = [sql for sql, _ in gold_lines()]
    lines = [f"{shop_golds[0]}\tshop", f"{SCHOOL_GOLDS[0]}\tschool"]
    lines += [f"{sql}\tshop" for sql in shop_golds[1:]] + [""] + [f"{sql}\tschool" for sql in SCHOOL_GOLDS[1:]]
    lines.append(f"{shop_golds[0]}\tshop")
    gold = root / "gold.txt"
    gold.write_text("\n".join(lines) + "\n")
    return tables, gold


def digests(folder):
    """{db_id/file: sha256} of a suites directory, the summary left out."""
    return {f"{path.parent.name}/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.glob("*/*.sqlite"))}


def test_workers_import_this_sqleq(client):
    import os
    answers = client.run(lambda: (os.getpid(), sqleq.__file__))
    assert len({pid for pid, _ in answers.values()} | {os.getpid()}) == 3
    assert {path for _, path in answers.values()} == {sqleq.__file__}


@pytest.mark.parametrize("shared", [False, True])
def test_distill_dataset_writes_the_cli_suites(client, dataset, shop, tmp_path, shared):
    tables, gold = dataset
    options = ["--budget", 60, "--seed", 3]
    run_cli("distill", "--gold", gold, "--tables", tables, "--out", tmp_path / "cli", *options)
    run_cli("distill", "--gold", gold, "--tables", tables, "--db", shop.databases, "--out", tmp_path / "cli_db",
            *options)
    seen = []
    summary = sqleq.dask.distill_dataset(client, gold, tables, tmp_path / "dask", budget=60, seed=3,
                                         shared_out_dir=shared, shared_db=shared, progress=seen.append)
    sqleq.dask.distill_dataset(client, gold, tables, tmp_path / "dask_db", db=shop.databases, budget=60, seed=3,
                               shared_out_dir=shared, shared_db=shared)
    cli, cli_db = digests(tmp_path / "cli"), digests(tmp_path / "cli_db")
    assert {name.split("/")[0] for name in cli} == {"shop", "school"}
    assert digests(tmp_path / "dask") == cli
    assert digests(tmp_path / "dask_db") == cli_db
    # The original database is the first of shop's suite with --db, absent without.
    assert cli_db != cli
    assert sorted(step["done"] for step in seen) == [1, 2] and {step["total"] for step in seen} == {2}

    expected = json.loads((tmp_path / "cli" / "distill_summary.json").read_text())["schemas"]
    assert [schema["db_id"] for schema in summary] == ["shop", "school"]
    for mine, theirs in zip(summary, expected):
        for key in ("gold_queries", "suite_size", "sampled", "neighbors", "undistinguished", "golds_run"):
            assert mine[key] == theirs[key], key
        assert [(item["index"], item["neighbors"], item["undistinguished"], item["error"]) for item in mine["items"]] \
            == [(item["index"], item["neighbors"], item["undistinguished"], item["error"]) for item in theirs["items"]]


def test_distill_dataset_rewrites_a_smaller_suite_and_picks_schemas(client, dataset, tmp_path):
    tables, gold = dataset
    out = tmp_path / "out"
    (out / "school").mkdir(parents=True)
    stale = out / "school" / "school_99.sqlite"
    sqlite3.connect(stale).close()
    summary = sqleq.dask.distill_dataset(client, gold, tables, out, db_ids=["school"], budget=30)
    run_cli("distill", "--gold", gold, "--tables", tables, "--db-id", "school", "--budget", 30,
            "--out", tmp_path / "cli")
    assert [schema["db_id"] for schema in summary] == ["school"]
    assert not stale.exists() and digests(out) == digests(tmp_path / "cli")


def test_distill_dataset_errors(client, dataset, tmp_path):
    tables, gold = dataset
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("SELECT 1\tno_such_schema\n")
    with pytest.raises(sqleq.SchemaError):
        sqleq.dask.distill_dataset(client, unknown, tables, tmp_path / "out")
    with pytest.raises(sqleq.InputError):
        sqleq.dask.distill_dataset(client, tmp_path / "absent.txt", tables, tmp_path / "out")
    untabbed = tmp_path / "untabbed.txt"
    untabbed.write_text("SELECT 1\n")
    with pytest.raises(sqleq.InputError):
        sqleq.dask.distill_dataset(client, untabbed, tables, tmp_path / "out")
    with pytest.raises(sqleq.InputError):
        sqleq.dask.distill_dataset(client, gold, tables, tmp_path / "out", profile="other")


def items():
    rows = [(gold, pred, db_id) for (gold, db_id), pred in zip(gold_lines(), pred_lines())]
    rows.append(("SELECT 1", "SELECT 1", "no_such_db"))
    # Repeats, some as dicts: partitions then hold items another partition also scores.
    return rows + [{"gold": g, "pred": p, "db_id": d} for g, p, d in rows] + rows[::-1]


def test_score_many_equals_one_process(client, shop):
    kwargs = {"suites": str(shop.suites), "tables": str(shop.tables), "db": str(shop.databases)}
    expected = sqleq.Evaluator(**kwargs).score_many(items(), jobs=1)
    assert not any("seconds" in item for item in expected)
    seen = []
    for partitions in (None, 1, 5):
        assert sqleq.dask.score_many(client, items(), evaluator_kwargs=kwargs, partitions=partitions,
                                     progress=seen.append) == expected
    assert seen[-1] == {"phase": "evaluating", "done": len(items()), "total": len(items())}
    assert [item["index"] for item in expected] == list(range(len(items())))
    # The Evaluator was loaded once per worker and stays for the next call.
    name = sqleq.dask.EvaluatorPlugin(**kwargs).name
    assert all(client.run(lambda dask_worker: dask_worker.plugins[name].evaluator is not None).values())
    client.unregister_worker_plugin(name)
    assert sqleq.dask.score_many(client, [], evaluator_kwargs=kwargs) == []


def test_score_many_options_and_errors(client, shop, tmp_path):
    kwargs = {"suites": str(shop.suites), "tables": str(shop.tables), "plug_value": True, "search": 0, "seed": 5}
    assert sqleq.dask.score_many(client, items(), evaluator_kwargs=kwargs, partitions=3, jobs_per_task=2) \
        == sqleq.Evaluator(**kwargs).score_many(items())
    with pytest.raises(sqleq.InputError):
        sqleq.dask.score_many(client, items(), evaluator_kwargs={"suites": str(tmp_path / "missing")})
    missing = sqleq.dask.EvaluatorPlugin(suites=str(tmp_path / "missing")).name
    assert not any(client.run(lambda dask_worker: missing in dask_worker.plugins).values())
    with pytest.raises(sqleq.InputError):
        sqleq.dask.score_many(client, items(), evaluator_kwargs=kwargs, partitions=0)


def test_read_gold_reads_as_the_cli(tmp_path):
    gold = tmp_path / "gold.txt"
    gold.write_bytes(b"SELECT 1\tshop\r\n\n  \nSELECT a\tb\tc\n")
    assert sqleq.dask.read_gold(gold) == [("SELECT 1", "shop"), ("SELECT a\tb", "c")]
