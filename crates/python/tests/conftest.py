"""Shared helpers of the Python tests: problems made here (no data files needed)."""

import itertools
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def queens(n: int) -> str:
    """N queens in Knuth's encoding: rows and columns primary, diagonals secondary."""
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diag_a = [f"a{k}" for k in range(2 * n - 1)]
    diag_b = [f"b{k}" for k in range(2 * n - 1)]
    lines = [" ".join(rows + cols) + " | " + " ".join(diag_a + diag_b)]
    for i, j in itertools.product(range(n), range(n)):
        lines.append(f"r{i} c{j} a{i + j} b{n - 1 - i + j}")
    return "\n".join(lines) + "\n"


# OEIS A000170.
QUEENS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712}
