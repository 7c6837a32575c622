"""sqleq.dask on Spider dev, on a two-process LocalCluster: the suites of four schemas
(three with their original database, wta_1 without one) byte-identical to
`sqleq-cli distill --db`'s, and the first items of a submission scored as one process
scores them. Skipped without Dask or the corpus."""
import hashlib

import pytest

distributed = pytest.importorskip("distributed", reason="sqleq.dask needs python3-distributed")

import sqleq  # noqa: E402
import sqleq.dask  # noqa: E402
from conftest import run_cli  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

SCHEMAS = ("concert_singer", "wta_1", "poker_player", "orchestra")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as connected:
        yield connected


def digests(folder):
    return {f"{path.parent.name}/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.glob("*/*.sqlite"))}


def test_spider_suites_equal_the_cli_suites(client, corpus, tmp_path):
    gold = tmp_path / "gold.sql"
    gold.write_text("".join(line for line in (corpus / "dev_gold.sql").read_text().splitlines(keepends=True)
                            if line.rstrip("\n").split("\t")[-1] in SCHEMAS))
    run_cli("distill", "--gold", gold, "--tables", corpus / "tables.json", "--db", corpus / "database",
            "--budget", 100, "--out", tmp_path / "cli")
    summary = sqleq.dask.distill_dataset(client, gold, corpus / "tables.json", tmp_path / "dask",
                                         db=corpus / "database", budget=100)
    assert [schema["db_id"] for schema in summary] == list(SCHEMAS)
    cli = digests(tmp_path / "cli")
    assert {name.split("/")[0] for name in cli} == set(SCHEMAS)
    assert digests(tmp_path / "dask") == cli


def test_submission_scored_as_one_process(client, corpus, tmp_path):
    gold = sqleq.dask.read_gold(corpus / "dev_gold.sql")[:120]
    preds = (corpus / "predictions" / "dev_2.txt").read_text().splitlines()
    items = [(sql, pred, db_id) for (sql, db_id), pred in zip(gold, preds)]
    kwargs = {"tables": str(corpus / "tables.json"), "db": str(corpus / "database"), "search": 50}
    assert sqleq.dask.score_many(client, items, evaluator_kwargs=kwargs, partitions=7) \
        == sqleq.Evaluator(**kwargs).score_many(items, jobs=1)
