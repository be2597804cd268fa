"""Exact counts over a Dask cluster: a problem cut into shards, one task a shard.

>>> from dask.distributed import Client            # doctest: +SKIP
>>> import dlx, dlx.distributed
>>> client = Client("tcp://scheduler:8786")       # doctest: +SKIP
>>> problem = dlx.Problem(open("pento-6x10.dlx").read())
>>> dlx.distributed.count(problem, client, depth=3, checkpoint="pento.ckpt")  # doctest: +SKIP
Stats(solutions=9356, nodes=3637261, updates=1242377480, complete=True, ...)

The shards partition the single search's tree and shard 0 carries the work above the cut, so
the total is the single search's exactly: solutions always, and with ``algorithm="links"``
nodes and updates too. A shard lost with its worker is rerun by Dask (its result is the same,
and is counted once). Each finished shard is appended to ``checkpoint`` (one JSON line, made
durable with fsync) as it arrives; calling ``count`` again with the same checkpoint solves
only the shards not in it, so a crashed count resumes where it stopped.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable, Dict, List, Optional

from . import _dlx
from ._dlx import Problem, ShardError, Stats

ProgressFn = Callable[[int, int, int], None]
"""``progress(done, total, solutions_so_far)``, called after each finished shard."""


_PROBLEMS: Dict[str, Problem] = {}
"""Problems parsed on this worker, by fingerprint (a few: one count at a time, usually)."""


def _solve(problem: Any, line: str) -> str:
    """The task: solves one shard line on a worker (GIL released while it searches).

    ``problem`` is a :class:`Problem` (scattered) or a pair ``(fingerprint, text)``: a plain
    string pickles for free, and the worker parses it once per count, not once per shard
    (parsing pento-6x10 for each of 372 shards cost a worker 1.6 s of CPU over a 4 s count).
    """
    if isinstance(problem, tuple):
        fingerprint, text = problem
        p = _PROBLEMS.get(fingerprint)
        if p is None:
            if len(_PROBLEMS) >= 4:
                _PROBLEMS.clear()
            p = _PROBLEMS[fingerprint] = Problem(text)
        problem = p
    result: str = problem.solve_shard(line)
    return result


def _read_checkpoint(path: str, lines: List[str]) -> Dict[int, str]:
    """The result lines of `path` that belong to this split, by shard number."""
    import json

    if not os.path.exists(path):
        return {}
    first = json.loads(lines[0])
    want = (first["problem"]["fingerprint"], first["algorithm"], first["depth"], first["of"])
    done: Dict[int, str] = {}
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            text = text.strip()
            if not text:
                continue
            try:
                r = json.loads(text)
            except ValueError:
                # A line cut by a crash while it was written: that shard runs again.
                continue
            got = (r.get("fingerprint"), r.get("algorithm"), r.get("depth"), r.get("of"))
            if got != want:
                raise ShardError(
                    f"{path}: line {number} is a result of another split "
                    f"(fingerprint, algorithm, depth, shards {got}; this count: {want})"
                )
            if r.get("status") == "complete":
                done[int(r["index"])] = text
    return done


class _Progress:
    """The default progress report, as command-line tools do it: on a terminal, one line
    redrawn in place (a bar, at most ten times a second); elsewhere (a log, a notebook's
    captured stderr, CI), a plain line at each tenth of the shards and at the end, so that a
    count of thousands of shards writes about ten lines, not one line per shard."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        self.terminal = bool(isatty and isatty())
        self.last_tenth = -1
        self.last_draw = 0.0

    def __call__(self, done: int, total: int, solutions: int) -> None:
        text = f"dlx: {done}/{total} shards, {solutions} solutions so far"
        if self.terminal:
            now = time.monotonic()
            if done < total and now - self.last_draw < 0.1:
                return
            self.last_draw = now
            width = 24
            filled = width * done // max(total, 1)
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r[{bar}] {text}")
            if done == total:
                self.stream.write("\n")
        else:
            tenth = 10 * done // max(total, 1)
            if tenth == self.last_tenth:
                return
            self.last_tenth = tenth
            self.stream.write(text + "\n")
        self.stream.flush()


def count(
    problem: Problem,
    client: Any,
    depth: Optional[int] = None,
    shards: Optional[int] = None,
    checkpoint: Optional[str] = None,
    progress: Any = True,
    algorithm: str = "links",
    heuristic: str = "mrv",
    retries: int = 2,
    scatter: bool = False,
    probe: int = 0,
) -> Stats:
    """Counts the solutions of ``problem`` on the Dask cluster of ``client``.

    The tree is cut at branch level ``depth``, or at the shallowest level giving at least
    ``shards`` shards (default: 64 per worker thread of the cluster). ``progress`` is True
    (on stderr: a bar redrawn in place on a terminal, else a plain line at each tenth of the
    shards), False, or a callable ``progress(done, total, solutions)`` called after each shard.
    ``checkpoint`` is a file of finished shards: appended to as they finish, and read at the
    start so that only the shards not in it run. ``retries`` is passed to Dask for tasks that
    raise; tasks lost with a worker are rerun by the scheduler anyway.

    Each task carries the problem's canonical text (parsed once per worker) unless
    ``scatter`` is true:
    then it is sent once to every worker (``client.scatter(..., broadcast=True)``), which
    saves the traffic of a big problem cut into many shards, but a worker that joins later
    fetches it from another, and the count fails if every worker holding it is lost.

    With ``probe`` > 0 each shard is first searched for at most that many nodes to estimate
    its size, and the shards are submitted largest estimate first, so that a big shard does
    not start last (the estimate is rough at the tails: see docs/distributed.md).

    Returns the total :class:`dlx.Stats`; ``complete`` is true when every shard finished.
    """
    from distributed import as_completed

    if depth is None and shards is None:
        threads = sum(client.nthreads().values()) or 1
        shards = 64 * threads
    lines = problem.split(
        depth=depth, shards=shards, algorithm=algorithm, heuristic=heuristic, probe=probe
    )
    done = _read_checkpoint(checkpoint, lines) if checkpoint else {}
    todo = [line for k, line in enumerate(lines) if k not in done]
    if probe > 0:
        import json

        todo.sort(key=lambda line: -(json.loads(line).get("estimate") or 0.0))
    report: Optional[ProgressFn]
    if progress is True:
        report = _Progress()
    elif callable(progress):
        report = progress
    else:
        report = None

    results: List[str] = list(done.values())
    solutions = sum(_solutions(r) for r in results)
    if report:
        report(len(results), len(lines), solutions)
    out = open(checkpoint, "a", encoding="utf-8") if checkpoint else None
    try:
        if todo:
            if scatter:
                shared: Any = client.scatter(problem, broadcast=True)
            else:
                shared = (problem.fingerprint, problem.to_text())
            futures = client.map(
                _solve, [shared] * len(todo), todo, pure=False, retries=retries
            )
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                r = future.result()
                results.append(r)
                solutions += _solutions(r)
                if out:
                    out.write(r + "\n")
                    out.flush()
                    os.fsync(out.fileno())
                if report:
                    report(len(results), len(lines), solutions)
    finally:
        if out:
            out.close()
    stats, missing = _dlx.merge(results)
    if missing:
        raise ShardError(f"shards {missing[:20]} have no result")
    return stats


def _solutions(result_line: str) -> int:
    import json

    return int(json.loads(result_line)["stats"]["solutions"])


__all__ = ["count"]
