# Type stubs of sqleq.dask (distillation and scoring on a Dask cluster).
import os
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import distributed

from . import Evaluator

ProgressCallback = Callable[[Dict[str, Any]], None]
Item = Union[Tuple[str, str, str], Mapping[str, str]]
PathLike = Union[str, os.PathLike]

def read_gold(gold_file: PathLike) -> List[Tuple[str, str]]: ...

def distill_dataset(client: distributed.Client, gold_file: PathLike, tables: PathLike, out_dir: PathLike, *,
                    db: Optional[PathLike] = ..., db_ids: Optional[Sequence[str]] = ..., budget: int = ...,
                    seed: int = ..., profile: str = ..., keep_distinct: bool = ..., timeout_ms: int = ...,
                    targeted: bool = ..., targeted_first: bool = ..., jobs_per_task: int = ..., shared_out_dir: bool = ...,
                    shared_db: bool = ...,
                    progress: Optional[ProgressCallback] = ...) -> List[Dict[str, Any]]: ...

class EvaluatorPlugin(distributed.WorkerPlugin):
    name: str
    kwargs: Dict[str, Any]
    evaluator: Optional[Evaluator]
    def __init__(self, **evaluator_kwargs: Any) -> None: ...
    async def setup(self, worker: distributed.Worker) -> None: ...
    def teardown(self, worker: distributed.Worker) -> None: ...

def score_many(client: distributed.Client, items: Iterable[Item], *, evaluator_kwargs: Mapping[str, Any],
               partitions: Optional[int] = ..., jobs_per_task: int = ...,
               progress: Optional[ProgressCallback] = ...) -> List[Dict[str, Any]]: ...
