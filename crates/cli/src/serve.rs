//! `dlx serve`: the web app and JSON API (the `dlx-server` crate) on a tokio runtime.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;

use crate::output::{self, Found};

/// `dlx serve [--addr ADDR] [limits]`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Wall time one search may take, e.g. 2s, 500ms.
    #[arg(long, value_name = "DURATION", default_value = "2s", value_parser = output::parse_duration)]
    pub time_limit: Duration,
    /// Search-tree nodes one request may explore, e.g. 5M.
    #[arg(long, value_name = "N", default_value = "5M", value_parser = output::parse_count)]
    pub node_budget: u64,
    /// The most steps a trace records.
    #[arg(long, value_name = "N", default_value = "5000", value_parser = output::parse_count)]
    pub max_trace_steps: u64,
    /// The largest request body, in bytes, e.g. 1M.
    #[arg(long, value_name = "BYTES", default_value = "1048576", value_parser = output::parse_count)]
    pub body_limit: u64,
    /// Searches running at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
}

impl ServeArgs {
    /// The server's limits these flags ask for.
    fn limits(&self) -> Result<dlx_server::Limits> {
        let mut limits = dlx_server::Limits {
            time_limit: self.time_limit,
            node_budget: self.node_budget,
            max_trace_steps: usize::try_from(self.max_trace_steps)
                .context("--max-trace-steps is too large")?,
            body_limit: usize::try_from(self.body_limit).context("--body-limit is too large")?,
            ..dlx_server::Limits::default()
        };
        if let Some(w) = self.workers {
            anyhow::ensure!(w > 0, "--workers must be at least 1");
            limits.concurrency = w;
        }
        anyhow::ensure!(
            limits.max_trace_steps > 0,
            "--max-trace-steps must be at least 1"
        );
        Ok(limits)
    }
}

/// Runs `dlx serve` until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<Found> {
    let addr: SocketAddr = args
        .addr
        .parse()
        .with_context(|| format!("`{}` is not an address like 127.0.0.1:8080", args.addr))?;
    let limits = args.limits()?;
    dlx_server::install_log_subscriber();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let server = dlx_server::Server::bind(addr, limits)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let bound = server
            .local_addr()
            .context("cannot read the bound address")?;
        eprintln!("dlx: serving the web app on http://{bound}/ (Ctrl-C to stop)");
        server.run().await.context("the server failed")
    })?;
    Ok(Found::Some)
}
