"""sqleq.Evaluation: what sqleq.evaluate returns (the per-item table and the report).

The per-item table is a list of dicts, or a pandas DataFrame when pandas is
importable and the caller did not ask for lists.
"""
from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Union


def pandas_or_none():
    """pandas when importable, else None: pandas is optional."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        return None
    return pandas


class Evaluation(NamedTuple):
    """items: one entry per gold line, keys as ``sqleq-cli eval --out items.json``;
    report: the per-hardness table ``sqleq-cli eval`` prints (evaluation.py's layout);
    seconds: wall time of the evaluation."""

    items: Union[List[Dict[str, Any]], Any]
    report: str
    seconds: float
