"""sqleq.distill and sqleq.Suite: the CLI's suites, saved and loaded in the official
layout; progress reports; Ctrl-C and exceptions in callbacks stop the work."""
import _thread

import pytest

import sqleq
from conftest import gold_lines, run_cli


def golds():
    return [sql for sql, _ in gold_lines()]


def test_distill_save_load(shop, tmp_path):
    suite = sqleq.distill(golds(), shop.schema, budget=200, seed=0)
    assert suite.db_id == "shop" and len(suite) >= 1 and suite.sampled >= 1
    assert [report["gold"] for report in suite.golds] == golds()
    assert all(report["error"] is None and report["neighbors"] > 0 for report in suite.golds)
    suite.save(str(tmp_path))
    files = sorted(path.name for path in (tmp_path / "shop").iterdir())
    assert files == sorted(f"shop_{n}.sqlite" for n in range(len(suite)))
    loaded = sqleq.Suite.load(str(tmp_path), "shop")
    assert len(loaded) == len(suite) and loaded.labels == files and loaded.golds == []
    assert repr(loaded) == f"<sqleq.Suite 'shop': {len(suite)} database{'s' if len(suite) != 1 else ''}>"


def test_same_suite_as_the_cli_whatever_the_jobs(shop, tmp_path):
    run_cli("distill", "--gold", shop.gold, "--tables", shop.tables, "--budget", 200, "--out", tmp_path / "cli")
    cli = sqleq.Suite.load(str(tmp_path / "cli"), "shop")
    for jobs in (1, 2):
        suite = sqleq.distill(golds(), shop.schema, budget=200, seed=0, jobs=jobs)
        suite.save(str(tmp_path / f"jobs{jobs}"))
        assert len(suite) == len(cli)
        for n in range(len(suite)):
            mine = (tmp_path / f"jobs{jobs}" / "shop" / f"shop_{n}.sqlite").read_bytes()
            assert mine == (tmp_path / "cli" / "shop" / f"shop_{n}.sqlite").read_bytes()


def test_targeted_first_is_the_cli_option(shop, tmp_path):
    run_cli("distill", "--gold", shop.gold, "--tables", shop.tables, "--budget", 50, "--targeted-first",
            "--out", tmp_path / "cli")
    cli = sqleq.Suite.load(str(tmp_path / "cli"), "shop")
    suite = sqleq.distill(golds(), shop.schema, budget=50, seed=0, targeted_first=True)
    suite.save(str(tmp_path / "module"))
    assert len(suite) == len(cli)
    for n in range(len(suite)):
        mine = (tmp_path / "module" / "shop" / f"shop_{n}.sqlite").read_bytes()
        assert mine == (tmp_path / "cli" / "shop" / f"shop_{n}.sqlite").read_bytes()
    # Built databases come first, so the suite is not the one sampling leads with.
    sampled_first = sqleq.distill(golds(), shop.schema, budget=50, seed=0)
    assert [label for label in suite.labels] != [label for label in sampled_first.labels]


def test_errors(shop, tmp_path):
    with pytest.raises(sqleq.SuiteError):
        sqleq.Suite.load(str(tmp_path), "shop")
    with pytest.raises(sqleq.InputError):
        sqleq.distill([], shop.schema)
    with pytest.raises(sqleq.InputError):
        sqleq.distill(golds(), shop.schema, profile="other")
    broken = sqleq.distill(["SELECT FROM"], shop.schema, budget=10)
    assert broken.golds[0]["error"]


def test_progress_and_exceptions_from_it(shop):
    seen = []
    sqleq.distill(golds(), shop.schema, budget=200, progress=seen.append)
    assert seen and seen[-1]["phase"] and {"done", "total", "suite_size", "undistinguished"} <= set(seen[-1])

    def fail(_):
        raise ValueError("stop here")

    with pytest.raises(ValueError, match="stop here"):
        sqleq.distill(golds(), shop.schema, budget=100000, progress=fail)


def test_keyboard_interrupt_stops_a_long_call(shop):
    calls = []

    def interrupt(_):
        calls.append(1)
        if len(calls) == 1:
            _thread.interrupt_main()  # what Ctrl-C does

    with pytest.raises(KeyboardInterrupt):
        sqleq.distill(golds(), shop.schema, budget=100000, targeted=False, progress=interrupt)
    assert len(calls) == 1  # cancelled at once: no further progress reports
