"""Solves a file of Sudoku lines with `dlx.sudoku.solve_many` over the partitions of a Dask
dataframe (needs `pip install "dask[dataframe]" distributed`).

    python examples/dask_sudoku.py PUZZLES.txt [SCHEDULER]

Each partition is a pandas frame with a `puzzle` column; `solve_many` solves it on all the
cores of the worker that holds it and adds `solution` and `status` columns.
"""

import sys

import dask.dataframe as dd
import pandas as pd
from distributed import Client

from dlx import sudoku


def solve_partition(frame: pd.DataFrame) -> pd.DataFrame:
    solutions, statuses = sudoku.solve_many(list(frame["puzzle"]))
    return frame.assign(solution=solutions, status=statuses)


def main() -> None:
    path = sys.argv[1]
    client = Client(sys.argv[2]) if len(sys.argv) > 2 else Client(processes=False)
    lines = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    frame = dd.from_pandas(pd.DataFrame({"puzzle": lines}), npartitions=8)
    meta = {"puzzle": "object", "solution": "object", "status": "object"}
    solved = frame.map_partitions(solve_partition, meta=meta).compute()
    print(solved["status"].value_counts().to_string())
    client.close()


if __name__ == "__main__":
    main()
