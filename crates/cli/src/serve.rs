//! `dlx serve`: the web app and JSON API.

use anyhow::Result;
use clap::Args;

use crate::output::Found;

/// `dlx serve [--addr ADDR]`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
}

/// Runs `dlx serve` (not yet implemented).
pub fn run(args: ServeArgs) -> Result<Found> {
    anyhow::bail!(
        "the web app is not built yet (would listen on {})",
        args.addr
    )
}
