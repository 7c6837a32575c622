"""python3 -m sqleq.evaluation: the official evaluation.py's arguments and output."""
import subprocess
import sys

import pytest

from conftest import gold_lines, pred_lines, run_cli


def dropin(*args):
    done = subprocess.run([sys.executable, "-m", "sqleq.evaluation", *map(str, args)], capture_output=True,
                          text=True)
    return done.returncode, done.stdout, done.stderr


def test_match_prints_rejections_then_the_official_table(shop):
    code, out, _ = dropin("--gold", shop.gold, "--pred", shop.pred, "--db", shop.databases, "--table",
                          shop.tables, "--etype", "match")
    assert code == 0
    report = run_cli("eval", "--gold", shop.gold, "--pred", shop.pred, "--tables", shop.tables, "--etype", "match")
    table = report[:report.index("\nexact match accuracy:")]
    listing, _, rest = out.partition(table.splitlines()[0])
    assert table.splitlines()[0] + rest == table
    # evaluation.py lists every item exact match rejects, in order, as hardness pred/gold.
    rejected = [block.splitlines() for block in listing.split("\n\n") if block]
    golds = [sql for sql, _ in gold_lines()]
    assert [lines[1].split(" gold: ")[1] for lines in rejected] == [g for g, p in zip(golds, pred_lines())
                                                                   if g != p]
    assert all(lines[0].split(" pred: ")[0] in ("easy", "medium", "hard", "extra") for lines in rejected)
    assert "EXECUTION ACCURACY" not in out and "SQLEQ" not in out


def test_exec_on_the_original_databases_is_execution_accuracy(shop):
    code, out, _ = dropin("--gold", shop.gold, "--pred", shop.pred, "--db", shop.databases, "--table",
                          shop.tables, "--etype", "exec")
    assert code == 0
    execution = next(line for line in out.splitlines() if line.startswith("execution"))
    cli = run_cli("eval", "--gold", shop.gold, "--pred", shop.pred, "--tables", shop.tables, "--db", shop.databases,
                  "--etype", "exec", "--search", "0")
    assert execution == next(line for line in cli.splitlines() if line.startswith("execution"))
    assert "EXACT MATCHING" not in out


def test_all_with_a_suite_folder_and_the_official_flags(shop):
    code, out, _ = dropin("--gold", shop.gold, "--pred", shop.pred, "--db", shop.suites, "--table", shop.tables,
                          "--etype", "all", "--plug_value", "--keep_distinct", "--progress_bar_for_each_datapoint")
    assert code == 0
    suite_rate = next(line for line in out.splitlines() if line.startswith("execution"))
    cli = run_cli("eval", "--gold", shop.gold, "--pred", shop.pred, "--tables", shop.tables, "--suites", shop.suites,
                  "--etype", "exec", "--search", "0", "--plug-value", "--keep-distinct")
    assert suite_rate.split()[1:] == next(line for line in cli.splitlines() if line.startswith("test-suite")).split()[1:]
    assert "EXACT MATCHING ACCURACY" in out


def test_usage_errors(shop):
    assert dropin("--gold", shop.gold, "--pred", shop.pred, "--etype", "match")[0] == 2
    assert dropin("--gold", shop.gold, "--pred", shop.pred, "--table", shop.tables, "--etype", "exec")[0] == 2
    code, _, err = dropin("--gold", shop.gold, "--pred", shop.gold.parent / "none.txt", "--table", shop.tables,
                          "--etype", "match")
    assert code == 1 and "error:" in err
    assert dropin("--gold", shop.gold, "--pred", shop.pred, "--etype", "fast")[0] == 2


def test_multi_turn_files_print_the_progress_lines_and_the_turn_table(shop, tmp_path):
    # Eleven interactions of one turn each: evaluation.py prints "Evaluating 10th prediction".
    gold_lines_ = [f"{gold}\t{db_id}" for gold, db_id in gold_lines()]
    golds = [gold_lines_[i % len(gold_lines_)] for i in range(11)]
    preds = [pred_lines()[i % len(gold_lines_)] for i in range(11)]
    gold = tmp_path / "gold.txt"
    pred = tmp_path / "pred.txt"
    gold.write_text("\n\n".join(golds) + "\n")
    pred.write_text("\n\n".join(preds) + "\n")
    code, out, _ = dropin("--gold", gold, "--pred", pred, "--table", shop.tables, "--etype", "match")
    assert code == 0
    lines = out.splitlines()
    assert lines.count("Evaluating 10th prediction") == 1
    assert "joint_all" in lines[lines.index("Evaluating 10th prediction") + 1:][0] or "joint_all" in out
    assert "TURN EXACT MATCHING ACCURACY" in out


def test_listed_predictions_are_stripped_as_evaluation_py_strips_its_lines(shop, tmp_path):
    pred = tmp_path / "pred.txt"
    pred.write_text("".join(f"  {line}   \n" for line in pred_lines()))
    code, out, _ = dropin("--gold", shop.gold, "--pred", pred, "--table", shop.tables, "--etype", "match")
    assert code == 0
    listed = [line.split(" pred: ", 1)[1] for line in out.splitlines() if " pred: " in line]
    assert listed and all(text == text.strip() for text in listed)
