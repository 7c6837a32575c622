"""sqleq: SQL query equivalence with distilled test suites, in-process.

    import sqleq
    result = sqleq.check("SELECT name FROM singer WHERE age > 30",
                         "SELECT name FROM singer WHERE age >= 30",
                         tables="tables.json", db_id="concert_singer")
    result.verdict, result.counterexample

The work is done by sqleq's C++ core (the native module sqleq._sqleq); this package
adds the Python-shaped front: keyword arguments, Inspection, optional pandas.
Every long call releases the GIL and stops on Ctrl-C (KeyboardInterrupt).
"""
from __future__ import annotations

import json
import os
from typing import Any, Callable, Dict, Optional, Sequence, Union

from ._sqleq import (  # noqa: F401  (re-exported)
    DatasetLayout,
    Error,
    InputError,
    ParseError,
    QueryError,
    Schema,
    SchemaError,
    Suite,
    SuiteError,
)
from . import _sqleq
from ._inspection import Inspection
from ._results import Evaluation, pandas_or_none

__all__ = [
    "check", "check_proof", "evaluate", "report", "distill", "Schema", "DatasetLayout", "Suite", "Evaluator", "Inspection", "Evaluation",
    "Error", "ParseError", "SchemaError", "QueryError", "SuiteError", "InputError",
]
__version__ = _sqleq.__version__  # CMakeLists.txt's project version, compiled in

# sqleq's default settings in their one JSON form (profile, seed, budget, search_budget,
# timeout_ms, ...), from the core: every keyword default below is read from it.
DEFAULT_SETTINGS: Dict[str, Any] = _sqleq._default_settings()
# `sqleq-cli check --search`'s default: databases the search may build past the suite.
DEFAULT_SEARCH_BUDGET: int = DEFAULT_SETTINGS["search_budget"]
_SEED = DEFAULT_SETTINGS["seed"]
_BUDGET = DEFAULT_SETTINGS["budget"]
_TIMEOUT_MS = DEFAULT_SETTINGS["timeout_ms"]

ProgressCallback = Callable[[Dict[str, Any]], None]


def _usage_error(message: str) -> InputError:
    """An InputError with the attributes the native errors carry."""
    error = InputError(message)
    error.code, error.message = "python.argument", message
    error.line = error.column = error.offset = error.expected = error.subject = None
    return error


def _schema_for(tables, db_id, db, ddl, schema) -> Schema:
    given = [name for name, value in (("tables", tables), ("db", db), ("ddl", ddl), ("schema", schema))
             if value is not None]
    if len(given) != 1:
        raise _usage_error("give exactly one of tables= (with db_id=), db=, ddl= or schema=; got "
                         + (", ".join(given) or "none"))
    if schema is not None:
        return schema
    if tables is not None:
        if db_id is None:
            raise _usage_error("tables= is a Spider tables.json: name the schema with db_id=")
        return Schema.from_tables_json(str(tables), db_id)
    if db is not None:
        return Schema.from_sqlite(str(db))
    return Schema.from_ddl(ddl)


def _search_budget(search: Union[bool, int]) -> int:
    if search is True:
        return DEFAULT_SEARCH_BUDGET
    if search is False:
        return 0
    if search < 0:
        raise _usage_error("search must be True, False or a number of databases >= 0")
    return int(search)


def _settings(*, profile: Optional[str], seed: int = _SEED, plug_value: bool = False,
              keep_distinct: bool = False, search: Union[bool, int] = True, timeout_ms: Optional[int] = None,
              budget: Optional[int] = None, prove: Optional[bool] = None) -> str:
    """The keyword arguments as the settings' JSON form the core reads (None: the schema's promise)."""
    settings: Dict[str, Any] = {"profile": "auto" if profile is None else profile, "seed": seed,
                                "plug_value": plug_value, "keep_distinct": keep_distinct,
                                "search_budget": _search_budget(search)}
    for key, value in (("timeout_ms", timeout_ms), ("budget", budget), ("prove", prove)):
        if value is not None:
            settings[key] = value
    return json.dumps(settings)


def check(gold: str, candidate: str, *, tables: Optional[str] = None, db_id: Optional[str] = None,
          db: Optional[str] = None, ddl: Optional[str] = None, schema: Optional[Schema] = None,
          profile: Optional[str] = None, seed: int = _SEED, plug_value: bool = False, keep_distinct: bool = False,
          search: Union[bool, int] = True, timeout_ms: int = _TIMEOUT_MS, suites: Optional[str] = None,
          budget: int = _BUDGET, jobs: int = 0, minimize: bool = True, prove: bool = True,
          progress: Optional[ProgressCallback] = None) -> Inspection:
    """Decides gold vs candidate, as ``sqleq-cli check --json`` does.

    The schema comes from exactly one of: ``tables`` (a Spider tables.json) with ``db_id``,
    ``db`` (a SQLite file, whose rows are tried first), ``ddl`` (SQL text) or ``schema``
    (a loaded sqleq.Schema, the cheapest when checking many pairs of one schema).
    ``profile``: 'spider', 'strict', or None for the schema's own promise: strict for a
    ``db`` or ``ddl`` (its declared constraints: NULL wherever a column is nullable, empty
    tables), spider for a ``tables`` file (the dataset's convention). The other profile's
    verdict is in ``.other_profile``.
    ``search``: True (``DEFAULT_SEARCH_BUDGET`` databases past the suite), False (the test-suite verdict alone)
    or a number. ``timeout_ms`` is the per-query budget in idle-machine milliseconds
    (counted in SQLite steps, so verdicts do not depend on machine load). ``suites``
    adds a released suite DIR/<db_id>/*.sqlite. ``prove=False`` never tries a proof by
    rewrites: an equivalence is then always searched (``.proof`` is None). ``progress(dict)`` receives the CLI
    progress bar's fields (phase, done, total, suite_size, undistinguished, ...).

    Raises ParseError (with line and column) or QueryError when the gold cannot run,
    SchemaError when the schema cannot be loaded. A candidate that does not run is a
    verdict ('candidate_error'), not an exception.
    """
    loaded = _schema_for(tables, db_id, db, ddl, schema)
    settings = _settings(profile=profile, seed=seed, plug_value=plug_value, keep_distinct=keep_distinct,
                         search=search, timeout_ms=timeout_ms, budget=budget, prove=prove)
    data = _sqleq._check(gold, candidate, loaded, settings, jobs, minimize, None if suites is None else str(suites),
                         progress)
    return Inspection(data)


def check_proof(proof: Union[Dict[str, Any], str, os.PathLike]) -> Dict[str, Any]:
    """Re-checks a proof of equivalence with sqleq's independent checker.

    `proof` is the proof as a dict (`check(...).evidence["proof"]`, or a whole `check --json`
    output), its JSON text, or the path of a proof file (`sqleq-cli check --proof-out`).
    Returns {"accepted": bool, "reason": str or None, "step": 1-based step number or None,
    "steps": int}. A proof that does not hold is not an error: accepted is False and reason
    says why. An unreadable file raises InputError.
    """
    if isinstance(proof, dict):
        return _sqleq._check_proof_text(json.dumps(proof))
    if isinstance(proof, os.PathLike):
        return _sqleq._check_proof_file(os.fspath(proof))
    if isinstance(proof, str):
        if proof.lstrip().startswith("{"):
            return _sqleq._check_proof_text(proof)
        return _sqleq._check_proof_file(proof)
    raise _usage_error("check_proof takes a dict, a JSON string or a path; got " + type(proof).__name__)


def evaluate(gold_file: str, pred_file: str, *, tables: Optional[str] = None, db: Optional[str] = None,
             suites: Optional[str] = None, etype: str = "all", plug_value: bool = False,
             keep_distinct: bool = False, search: Union[bool, int] = True, jobs: int = 0,
             profile: str = "spider", seed: int = _SEED, as_dataframe: Optional[bool] = None,
             progress: Optional[ProgressCallback] = None) -> Evaluation:
    """Every metric of a predictions file, as ``sqleq-cli eval --out items.json``.

    Returns Evaluation(items, report, seconds): ``items`` is the per-item table (a list
    of dicts equal to items.json; a pandas DataFrame when pandas is importable, unless
    ``as_dataframe=False``), ``report`` the per-hardness table eval prints. ``etype`` as
    the CLI's: 'match' (needs tables), 'exec' (needs db and/or suites), 'all'. ``profile``
    and ``seed`` are the search's, as in ``check``.
    Raises InputError for unreadable or mismatched files.
    """
    items, report, seconds = _sqleq._evaluate(
        str(gold_file), str(pred_file), None if tables is None else str(tables),
        None if db is None else str(db), None if suites is None else str(suites), etype,
        _settings(profile=profile, seed=seed, plug_value=plug_value, keep_distinct=keep_distinct, search=search),
        jobs, progress)
    pandas = pandas_or_none() if as_dataframe is not False else None
    if as_dataframe and pandas is None:
        raise ImportError("as_dataframe=True needs pandas")
    if pandas is not None:
        items = pandas.DataFrame(items)
    return Evaluation(items, report, seconds)


def report(out: str, *, gold: Optional[str] = None, predictions: Sequence[str] = (),
           labels: Sequence[str] = (), tables: Optional[str] = None, db: Optional[str] = None,
           suites: Optional[str] = None, questions: Optional[str] = None, project: Optional[str] = None,
           etype: str = "all", plug_value: bool = False, keep_distinct: bool = False,
           search: Union[bool, int] = True, jobs: int = 0, profile: str = "spider", seed: int = _SEED,
           inspect: bool = True, progress: Optional[ProgressCallback] = None) -> Dict[str, Any]:
    """Writes ``sqleq-cli report``'s self-contained HTML file to ``out``.

    From one or more predictions files (``gold``, ``predictions``, optional ``labels``,
    and the metrics' inputs ``tables``, ``db``, ``suites``, ``questions``) or from an
    audit ``project``. ``inspect=False`` lists the items with their metrics only.
    Returns ``{"path", "submissions", "listed", "inspections", "seconds"}``.
    Raises InputError for unreadable or mismatched files.
    """
    if isinstance(predictions, (str, bytes)):
        predictions = [predictions]
    command = "sqleq.report(" + ", ".join(
        f"{name}={value!r}" for name, value in (
            ("out", out), ("gold", gold), ("predictions", list(predictions)), ("labels", list(labels)),
            ("tables", tables), ("db", db), ("suites", suites), ("questions", questions), ("project", project),
            ("etype", etype), ("plug_value", plug_value), ("keep_distinct", keep_distinct), ("search", search),
            ("profile", profile), ("seed", seed), ("inspect", inspect))
        if value not in (None, [], False) or name in ("search", "inspect")) + ")"
    optional = (lambda value: None if value is None else str(value))
    return _sqleq._report(optional(gold), [str(p) for p in predictions], [str(label) for label in labels],
                          str(out), optional(tables), optional(db), optional(suites), optional(questions),
                          optional(project), etype,
                          _settings(profile=profile, seed=seed, plug_value=plug_value, keep_distinct=keep_distinct,
                                    search=search),
                          jobs, inspect, command, progress)


def distill(golds: Sequence[str], schema: Schema, *, budget: int = _BUDGET, seed: int = _SEED, jobs: int = 0,
            profile: str = "spider", keep_distinct: bool = False, timeout_ms: int = _TIMEOUT_MS,
            targeted: bool = True, targeted_first: bool = False,
            progress: Optional[ProgressCallback] = None) -> Suite:
    """Distills one test suite for the gold queries (a list of SQL strings) of ``schema``.

    Random databases sampled from ``seed`` (at most ``budget``) are kept when they tell a gold
    from a neighbor no kept database tells apart yet, then databases are built for the
    neighbors still open (``targeted=False``: sampling only; ``targeted_first=True``: proofs
    and built databases before sampling too, for golds no random database satisfies, such as
    ATIS's). Every query runs under ``timeout_ms`` idle-machine milliseconds, as in ``check``:
    the suite is the one ``check`` distills for the same settings. ``profile=None``: the
    schema's promise. Deterministic whatever ``jobs`` is (0: all cores). ``progress(dict)``
    gets the CLI progress bar's fields. Releases the GIL; Ctrl-C stops it. Raises SuiteError.
    """
    settings = _settings(profile=profile, seed=seed, keep_distinct=keep_distinct, search=False,
                         timeout_ms=timeout_ms, budget=budget)
    return _sqleq._distill(list(golds), schema, settings, jobs, targeted, targeted_first, progress)


class Evaluator(_sqleq._Evaluator):
    """Scores predictions against inputs loaded once: test suites (``suites=DIR/<db_id>/*.sqlite``),
    Spider tables.json (``tables=``: exact set match, hardness, sqleq's search) and original
    databases (``db=DIR/<db_id>/<db_id>.sqlite``: execution accuracy, SQL-Eval). ``search``:
    databases sqleq's search may build where the suite accepts (0 or False: no sqleq verdict).
    Thread-safe; releases the GIL while it works; usable in forked workers. Raises InputError
    for a missing directory or an unreadable tables.json.
    """

    def __init__(self, *, suites: Optional[str] = None, tables: Optional[str] = None, db: Optional[str] = None,
                 plug_value: bool = False, keep_distinct: bool = False, search: Union[bool, int] = True,
                 pcm_f1: bool = True, profile: str = "spider", seed: int = _SEED) -> None:
        optional = (lambda value: None if value is None else str(value))
        super().__init__(suites=optional(suites), tables=optional(tables), db=optional(db),
                         settings=_settings(profile=profile, seed=seed, plug_value=plug_value,
                                            keep_distinct=keep_distinct, search=search),
                         pcm_f1=pcm_f1)
