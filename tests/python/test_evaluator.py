"""sqleq.Evaluator and sqleq.evaluate: per-item metrics equal to `sqleq-cli eval --out
items.json`, the same in 1 or 4 Python threads and in forked worker processes."""
import concurrent.futures
import json
import multiprocessing
import threading

import pytest

import sqleq
from conftest import gold_lines, pred_lines, run_cli


def items():
    return [(gold, pred, db_id) for (gold, db_id), pred in zip(gold_lines(), pred_lines())]


def cli_items(shop, tmp_path, *extra):
    out = tmp_path / "items.json"
    run_cli("eval", "--gold", shop.gold, "--pred", shop.pred, "--tables", shop.tables, "--db", shop.databases,
            "--suites", shop.suites, "--etype", "all", "--out", out, *extra)
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def evaluator(shop):
    return sqleq.Evaluator(suites=str(shop.suites), tables=str(shop.tables), db=str(shop.databases))


def test_score_many_equals_cli_items(shop, evaluator, tmp_path):
    assert evaluator.score_many(items()) == cli_items(shop, tmp_path)
    assert all(evaluator.computed.values())
    assert repr(evaluator) == "<sqleq.Evaluator: esm, exec, testsuite, sqleval, pcm_f1, sqleq>"


def test_options_equal_cli_options(shop, tmp_path):
    evaluator = sqleq.Evaluator(suites=str(shop.suites), tables=str(shop.tables), db=str(shop.databases),
                                plug_value=True, keep_distinct=True, search=0)
    assert evaluator.score_many(items(), jobs=1) == cli_items(shop, tmp_path, "--plug-value", "--keep-distinct",
                                                              "--search", "0")


def test_score_is_score_many_one_at_a_time(evaluator):
    many = evaluator.score_many(items())
    for index, (gold, pred, db_id) in enumerate(items()):
        assert evaluator.score(gold, pred, db_id, index=index) == many[index]
    first = evaluator.score(*items()[0])
    assert first["esm"] is False and first["testsuite"] is False and first["hardness"] == "easy"
    assert evaluator.score(*items()[2])["testsuite"] is True
    broken = evaluator.score(*items()[5])
    assert broken["testsuite"] is False and broken["notes"]


def test_items_as_dicts_and_missing_databases(evaluator):
    gold, pred, db_id = items()[1]
    assert evaluator.score_many([{"gold": gold, "pred": pred, "db_id": db_id}])[0] == evaluator.score(gold, pred,
                                                                                                      db_id)
    unknown = evaluator.score("SELECT 1", "SELECT 1", "no_such_db")
    assert unknown["testsuite"] is None and unknown["notes"]
    # The notes as data: which metric, why, and the sentence that `notes` shows.
    details = unknown["note_details"]
    assert len(details) == len(unknown["notes"])
    suite = [(d, text) for d, text in zip(details, unknown["notes"]) if d["metric"] == "testsuite"]
    assert len(suite) == 1 and suite[0][0]["reason"] == "no_suite"
    assert suite[0][1] == "testsuite: " + suite[0][0]["detail"]
    with pytest.raises(sqleq.InputError):
        evaluator.score_many([("SELECT 1", "SELECT 1")])


def test_same_results_in_one_and_four_threads(evaluator):
    batch = items() * 2
    expected = [evaluator.score(gold, pred, db_id) for gold, pred, db_id in batch]
    for workers in (1, 4):
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            got = list(pool.map(lambda item: evaluator.score(*item), batch))
        assert got == expected
    # score_many from several threads at once, each on several cores
    results = [None] * 4

    def run(slot):
        results[slot] = evaluator.score_many(batch, jobs=2)

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(result == evaluator.score_many(batch, jobs=1) for result in results)


_forked_evaluator = None


def _score_in_child(item):
    return _forked_evaluator.score(*item)


def test_forked_process_pool(evaluator):
    global _forked_evaluator
    _forked_evaluator = evaluator
    expected = [evaluator.score(*item) for item in items()]
    context = multiprocessing.get_context("fork")
    with context.Pool(2) as pool:
        assert pool.map(_score_in_child, items()) == expected
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        assert list(pool.map(_score_in_child, items())) == expected


def test_evaluator_errors(shop, tmp_path):
    with pytest.raises(sqleq.InputError):
        sqleq.Evaluator(suites=str(tmp_path / "none"))
    with pytest.raises(sqleq.InputError):
        sqleq.Evaluator()


def test_evaluate_equals_cli(shop, tmp_path):
    result = sqleq.evaluate(str(shop.gold), str(shop.pred), tables=str(shop.tables), db=str(shop.databases),
                            suites=str(shop.suites), etype="all", as_dataframe=False)
    assert result.items == cli_items(shop, tmp_path)
    stdout = run_cli("eval", "--gold", shop.gold, "--pred", shop.pred, "--tables", shop.tables, "--db",
                     shop.databases, "--suites", shop.suites, "--etype", "all")
    assert stdout.startswith(result.report)
    assert "EXACT MATCHING ACCURACY" in result.report and result.seconds >= 0
    items_, report, _ = result
    assert items_ is result.items and report is result.report


def test_evaluate_etypes_and_errors(shop, tmp_path):
    match = sqleq.evaluate(str(shop.gold), str(shop.pred), tables=str(shop.tables), etype="match",
                           as_dataframe=False)
    assert all(item["exec"] is None and item["esm"] is not None for item in match.items)
    with pytest.raises(sqleq.InputError):
        sqleq.evaluate(str(shop.gold), str(shop.pred), tables=str(shop.tables), etype="fast")
    short = tmp_path / "short.txt"
    short.write_text("SELECT 1\n")
    with pytest.raises(sqleq.InputError):
        sqleq.evaluate(str(shop.gold), str(short), tables=str(shop.tables), etype="match")
    with pytest.raises(sqleq.Error):
        sqleq.evaluate(str(tmp_path / "none.txt"), str(shop.pred), tables=str(shop.tables))


def test_evaluate_gives_a_dataframe_when_pandas_is_there(shop):
    pandas = pytest.importorskip("pandas")
    result = sqleq.evaluate(str(shop.gold), str(shop.pred), tables=str(shop.tables), etype="match")
    assert isinstance(result.items, pandas.DataFrame) and len(result.items) == 6
