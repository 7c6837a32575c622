"""sqleq.report: the HTML report of `sqleq-cli report`, byte for byte but for the lines
that say when and by which command it was made."""
import re

import pytest

import sqleq
from conftest import run_cli


def without_provenance(html):
    """The report less its "Command" and "Made by" entries (the only parts that differ)."""
    return re.sub(r"<dt>Command</dt><dd>.*?</dd><dt>Made by</dt><dd>.*?</dd>", "", html, flags=re.S)


def test_report_equals_the_cli_report(shop, tmp_path):
    out = tmp_path / "python.html"
    summary = sqleq.report(out, gold=shop.gold, predictions=[shop.pred], labels=["model"], tables=shop.tables,
                           db=shop.databases, suites=shop.suites, jobs=2)
    assert summary["path"] == str(out)
    assert summary["submissions"] == 1
    assert summary["listed"] >= 1 and summary["inspections"] >= 1
    cli = tmp_path / "cli.html"
    run_cli("report", "--gold", shop.gold, "--pred", shop.pred, "--label", "model", "--tables", shop.tables,
            "--db", shop.databases, "--suites", shop.suites, "--jobs", "1", "-o", cli)
    python_html = out.read_text(encoding="utf-8")
    assert "sqleq.report(out=" in python_html  # the call that made it is recorded
    assert without_provenance(python_html) == without_provenance(cli.read_text(encoding="utf-8"))


def test_report_errors_name_the_file(shop, tmp_path):
    with pytest.raises(sqleq.InputError, match="missing.txt"):
        sqleq.report(tmp_path / "r.html", gold=shop.gold, predictions=[tmp_path / "missing.txt"], tables=shop.tables)
    with pytest.raises(sqleq.InputError, match="one label per predictions file"):
        sqleq.report(tmp_path / "r.html", gold=shop.gold, predictions=[shop.pred], labels=["a", "b"])
    assert not (tmp_path / "r.html").exists()
