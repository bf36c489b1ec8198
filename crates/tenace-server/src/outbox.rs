//! A connection's outgoing queue, bounded: a client that stops reading fills it and is
//! disconnected instead of growing the server's memory (`Limits::outgoing_queue`).

use std::sync::Arc;

use tokio::sync::{mpsc, Notify};

use crate::protocol::ServerMsg;

/// A message on its way to a connection: built here, or already written as the protocol's JSON
/// (by the node that runs the table, crate::node), passed on as it is.
#[derive(Debug)]
pub enum Outgoing {
    Msg(ServerMsg),
    Json(String),
}

impl Outgoing {
    /// The message as the protocol's JSON text.
    pub fn into_text(self) -> Option<String> {
        match self {
            Outgoing::Msg(m) => serde_json::to_string(&m).ok(),
            Outgoing::Json(t) => Some(t),
        }
    }
}

/// Where a connection's messages go.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Outgoing>,
    close: Arc<Notify>,
}

/// The message was not queued: the connection is gone or has been told to close.
#[derive(Debug)]
pub struct Gone;

impl Outbox {
    /// A queue of `capacity` messages and its receiving end (the connection's writer).
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Outgoing>) {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        (Outbox { tx, close: Arc::new(Notify::new()) }, rx)
    }

    /// Queues `msg`. When the queue is full the client has stopped reading: the connection is
    /// told to close.
    pub fn send(&self, msg: ServerMsg) -> Result<(), Gone> {
        self.queue(Outgoing::Msg(msg))
    }

    /// Queues a message already written as JSON (from another node).
    pub fn send_json(&self, text: String) -> Result<(), Gone> {
        self.queue(Outgoing::Json(text))
    }

    fn queue(&self, out: Outgoing) -> Result<(), Gone> {
        match self.tx.try_send(out) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.close();
                Err(Gone)
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Err(Gone),
        }
    }

    /// Asks the connection to close (a full queue, a revoked session).
    pub fn close(&self) {
        self.close.notify_one();
    }

    /// Resolves once [`Outbox::close`] has been called.
    pub async fn closing(&self) {
        self.close.notified().await
    }
}
