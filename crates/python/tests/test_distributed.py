"""Exact counts on Dask: an in-process cluster for the checkpoint and resume, and a real one
(a scheduler and two workers as separate processes on 127.0.0.1) that loses a worker
mid-count and still gets the exact count."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import dlx
import dlx.distributed
from conftest import QUEENS, queens

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def local_client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_count_equals_the_single_search(local_client):
    p = dlx.Problem(queens(10))
    single = p.count(threads=1, algorithm="links")
    seen = []
    total = dlx.distributed.count(
        p, local_client, depth=2, progress=lambda d, t, s: seen.append((d, t, s))
    )
    assert total.complete
    assert (total.solutions, total.nodes, total.updates) == (
        single.solutions,
        single.nodes,
        single.updates,
    )
    assert seen[-1][0] == seen[-1][1] and seen[-1][2] == QUEENS[10]


def test_a_scattered_problem_gives_the_same_count(local_client):
    p = dlx.Problem(queens(9))
    total = dlx.distributed.count(p, local_client, shards=50, scatter=True, progress=False)
    assert total.solutions == QUEENS[9] and total.complete
    total = dlx.distributed.count(p, local_client, depth=3, probe=50, progress=False)
    assert total.solutions == QUEENS[9] and total.complete


def test_a_crashed_count_resumes_from_its_checkpoint(local_client, tmp_path):
    p = dlx.Problem(queens(9))
    ckpt = tmp_path / "q9.ckpt"

    class Crash(Exception):
        pass

    def crash_after_5(done, total, solutions):
        if done >= 5:
            raise Crash()

    with pytest.raises(Crash):
        dlx.distributed.count(p, local_client, depth=2, checkpoint=str(ckpt), progress=crash_after_5)
    kept = ckpt.read_text().splitlines()
    assert len(kept) == 5
    # A line cut by the crash is ignored (its shard runs again).
    with open(ckpt, "a") as f:
        f.write(kept[0][: len(kept[0]) // 2])
    calls = []
    total = dlx.distributed.count(
        p, local_client, depth=2, checkpoint=str(ckpt), progress=lambda d, t, s: calls.append(d)
    )
    assert total.solutions == QUEENS[9] and total.complete
    assert calls[0] == 5  # the 5 checkpointed shards were not run again
    # A checkpoint of another split is refused.
    with pytest.raises(dlx.ShardError, match="another split"):
        dlx.distributed.count(p, local_client, depth=3, checkpoint=str(ckpt), progress=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dask_cli() -> str:
    return str(Path(sys.executable).with_name("dask"))


def test_a_worker_killed_mid_count_on_a_real_cluster(tmp_path):
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=os.path.dirname(__file__))
    log = open(tmp_path / "cluster.log", "w")
    procs = []
    try:
        procs.append(
            subprocess.Popen(
                [dask_cli(), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                 "--no-dashboard"],
                stdout=log, stderr=log, env=env,
            )
        )
        workers = []
        for name in ["w1", "w2"]:
            w = subprocess.Popen(
                [dask_cli(), "worker", address, "--nthreads", "1", "--no-nanny",
                 "--no-dashboard", "--name", name, "--host", "127.0.0.1",
                 "--local-directory", str(tmp_path / name)],
                stdout=log, stderr=log, env=env,
            )
            procs.append(w)
            workers.append(w)
        client = distributed.Client(address, timeout=30)
        client.wait_for_workers(2, timeout=60)
        p = dlx.Problem(queens(12))
        state = {"killed": False, "done_at_kill": None}

        def kill_one(done, total, solutions):
            # Kill worker w2 once a few shards are in, while most are still to run.
            if not state["killed"] and done >= 5:
                workers[1].send_signal(signal.SIGKILL)
                state["killed"] = True
                state["done_at_kill"] = (done, total)

        total = dlx.distributed.count(p, client, depth=3, progress=kill_one)
        assert state["killed"]
        done, shards = state["done_at_kill"]
        assert done < shards  # the kill came mid-count
        assert workers[1].wait(timeout=10) == -signal.SIGKILL
        assert total.solutions == QUEENS[12] and total.complete
        single = p.count(threads=1, algorithm="links")
        assert (total.nodes, total.updates) == (single.nodes, single.updates)
        assert len(client.nthreads()) == 1  # the count finished on the surviving worker
        client.close()
    finally:
        for proc in reversed(procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()


def test_dlx_distributed_is_there_after_import_dlx():
    import subprocess
    import sys

    code = "import dlx; print(dlx.distributed.count.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "count"


def test_the_default_progress_writes_a_few_plain_lines_off_a_terminal():
    import io

    from dlx.distributed import _Progress

    stream = io.StringIO()
    report = _Progress(stream)
    assert not report.terminal
    for done in range(549):
        report(done, 548, done * 3)
    text = stream.getvalue()
    assert "\r" not in text
    lines = text.splitlines()
    assert 10 <= len(lines) <= 12, lines
    assert lines[-1] == "dlx: 548/548 shards, 1644 solutions so far"

    class Tty(io.StringIO):
        def isatty(self):
            return True

    tty = Tty()
    bar = _Progress(tty)
    for done in range(549):
        bar(done, 548, 0)
    assert bar.terminal and tty.getvalue().count("\r") < 40 and tty.getvalue().endswith("\n")
