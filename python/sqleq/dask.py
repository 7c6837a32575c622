"""sqleq.dask: distillation and scoring spread over a Dask cluster, for runs that
outgrow one machine.

    from distributed import Client
    import sqleq.dask
    client = Client("tcp://scheduler:8786")        # or Client(LocalCluster(...))
    summary = sqleq.dask.distill_dataset(client, "dev_gold.sql", "tables.json", "suites")
    items = sqleq.dask.score_many(client, triples, evaluator_kwargs={"suites": "suites", ...})

Dask does the scheduling; this module only cuts the work into tasks whose results do
not depend on where they ran: one task per schema for distillation (the suites are
byte-identical to ``sqleq-cli distill``'s), contiguous partitions of the items for
scoring (the dicts equal one process's ``Evaluator.score_many``). It never decides a
verdict itself: every task calls the same sqleq functions a single process calls.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import uuid
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

try:
    import distributed
except ImportError as missing:  # pragma: no cover - exercised only without Dask
    raise ImportError("sqleq.dask needs Dask's distributed scheduler: apt install python3-distributed "
                      "(or pip install distributed)") from missing

import sqleq

__all__ = ["distill_dataset", "score_many", "read_gold", "EvaluatorPlugin"]

ProgressCallback = Callable[[Dict[str, Any]], None]
Item = Union[Tuple[str, str, str], Mapping[str, str]]

# The limits sqleq-cli distill applies to a gold file (core/base/capped_file.h and
# core/suite/dataset_distill.h): the same input must be refused or cut the same way.
_MAX_QUERY_BYTES = 1 << 20
_MAX_GOLDS_PER_SCHEMA = 5000


def read_gold(gold_file: Union[str, os.PathLike]) -> List[Tuple[str, str]]:
    """The (sql, db_id) items of a Spider gold file, read as ``sqleq-cli distill`` reads it:
    blank lines (a multi-turn file's interaction breaks) skipped, the db_id after the
    last tab, a query longer than 1 MiB replaced by '' (its gold then reports an error).
    Raises InputError for an unreadable file or a line without a tab."""
    items = []
    try:
        text = Path(gold_file).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise sqleq._usage_error(f"{gold_file}: {error}") from error
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line.strip(" \t\r\n\f\v"):
            continue
        tab = line.rfind("\t")
        if tab < 0:
            raise sqleq._usage_error(f"{gold_file}:{number}: expected `SQL<TAB>db_id`, found no tab")
        sql = line[:tab]
        items.append(("" if len(sql.encode("utf-8")) > _MAX_QUERY_BYTES else sql, line[tab + 1:]))
    return items


def _tables_entries(tables: Union[str, os.PathLike], db_ids: Sequence[str]) -> Dict[str, str]:
    """Each db_id's entry of tables.json as a one-entry tables.json text: a task carries
    its schema, so workers need not see the client's files."""
    with open(tables, encoding="utf-8") as handle:
        document = json.load(handle)
    entries = {}
    for entry in document if isinstance(document, list) else []:
        if isinstance(entry, dict) and entry.get("db_id") in db_ids and entry["db_id"] not in entries:
            entries[entry["db_id"]] = json.dumps([entry])
    for db_id in db_ids:
        if db_id not in entries:
            sqleq.Schema.from_tables_json(str(tables), db_id)  # raises the CLI's SchemaError
    return entries


def _original(layout: sqleq.DatasetLayout, db_id: str, shared_db: bool) -> Optional[bytes]:
    """The bytes of the layout's original database of db_id when its ``db`` folder is
    named and holds one (as the CLI's --db, no file means no original database, not an
    error); None when the workers open it themselves (``shared_db``)."""
    if layout.db is None or shared_db:
        return None
    path = Path(layout.original_path(db_id))
    return path.read_bytes() if path.is_file() else None


def _schema_summary(db_id: str, indices: Sequence[int], suite: sqleq.Suite) -> Dict[str, Any]:
    items = [{"index": index, "neighbors": report["neighbors"], "undistinguished": report["undistinguished"],
              "error": report["error"] or ""} for index, report in zip(indices, suite.golds)]
    return {"db_id": db_id, "gold_queries": len(indices), "suite_size": len(suite), "sampled": suite.sampled,
            "neighbors": sum(item["neighbors"] for item in items),
            "undistinguished": sum(len(item["undistinguished"]) for item in items),
            "golds_run": sum(1 for item in items if not item["error"]), "items": items}


def _distill_schema(db_id: str, indices: List[int], golds: List[str], tables: str, tables_entry: str,
                    db: Optional[str], original: Optional[bytes], options: Dict[str, Any],
                    shared_out: Optional[str]) -> Tuple[Dict[str, Any], Dict[str, bytes]]:
    """One schema's suite, run on a worker: (summary, {file name: bytes}), or the files
    written into `shared_out` directly and no bytes returned. The schema comes from the
    shipped tables.json entry, with the original's bytes when shipped, or from the `db`
    folder the worker sees; an original that does not open raises, as in the CLI."""
    layout = sqleq.DatasetLayout(tables, db=db)
    schema = layout.schema(db_id, tables_text=tables_entry, original=original)
    with tempfile.TemporaryDirectory(prefix="sqleq-dask-") as scratch:
        folder = Path(scratch)
        suite = sqleq.distill(golds, schema, **options)
        summary = _schema_summary(db_id, indices, suite)
        if shared_out is not None:
            suite.save(shared_out)
            return summary, {}
        suite.save(str(folder / "out"))
        written = folder / "out" / db_id
        return summary, {path.name: path.read_bytes() for path in written.iterdir()}


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def _write_suite(out_dir: Path, db_id: str, files: Dict[str, bytes]) -> None:
    """The files as Suite.save writes them: each atomically, then the stale
    <db_id>_<n>.sqlite of a larger earlier suite removed."""
    folder = out_dir / db_id
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        _write_atomically(folder / name, data)
    prefix = f"{db_id}_"
    for path in folder.iterdir():
        number = path.name[len(prefix):-len(".sqlite")] if path.name.startswith(prefix) else ""
        if path.name.endswith(".sqlite") and number.isdigit() and int(number) >= len(files):
            path.unlink()
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def distill_dataset(client: "distributed.Client", gold_file: Union[str, os.PathLike],
                    tables: Union[str, os.PathLike], out_dir: Union[str, os.PathLike], *,
                    db: Optional[Union[str, os.PathLike]] = None, db_ids: Optional[Sequence[str]] = None,
                    budget: int = sqleq.DEFAULT_SETTINGS["budget"], seed: int = sqleq.DEFAULT_SETTINGS["seed"],
                    profile: str = "spider", keep_distinct: bool = False,
                    timeout_ms: int = sqleq.DEFAULT_SETTINGS["timeout_ms"],
                    targeted: bool = True, targeted_first: bool = False, jobs_per_task: int = 1,
                    shared_out_dir: bool = False, shared_db: bool = False,
                    progress: Optional[ProgressCallback] = None) -> List[Dict[str, Any]]:
    """``sqleq-cli distill --gold gold_file --tables tables --out out_dir`` with one Dask
    task per schema: the suites out_dir/<db_id>/<db_id>_<n>.sqlite are byte-identical to
    the CLI's for the same options (``db`` is its ``--db``: DIR/<db_id>/<db_id>.sqlite
    joins that suite first; ``db_ids`` its ``--db-id``).

    The client reads the gold file, tables.json and the original databases and ships
    each task its schema's share, so workers need no shared filesystem; with
    ``shared_db=True`` the workers open ``db`` themselves (large databases: the same
    path on every worker). By default each suite comes back as bytes and the client
    writes it; ``shared_out_dir=True`` has the workers write into ``out_dir`` themselves
    (the same path on every worker).
    ``jobs_per_task``: threads of one schema's distillation (the suites do not depend on
    it). One schema is one task, so the costliest bounds the wall time; the schemas with
    the most golds are submitted first. ``progress(dict)`` gets {'phase': 'distilling',
    'db_id', 'done', 'total'} on the client as each suite is written.

    Returns per schema, in order of first appearance in the gold file: {'db_id',
    'gold_queries', 'suite_size', 'sampled', 'neighbors', 'undistinguished', 'golds_run',
    'items': [{'index', 'neighbors', 'undistinguished': [SQL], 'error'}]} — the fields of
    the CLI's distill_summary.json that sqleq.Suite reports (no timings, proofs or
    per-construct shares; no distill_summary.json is written). Raises what sqleq.distill
    raises, InputError for an unreadable gold file, SchemaError for a db_id tables.json
    lacks; suites already written stay.
    """
    if budget <= 0:
        raise sqleq._usage_error("budget must be positive")
    gold = read_gold(gold_file)
    groups: Dict[str, List[int]] = {}
    for index, (_, db_id) in enumerate(gold):
        if db_ids is None or db_id in db_ids:
            groups.setdefault(db_id, []).append(index)
    for db_id, indices in groups.items():
        if len(indices) > _MAX_GOLDS_PER_SCHEMA:
            raise sqleq._usage_error(f"{len(indices)} gold queries for db_id \"{db_id}\", more than the limit of "
                                     f"{_MAX_GOLDS_PER_SCHEMA} per schema (one suite each); split the file or pick "
                                     "schemas")
        sqleq.DatasetLayout.check_db_id(db_id)
    layout = sqleq.DatasetLayout(str(tables), db=None if db is None else str(db))
    entries = _tables_entries(tables, list(groups))
    options = {"budget": budget, "seed": seed, "jobs": jobs_per_task, "profile": profile,
               "keep_distinct": keep_distinct, "timeout_ms": timeout_ms, "targeted": targeted,
               "targeted_first": targeted_first}
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    shared_out = str(out.resolve()) if shared_out_dir else None
    futures = {}
    for db_id, indices in groups.items():
        golds = [gold[index][0] for index in indices]
        original = _original(layout, db_id, shared_db)
        worker_db = str(Path(db).resolve()) if db is not None and shared_db else None
        future = client.submit(_distill_schema, db_id, indices, golds, str(tables), entries[db_id], worker_db, original,
                               options, shared_out,
                               key=f"sqleq-distill-{db_id}-{uuid.uuid4().hex}",
                               priority=len(indices))
        futures[future] = db_id
    summaries: Dict[str, Dict[str, Any]] = {}
    try:
        for future in distributed.as_completed(list(futures)):
            summary, files = future.result()
            if shared_out is None:
                _write_suite(out, summary["db_id"], files)
            summaries[summary["db_id"]] = summary
            if progress is not None:
                progress({"phase": "distilling", "db_id": summary["db_id"], "done": len(summaries),
                          "total": len(groups)})
    finally:
        client.cancel([future for future in futures if not future.done()])
    return [summaries[db_id] for db_id in groups]


def _token(*parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]


class EvaluatorPlugin(distributed.WorkerPlugin):
    """Builds one sqleq.Evaluator(**kwargs) per worker when registered (and on every
    worker that joins later), so suites, schemas and databases are loaded once per
    worker, not once per task. The paths in kwargs are opened on the worker."""

    def __init__(self, **evaluator_kwargs: Any) -> None:
        self.kwargs = dict(evaluator_kwargs)
        self.name = "sqleq-evaluator-" + _token(sorted(self.kwargs.items()))
        self.evaluator: Optional[sqleq.Evaluator] = None

    async def setup(self, worker: "distributed.Worker") -> None:
        import asyncio
        import functools
        # Loading releases the GIL; off the event loop, the worker keeps answering the
        # scheduler's heartbeats while a large suite directory loads.
        self.evaluator = await asyncio.get_running_loop().run_in_executor(
            None, functools.partial(sqleq.Evaluator, **self.kwargs))

    def teardown(self, worker: "distributed.Worker") -> None:
        self.evaluator = None


def _loaded(dask_worker: "distributed.Worker", plugin_name: str) -> Optional[sqleq.Evaluator]:
    return getattr(dask_worker.plugins.get(plugin_name), "evaluator", None)


def _has_evaluator(plugin_name: str, dask_worker: "distributed.Worker") -> bool:
    return _loaded(dask_worker, plugin_name) is not None


def _score_partition(plugin_name: str, offset: int, items: List[Item], jobs: int) -> List[Dict[str, Any]]:
    evaluator = _loaded(distributed.get_worker(), plugin_name)
    if evaluator is None:
        raise RuntimeError(f"worker plugin {plugin_name} has no Evaluator (its setup failed on this worker)")
    scored = evaluator.score_many(items, jobs=jobs)
    # score_many numbers a partition's items from 0; the caller's numbering is global.
    for position, item in enumerate(scored):
        item["index"] = offset + position
    return scored


def _partition_bounds(count: int, partitions: int) -> List[Tuple[int, int]]:
    size, extra = divmod(count, partitions)
    bounds, start = [], 0
    for part in range(partitions):
        end = start + size + (1 if part < extra else 0)
        bounds.append((start, end))
        start = end
    return bounds


def _register(client: "distributed.Client", plugin: EvaluatorPlugin) -> None:
    """Registers `plugin` unless every worker already holds its Evaluator; a failed
    setup is unregistered, so workers joining later do not repeat it."""
    loaded = client.run(_has_evaluator, plugin.name)
    if loaded and all(loaded.values()):
        return
    try:
        client.register_worker_plugin(plugin)
    except BaseException:
        client.unregister_worker_plugin(plugin.name)
        raise


def score_many(client: "distributed.Client", items: Iterable[Item], *, evaluator_kwargs: Mapping[str, Any],
               partitions: Optional[int] = None, jobs_per_task: int = 1,
               progress: Optional[ProgressCallback] = None) -> List[Dict[str, Any]]:
    """``sqleq.Evaluator(**evaluator_kwargs).score_many(items)`` on a Dask cluster: the
    same list of dicts (item i has index i), computed in contiguous partitions.

    An EvaluatorPlugin loads the Evaluator once per worker and stays registered, so a
    second call with the same kwargs reuses it (``client.unregister_worker_plugin(
    EvaluatorPlugin(**kwargs).name)`` frees it). The paths in ``evaluator_kwargs``
    (suites, tables, db) are opened by the workers: a shared filesystem, or the same
    files copied to the same path on every machine. ``partitions``: how many tasks (default
    four per worker thread, at most one per item); ``jobs_per_task``: threads of each
    task's score_many. ``progress(dict)`` gets {'phase': 'evaluating', 'done', 'total'}
    (items) on the client as partitions finish. Raises what Evaluator raises (InputError
    for a missing directory, from every worker).
    """
    items = [item if isinstance(item, Mapping) else tuple(item) for item in items]
    if not items:
        return []
    plugin = EvaluatorPlugin(**evaluator_kwargs)
    _register(client, plugin)
    if partitions is None:
        threads = sum(client.nthreads().values()) or 1
        partitions = 4 * threads
    if partitions <= 0:
        raise sqleq._usage_error("partitions must be positive")
    bounds = _partition_bounds(len(items), min(partitions, len(items)))
    futures = {}
    for start, end in bounds:
        part = items[start:end]
        future = client.submit(_score_partition, plugin.name, start, part, jobs_per_task,
                               key=f"sqleq-score-{start}-{uuid.uuid4().hex}")
        futures[future] = start
    results: Dict[int, List[Dict[str, Any]]] = {}
    done = 0
    try:
        for future in distributed.as_completed(list(futures)):
            scored = future.result()
            results[futures[future]] = scored
            done += len(scored)
            if progress is not None:
                progress({"phase": "evaluating", "done": done, "total": len(items)})
    finally:
        client.cancel([future for future in futures if not future.done()])
    return [item for start, _ in bounds for item in results[start]]
