//! Integration tests of `dlx-sudoku-fast`: every returned solution goes through an
//! independent validator, and the three 9x9 paths (fast, portable, generic) are checked
//! against each other and against a plain reference counter.

mod common;
mod generic;
mod nine;
mod props;
