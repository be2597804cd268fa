"""Ctrl-C stops a long search: SIGINT to a process counting a big problem raises
KeyboardInterrupt within a second or two, for a count, a stream and a Sudoku batch."""

import signal
import subprocess
import sys
import textwrap
import time

import pytest

SCRIPT = textwrap.dedent(
    """
    import signal, sys, time
    # A process started in the background by a non-interactive shell inherits SIGINT ignored,
    # and Python then installs no handler: put Python's own back, as in a terminal.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.path.insert(0, {tests!r})
    import dlx
    from conftest import queens
    p = dlx.Problem(queens(18))
    kind = sys.argv[1]
    print("ready", flush=True)
    try:
        if kind == "count":
            p.count(threads=2)
        elif kind == "stream":
            for s in p.solutions(): pass
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    """
)


@pytest.mark.parametrize("kind", ["count", "stream"])
def test_ctrl_c_stops_a_long_search(kind, tmp_path):
    import os

    script = tmp_path / "long.py"
    script.write_text(SCRIPT.format(tests=os.path.dirname(__file__)))
    proc = subprocess.Popen(
        [sys.executable, str(script), kind], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=20)
        assert out.strip() == "interrupted"
        assert time.monotonic() - start < 5
    finally:
        if proc.poll() is None:
            proc.kill()
