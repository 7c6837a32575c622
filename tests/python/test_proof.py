"""sqleq.check_proof: the independent checker on a proof as a dict, JSON text or a path."""
import json

import pytest

import sqleq

GOLD = "SELECT name FROM item WHERE 10 < price"
CANDIDATE = "select T.name from item as T where T.price > 10"


@pytest.fixture(scope="module")
def proof(shop):
    result = sqleq.check(GOLD, CANDIDATE, ddl=shop.ddl.read_text())
    assert result.evidence["kind"] == "proof", result.evidence
    return result.evidence["proof"]


def test_a_proof_is_accepted_in_every_form(proof, tmp_path):
    path = tmp_path / "proof.json"
    path.write_text(json.dumps(proof))
    for given in (proof, json.dumps(proof), str(path), path, {"evidence": {"proof": proof}}):
        answer = sqleq.check_proof(given)
        assert answer["accepted"] is True and answer["reason"] is None and answer["step"] is None
        assert answer["steps"] == len(proof["steps"])


def test_a_tampered_proof_is_rejected_with_its_step(proof):
    tampered = json.loads(json.dumps(proof))
    tampered["steps"][-1]["rule"] = "foo"
    answer = sqleq.check_proof(tampered)
    assert answer["accepted"] is False
    assert answer["step"] == len(proof["steps"])
    assert "unknown rule `foo`" in answer["reason"]


def test_malformed_input(tmp_path):
    assert sqleq.check_proof("{not json")["reason"].startswith("not JSON")
    assert "format" in sqleq.check_proof({"format": 1})["reason"]
    with pytest.raises(sqleq.InputError):
        sqleq.check_proof(str(tmp_path / "missing.json"))
    with pytest.raises(sqleq.InputError):
        sqleq.check_proof(42)
