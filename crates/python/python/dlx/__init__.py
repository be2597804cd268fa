"""Exact cover on Knuth's dancing links, from Python.

>>> import dlx
>>> p = dlx.Problem("a b c\\na b\\nc\\na\\nb c\\n")
>>> p.count().solutions
2
>>> [[p.option(o) for o in s] for s in p.solutions()]
[['a b', 'c'], ['a', 'b c']]

The principal names:

- :class:`Problem`: a problem from Knuth's text format (``Problem(text)``) or from lists
  (``Problem.from_lists(primary, options, secondary)``); ``count()``, ``solutions()``,
  ``split()`` into shards and ``solve_shard()``; picklable.
- :class:`Stats`: what a search found and the work it did.
- :mod:`dlx.sudoku`: ``solve``, ``count``, ``unique``, ``solve_many``.
- :mod:`dlx.distributed`: ``count(problem, client, ...)``, an exact count over a Dask cluster.

Searches release the GIL and stop on Ctrl-C (raising ``KeyboardInterrupt``).
"""

from ._dlx import (
    STATUSES,
    DlxError,
    ParseError,
    Problem,
    ProblemError,
    ShardError,
    Solutions,
    Stats,
    SudokuError,
    merge,
)

from . import sudoku  # noqa: E402


def __getattr__(name: str) -> object:
    """``dlx.distributed`` imports itself on first use (it needs Dask's ``distributed``,
    which ``import dlx`` does not): ``import dlx`` then ``dlx.distributed.count(...)`` works."""
    if name == "distributed":
        import importlib

        try:
            return importlib.import_module(".distributed", __name__)
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError(
                f"dlx.distributed needs Dask's `distributed` package ({e}); "
                "install it with `pip install 'dlx-cover[dask]'`"
            ) from e
    raise AttributeError(f"module 'dlx' has no attribute {name!r}")


__all__ = [
    "DlxError",
    "ParseError",
    "Problem",
    "ProblemError",
    "STATUSES",
    "ShardError",
    "Solutions",
    "Stats",
    "SudokuError",
    "distributed",
    "merge",
    "sudoku",
]
