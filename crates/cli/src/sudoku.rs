//! `dlx sudoku ...`: solve, count, trace and batch-solve Sudoku puzzles.

use anyhow::Result;
use clap::{Args, Subcommand};

use crate::output::Found;

/// `dlx sudoku <command>`.
#[derive(Args, Debug)]
pub struct SudokuArgs {
    #[command(subcommand)]
    pub command: SudokuCommand,
}

/// The Sudoku subcommands.
#[derive(Subcommand, Debug)]
pub enum SudokuCommand {
    /// Solve puzzles (not yet implemented).
    Solve,
}

/// Runs `dlx sudoku`.
pub fn run(args: SudokuArgs) -> Result<Found> {
    match args.command {
        SudokuCommand::Solve => anyhow::bail!("not implemented yet"),
    }
}
