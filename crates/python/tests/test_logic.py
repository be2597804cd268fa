"""Sudoku by logic and new puzzles from Python: explain, hint, rate (with filters), generate."""

import doctest

import pytest

import dlx
from dlx import sudoku

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# ER 4.4 (an XYZ-wing), ED 1.2: a generated fiendish puzzle.
FIENDISH = "9.1...4.......9..538.....6.2..87...45.74.38.66...95..7.3.....427..5.......9...5.1"
SMALL = "1...\n..3.\n.4..\n...2"
TWO_SOLUTIONS = "12.............."


def cells(line: str) -> list:
    return [0 if c in ".0" else int(c, 36) for c in line]


def test_explain_walks_to_the_solution():
    e = sudoku.explain(EASY)
    assert e.stop == "solved" and e.rating.complete
    assert e.grid == sudoku.solve(EASY)
    # Replaying the placements on the givens gives the grid at the end.
    grid = cells(EASY)
    for step in e.steps:
        assert step["text"] and step["rating"] >= 1.0
        for p in step["placements"]:
            k = p["row"] * 9 + p["col"]
            assert grid[k] == 0
            grid[k] = p["digit"]
    assert "".join(map(str, grid)) == e.grid
    assert e.rating.er == max(s["rating"] for s in e.steps)
    assert e.rating.band == "easy"


def test_explain_stops_where_the_techniques_end():
    e = sudoku.explain(FIENDISH, upto="naked_single")
    assert e.stop == "stuck" and not e.rating.complete
    assert all(s["rating"] <= 2.3 for s in e.steps)
    assert "0" in e.grid or "." in e.grid
    assert len(sudoku.explain(FIENDISH, max_steps=3).steps) == 3


def test_explain_refusals_name_the_field():
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.explain(FIENDISH, upto="x_wingg")
    assert e.value.field == "upto"
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.explain(TWO_SOLUTIONS)
    assert e.value.field == "puzzle" and "more than one solution" in str(e.value)
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.explain("55" + "." * 79)
    assert e.value.cells == [(0, 0), (0, 1)]


def test_hints_in_levels_from_progress_and_marks():
    h = sudoku.hint(EASY, level=1)
    assert not h.solved and h.step is not None
    assert h.text == h.levels[0] == "Look for a hidden single on 6 in box 1"
    assert h.levels[2] == h.step["text"] and len(h.levels) == 3
    # From a grid in progress one step further, the next hint is another step.
    first = h.step["placements"][0]
    progress = cells(EASY)
    progress[first["row"] * 9 + first["col"]] = first["digit"]
    line = "".join(str(d) if d else "." for d in progress)
    after = sudoku.hint(EASY, line)
    assert after.step is not None and after.step["placements"] != h.step["placements"]
    done = sudoku.hint(EASY, sudoku.solve(EASY))
    assert done.solved and done.step is None and done.levels == []


def test_hint_refusals_name_the_cell():
    wrong = list(EASY)
    wrong[0] = "9" if sudoku.solve(EASY)[0] != "9" else "8"
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.hint(EASY, "".join(wrong))
    assert (e.value.field, e.value.cells) == ("progress", [(0, 0)])
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.hint(EASY, marks=[[10]] * 81)
    assert (e.value.field, e.value.cells) == ("marks", [(0, 0)])
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.hint(EASY, marks=[[1]])
    assert e.value.field == "marks"
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.hint(EASY, level=4)
    assert e.value.field == "level"


def test_rate_one_and_many():
    r = sudoku.rate(FIENDISH)
    assert (r.er, r.ed, r.band, r.complete, r.passed) == (4.4, 1.2, "fiendish", True, None)
    assert r.stop == "solved" and not r.early
    assert r.er == sudoku.explain(FIENDISH).rating.er
    many = sudoku.rate([EASY, FIENDISH, "12", EASY], threads=2)
    assert [x.er for x in many] == [1.2, 4.4, 0.0, 1.2]
    assert many[2].stop == "invalid" and many[2].error
    assert many[1] == r
    assert sudoku.rate([EASY, FIENDISH], threads=1) == [many[0], many[1]]
    with pytest.raises(dlx.SudokuError):
        sudoku.rate("12")
    assert sudoku.rate([]) == []


def test_rate_filters_stop_early():
    full = sudoku.rate(FIENDISH)
    inside = sudoku.rate(FIENDISH, er="4..4.5")
    assert (inside.passed, inside.early, inside.complete) == (True, False, True)
    above = sudoku.rate(FIENDISH, er=(None, 3.9))
    assert (above.passed, above.early, above.stop) == (False, True, "early")
    assert 3.9 < above.er <= full.er and above.steps < full.steps and not above.complete
    reached = sudoku.rate(FIENDISH, er=(4.0, None))
    assert (reached.passed, reached.early) == (True, True)
    ed = sudoku.rate([FIENDISH, EASY], ed="2..")
    assert [(x.passed, x.steps) for x in ed] == [(False, 1), (False, 1)]
    assert sudoku.rate(EASY, ed=1.2).passed is True
    # A diamond fails at the first step above ED; a pearl likewise above EP.
    assert sudoku.rate(FIENDISH, diamonds=True).passed is False
    assert sudoku.rate(EASY, pearls=True, scale="classic").passed is True
    # The filter agrees with the full rating, however early it stopped.
    for rng in ["..4.3", "4.4", "4.5..", "1..9"]:
        lo, _, hi = rng.partition("..") if ".." in rng else (rng, "", rng)
        lo_ok = not lo or full.er >= float(lo)
        hi_ok = not hi or full.er <= float(hi)
        assert sudoku.rate(FIENDISH, er=rng).passed is (lo_ok and hi_ok), rng


def test_rate_refusals_name_the_field():
    for kwargs, field in [
        ({"er": "8..6"}, "er"),
        ({"ep": "hard"}, "ep"),
        ({"ed": (5.0, 4.0)}, "ed"),
        ({"scale": "sukkaku"}, "scale"),
        ({"techniques": ["x_wingg"]}, "techniques"),
    ]:
        with pytest.raises(dlx.SudokuError) as e:
            sudoku.rate([EASY], **kwargs)
        assert e.value.field == field, kwargs
    with pytest.raises(TypeError):
        sudoku.rate(EASY, er=[1, 2])  # type: ignore[arg-type]


def test_rate_with_techniques_and_scales():
    # Where the techniques asked for end, the last resort (trial, 12.0) finishes the path.
    singles = sudoku.rate(FIENDISH, techniques=["hidden_single_box", "naked_single"])
    assert (singles.hardest, singles.er) == ("trial", 12.0)
    assert sudoku.rate(FIENDISH, techniques="hidden_single_box,xyz_wing").complete
    classic = sudoku.rate(FIENDISH, scale="classic")
    assert classic.complete and classic.er >= sudoku.rate(FIENDISH).er


def unique_with_solution(p: dict) -> None:
    assert sudoku.count(p["puzzle"], 2) == 1
    assert sudoku.solve(p["puzzle"]) == p["solution"]
    given = [c for c in p["puzzle"] if c not in ".0"]
    assert len(given) == p["givens"]
    assert all(a in ".0" or a == b for a, b in zip(p["puzzle"], p["solution"]))


def test_generate_unique_repeatable_symmetric():
    made = sudoku.generate(3, size=4, seed=3)
    assert [p["index"] for p in made] == [0, 1, 2]
    for p in made:
        unique_with_solution(p)
        assert p["minimal"] and p["seed"] == 3 and p["rating"] is None
    assert sudoku.generate(3, size=4, seed=3, threads=2) == made
    assert sudoku.generate(3, size=4, seed=4) != made
    sym = sudoku.generate(2, seed=7, symmetry="rotate180")
    for p in sym:
        unique_with_solution(p)
        q = p["puzzle"]
        assert all((q[k] == ".") == (q[80 - k] == ".") for k in range(81))
    exact = sudoku.generate(size=6, givens=16, seed=1)[0]
    assert exact["givens"] == 16
    # Boxes of 3 rows and 2 columns (6x6 reads as 2x3 by default): the solution's boxes hold
    # every digit, and the puzzle is a part of it.
    tall = sudoku.generate(box=(3, 2), seed=2)[0]
    sol = tall["solution"]
    boxes = [
        {sol[(r0 + r) * 6 + c0 + c] for r in range(3) for c in range(2)}
        for r0 in (0, 3)
        for c0 in (0, 2, 4)
    ]
    assert all(b == set("123456") for b in boxes)
    assert all(a == "." or a == b for a, b in zip(tall["puzzle"], sol))


def test_generate_to_a_band_or_range():
    for p in sudoku.generate(2, band="medium", seed=5):
        unique_with_solution(p)
        assert 2.1 <= p["rating"] <= 2.9
        # The rating reported is the rater's, measured again independently of the generator.
        assert sudoku.rate(p["puzzle"]).er == p["rating"]
    p = sudoku.generate(rating=(4.0, 4.5), seed=1)[0]
    assert 4.0 <= sudoku.rate(p["puzzle"]).er <= 4.5


def test_generate_refusals_and_shortfalls():
    for kwargs, field in [
        ({"band": "brutal"}, "band"),
        ({"size": 7}, "size"),
        ({"symmetry": "spiral"}, "symmetry"),
        ({"rating": (5.0, 4.0)}, "rating"),
        ({"givens": 20, "max_givens": 22}, "givens"),
    ]:
        with pytest.raises(dlx.SudokuError) as e:
            sudoku.generate(**kwargs)
        assert e.value.field == field, kwargs
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.generate(2, size=4, rating=(11.0, 12.0), attempts=1, seed=1)
    assert "made 0 of 2" in str(e.value) and e.value.puzzles == []


def test_docstring_examples():
    globs = {"sudoku": sudoku, "line": EASY}
    for f in (sudoku.explain, sudoku.rate, sudoku.generate):
        runner = doctest.DocTestRunner(verbose=False)
        for test in doctest.DocTestFinder().find(f, globs=globs):
            runner.run(test)
        assert runner.failures == 0 and runner.tries > 0, f.__name__
