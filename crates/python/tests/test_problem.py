"""Exact cover from Python: building, counting, streaming, errors, pickling, shards."""

import pickle
import threading
import time

import pytest
from hypothesis import given, settings, strategies as st

import dlx
from conftest import QUEENS, REPO, queens


def test_knuths_example_has_one_solution():
    text = (REPO / "examples" / "knuth.dlx").read_text()
    p = dlx.Problem(text)
    stats = p.count()
    assert stats.solutions == 1 and stats.complete and stats.status == "complete"
    (sol,) = list(p.solutions())
    assert [p.option(o) for o in sol] == ["a d f", "b g", "c e"]


@pytest.mark.parametrize("n", [6, 8, 10])
def test_queens_counts_on_any_algorithm_and_threads(n):
    p = dlx.Problem(queens(n))
    for algorithm in ["links", "cells", "auto"]:
        for threads in [1, 2]:
            assert p.count(threads=threads, algorithm=algorithm).solutions == QUEENS[n]


def test_links_statistics_equal_dlx1s():
    # testdata/xcc/expected.toml: queens8 has 1049 nodes and 16680 updates with DLX1.
    p = dlx.Problem((REPO / "testdata" / "xcc" / "queens8.dlx").read_text())
    for threads in [1, 2]:
        s = p.count(threads=threads, algorithm="links")
        assert (s.solutions, s.nodes, s.updates) == (92, 1049, 16680)
        assert sum(s.level_nodes) + s.solutions == s.nodes


def test_budgets_leave_the_count_incomplete():
    p = dlx.Problem(queens(12))
    s = p.count(threads=1, nodes=1000)
    assert not s.complete and s.status == "node_budget"
    s = p.count(threads=1, seconds=0.0)
    assert not s.complete


def test_solutions_stream_in_order_and_stop_at_the_limit():
    p = dlx.Problem(queens(8))
    all_ = list(p.solutions())
    assert len(all_) == 92
    assert list(p.solutions(limit=5)) == all_[:5]
    it = p.solutions()
    first = next(it)
    it.close()
    assert first == all_[0]
    assert list(it) == []


def test_colors_from_lists():
    p = dlx.Problem.from_lists(
        ["a", "b"], [["a", "x:red"], ["b", ("x", "red")], ["b", "x:blue"]], secondary=["x"]
    )
    assert p.count().solutions == 1
    assert p.to_text().splitlines()[0] == "a b | x"


def test_errors_are_located():
    with pytest.raises(dlx.ParseError) as e:
        dlx.Problem("a b\na\nb zz\n")
    assert e.value.line == 3 and e.value.column == 3
    assert "unknown item `zz`" in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(dlx.ProblemError, match="option 1: unknown item `q`"):
        dlx.Problem.from_lists(["a"], [["a"], ["q"]])
    with pytest.raises(dlx.ProblemError, match="cannot have a color|color"):
        dlx.Problem.from_lists(["a"], [["a:red"]])
    with pytest.raises(ValueError, match="algorithm"):
        dlx.Problem("a\na\n").count(algorithm="fast")


def test_problems_pickle():
    p = dlx.Problem(queens(7))
    q = pickle.loads(pickle.dumps(p))
    assert q.to_text() == p.to_text() and q.fingerprint == p.fingerprint
    assert q.count().solutions == 40


def test_the_gil_is_released_during_a_count():
    p = dlx.Problem(queens(12))
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.005)

    t = threading.Thread(target=tick)
    t.start()
    start = time.perf_counter()
    s = p.count(threads=1, algorithm="links")
    elapsed = time.perf_counter() - start
    done.set()
    t.join()
    assert s.solutions == QUEENS[12]
    # The other thread ran during the count (if the count took long enough to tell).
    if elapsed > 0.1:
        assert len(ticks) >= 5


@pytest.mark.parametrize("n", [6, 8, 9])
@pytest.mark.parametrize("depth", [1, 2, 3, 6])
def test_shards_add_up_to_the_single_search(n, depth):
    p = dlx.Problem(queens(n))
    single = p.count(threads=1, algorithm="links")
    lines = p.split(depth=depth, probe=100)
    total, missing = dlx.merge([p.solve_shard(l) for l in lines])
    assert missing == [] and total.complete
    assert (total.solutions, total.nodes, total.updates) == (
        single.solutions,
        single.nodes,
        single.updates,
    )
    partial, missing = dlx.merge([p.solve_shard(l) for l in lines[1:]])
    if len(lines) > 1:
        assert missing == [0] and not partial.complete


def test_a_shard_of_another_problem_is_refused():
    lines = dlx.Problem(queens(6)).split(depth=2)
    with pytest.raises(dlx.ShardError, match="fingerprint"):
        dlx.Problem(queens(7)).solve_shard(lines[0])
    with pytest.raises(dlx.ShardError, match="line 1"):
        dlx.Problem(queens(6)).solve_shard("{")


def brute_force(primary, secondary, options):
    """Counts exact covers by trying every subset of options (colors: equal or absent)."""
    count = 0
    for mask in range(1 << len(options)):
        used = {}
        ok = True
        covered = set()
        for k, opt in enumerate(options):
            if not mask >> k & 1:
                continue
            for item, color in opt:
                if item in primary:
                    if item in covered:
                        ok = False
                    covered.add(item)
                else:
                    prev = used.get(item, "absent")
                    if prev != "absent" and (prev is None or color is None or prev != color):
                        ok = False
                    used[item] = color
        if ok and covered == set(primary):
            count += 1
    return count


@st.composite
def problems(draw):
    primary = [f"p{i}" for i in range(draw(st.integers(1, 4)))]
    secondary = [f"s{i}" for i in range(draw(st.integers(0, 2)))]
    options = []
    for _ in range(draw(st.integers(1, 9))):
        ps = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        ss = draw(st.lists(st.sampled_from(secondary), max_size=2, unique=True)) if secondary else []
        opt = [(i, None) for i in ps]
        opt += [(i, draw(st.sampled_from([None, "r", "g"]))) for i in ss]
        options.append(opt)
    return primary, secondary, options


@settings(max_examples=300, deadline=None)
@given(problems(), st.integers(1, 4))
def test_counts_and_shards_match_a_brute_force_count(case, depth):
    primary, secondary, options = case
    lists = [[i if c is None else f"{i}:{c}" for i, c in opt] for opt in options]
    p = dlx.Problem.from_lists(primary, lists, secondary=secondary)
    want = brute_force(primary, secondary, options)
    assert p.count(threads=1, algorithm="links").solutions == want
    assert p.count(threads=2, algorithm="cells").solutions == want
    assert len(list(p.solutions())) == want
    total, missing = dlx.merge([p.solve_shard(l) for l in p.split(depth=depth)])
    assert total.solutions == want and not missing
    assert pickle.loads(pickle.dumps(p)).count().solutions == want
