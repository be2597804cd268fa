//! `dlx serve`: the web app and JSON API (the `dlx-server` crate) on a tokio runtime, until
//! Ctrl-C or SIGTERM (the requests in flight finish, and the status is 0).

use std::net::{SocketAddr, ToSocketAddrs};
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;

use crate::output::{self, Found};

/// `dlx serve [--addr ADDR] [limits]`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on, e.g. 127.0.0.1:8080 or localhost:0 (port 0 picks a free
    /// port; the address bound is printed as `listening on http://ADDR`).
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
    /// Searches running at once (default: the number of cores); checks and small solves
    /// have as many slots again of their own.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// How long a client may take to send a request's headers (the connection is closed
    /// after); also how long an idle connection stays open.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = output::parse_duration)]
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body (408 after).
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = output::parse_duration)]
    pub body_timeout: Duration,
    /// How long sending an answer may make no progress before the connection is closed.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = output::parse_duration)]
    pub send_timeout: Duration,
    /// The largest answer, in bytes, e.g. 8M (422 above).
    #[arg(long, value_name = "BYTES", default_value = "8388608", value_parser = output::parse_count)]
    pub response_limit: u64,
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
            header_timeout: self.header_timeout,
            body_timeout: self.body_timeout,
            send_timeout: self.send_timeout,
            response_limit: usize::try_from(self.response_limit)
                .context("--response-limit is too large")?,
            ..dlx_server::Limits::default()
        };
        for (flag, d) in [
            ("--header-timeout", self.header_timeout),
            ("--body-timeout", self.body_timeout),
            ("--send-timeout", self.send_timeout),
        ] {
            anyhow::ensure!(!d.is_zero(), "{flag} must be more than 0");
        }
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

/// The addresses `addr` names (`127.0.0.1:8080`, `[::1]:0`, `localhost:0`), IPv4 first.
fn resolve(addr: &str) -> Result<Vec<SocketAddr>> {
    let mut addrs: Vec<SocketAddr> = addr
        .to_socket_addrs()
        .with_context(|| format!("`{addr}` is not an address like 127.0.0.1:8080 or localhost:0"))?
        .collect();
    addrs.sort_by_key(|a| a.is_ipv6());
    anyhow::ensure!(!addrs.is_empty(), "`{addr}` names no address");
    Ok(addrs)
}

/// Runs `dlx serve` until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> Result<Found> {
    let addrs = resolve(&args.addr)?;
    let limits = args.limits()?;
    dlx_server::install_log_subscriber();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let mut failure = None;
        let mut server = None;
        for addr in addrs {
            match dlx_server::Server::bind(addr, limits.clone()).await {
                Ok(s) => {
                    server = Some(s);
                    break;
                }
                Err(e) => {
                    failure =
                        Some(anyhow::Error::new(e).context(format!("cannot listen on {addr}")))
                }
            }
        }
        let server = match (server, failure) {
            (Some(s), _) => s,
            (None, Some(e)) => return Err(e),
            (None, None) => anyhow::bail!("`{}` names no address", args.addr),
        };
        let bound = server
            .local_addr()
            .context("cannot read the bound address")?;
        // Stdout is line-buffered: the line is out before the first request is served, so a
        // script can read the port from it.
        println!("listening on http://{bound}");
        eprintln!("dlx: serving the web app on http://{bound}/ (Ctrl-C or SIGTERM to stop)");
        server.run().await.context("the server failed")
    })?;
    Ok(Found::Some)
}
