"""Sudoku of any size (``N x N`` with ``N = rows * cols`` boxes), solved by ``dlx``.

Puzzles are strings in any format ``dlx sudoku`` reads (one line of ``N*N`` symbols with
``.`` or ``0`` for blanks, or a grid of lines), or, for :func:`solve_many`, a NumPy array of
shape ``(n, N*N)`` with 0 for a blank.

:func:`solve`, :func:`count` and :func:`unique` also take variant Sudoku (killer cages,
thermometers, arrows, little killers, sandwiches, kropki dots, XV, jigsaw regions, diagonals,
anti-knight...): the puzzle as f-puzzles JSON (a string or a ``dict``), an f-puzzles link, or
``dlx``'s own JSON or text format (``docs/formats.md``), detected; or ``rules=`` with those
rules and ``puzzle`` the givens as one line (``""`` for the rules' own givens).

>>> sudoku.count("size 4\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals")
Count(2, stop='complete')

>>> from dlx import sudoku
>>> line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudoku.unique(line)
True
"""

from __future__ import annotations

import json
import math
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
    overload,
)

from . import _dlx

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt

STATUSES: Tuple[str, ...] = tuple(_dlx.STATUSES)
"""The statuses ``solve_many`` reports: ``unique``, ``solved`` (one solution found, not
checked for others), ``multiple``, ``none``, ``incomplete``, ``invalid`` (does not read, or
its givens repeat a digit)."""


class Count(int):
    """A number of solutions that knows whether it is exact: ``complete`` is false when the
    limit or a time budget stopped the search (the count is then a lower bound), and
    ``stop`` says why it ended (``complete``, ``limit_reached``, ``deadline``)."""

    complete: bool
    stop: str

    def __new__(cls, n: int, complete: bool, stop: str) -> "Count":
        self = super().__new__(cls, n)
        self.complete = complete
        self.stop = stop
        return self

    def __repr__(self) -> str:
        exact = "" if self.complete else "at least "
        return f"Count({exact}{int(self)}, stop={self.stop!r})"


Rules = Union[str, Mapping[str, Any]]
"""Variant rules: f-puzzles JSON (text or ``dict``), an f-puzzles link, ``dlx``'s JSON (text or
``dict``) or text format."""


def _variant(
    puzzle: Union[str, Mapping[str, Any]], rules: Optional[Rules]
) -> Optional[Tuple[str, Optional[str]]]:
    """``(rules text, givens)`` when the call is about a variant puzzle, else ``None``."""
    if rules is not None:
        if not isinstance(puzzle, str):
            raise TypeError("with rules=, the puzzle is its givens: a line of N*N symbols")
        text = rules if isinstance(rules, str) else json.dumps(dict(rules))
        return text, puzzle
    if isinstance(puzzle, Mapping):
        return json.dumps(dict(puzzle)), None
    if _dlx.variant_sniff(puzzle):
        return puzzle, None
    return None


def solve(
    puzzle: Union[str, Mapping[str, Any]],
    seconds: Optional[float] = None,
    *,
    rules: Optional[Rules] = None,
    format: Optional[str] = None,
    nodes: Optional[int] = None,
    threads: int = 1,
) -> Optional[str]:
    """The solution of ``puzzle`` as one line of symbols, or ``None`` if it has none.

    ``puzzle`` is a grid, or a variant puzzle (see the module's help); ``rules=`` gives a
    variant's rules, ``puzzle`` then its givens (``""``: the rules' own). ``format``
    (``fpuzzles``, ``link``, ``json``, ``text``) names the variant's format instead of
    detecting it. For a variant, ``nodes`` is a node budget (as for
    :meth:`dlx.Problem.count`) and ``threads`` the threads of its search (0: all cores); a
    search stopped by either before a solution raises :class:`dlx.SudokuError`.

    Raises :class:`dlx.SudokuError` (a ``ValueError``) if the puzzle does not parse, two
    givens conflict or a rule is impossible, naming the line, the cells or the constraint
    (its ``constraint`` attribute: kind, number and cells).
    """
    v = _variant(puzzle, rules)
    if v is not None:
        return _dlx.variant_solve(v[0], format, v[1], seconds, nodes, threads)
    if nodes is not None or threads != 1:
        raise TypeError("nodes= and threads= are for variant puzzles")
    assert isinstance(puzzle, str)
    return _dlx.sudoku_solve(puzzle, seconds)


def count(
    puzzle: Union[str, Mapping[str, Any]],
    limit: int = 0,
    seconds: Optional[float] = None,
    *,
    rules: Optional[Rules] = None,
    format: Optional[str] = None,
    nodes: Optional[int] = None,
    threads: int = 1,
) -> Count:
    """The number of solutions of ``puzzle`` (stopping at ``limit`` if it is not 0, or after
    ``seconds``), as a :class:`Count`: an ``int`` whose ``complete`` says whether it is exact.
    ``puzzle``, ``rules``, ``format``, ``nodes`` and ``threads`` are as for :func:`solve`
    (a count stopped by the node budget is not ``complete``, its ``stop`` ``node_budget``).
    """
    v = _variant(puzzle, rules)
    if v is not None:
        n, complete, stop = _dlx.variant_count(
            v[0], format, v[1], limit, seconds, nodes, threads
        )
    else:
        if nodes is not None or threads != 1:
            raise TypeError("nodes= and threads= are for variant puzzles")
        assert isinstance(puzzle, str)
        n, complete, stop = _dlx.sudoku_count(puzzle, limit, seconds)
    return Count(n, complete, stop)


def unique(puzzle: Union[str, Mapping[str, Any]], *, rules: Optional[Rules] = None) -> bool:
    """Whether ``puzzle`` (a grid or a variant, as for :func:`solve`) has exactly one
    solution."""
    return count(puzzle, 2, rules=rules) == 1


@overload
def solve_many(
    puzzles: Sequence[str], unique: bool = ..., threads: int = ...
) -> Tuple[List[str], List[str]]: ...
@overload
def solve_many(
    puzzles: "npt.NDArray[Any]", unique: bool = ..., threads: int = ...
) -> Tuple["npt.NDArray[np.uint8]", "npt.NDArray[np.str_]"]: ...


def solve_many(puzzles: Any, unique: bool = False, threads: int = 0) -> Tuple[Any, Any]:
    """Solves many puzzles on ``threads`` threads (0: all cores).

    ``puzzles`` is a list of puzzle strings, or a NumPy array of shape ``(n, N*N)`` (integers,
    0 for a blank). With ``unique=True`` each puzzle is also checked for a second solution
    (status ``unique`` or ``multiple``); else the status of a solved puzzle is ``solved``.

    Returns ``(solutions, statuses)``: for a list, a list of solution lines (``""`` where there
    is none) and a list of status words; for an array, a ``uint8`` array of the input's shape
    (zeros where there is no solution) and an array of status words.
    """
    if isinstance(puzzles, (list, tuple)):
        lines, codes = _dlx.sudoku_solve_lines([str(p) for p in puzzles], unique, threads)
        return lines, [STATUSES[c] for c in codes]
    import numpy as np

    arr = np.asarray(puzzles)
    if arr.ndim != 2:
        raise ValueError(f"expected an array of shape (n, N*N), not {arr.shape}")
    n, cells = arr.shape
    side = math.isqrt(cells)
    if side * side != cells:
        raise ValueError(f"a row of {cells} cells is not an N x N grid")
    if arr.size and (arr.min() < 0 or arr.max() > side):
        raise ValueError(f"cells must be 0 (blank) to {side}")
    data = np.ascontiguousarray(arr, dtype=np.uint8)
    out, codes = _dlx.sudoku_solve_cells(data.tobytes(), n, side, unique, threads)
    solutions = np.frombuffer(out, dtype=np.uint8).reshape(n, cells).copy()
    statuses = np.array(STATUSES, dtype=object)[np.frombuffer(bytes(codes), dtype=np.uint8)]
    return solutions, statuses.astype(str)


def generate_variant(
    variant: str,
    size: int = 9,
    *,
    count: int = 1,
    seed: Optional[int] = None,
    symmetry: Optional[str] = None,
    max_cage: Optional[int] = None,
    node_budget: Optional[int] = None,
    attempts: Optional[int] = None,
    seconds: Optional[float] = None,
    format: str = "text",
    threads: int = 1,
) -> List[Dict[str, Any]]:
    """New variant puzzles with one solution (``docs/generate.md``, "Variant puzzles").

    ``variant`` names the families, combined with commas: ``killer`` (cages with their sums,
    no givens), ``jigsaw``, ``x``, ``windoku``, ``anti-knight``, ``anti-king``,
    ``non-consecutive``, ``disjoint-groups`` (``"killer,jigsaw"``). Puzzles with givens are
    minimal, with the givens' ``symmetry`` if asked (``rotate180``...). The same ``seed``
    makes the same puzzles on any number of ``threads``. Each puzzle is a dict: ``index``,
    ``puzzle`` (in ``format``: ``text``, ``fpuzzles``, ``link`` or ``json``, which
    :func:`solve` reads back), ``solution``, ``givens``, ``cages``, ``minimal``, ``seed``.
    Rated bands need the logic of variant rules, not built yet. Raises ``SudokuError``
    (with ``field``) for a bad request, and when fewer than ``count`` were made (the time
    limit ``seconds``, or ``attempts`` per puzzle, ran out).

    >>> p = sudoku.generate_variant("killer", 6, seed=1)[0]
    >>> sudoku.solve(p["puzzle"]) == p["solution"]
    True
    """
    request: Dict[str, Any] = {"variant": variant, "size": size, "count": count}
    for key, value in (
        ("seed", seed),
        ("symmetry", symmetry),
        ("max_cage", max_cage),
        ("node_budget", node_budget),
        ("attempts", attempts),
    ):
        if value is not None:
            request[key] = value
    if seconds is not None:
        if not seconds >= 0:
            raise ValueError(f"seconds must be >= 0, not {seconds}")
        request["time_limit_ms"] = math.ceil(seconds * 1000)
    rows, used_seed, stop = _dlx.variant_generate(json.dumps(request), format, threads)
    if stop is not None:
        raise _dlx.SudokuError(f"made {len(rows)} of {count} puzzles: {stop}")
    return [
        {
            "index": index,
            "puzzle": puzzle,
            "solution": solution,
            "givens": givens,
            "cages": cages,
            "minimal": minimal,
            "seed": used_seed,
        }
        for index, puzzle, solution, givens, cages, minimal in rows
    ]


__all__ = [
    "STATUSES",
    "Count",
    "count",
    "generate_variant",
    "solve",
    "solve_many",
    "unique",
]
