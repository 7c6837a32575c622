"""sqleq.Inspection: one check's result, the object `sqleq-cli check --json` prints.

Attributes read straight from that object; nothing is recomputed here.
"""
from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional


class Inspection:
    """The verdicts of one check, with their evidence, counterexample and diagnosis.

    ``to_dict()`` equals the JSON of ``sqleq-cli check --json`` for the same inputs.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Dict[str, Any]):
        self._data = data

    def to_dict(self) -> Dict[str, Any]:
        """A deep copy of the whole object, keys as in ``check --json``."""
        return copy.deepcopy(self._data)

    @property
    def verdict(self) -> str:
        """sqleq's verdict: 'equivalent', 'different', 'candidate_error' or 'gold_error'."""
        return self._data["verdict"]

    @property
    def suite_verdict(self) -> str:
        """The test-suite metric's verdict alone (before the search past the suite)."""
        return self._data["suite_verdict"]

    @property
    def equivalent(self) -> bool:
        return self._data["verdict"] == "equivalent"

    @property
    def test_suite_false_positive(self) -> bool:
        """The suite accepts the candidate and the search separates it."""
        return self._data["test_suite_false_positive"]

    @property
    def convention_note(self) -> Optional[str]:
        """When the test-suite metric's conventions (DISTINCT removed, plug-value) decide its
        answer and not the queries as written: "the metric removes DISTINCT; with it kept
        they differ: 3 vs 6". None otherwise."""
        return self._data["convention_note"]

    @property
    def constraint_notes(self) -> List[str]:
        """Where tables.json and the original database's DDL disagree on a constraint; the
        DDL's is the one used."""
        return self._data["constraint_notes"]

    @property
    def evidence(self) -> Dict[str, Any]:
        """{'kind': 'counterexample' | 'proof' | 'suite' | 'suite+search', 'databases',
        'search_databases'}, and 'proof' for a proved pair."""
        return self._data["evidence"]

    @property
    def proof(self) -> Optional[Dict[str, Any]]:
        """For an `equivalent` the rewrites proved: the proof file of ``check --proof-out``,
        {'proved', 'profile', 'gold', 'candidate', 'gold_form', 'candidate_form',
        'rewrites', 'steps': [{'side', 'rule', 'before', 'after', 'uses'}], 'schema', ...}
        (what ``check_proof`` re-checks). None when the verdict is not a proof: different,
        or equivalent only because no database separated them."""
        return self._data["evidence"].get("proof")

    @property
    def proved(self) -> bool:
        """Equivalent by a proof, not merely unrefuted."""
        return self.proof is not None

    @property
    def other_profile(self) -> Optional[Dict[str, Any]]:
        """What the other profile makes of the pair: {'profile', 'verdict', 'basis',
        'found_by', 'searched', 'message'}; None when not judged (no search, an error)."""
        return self._data["other_profile"]

    @property
    def message(self) -> str:
        return self._data["message"]

    @property
    def counterexample(self) -> Optional[Dict[str, List[list]]]:
        """The minimal separating database, {table: [rows]}; None when equivalent."""
        return self._data["counterexample"]

    @property
    def counterexample_columns(self) -> Optional[Dict[str, List[str]]]:
        return self._data.get("counterexample_columns")

    @property
    def gold_rows(self) -> Optional[list]:
        """The gold's result on the counterexample."""
        return self._data["gold_rows"]

    @property
    def candidate_rows(self) -> Optional[list]:
        """The candidate's result on the counterexample."""
        return self._data["candidate_rows"]

    @property
    def diagnosis(self) -> List[Dict[str, Any]]:
        """The gold's neighbors that behave like the candidate (family, description, neighbor_sql, ...)."""
        return self._data["diagnosis"]

    @property
    def explanation(self) -> Optional[str]:
        """The neighbor the candidate is, in words ("the candidate drops `WHERE age > 34`"); None otherwise."""
        return self._data.get("explanation")

    @property
    def clauses(self) -> List[Dict[str, str]]:
        """Clause-by-clause differences: [{'clause', 'gold', 'candidate'}]."""
        return self._data["clauses"]

    @property
    def gold_used(self) -> str:
        return self._data["gold_used"]

    @property
    def candidate_used(self) -> str:
        return self._data["candidate_used"]

    @property
    def seconds(self) -> float:
        return self._data["seconds"]

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Inspection) and self._data == other._data

    def __repr__(self) -> str:
        data = self._data
        line = f"<sqleq.Inspection {data['verdict']}"
        if data["verdict"] == "equivalent" and "proof" in data["evidence"]:
            rewrites = data["evidence"]["proof"]["rewrites"]
            line += f" (proved: {rewrites} rewrite{'s' if rewrites != 1 else ''})"
        elif data["verdict"] == "equivalent":
            evidence = data["evidence"]
            line += f" on {evidence['databases']} suite databases"
            if evidence["search_databases"]:
                line += f" and {evidence['search_databases']} searched"
        else:
            line += f" (test suite: {data['suite_verdict']}"
            line += ", a test-suite false positive)" if data["test_suite_false_positive"] else ")"
        if data["counterexample"] is not None:
            rows = data["counterexample_rows"]["after"]
            line += f"; counterexample of {rows} row{'s' if rows != 1 else ''}"
        # Only the neighbor the candidate is explains it (core's sentence); none: silent.
        if data.get("explanation"):
            line += f"; {data['explanation']}"
        return line + ">"
