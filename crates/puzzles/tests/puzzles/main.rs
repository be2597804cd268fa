//! Integration tests of `dlx-puzzles`, one binary split by topic.

mod common;
mod counts;
mod shared_files;
mod text_format;
