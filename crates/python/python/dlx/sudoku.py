"""Sudoku of any size (``N x N`` with ``N = rows * cols`` boxes), solved by ``dlx``.

Puzzles are strings in any format ``dlx sudoku`` reads (one line of ``N*N`` symbols with
``.`` or ``0`` for blanks, or a grid of lines), or, for :func:`solve_many`, a NumPy array of
shape ``(n, N*N)`` with 0 for a blank.

:func:`solve`, :func:`count`, :func:`unique`, :func:`explain`, :func:`hint` and :func:`rate`
also take variant Sudoku (killer cages, thermometers, arrows, little killers, sandwiches,
kropki dots, XV, jigsaw regions, diagonals, anti-knight...): the puzzle as f-puzzles JSON (a string or a ``dict``), an f-puzzles link, or
``dlx``'s own JSON or text format (``docs/formats.md``), detected; or ``rules=`` with those
rules and ``puzzle`` the givens as one line (``""`` for the rules' own givens).

>>> sudoku.count("size 4\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals")
Count(2, stop='complete')

>>> from dlx import sudoku
>>> line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudoku.unique(line)
True

By logic (``docs/logic.md``): :func:`explain` (every step of the easiest-first path),
:func:`hint` (the next step from a grid in progress and pencil marks), :func:`rate` (Sudoku
Explainer's ER, EP and ED, with filters that stop as soon as the verdict is known, over many
puzzles on all cores); and :func:`generate`, new puzzles by band, rating, symmetry and givens.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
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
    cast,
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
    band: Optional[str] = None,
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
    With ``band`` (``easy`` to ``extreme``), only puzzles the logic on their rules rates in
    that band. Raises ``SudokuError``
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
        ("band", band),
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


# ---- By logic ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    """A puzzle's rating on Sudoku Explainer's scale, and a filter's verdict.

    ``er`` is the hardest step of the easiest-first path, ``ep`` the hardest up to the first
    placement, ``ed`` the first step's; ``band`` names the band of ``er`` (``easy`` ...
    ``extreme``) and ``hardest`` the technique of the hardest step. ``complete`` is false when
    the path did not reach the end (a filter's verdict was known early, or it stopped at
    ``seconds``): the figures are then what the path had reached, ``er`` a lower bound.

    With a filter, ``passed`` says whether the puzzle passes (``None`` without one) and
    ``early`` whether the rating stopped as soon as that was known. ``stop`` says why the
    path ended: ``solved``, ``early``, ``stuck`` (no technique of the scale applies),
    ``deadline``, ``budget``, or ``invalid`` for a puzzle of a list that could not be rated
    (``error`` says why; a single puzzle raises instead).
    """

    er: float
    ep: float
    ed: float
    band: str
    hardest: str
    steps: int
    complete: bool
    passed: Optional[bool] = None
    early: bool = False
    stop: str = "solved"
    error: Optional[str] = None


@dataclass(frozen=True)
class Explanation:
    """The easiest-first path: ``steps`` (dicts: ``technique``, ``rating``, ``placements`` and
    ``eliminations`` as ``{"row", "col", "digit"}`` with 0-based rows and columns,
    ``pattern``, ``text``...), why it ended (``stop``: ``solved``, ``stuck``, ``budget``,
    ``deadline``), the ``grid`` at the end as one line, and its ``rating``."""

    steps: List[Dict[str, Any]]
    stop: str
    grid: str
    rating: Rating


@dataclass(frozen=True)
class Hint:
    """The easiest next step (``step``, a dict as in :class:`Explanation`, or ``None``), told
    at the level asked (``text``) and at each level from 1 (the technique and where to look)
    to 3 (the whole deduction) (``levels``); ``solved`` when the grid is already solved."""

    step: Optional[Dict[str, Any]]
    text: Optional[str]
    levels: List[str] = field(default_factory=list)
    solved: bool = False


RatingRange = Union[str, float, Tuple[Optional[float], Optional[float]]]
"""A range of ratings, both ends included: ``"6..8.9"``, ``"9.."``, ``"..3.5"``, a number
(exactly that rating) or a pair ``(low, high)`` where ``None`` leaves an end open."""


def _range(value: Optional[RatingRange], name: str) -> Optional[str]:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return repr(float(value))
    if isinstance(value, tuple) and len(value) == 2:
        lo, hi = ("" if x is None else repr(float(x)) for x in value)
        return f"{lo}..{hi}"
    raise TypeError(f"{name}: a range is a string such as '6..8.9', a number or a pair")


def _rating(d: Mapping[str, Any]) -> Rating:
    return Rating(
        er=d["er"],
        ep=d["ep"],
        ed=d["ed"],
        band=d["band"],
        hardest=d["hardest"],
        steps=d["steps"],
        complete=d["complete"],
    )


def explain(
    puzzle: Union[str, Mapping[str, Any]],
    *,
    upto: Optional[str] = None,
    max_steps: Optional[int] = None,
    uniqueness: bool = True,
    seconds: Optional[float] = None,
    rules: Optional[Rules] = None,
    format: Optional[str] = None,
) -> Explanation:
    """Solves ``puzzle`` (any size up to 64x64) as a person would, one step at a time, the
    easiest step first, and rates it.

    ``upto`` is the hardest technique allowed, by name (``x_wing``...; the path then stops
    ``stuck`` where harder ones are needed); ``uniqueness=False`` leaves out the techniques
    that assume one solution (unique rectangles, BUG+1); ``max_steps`` and ``seconds`` bound
    the work (every step given is sound). Raises :class:`dlx.SudokuError` (with ``field``
    and ``cells``) for a puzzle that does not read, has no solution or several.

    A variant puzzle (see the module's help; ``rules=`` and ``format`` as for :func:`solve`)
    is explained on its rules, with the variant techniques (cage combinations, the rule of
    45...); its steps' ``pattern["areas"]`` name the regions, diagonals, cages... they use.
    Variants never use the uniqueness techniques.

    >>> e = sudoku.explain("1.....3..4.....2")
    >>> e.stop, e.rating.band, len(e.steps)
    ('solved', 'easy', 12)
    """
    v = _variant(puzzle, rules)
    if v is not None:
        text = _dlx.variant_explain(v[0], format, v[1], upto, max_steps, seconds)
        d = json.loads(text)
        return Explanation(
            steps=d["steps"], stop=d["stop"], grid=d["grid"], rating=_rating(d["rating"])
        )
    if format is not None:
        raise TypeError("format= is for variant puzzles")
    assert isinstance(puzzle, str)
    d = json.loads(_dlx.sudoku_explain(puzzle, upto, max_steps, uniqueness, seconds))
    return Explanation(
        steps=d["steps"], stop=d["stop"], grid=d["grid"], rating=_rating(d["rating"])
    )


def hint(
    puzzle: Union[str, Mapping[str, Any]],
    progress: Optional[str] = None,
    marks: Optional[Union[str, Sequence[Sequence[int]]]] = None,
    *,
    level: int = 3,
    rules: Optional[Rules] = None,
    format: Optional[str] = None,
) -> Hint:
    """The easiest next step from ``progress`` (the grid as the player has it: givens and
    digits placed; default the puzzle itself) and the player's pencil ``marks`` (a list of
    digits a cell, row-major, an empty list where a cell has none; or text: candidate lists
    or ``N`` characters a cell). ``level`` 1 tells the technique and where to look, 2 the
    cells too, 3 the whole deduction.

    A digit or a mark that contradicts the solution raises :class:`dlx.SudokuError` naming
    the cell (``field`` ``progress`` or ``marks``, ``cells``).

    A variant puzzle (see the module's help; ``rules=`` and ``format`` as for :func:`solve`)
    gets the next step on its rules; ``progress`` is then one line of N*N symbols.
    """
    if marks is None or isinstance(marks, str):
        lists, text = None, marks
    else:
        lists, text = [list(c) for c in marks], None
    v = _variant(puzzle, rules)
    if v is not None:
        d = json.loads(_dlx.variant_hint(v[0], format, v[1], progress, lists, text, level))
    else:
        if format is not None:
            raise TypeError("format= is for variant puzzles")
        assert isinstance(puzzle, str)
        d = json.loads(_dlx.sudoku_hint(puzzle, progress, lists, text, level))
    return Hint(step=d["step"], text=d["text"], levels=d["levels"], solved=d["solved"])


@overload
def rate(  # type: ignore[overload-overlap]
    puzzles: Union[str, Mapping[str, Any]],
    *,
    scale: Optional[str] = ...,
    techniques: Optional[Union[str, Sequence[str]]] = ...,
    er: Optional[RatingRange] = ...,
    ep: Optional[RatingRange] = ...,
    ed: Optional[RatingRange] = ...,
    diamonds: bool = ...,
    pearls: bool = ...,
    seconds: Optional[float] = ...,
    threads: int = ...,
    rules: Optional[Rules] = ...,
    format: Optional[str] = ...,
) -> Rating: ...
@overload
def rate(
    puzzles: Sequence[str],
    *,
    scale: Optional[str] = ...,
    techniques: Optional[Union[str, Sequence[str]]] = ...,
    er: Optional[RatingRange] = ...,
    ep: Optional[RatingRange] = ...,
    ed: Optional[RatingRange] = ...,
    diamonds: bool = ...,
    pearls: bool = ...,
    seconds: Optional[float] = ...,
    threads: int = ...,
    rules: Optional[Rules] = ...,
    format: Optional[str] = ...,
) -> List[Rating]: ...


def rate(
    puzzles: Union[str, Mapping[str, Any], Sequence[str]],
    *,
    scale: Optional[str] = None,
    techniques: Optional[Union[str, Sequence[str]]] = None,
    er: Optional[RatingRange] = None,
    ep: Optional[RatingRange] = None,
    ed: Optional[RatingRange] = None,
    diamonds: bool = False,
    pearls: bool = False,
    seconds: Optional[float] = None,
    threads: int = 0,
    rules: Optional[Rules] = None,
    format: Optional[str] = None,
) -> Union[Rating, List[Rating]]:
    """Rates a puzzle, or a list of puzzles on ``threads`` threads (0: all cores), on Sudoku
    Explainer's scale: a :class:`Rating` each, in order.

    ``scale`` is ``sukaku`` (SukakuExplainer 1.18's default techniques, the default) or
    ``classic`` (Sudoku Explainer 1.2.1's, as skfr rates); ``techniques`` rates with those
    techniques instead (names, or one string separated by commas).

    Filters, as setters batch-rate: ``er``, ``ep``, ``ed`` ranges (``"6..8.9"``, ``"9.."``,
    ``(6.0, None)``...), ``diamonds`` (ER = ED), ``pearls`` (ER = EP). Each puzzle gets
    ``passed``, and its rating stops as soon as the verdict is known (``early``): an ED
    filter needs one step. ``seconds`` bounds each puzzle's rating (``stop`` is then
    ``deadline`` and the puzzle fails a filter).

    Options that cannot be used raise :class:`dlx.SudokuError` naming the ``field``. A single
    puzzle that cannot be rated (does not read, no solution or several) raises too; in a list
    it gives a :class:`Rating` with ``stop="invalid"`` and its ``error``, and the rest are
    rated. Ctrl-C stops between puzzles.

    Variant puzzles (see the module's help; with ``rules=``, ``puzzles`` are givens for those
    rules) are rated on their rules with the variant techniques (``docs/logic.md``), one
    after another (``threads`` is for classic grids); their rating runs to the end of the
    path, so ``early`` is false.

    >>> r = sudoku.rate("1.....3..4.....2")
    >>> r.er, r.band
    (1.2, 'easy')
    >>> [x.passed for x in sudoku.rate(["1.....3..4.....2"] * 2, er="2..")]
    [False, False]
    """
    single = isinstance(puzzles, (str, Mapping))
    if techniques is not None and not isinstance(techniques, str):
        techniques = ",".join(techniques)
    items: List[Union[str, Mapping[str, Any]]] = (
        [cast(Union[str, Mapping[str, Any]], puzzles)] if single else list(cast(Sequence[str], puzzles))
    )
    variants = [_variant(p, rules) for p in items]
    if any(v is not None for v in variants):
        return _rate_variants(
            items,
            variants,
            single,
            dict(
                scale=scale,
                techniques=techniques,
                er=_range(er, "er"),
                ep=_range(ep, "ep"),
                ed=_range(ed, "ed"),
                diamonds=diamonds,
                pearls=pearls,
                seconds=seconds,
            ),
            format,
        )
    if format is not None:
        raise TypeError("format= is for variant puzzles")
    lines = [str(p) for p in items]
    rows = _dlx.sudoku_rate(
        lines,
        scale,
        techniques,
        _range(er, "er"),
        _range(ep, "ep"),
        _range(ed, "ed"),
        diamonds,
        pearls,
        seconds,
        threads,
    )
    out = [
        Rating(er_, ep_, ed_, band, hardest, steps, complete, passed, early, stop, error)
        for er_, ep_, ed_, band, hardest, steps, complete, passed, early, stop, error in rows
    ]
    if single:
        if out[0].error is not None:
            raise _dlx.SudokuError(out[0].error)
        return out[0]
    return out


_OPTIONS = ("scale", "techniques", "er", "ep", "ed", "seconds", "format")


def _rate_variants(
    items: List[Union[str, Mapping[str, Any]]],
    variants: List[Optional[Tuple[str, Optional[str]]]],
    single: bool,
    options: Dict[str, Any],
    format: Optional[str],
) -> Union[Rating, List[Rating]]:
    """:func:`rate` on a list holding variant puzzles: one at a time; a puzzle that cannot be
    rated gives a row with its error (a single one raises), options that cannot be used
    raise at once."""
    filtered = any(options[k] for k in ("er", "ep", "ed", "diamonds", "pearls"))
    out: List[Rating] = []
    for p, v in zip(items, variants):
        try:
            if v is None:
                row = _dlx.sudoku_rate([str(p)], threads=1, **options)[0]
            else:
                row = _dlx.variant_rate(v[0], format, v[1], **options)
        except _dlx.SudokuError as e:
            if single or getattr(e, "field", None) in _OPTIONS:
                raise
            row = (0.0, 0.0, 0.0, "", "", 0, False, False if filtered else None, False, "invalid", str(e))
        out.append(Rating(*row))
    if single:
        if out[0].error is not None:
            raise _dlx.SudokuError(out[0].error)
        return out[0]
    return out


def generate(
    count: int = 1,
    *,
    size: int = 9,
    box: Optional[Tuple[int, int]] = None,
    symmetry: Optional[str] = None,
    givens: Optional[int] = None,
    max_givens: Optional[int] = None,
    band: Optional[str] = None,
    rating: Optional[Tuple[float, float]] = None,
    scale: Optional[str] = None,
    seed: Optional[int] = None,
    attempts: Optional[int] = None,
    seconds: Optional[float] = None,
    threads: int = 1,
) -> List[Dict[str, Any]]:
    """New Sudoku puzzles with one solution (``docs/generate.md``): ``count`` of them, of
    ``size`` (4 to 25; ``box=(rows, cols)`` for another box shape), with the givens'
    ``symmetry`` (``rotate180``, ``rotate90``, ``horizontal``, ``vertical``,
    ``both_mirrors``, ``diagonal``, ``anti_diagonal``, ``both_diagonals``, ``dihedral``),
    minimal (every given needed) unless ``givens`` (exactly) or ``max_givens`` (minimal with
    at most) is given, in a difficulty ``band`` (``easy``, ``medium``, ``hard``,
    ``fiendish``, ``diabolical``, ``extreme``) or ``rating`` range ``(low, high)`` of ER
    (9x9) on a ``scale`` (``sukaku``, the default, or ``classic``: as for :func:`rate`). The
    same ``seed`` makes the same puzzles on any number of ``threads`` (0: all
    cores).

    Each puzzle is a dict: ``index``, ``puzzle`` and ``solution`` (lines), ``givens``,
    ``symmetry``, ``minimal``, ``rating`` (its ER, or ``None`` without a band or range),
    ``attempts``, ``seed``. Raises :class:`dlx.SudokuError` (with ``field``) for a bad
    request, and when fewer than ``count`` were made (``attempts`` per puzzle or ``seconds``
    ran out): the error's ``puzzles`` holds those made. Ctrl-C stops between puzzles.

    >>> p = sudoku.generate(size=4, seed=3)[0]
    >>> sudoku.solve(p["puzzle"]) == p["solution"]
    True
    """
    request: Dict[str, Any] = {"count": count}
    if box is not None:
        request["shape"] = {"rows": box[0], "cols": box[1]}
    else:
        request["size"] = size
    for key, value in (
        ("symmetry", symmetry),
        ("givens", givens),
        ("max_givens", max_givens),
        ("band", band),
        ("scale", scale),
        ("seed", seed),
        ("attempts", attempts),
        ("band", band),
    ):
        if value is not None:
            request[key] = value
    if rating is not None:
        request["rating"] = [float(rating[0]), float(rating[1])]
    if seconds is not None:
        if not seconds >= 0:
            raise ValueError(f"seconds must be >= 0, not {seconds}")
        request["time_limit_ms"] = math.ceil(seconds * 1000)
    rows, used_seed, stop = _dlx.sudoku_generate(json.dumps(request), threads)
    made = [
        {
            "index": index,
            "puzzle": puzzle,
            "solution": solution,
            "givens": n,
            "symmetry": sym,
            "minimal": minimal,
            "rating": er_,
            "attempts": tries,
            "seed": used_seed,
        }
        for index, puzzle, solution, n, sym, minimal, er_, tries in rows
    ]
    if stop is not None:
        err = _dlx.SudokuError(f"made {len(made)} of {count} puzzles: {stop}")
        err.field = "count"
        err.puzzles = made  # type: ignore[attr-defined]
        raise err
    return made


__all__ = [
    "STATUSES",
    "Count",
    "Explanation",
    "Hint",
    "Rating",
    "RatingRange",
    "count",
    "explain",
    "generate",
    "generate_variant",
    "hint",
    "rate",
    "solve",
    "solve_many",
    "unique",
]
