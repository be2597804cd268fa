"""Variant Sudoku from Python: ``sudoku.solve/count/unique`` with f-puzzles JSON (text or
dict), our text format, ``rules=`` with separate givens; answers checked against the shared
test data's recorded solutions, and bad rules refused naming the constraint."""

import json

import pytest

import dlx
from dlx import sudoku
from conftest import REPO

DATA = REPO / "testdata" / "variants"

SMALL = "size 4\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals\n"


def answers():
    rows = (DATA / "answers.tsv").read_text().splitlines()[1:]
    return [r.split("\t") for r in rows if r.strip()]


def check_killer_4x4(solution: str) -> None:
    """An independent check of SMALL's rules on a 4x4 solution."""
    g = [[int(solution[4 * r + c]) for c in range(4)] for r in range(4)]
    full = {1, 2, 3, 4}
    for i in range(4):
        assert set(g[i]) == full
        assert {g[r][i] for r in range(4)} == full
        br, bc = 2 * (i // 2), 2 * (i % 2)
        assert {g[br + r][bc + c] for r in range(2) for c in range(2)} == full
    assert {g[i][i] for i in range(4)} == full
    assert {g[i][3 - i] for i in range(4)} == full
    assert g[0][2] + g[0][3] == 7
    assert g[1][0] + g[2][0] == 7
    assert g[1][1] + g[1][2] == 5


@pytest.mark.parametrize("row", answers(), ids=lambda r: r[0])
def test_every_family_solves_to_its_recorded_answer(row):
    name, family, _size, solutions, solution = row[:5]
    text = (DATA / "puzzles" / name).read_text()
    if solutions == "1":
        assert sudoku.solve(text) == solution
        assert sudoku.unique(text)
        # The same puzzle as a dict.
        assert sudoku.solve(json.loads(text)) == solution
    elif solutions.startswith(">"):
        n = sudoku.count(text, limit=int(solutions[1:]) + 1)
        assert n == int(solutions[1:]) + 1 and not n.complete and n.stop == "limit_reached"
    else:
        n = sudoku.count(text)
        assert n == int(solutions) and n.complete, (family, n)


def test_text_format_and_rules_with_givens():
    n = sudoku.count(SMALL)
    assert n.complete and n > 1
    sols = set()
    # Every solution, found by giving each candidate first cell: the counts add up.
    total = 0
    for d in "1234":
        c = sudoku.count("", rules=SMALL + f"givens {d}...............\n")
        total += c
        s = sudoku.solve(d + "." * 15, rules=SMALL)
        if c:
            assert s is not None and s[0] == d
            check_killer_4x4(s)
            sols.add(s)
        else:
            assert s is None
    assert total == n
    # rules= with the givens as a line: the same as the givens in the text.
    assert sudoku.count("1" + "." * 15, rules=SMALL) == sudoku.count(
        SMALL + "givens 1...............\n"
    )


def test_format_can_be_named():
    text = (DATA / "puzzles" / "killer-03.json").read_text()
    assert sudoku.solve(text, format="fpuzzles") is not None
    with pytest.raises(dlx.SudokuError):
        sudoku.solve(text, format="text")
    with pytest.raises(dlx.SudokuError, match="unknown variant format"):
        sudoku.solve(text, format="nope")


def test_bad_rules_name_the_constraint():
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.solve("size 9\ncage 3 r1c1 r1c2 r1c3\n")
    assert "killer cage 1 (r1c1 r1c2 r1c3)" in str(e.value)
    assert e.value.line == 2
    assert "killer cage 1" in e.value.constraint
    assert isinstance(e.value, ValueError)
    with pytest.raises(dlx.SudokuError, match="palindrome"):
        sudoku.count({"size": 4, "grid": [[{}] * 4] * 4, "palindrome": [{"lines": [["R1C1", "R2C2"]]}]})
    with pytest.raises(dlx.SudokuError, match="givens"):
        sudoku.solve("123", rules=SMALL)
    with pytest.raises(dlx.SudokuError, match="givens"):
        # Two 1s in the first row break the rules.
        sudoku.solve("11" + "." * 14, rules=SMALL)


def test_limits_on_a_variant():
    text = (DATA / "puzzles" / "multi-thermo-03.json").read_text()
    n = sudoku.count(text, limit=3)
    assert n == 3 and not n.complete
    n = sudoku.count(text, seconds=0.0)
    assert not n.complete


def test_a_node_budget_and_threads_on_a_variant():
    text = (DATA / "puzzles" / "multi-thermo-03.json").read_text()
    n = sudoku.count(text, nodes=5)
    assert not n.complete and n.stop == "node_budget"
    # Any number of threads counts the same.
    one = sudoku.count(text, limit=50)
    two = sudoku.count(text, limit=50, threads=2)
    assert int(one) == int(two) == 50
    solution = sudoku.solve(text, threads=2)
    assert solution is not None and len(solution) == 81
    with pytest.raises(TypeError):
        sudoku.count("." * 81, nodes=5)


def test_a_classic_grid_is_not_read_as_a_variant():
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.solve("11" + "." * 14)
    assert e.value.constraint is None
    assert "repeats" in str(e.value)


def test_generate_variant_killer_is_unique_and_reads_back():
    made = sudoku.generate_variant("killer", 6, seed=4, count=2)
    assert [p["index"] for p in made] == [0, 1]
    for p in made:
        assert p["givens"] == 0 and p["cages"] > 5 and p["seed"] == 4
        assert "cage " in p["puzzle"]
        assert sudoku.count(p["puzzle"], 2) == 1
        assert sudoku.solve(p["puzzle"]) == p["solution"]
    # The same seed, the same puzzles, on any number of threads.
    again = sudoku.generate_variant("killer", 6, seed=4, count=2, threads=2)
    assert again == made


def test_generate_variant_with_givens_formats_and_errors():
    p = sudoku.generate_variant("x,anti-king", 9, seed=2, symmetry="rotate180", format="fpuzzles")[0]
    data = json.loads(p["puzzle"])
    assert data["size"] == 9 and data["diagonal+"] and data["antiking"]
    assert p["givens"] > 0 and p["minimal"]
    assert sudoku.solve(data) == p["solution"]
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.generate_variant("killer", symmetry="rotate180")
    assert e.value.field == "symmetry"
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.generate_variant("sudoku-x")
    assert e.value.field == "variant"
    with pytest.raises(dlx.SudokuError, match="time limit"):
        sudoku.generate_variant("killer", seconds=0)


def test_generate_variant_in_a_rated_band():
    made = sudoku.generate_variant("x", 6, seed=3, band="easy")[0]
    r = sudoku.rate(made["puzzle"])
    assert 1.0 <= r.er <= 2.0, r
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.generate_variant("x", 6, band="tricky")
    assert e.value.field == "band"


# ---- By logic on variant rules (issue 29) ----

GIVEN = "1" + "." * 15


def test_explain_a_variant_walks_to_the_solution():
    e = sudoku.explain(GIVEN, rules=SMALL)
    assert e.stop == "solved" and e.rating.complete
    check_killer_4x4(e.grid)
    assert e.grid == sudoku.solve(GIVEN, rules=SMALL)
    assert all(s["eliminations"] or s["placements"] for s in e.steps)
    # The same puzzle with its givens in its own text: the same path.
    same = sudoku.explain(SMALL + "givens " + GIVEN + "\n")
    assert [s["text"] for s in same.steps] == [s["text"] for s in e.steps]


def test_hint_on_a_variant_follows_progress_and_names_a_wrong_digit():
    h = sudoku.hint(GIVEN, rules=SMALL, level=1)
    assert h.step is not None and h.text == h.levels[0] and len(h.levels) == 3
    solution = sudoku.solve(GIVEN, rules=SMALL)
    done = sudoku.hint(GIVEN, solution, rules=SMALL)
    assert done.step is None and done.solved
    wrong = solution[0] + ("2" if solution[1] != "2" else "3") + "." * 14
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.hint(GIVEN, wrong, rules=SMALL)
    assert e.value.field == "progress" and e.value.cells == [(0, 1)]


def test_rate_a_variant_with_filters_and_lists():
    r = sudoku.rate(GIVEN, rules=SMALL)
    assert r.stop == "solved" and r.complete and r.passed is None
    assert r.er == sudoku.explain(GIVEN, rules=SMALL).rating.er
    above = sudoku.rate(GIVEN, rules=SMALL, er=(r.er + 0.1, None))
    assert above.passed is False
    # A list: a puzzle with several solutions gives a row with its error, the rest are rated.
    rows = sudoku.rate([GIVEN, "." * 16], rules=SMALL)
    assert rows[0] == r
    assert rows[1].stop == "invalid" and rows[1].error
    with pytest.raises(dlx.SudokuError) as e:
        sudoku.rate([GIVEN], rules=SMALL, scale="hard")
    assert e.value.field == "scale"
