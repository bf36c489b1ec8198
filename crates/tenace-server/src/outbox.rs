//! A connection's outgoing queue, bounded: a client that stops reading fills it and is
//! disconnected instead of growing the server's memory (`Limits::outgoing_queue`).

use std::sync::atomic::{AtomicU64, Ordering};
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
    queue: Queue,
    close: Arc<Notify>,
    /// The client asked for view patches (crate::patch).
    view_patches: bool,
    /// How many messages for another node's connection were dropped (its queue full).
    dropped: Arc<AtomicU64>,
}

/// A connection of this node has a queue of its own, drained by its writer; a connection of
/// another node (crate::node) shares its node's queue, drained by one courier that sends the
/// messages for many connections in one message between nodes.
#[derive(Clone)]
enum Queue {
    Own(mpsc::Sender<Outgoing>),
    Node { conn: u64, tx: mpsc::Sender<(u64, Outgoing)> },
}

/// The message was not queued: the connection is gone or has been told to close.
#[derive(Debug)]
pub struct Gone;

impl Outbox {
    /// A queue of `capacity` messages and its receiving end (the connection's writer).
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Outgoing>) {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        (Outbox { queue: Queue::Own(tx), close: Arc::new(Notify::new()), view_patches: false, dropped: Arc::default() }, rx)
    }

    /// The outbox of connection `conn` of another node, whose messages join that node's queue
    /// `tx` (crate::node's courier). When that queue is full (the nodes cannot reach each other
    /// fast enough, or at all) a message is dropped: the next view carries the whole table
    /// again, and a node back on NATS has every table followed again.
    pub fn for_node(conn: u64, tx: mpsc::Sender<(u64, Outgoing)>) -> Outbox {
        Outbox { queue: Queue::Node { conn, tx }, close: Arc::new(Notify::new()), view_patches: false, dropped: Arc::default() }
    }

    /// The same outbox, for a client that asked for view patches (or not).
    pub fn with_view_patches(mut self, yes: bool) -> Outbox {
        self.view_patches = yes;
        self
    }

    /// Does the client want view patches (crate::patch)?
    pub fn view_patches(&self) -> bool {
        self.view_patches
    }

    /// How many messages were dropped so far (another node's connection, its queue full): a
    /// table whose follower sees the count grow sends the next view whole, since a patch would
    /// follow a view the client may never have had (each table keeps its own count seen, as
    /// one connection may follow several tables).
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
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
        use mpsc::error::TrySendError::{Closed, Full};
        match &self.queue {
            Queue::Own(tx) => match tx.try_send(out) {
                Ok(()) => Ok(()),
                Err(Full(_)) => {
                    self.close();
                    Err(Gone)
                }
                Err(Closed(_)) => Err(Gone),
            },
            // Full: dropped, not the connection (`Outbox::for_node`).
            Queue::Node { conn, tx } => match tx.try_send((*conn, out)) {
                Ok(()) => Ok(()),
                Err(Full(_)) => {
                    warn_dropped(*conn);
                    self.dropped.fetch_add(1, Ordering::Relaxed);
                    Ok(())
                }
                Err(Closed(_)) => Err(Gone),
            },
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

/// Says (at most once a second, not once per message) that messages for another node's
/// connections are being dropped.
fn warn_dropped(conn: u64) {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let second = crate::cluster::now_ms() as u64 / 1000;
    if LAST.swap(second, Ordering::Relaxed) != second {
        tracing::warn!("the queue to another node is full: messages for its connections (connection {conn} first) are dropped");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_dropped_for_another_node_is_counted_for_every_clone() {
        let (tx, _rx) = mpsc::channel(1);
        let out = Outbox::for_node(7, tx).with_view_patches(true);
        let other_table = out.clone();
        assert!(out.send(ServerMsg::Pong).is_ok());
        assert_eq!(out.dropped(), 0);
        assert!(out.send(ServerMsg::Pong).is_ok(), "dropped, not the connection");
        assert_eq!((out.dropped(), other_table.dropped()), (1, 1), "each table following the connection sees it");
        assert!(other_table.view_patches());
    }
}
