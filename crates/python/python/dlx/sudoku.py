"""Sudoku of any size (``N x N`` with ``N = rows * cols`` boxes), solved by ``dlx``.

Puzzles are strings in any format ``dlx sudoku`` reads (one line of ``N*N`` symbols with
``.`` or ``0`` for blanks, or a grid of lines), or, for :func:`solve_many`, a NumPy array of
shape ``(n, N*N)`` with 0 for a blank.

>>> from dlx import sudoku
>>> line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudoku.unique(line)
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple, overload

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


def solve(puzzle: str, seconds: Optional[float] = None) -> Optional[str]:
    """The solution of ``puzzle`` as one line of symbols, or ``None`` if it has none.

    Raises :class:`dlx.SudokuError` (a ``ValueError``) if the puzzle does not parse or two
    givens conflict, naming the line or the cells.
    """
    return _dlx.sudoku_solve(puzzle, seconds)


def count(puzzle: str, limit: int = 0, seconds: Optional[float] = None) -> Count:
    """The number of solutions of ``puzzle`` (stopping at ``limit`` if it is not 0, or after
    ``seconds``), as a :class:`Count`: an ``int`` whose ``complete`` says whether it is exact.
    """
    n, complete, stop = _dlx.sudoku_count(puzzle, limit, seconds)
    return Count(n, complete, stop)


def unique(puzzle: str) -> bool:
    """Whether ``puzzle`` has exactly one solution."""
    n, _complete, _stop = _dlx.sudoku_count(puzzle, 2, None)
    return n == 1


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


__all__ = ["STATUSES", "Count", "count", "solve", "solve_many", "unique"]
