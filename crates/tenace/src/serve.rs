//! `tenace serve`: the online club (tenace-server). Built with the `server` feature (on by
//! default); without it the offline commands build without axum, sqlx or tokio.

use tenace_server::store::redact;

/// The club's abuse limits (tenace_server::limits), each with its default.
#[derive(clap::Args, Debug)]
pub struct LimitArgs {
    /// Days a session token stays valid after login.
    #[arg(long, default_value_t = 30)]
    session_days: u64,
    /// Failed logins per account and per address before each further attempt must wait.
    #[arg(long, default_value_t = 5)]
    login_free_attempts: u32,
    /// Seconds of the first wait after the free attempts; it doubles with every failure.
    #[arg(long, default_value_t = 1)]
    login_delay_s: u64,
    /// The longest wait between login attempts, in seconds.
    #[arg(long, default_value_t = 900)]
    login_max_delay_s: u64,
    /// WebSocket connections one account may hold at once.
    #[arg(long, default_value_t = 8)]
    connections_per_account: usize,
    /// Messages queued for one connection; a client that lets more pile up unread is disconnected.
    #[arg(long, default_value_t = 256)]
    outgoing_queue: usize,
    /// Seconds a new WebSocket has to send its auth message.
    #[arg(long, default_value_t = 10)]
    auth_timeout_s: u64,
    /// Seconds of silence after which a WebSocket is closed (the club's client pings every 25 s).
    #[arg(long, default_value_t = 120)]
    ws_idle_timeout_s: u64,
    /// Seconds an HTTP connection has to send a request's headers (also between kept-alive requests).
    #[arg(long, default_value_t = 10)]
    http_header_timeout_s: u64,
    /// HTTP connections being read or answered at once; more wait to be accepted (WebSockets are capped per account).
    #[arg(long, default_value_t = 20_000)]
    max_connections: usize,
    /// The largest HTTP request body accepted, in bytes.
    #[arg(long, default_value_t = 16 * 1024)]
    max_body: usize,
}

/// Joining a club of several nodes (tenace_server::node; docs/scaling.md).
#[derive(clap::Args, Debug)]
pub struct NodeArgs {
    /// The club's NATS (e.g. nats://127.0.0.1:4222): this process becomes one node of a club
    /// of several sharing one PostgreSQL database (--database postgres://...).
    #[arg(long, value_name = "URL")]
    nats: Option<String>,
    /// This node's name, unique in the club (default: the host name and the process id).
    #[arg(long, requires = "nats")]
    node: Option<String>,
    /// A lease's length in milliseconds: the tables of a node that stops move to the others
    /// within about this time.
    #[arg(long, default_value_t = 3000, requires = "nats")]
    lease_ms: u64,
}

impl NodeArgs {
    /// The node's settings, or none for a club of one process.
    pub fn config(self) -> Result<Option<tenace_server::node::NodeConfig>, String> {
        let Some(nats) = self.nats else { return Ok(None) };
        if self.lease_ms < 300 {
            return Err("--lease-ms must be at least 300 (the lease is renewed three times per length)".into());
        }
        let name = self.node.unwrap_or_else(|| {
            let host = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_else(|_| "node".into());
            format!("{host}-{}", std::process::id())
        });
        Ok(Some(tenace_server::node::NodeConfig { nats, name, lease: std::time::Duration::from_millis(self.lease_ms) }))
    }
}

impl From<LimitArgs> for tenace_server::limits::Limits {
    fn from(a: LimitArgs) -> Self {
        use std::time::Duration;
        tenace_server::limits::Limits {
            session_lifetime: Duration::from_secs(a.session_days * 24 * 3600),
            login_free_attempts: a.login_free_attempts,
            login_first_delay: Duration::from_secs(a.login_delay_s),
            login_max_delay: Duration::from_secs(a.login_max_delay_s),
            connections_per_account: a.connections_per_account,
            outgoing_queue: a.outgoing_queue,
            auth_timeout: Duration::from_secs(a.auth_timeout_s),
            ws_idle_timeout: Duration::from_secs(a.ws_idle_timeout_s),
            http_header_timeout: Duration::from_secs(a.http_header_timeout_s),
            max_connections: a.max_connections,
            max_body: a.max_body,
        }
    }
}

/// The club's settings from `tenace serve`'s options.
pub fn club_config(
    robot_delay_ms: u64,
    robot_card_budget_ms: f64,
    seat_timeout_s: u64,
    directors: Vec<String>,
    limits: tenace_server::limits::Limits,
    node: Option<tenace_server::node::NodeConfig>,
) -> tenace_server::ClubConfig {
    tenace_server::ClubConfig {
        robot_delay: std::time::Duration::from_millis(robot_delay_ms),
        seat_timeout: std::time::Duration::from_secs(seat_timeout_s),
        robot_comparison: true,
        directors,
        limits,
        robot_card_budget_ms,
        node,
    }
}

/// `tenace serve`: starts the club and runs until interrupted.
pub fn serve(bind: &str, database: Option<String>, config: tenace_server::ClubConfig) -> Result<(), String> {
    let database = database.unwrap_or_else(tenace_server::default_database_url);
    if config.node.is_some() && !database.starts_with("postgres") {
        return Err("a club of several nodes shares one PostgreSQL database: give --database postgres://...".into());
    }
    // The club's log goes to standard error (`RUST_LOG` selects, default `info`): store failures,
    // tables set aside, refused robot moves.
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(false).try_init();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let server = tenace_server::start(bind, &database, config).await.map_err(|e| e.to_string())?;
        println!("Tenace is serving at http://{}/ (database: {})", server.addr, redact(&database));
        if let Some(node) = &server.club.config.node {
            println!("Node {} of a club of several (NATS {}, leases of {} ms)", node.name, node.nats, node.lease.as_millis());
        }
        println!("Open that address in a browser; press Ctrl-C to stop.");
        if !server.club.config.directors.is_empty() {
            println!("The Director's desk: http://{}/director", server.addr);
        }
        tokio::select! {
            r = server.task => r.map_err(|e| e.to_string()),
            _ = tokio::signal::ctrl_c() => {
                server.club.shut_down().await;
                Ok(())
            }
        }
    })
}
