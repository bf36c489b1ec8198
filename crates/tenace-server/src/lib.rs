//! The online club: one binary serves the browser client, accounts, the lobby and the tables.
//!
//! - [`store`]: the event store (SQLite by default, PostgreSQL by URL).
//! - [`accounts`]: argon2 password hashes and session tokens.
//! - [`club`]: one task per table, owning a [`tenace_online::Room`]; store, then apply, then send views.
//! - [`desk`]: the Director's desk (face-to-face rulings, `tenace-director`) for Director accounts.
//! - [`http`]: routes — `/` (the client), `/api/register`, `/api/login`, `/ws/v1` (docs/protocol.md).
//! - [`protocol`]: the messages of protocol version 1.

pub mod accounts;
pub mod club;
pub mod desk;
pub mod http;
pub mod protocol;
pub mod store;

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
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("server stopped: {e}");
        }
    });
    Ok(Server { addr, club, task })
}
