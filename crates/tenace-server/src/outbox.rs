//! A connection's outgoing queue, bounded: a client that stops reading fills it and is
//! disconnected instead of growing the server's memory (`Limits::outgoing_queue`).

use std::sync::Arc;

use tokio::sync::{mpsc, Notify};

use crate::protocol::ServerMsg;

/// Where a connection's messages go.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<ServerMsg>,
    close: Arc<Notify>,
}

/// The message was not queued: the connection is gone or has been told to close.
#[derive(Debug)]
pub struct Gone;

impl Outbox {
    /// A queue of `capacity` messages and its receiving end (the connection's writer).
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<ServerMsg>) {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        (Outbox { tx, close: Arc::new(Notify::new()) }, rx)
    }

    /// Queues `msg`. When the queue is full the client has stopped reading: the connection is
    /// told to close.
    pub fn send(&self, msg: ServerMsg) -> Result<(), Gone> {
        match self.tx.try_send(msg) {
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
