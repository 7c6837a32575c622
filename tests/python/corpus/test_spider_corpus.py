"""The Python module on the Spider dev corpus: the evaluation.py drop-in prints the
official exact-match row of every submission (reference/aggregates.tsv), and
Evaluator.score_many gives `sqleq-cli eval --out`'s per-item results."""
import csv
import json
import subprocess
import sys

import pytest

import sqleq
from conftest import run_cli

SUBMISSIONS = range(1, 22)


def aggregates(corpus):
    with open(corpus / "reference" / "aggregates.tsv", newline="") as file:
        return {int(row["submission"]): row for row in csv.DictReader(file, delimiter="\t")}


def official_esm(corpus, submission):
    with open(corpus / "reference" / "esm.tsv", newline="") as file:
        return sorted((int(row["index"]), int(row["esm"])) for row in csv.DictReader(file, delimiter="\t")
                      if int(row["submission"]) == submission)


@pytest.mark.parametrize("submission", SUBMISSIONS)
def test_dropin_match_prints_the_official_exact_match_row(corpus, submission):
    expected = aggregates(corpus)[submission]
    done = subprocess.run([sys.executable, "-m", "sqleq.evaluation", "--gold", corpus / "dev_gold.sql",
                           "--pred", corpus / "predictions" / f"dev_{submission}.txt", "--db", corpus / "database",
                           "--table", corpus / "tables.json", "--etype", "match"],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    header = lines.index("====================== EXACT MATCHING ACCURACY =====================")
    row = lines[header + 1]
    assert row.startswith("exact match ")
    assert row.split()[2:] == [expected[level] for level in ("easy", "medium", "hard", "extra", "all")]
    # The listing names exactly the items the official script rejects, in order.
    golds = [line.split("\t")[0].strip() for line in (corpus / "dev_gold.sql").read_text().splitlines()]
    rejected = [golds[index] for index, esm in official_esm(corpus, submission) if esm == 0]
    assert [line.split(" gold: ", 1)[1] for line in lines if " gold: " in line] == rejected
    assert sum(1 for line in lines if " pred: " in line) == 1034 - int(expected["correct_all"])
    # A file without blank lines is one interaction to evaluation.py: no progress lines.
    assert not any(line.startswith("Evaluating") for line in lines)


def test_score_many_equals_cli_eval_out(corpus, tmp_path):
    gold = corpus / "dev_gold.sql"
    pred = corpus / "predictions" / "dev_2.txt"
    out = tmp_path / "items.json"
    run_cli("eval", "--gold", gold, "--pred", pred, "--tables", corpus / "tables.json", "--db", corpus / "database",
            "--etype", "all", "--out", out)
    expected = json.loads(out.read_text())
    evaluator = sqleq.Evaluator(tables=str(corpus / "tables.json"), db=str(corpus / "database"))
    items = [(line.split("\t")[0], prediction, line.split("\t")[1])
             for line, prediction in zip(gold.read_text().splitlines(), pred.read_text().splitlines())]
    assert evaluator.score_many(items, jobs=2) == expected


def exec_aggregates(corpus):
    with open(corpus / "reference" / "exec_aggregates.tsv", newline="") as file:
        return {int(row["submission"]): row for row in csv.DictReader(file, delimiter="\t")}


def test_dropin_exec_on_the_original_databases_gives_the_official_accuracy(corpus):
    # The reference leaves out wta_1 (no database); the drop-in notes those items and
    # rates the others, so its "all" cell is the official accuracy over the 972.
    for submission, expected in exec_aggregates(corpus).items():
        done = subprocess.run([sys.executable, "-m", "sqleq.evaluation", "--gold", corpus / "dev_gold.sql",
                               "--pred", corpus / "predictions" / f"dev_{submission}.txt", "--db",
                               corpus / "database", "--table", corpus / "tables.json", "--etype", "exec"],
                              capture_output=True, text=True, check=True)
        row = next(line for line in done.stdout.splitlines() if line.startswith("execution "))
        assert row.split()[5] == expected["accuracy"], submission
