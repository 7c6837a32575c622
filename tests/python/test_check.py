"""sqleq.check and sqleq.Inspection: the same object as `sqleq-cli check --json`."""
import json

import pytest

import sqleq
from conftest import run_cli

GOLD = "SELECT name FROM item WHERE price > 10"
CANDIDATE = "SELECT name FROM item WHERE price >= 10"


def without_timing(data):
    data = dict(data)
    data.pop("seconds")
    return data


@pytest.mark.parametrize("candidate", [CANDIDATE, GOLD, "SELECT name FROM item WHERE price > 10 )",
                                       "SELECT nme FROM item"])
def test_to_dict_equals_cli_json(shop, candidate):
    cli = json.loads(run_cli("check", "--tables", shop.tables, "--db-id", "shop", "--gold", GOLD,
                             "--candidate", candidate, "--json"))
    result = sqleq.check(GOLD, candidate, tables=str(shop.tables), db_id="shop")
    assert without_timing(result.to_dict()) == without_timing(cli)


def test_options_reach_the_inspection(shop):
    cli = json.loads(run_cli("check", "--ddl", shop.ddl, "--gold", GOLD, "--candidate", CANDIDATE, "--json",
                             "--profile", "strict", "--seed", "7", "--plug-value", "--keep-distinct",
                             "--suite-only", "--timeout", "500"))
    result = sqleq.check(GOLD, CANDIDATE, ddl=shop.ddl.read_text(), profile="strict", seed=7, plug_value=True,
                         keep_distinct=True, search=False, timeout_ms=500)
    assert without_timing(result.to_dict()) == without_timing(cli)
    assert result["profile"] == "strict" and result["seed"] == 7


def test_inspection_reads_like_the_json(shop):
    result = sqleq.check(GOLD, CANDIDATE, schema=shop.schema)
    assert result.verdict == "different" and not result.equivalent
    assert result.suite_verdict in ("different", "equivalent")
    assert set(result.counterexample) == {"item", "maker"}
    assert all(isinstance(row, list) for row in result.counterexample["item"])
    assert result.counterexample_columns["item"] == ["id", "name", "price", "maker_id"]
    assert result.gold_rows != result.candidate_rows
    # The neighbor the candidate is comes first and is the explanation; others follow.
    assert result.diagnosis and any("10" in match["description"] for match in result.diagnosis)
    assert result.diagnosis[0]["same_text"]
    assert result.explanation == "the candidate has `>=` where the gold has `>`"
    assert "the candidate has `>=` where the gold has `>`" in repr(result)
    assert result.evidence["kind"] == "counterexample"
    text = repr(result)
    assert text.startswith("<sqleq.Inspection different") and "counterexample of" in text
    same = sqleq.check(GOLD, "SELECT name FROM item WHERE 10 < price", schema=shop.schema)
    assert same.equivalent and same.counterexample is None and "equivalent (proved: " in repr(same)
    assert result.to_dict() is not result.to_dict()  # a copy: the caller may change it


def test_candidate_errors_are_verdicts(shop):
    result = sqleq.check(GOLD, "SELECT nme FROM item", schema=shop.schema, search=False)
    assert result.verdict == "candidate_error"


def test_gold_errors_are_exceptions(shop):
    with pytest.raises(sqleq.ParseError) as raised:
        sqleq.check("SELECT name FROM item WHERE", CANDIDATE, schema=shop.schema)
    error = raised.value
    assert isinstance(error, sqleq.Error)
    assert error.code.startswith("parse.") and error.line == 1 and error.column > 1
    assert error.subject == "gold"
    assert "line 1, column" in str(error)
    with pytest.raises(sqleq.QueryError) as raised:
        sqleq.check("SELECT nme FROM item", CANDIDATE, schema=shop.schema)
    assert "nme" in raised.value.message and raised.value.subject == "gold"


def test_argument_errors(shop):
    with pytest.raises(sqleq.InputError) as raised:
        sqleq.check(GOLD, CANDIDATE)
    assert raised.value.code == "python.argument" and "exactly one" in raised.value.message
    with pytest.raises(sqleq.InputError):
        sqleq.check(GOLD, CANDIDATE, tables=str(shop.tables))
    with pytest.raises(sqleq.InputError) as raised:
        sqleq.check(GOLD, CANDIDATE, schema=shop.schema, profile="lenient")
    assert raised.value.code == "python.argument" and "lenient" in str(raised.value)
    with pytest.raises(sqleq.SchemaError) as raised:
        sqleq.check(GOLD, CANDIDATE, tables=str(shop.tables), db_id="nope")
    assert raised.value.subject == "schema"
    with pytest.raises(sqleq.SuiteError) as raised:
        sqleq.check(GOLD, CANDIDATE, schema=shop.schema, suites="/nonexistent")
    # Placed by the field core sets, not by the code: no position into the gold either.
    assert raised.value.subject == "suite" and raised.value.line is None


def test_prebuilt_suites_join_the_metric(shop):
    plain = sqleq.check(GOLD, CANDIDATE, schema=shop.schema, search=False)
    with_suite = sqleq.check(GOLD, CANDIDATE, schema=shop.schema, search=False, suites=str(shop.suites))
    assert with_suite["suite_size"] == plain["suite_size"] + len(sqleq.Suite.load(str(shop.suites), "shop"))


def test_progress_receives_the_progress_bar_fields(shop):
    seen = []
    sqleq.check(GOLD, CANDIDATE, schema=shop.schema, progress=seen.append)
    assert seen
    assert set(seen[0]) == {"phase", "done", "total", "suite_size", "undistinguished", "db_id", "schema_index",
                            "schema_count"}
    assert {"sampling", "checking"} & {report["phase"] for report in seen}


def test_a_database_with_rows_is_tried_first_as_in_the_cli(shop):
    database = shop.databases / "shop" / "shop.sqlite"
    cli = json.loads(run_cli("check", "--db", database, "--gold", GOLD, "--candidate", CANDIDATE, "--json"))
    result = sqleq.check(GOLD, CANDIDATE, db=str(database))
    assert without_timing(result.to_dict()) == without_timing(cli)
    assert result.suite_verdict == "different" and result["separating_db_label"] == "original"


def test_distinct_is_judged_as_written(shop):
    # The metric removes DISTINCT and accepts; sqleq keeps it, and says what decided.
    gold = "SELECT count(DISTINCT price > 10) FROM item"
    candidate = "SELECT count(price > 10) FROM item"
    result = sqleq.check(gold, candidate, ddl=shop.ddl.read_text(), profile="spider")
    assert result.verdict == "different" and result.suite_verdict == "equivalent"
    assert not result.test_suite_false_positive
    assert result.convention_note.startswith("the metric removes DISTINCT; with it kept they differ: ")
    assert result.constraint_notes == []
    kept = sqleq.check(gold, candidate, ddl=shop.ddl.read_text(), profile="spider", keep_distinct=True)
    assert kept.verdict == "different" and kept.convention_note is None


def test_a_proved_pair_carries_its_proof(shop):
    """Proved: the steps, both normal forms and the count the CLI prints; the same object
    as `check --json`'s evidence.proof and as the file `check --proof-out` writes."""
    candidate = "SELECT i.name FROM item AS i WHERE 10 < i.price"
    result = sqleq.check(GOLD, candidate, schema=shop.schema)
    assert result.equivalent and result.proved
    proof = result.proof
    assert result.evidence["kind"] == "proof" and result.evidence["proof"] == proof
    assert proof["proved"] and proof["gold"] == GOLD and proof["candidate"] == candidate
    assert proof["gold_form"] == proof["candidate_form"]
    rewrites = [step for step in proof["steps"] if step["rule"] != "syntax"]
    assert proof["rewrites"] == len(rewrites) > 0
    assert {step["side"] for step in proof["steps"]} == {"gold", "candidate"}
    assert all(set(step) == {"side", "rule", "before", "after", "uses"} for step in proof["steps"])
    assert repr(result).startswith(f"<sqleq.Inspection equivalent (proved: {proof['rewrites']} rewrites)")
    cli = json.loads(run_cli("check", "--tables", shop.tables, "--db-id", "shop", "--gold", GOLD, "--candidate",
                             candidate, "--json"))
    same_source = sqleq.check(GOLD, candidate, tables=str(shop.tables), db_id="shop")
    assert cli["evidence"]["proof"] == same_source.proof


def test_not_refuted_is_not_proved(shop):
    """Equivalent on every database tried, but no rewrite drops a condition another implies:
    no proof, and the databases tried are the evidence."""
    result = sqleq.check(GOLD, "SELECT name FROM item WHERE price > 10 AND price > 5", schema=shop.schema)
    assert result.equivalent and not result.proved and result.proof is None
    assert result.evidence["kind"] in ("suite", "suite+search")
    different = sqleq.check(GOLD, CANDIDATE, schema=shop.schema)
    assert different.proof is None and not different.proved
