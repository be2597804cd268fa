"""Sudoku from Python: solve, count, unique, solve_many on lists and NumPy arrays."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import dlx
from dlx import sudoku
from conftest import REPO

LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def check(puzzle: str, solution: str) -> None:
    """An independent check of a 9x9 solution: givens kept, every house 1..9."""
    assert len(solution) == 81
    for p, s in zip(puzzle, solution):
        assert p in ".0" or p == s
    g = [[int(solution[9 * r + c]) for c in range(9)] for r in range(9)]
    full = set(range(1, 10))
    for i in range(9):
        assert set(g[i]) == full
        assert {g[r][i] for r in range(9)} == full
        br, bc = 3 * (i // 3), 3 * (i % 3)
        assert {g[br + r][bc + c] for r in range(3) for c in range(3)} == full


def sample(n=200):
    lines = (REPO / "examples" / "sudoku" / "sample-200.txt").read_text().splitlines()
    return [l.strip() for l in lines if l.strip() and not l.startswith("#")][:n]


def test_solve_count_unique():
    s = sudoku.solve(LINE)
    check(LINE, s)
    assert sudoku.unique(LINE)
    assert sudoku.count(LINE) == 1
    assert sudoku.count("." * 81, limit=5) == 5
    assert not sudoku.unique("." * 81)


def test_a_count_cut_by_its_budget_says_so():
    exact = sudoku.count("." * 16)
    assert exact == 288 and exact.complete and exact.stop == "complete"
    cut = sudoku.count("." * 81, limit=5)
    assert cut == 5 and not cut.complete and cut.stop == "limit_reached"
    slow = sudoku.count("." * 81, seconds=0.001)
    assert not slow.complete and slow.stop == "deadline"
    assert "at least" in repr(slow)


def test_errors_name_what_is_wrong():
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.solve("11" + "." * 79)
    assert "digit 1 at r1c1 repeats r1c2 in row 1" in str(e.value)
    assert e.value.field == "puzzle" and e.value.cells == [(0, 0), (0, 1)]
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.solve("1.3.\n..x.\n....\n....")
    assert (e.value.line, e.value.column) == (2, 3)
    with pytest.raises(dlx.SudokuError):
        sudoku.solve("not a sudoku")
    with pytest.raises(ValueError):
        sudoku.count("")


def test_other_sizes():
    text = (REPO / "examples" / "sudoku" / "16x16.txt").read_text()
    s = sudoku.solve(text)
    assert s is not None and len(s) == 256


def test_solve_many_lists_and_arrays_agree():
    puzzles = sample()
    lines, statuses = sudoku.solve_many(puzzles, unique=True)
    assert len(lines) == len(puzzles)
    for p, s, st_ in zip(puzzles, lines, statuses):
        assert st_ == "unique"
        check(p, s)
    arr = np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in puzzles], dtype=np.int64)
    sols, sts = sudoku.solve_many(arr, threads=2)
    assert sols.shape == arr.shape and sols.dtype == np.uint8
    assert list(sts) == ["solved"] * len(puzzles)
    for s, line in zip(sols, lines):
        assert "".join(map(str, s)) == line


def test_solve_many_reports_bad_rows():
    lines, statuses = sudoku.solve_many([LINE, "x" * 81, "11" + "." * 79, "." * 81], unique=True)
    # A line that does not read and givens that repeat a digit are both invalid (as on the
    # command line), not "none".
    assert statuses == ["unique", "invalid", "invalid", "multiple"]
    assert lines[1] == "" and lines[2] == ""
    arr = np.zeros((2, 81), dtype=np.uint8)
    arr[1, 0] = arr[1, 1] = 5
    sols, sts = sudoku.solve_many(arr)
    assert list(sts) == ["solved", "invalid"]
    assert not sols[1].any()
    with pytest.raises(ValueError):
        sudoku.solve_many(np.zeros((2, 80)))
    with pytest.raises(ValueError):
        sudoku.solve_many(np.full((1, 81), 10))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 199), st.integers(0, 80), st.integers(1, 9))
def test_a_changed_given_keeps_answers_consistent(k, cell, digit):
    puzzle = list(sample()[k])
    puzzle[cell] = str(digit)
    puzzle = "".join(puzzle)
    try:
        n = sudoku.count(puzzle, limit=2)
    except dlx.SudokuError:
        return  # the change made two givens conflict
    s = sudoku.solve(puzzle)
    assert (s is None) == (n == 0)
    if s is not None:
        check(puzzle, s)
    (line,), (status,) = sudoku.solve_many([puzzle], unique=True)
    assert status == {0: "none", 1: "unique", 2: "multiple"}[n]
