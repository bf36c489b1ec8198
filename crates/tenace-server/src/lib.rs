//! The online club: one binary serves the browser client, accounts, the lobby and the tables.
//!
//! - [`store`]: the event store (SQLite by default, PostgreSQL by URL).
//! - [`accounts`]: argon2 password hashes and session tokens.
//! - [`club`]: one task per table, owning a [`tenace_online::Room`]; store, then apply, then send views.
//! - [`desk`]: the Director's desk (face-to-face rulings, `tenace-director`) for Director accounts.
//! - [`http`]: routes — `/` (the client), `/api/register`, `/api/login`, `/ws/v1` (docs/protocol.md).
//! - [`protocol`]: the messages of protocol version 1.

pub mod accounts;
pub mod bus;
pub mod club;
pub mod cluster;
pub mod desk;
pub mod http;
pub mod limits;
pub mod nights;
pub mod node;
pub mod outbox;
pub mod patch;
pub mod protocol;
pub mod sight;
pub mod store;
pub mod tournaments;

use std::net::SocketAddr;
use std::sync::Arc;

pub use club::{Club, ClubConfig};
pub use store::{default_database_url, Store};

#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("{0}")]
    Store(#[from] store::StoreError),
    #[error("a stored table does not replay: {0}")]
    Replay(String),
    /// Joining a club of several nodes failed (NATS, or the node's name taken).
    #[error("{0}")]
    Node(String),
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: String, source: std::io::Error },
}

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    pub club: Arc<Club>,
    pub task: tokio::task::JoinHandle<()>,
}

/// Opens the database, rebuilds every table, and starts serving on `bind` (port 0: any free port).
pub async fn start(bind: &str, database_url: &str, config: ClubConfig) -> Result<Server, ServerError> {
    let store = Store::open(database_url).await?;
    let club = Club::open(store, config).await?;
    let listener = tokio::net::TcpListener::bind(bind).await.map_err(|source| ServerError::Bind { addr: bind.to_string(), source })?;
    let addr = listener.local_addr().map_err(|source| ServerError::Bind { addr: bind.to_string(), source })?;
    let app = http::router(club.clone());
    let limits = club.config.limits.clone();
    let task = tokio::spawn(serve(listener, app, limits));
    Ok(Server { addr, club, task })
}

/// Accepts connections: at most `max_connections` at once; each must send its request headers
/// within `http_header_timeout` (from its start, and again between kept-alive requests), so idle
/// and half-sent connections are closed.
async fn serve(listener: tokio::net::TcpListener, app: axum::Router, limits: limits::Limits) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let slots = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    loop {
        let Ok(permit) = slots.clone().acquire_owned().await else { return };
        let (stream, peer) = match listener.accept().await {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors and the like: wait a little rather than spin.
                tracing::warn!("accept failed: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let header_timeout = limits.http_header_timeout;
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(axum::extract::ConnectInfo(peer));
                let mut app = app.clone();
                async move { tower::Service::call(&mut app, req.map(axum::body::Body::new)).await }
            });
            // HTTP/1.1 only; the header time-out runs from the connection's start and again while
            // a kept-alive connection waits for its next request.
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            let _ = connection.await;
            drop(permit);
        });
    }
}
