"""Type stubs of the native module ``dlx._dlx``."""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union, final

STATUSES: List[str]

class DlxError(ValueError): ...
class ParseError(DlxError):
    line: int
    column: int
class ProblemError(DlxError): ...
class SudokuError(DlxError):
    field: str
    line: Optional[int]
    column: Optional[int]
    cells: List[Tuple[int, int]]
class ShardError(DlxError): ...

@final
class Stats:
    """What a search found and the work it did."""
    solutions: int
    nodes: int
    updates: int
    forced: int
    complete: bool
    status: str
    seconds: float
    max_depth: int
    level_nodes: List[int]
    def as_dict(self) -> Dict[str, Any]: ...

@final
class Solutions(Iterator[List[int]]):
    """A stream of solutions (lists of option numbers); ``close()`` stops the search."""
    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> List[int]: ...
    def close(self) -> None: ...
    @property
    def stats(self) -> Optional[Stats]: ...

_Entry = Union[str, Tuple[str, str]]

@final
class Problem:
    """An exact-cover problem with colors."""
    def __new__(cls, text: str) -> "Problem": ...
    @staticmethod
    def from_lists(
        primary: Sequence[str],
        options: Sequence[Sequence[_Entry]],
        secondary: Sequence[str] = ...,
    ) -> "Problem": ...
    def to_text(self) -> str: ...
    @property
    def fingerprint(self) -> str: ...
    @property
    def items(self) -> int: ...
    @property
    def primary_items(self) -> int: ...
    @property
    def options(self) -> int: ...
    def option(self, index: int) -> str: ...
    def count(
        self,
        threads: int = 0,
        nodes: Optional[int] = None,
        seconds: Optional[float] = None,
        algorithm: str = "auto",
        heuristic: str = "mrv",
    ) -> Stats: ...
    def solutions(self, limit: Optional[int] = None, heuristic: str = "mrv") -> Solutions: ...
    def split(
        self,
        depth: Optional[int] = None,
        shards: Optional[int] = None,
        algorithm: str = "links",
        heuristic: str = "mrv",
        probe: int = 0,
    ) -> List[str]: ...
    def solve_shard(self, line: str) -> str: ...

def merge(lines: Sequence[str]) -> Tuple[Stats, List[int]]: ...
def sudoku_solve(puzzle: str, seconds: Optional[float] = None) -> Optional[str]: ...
def sudoku_count(puzzle: str, limit: int = 0, seconds: Optional[float] = None) -> Tuple[int, bool, str]: ...
def sudoku_solve_lines(puzzles: Sequence[str], unique: bool = False, threads: int = 0) -> Tuple[List[str], List[int]]: ...
def sudoku_solve_cells(cells: bytes, count: int, side: int, unique: bool = False, threads: int = 0) -> Tuple[bytes, List[int]]: ...
