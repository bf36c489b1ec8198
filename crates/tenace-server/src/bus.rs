//! Messages between the nodes of one club, over NATS (issue "Beyond one machine";
//! docs/scaling.md).
//!
//! A player may be connected to any node, while each table has one owner (its lease, see
//! `store::Lease`). The node holding the player's connection hands what the connection asks of
//! a table (join, watch, act, leave, disconnect) to the owner with a NATS request on the table's
//! subject; the owner answers at once that it took the command, and sends every message for the
//! connection (views, refusals naming their Law, notices) on the connection's subject, which its
//! node subscribes to. Subjects:
//!
//! - `tenace.table.<table>.act`: a [`Forward`] for `<table>` (request/reply; "no responders"
//!   means no node holds the table right now);
//! - `tenace.conns.<node>`: the protocol's messages for connections of `<node>`, in [`Batch`]es
//!   (each message names its connection; one batch holds whatever the owner had queued for
//!   that node, often the views of many tables), in the order the owner sends them (NATS keeps
//!   one publisher's order on a subject);
//! - `tenace.lobby`: [`LobbyNews`]: a table's lobby line after each change (most actions change
//!   nothing in it, and send nothing; a node that starts reads the stored tables after it
//!   subscribes here), a table taken over by another node (whose followers elsewhere then
//!   follow it again there), and a node back on NATS after an outage (every node then sends
//!   its lines again).
//!
//! Names are encoded (hex) in subjects: a name may hold a `.` or a space, which NATS reads as
//! a separator. Messages are JSON; nothing else crosses between nodes.

use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tenace_core::Seat;

use crate::protocol::TableSummary;

/// Why a message could not go between nodes.
#[derive(Debug, thiserror::Error)]
pub enum BusError {
    #[error("cannot reach NATS at {url}: {why}")]
    Connect { url: String, why: String },
    /// Nobody serves the table: its owner is gone and no node has taken it over yet.
    #[error("no node holds table {0} right now; try again in a moment")]
    NoOwner(String),
    #[error("table {table}'s node did not answer within {after:?}")]
    TimedOut { table: String, after: Duration },
    #[error("NATS: {0}")]
    Nats(String),
    #[error("a message between nodes is not valid: {0}")]
    Malformed(String),
}

/// What a connection asks of a table, as forwarded to the table's owner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forward {
    /// The node holding the connection (the owner answers on `tenace.conn.<node>.<conn>`).
    pub node: String,
    pub conn: u64,
    /// The person (already authenticated by the node holding the connection).
    pub person: String,
    pub command: Command,
    /// How the connection follows the table (a join or a watch), sent with its actions: an
    /// owner that never saw the join (it was lost while the table moved) follows it first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow: Option<Command>,
    /// The connection asked for view patches (crate::patch).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub view_patches: bool,
}

/// The table commands a connection may send from another node (the protocol's own, docs/protocol.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    Join {
        seat: Seat,
    },
    Watch {
        seat: Option<Seat>,
    },
    Leave,
    /// The connection dropped (its seat is kept for the seat time-out).
    Disconnect,
    Act {
        action: tenace_online::Action,
    },
    /// Fill these empty seats with robots (a table just created by the connection's node).
    Robots {
        seats: Vec<Seat>,
    },
    /// Another table's result on this table's board set was stored (the robots' comparison
    /// run by another node): read the field again and show it.
    Refresh,
}

/// The owner's answer to a [`Forward`]: taken, or refused with the reason.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Taken {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// A request to a tournament run by another node (the protocol's own, docs/protocol.md); the
/// answer is the tournament task's, as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum TournamentAsk {
    Register {
        name: String,
        partner: Option<String>,
        team: Option<(String, Vec<String>)>,
    },
    Play {
        name: String,
    },
    Close {
        name: String,
    },
    View {
        name: String,
        board: Option<u32>,
    },
    Adjust {
        by: String,
        round: u32,
        table: u32,
        board: u32,
        outcome: tenace_events::Outcome,
    },
    CallDirector {
        by: String,
        room: String,
        reason: String,
    },
    AnswerCall {
        by: String,
        call: u32,
        ruling: String,
    },
    /// The finished tournament's report, rendered (HTML or PBN).
    Report {
        html: bool,
    },
}

/// A request to a table run by another node that is not a connection's command: a board's
/// replay, the Director's snapshot. The answer is the table task's, as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum TableAsk {
    Replay { person: String, board: u32, confirmed: bool },
    Snapshot { director: String },
}

/// News for every node's lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "news", rename_all = "snake_case")]
pub enum LobbyNews {
    /// A table's lobby line, after a change, with its board set's seed (the line's set id is
    /// a commitment that does not reveal the seed; the nodes need it to know which tables play
    /// the same deals).
    Table { node: String, summary: TableSummary, set_seed: u64 },
    /// A tournament's line in the list of tournaments (with what a proxy needs), after a change.
    Tournament { node: String, summary: tenace_tournament::TournamentSummary, closes_at: i64, set_seed: u64 },
    /// `node` has taken `table` over (its previous owner stopped): whoever follows it through
    /// another node follows it again there.
    Moved { node: String, table: String },
    /// `node` has reached NATS again after an outage: every node sends its lines again (one
    /// sent while `node` was away is lost to it, and lines go out only when they change).
    Hello { node: String },
}

/// One node's connection to the club's NATS.
#[derive(Clone)]
pub struct Bus {
    client: async_nats::Client,
    /// How long a forwarded action waits for the owner's answer.
    answer_within: Duration,
    /// NATS lost (false) and reached again (true), for [`Bus::events`].
    events: std::sync::Arc<std::sync::Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<bool>>>>,
}

impl Bus {
    /// Connects as `node` (the name NATS shows for this connection).
    pub async fn connect(url: &str, node: &str, answer_within: Duration) -> Result<Bus, BusError> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let client = async_nats::ConnectOptions::new()
            .name(node)
            .request_timeout(Some(answer_within))
            // Keep trying for ever: a NATS restarted is reached again by itself.
            .max_reconnects(None)
            .event_callback(move |event| {
                let tx = tx.clone();
                async move {
                    match event {
                        async_nats::Event::Connected => drop(tx.send(true)),
                        async_nats::Event::Disconnected => drop(tx.send(false)),
                        _ => {}
                    }
                }
            })
            .connect(url)
            .await
            .map_err(|e| BusError::Connect { url: url.to_string(), why: e.to_string() })?;
        Ok(Bus { client, answer_within, events: std::sync::Arc::new(std::sync::Mutex::new(Some(rx))) })
    }

    /// Forwards `forward` to the owner of `table` and waits for its answer.
    pub async fn forward(&self, table: &str, forward: &Forward) -> Result<Taken, BusError> {
        self.request(table_subject(table), table, forward).await
    }

    /// Sends `message` on `subject` and waits for the answer (`whom`: the table or tournament
    /// it is for, named in errors). The client's own request time-out is `answer_within` (set
    /// at connect).
    async fn request<T: serde::de::DeserializeOwned>(&self, subject: String, whom: &str, message: &impl Serialize) -> Result<T, BusError> {
        let payload = serde_json::to_vec(message).map_err(|e| BusError::Malformed(e.to_string()))?;
        let reply = match self.client.request(subject, payload.into()).await {
            Ok(reply) => reply,
            Err(e) if e.kind() == async_nats::RequestErrorKind::NoResponders => return Err(BusError::NoOwner(whom.to_string())),
            Err(e) if e.kind() == async_nats::RequestErrorKind::TimedOut => {
                return Err(BusError::TimedOut { table: whom.to_string(), after: self.answer_within })
            }
            Err(e) => return Err(BusError::Nats(e.to_string())),
        };
        serde_json::from_slice(&reply.payload).map_err(|e| BusError::Malformed(format!("the answer for {whom}: {e}")))
    }

    /// Subscribes to `subject`, the subscription in place at NATS when this returns.
    ///
    /// The client's `flush` only writes to the socket; the server could still be reading the
    /// subscription while another node's request for it arrives (which then found no
    /// responder). NATS reads one connection's operations in order, so a message this client
    /// publishes to its own fresh inbox comes back only after the subscription before it is
    /// in place: one round trip, paid when a node takes a table or starts listening.
    async fn subscribe(&self, subject: String) -> Result<async_nats::Subscriber, BusError> {
        let nats = |e: &dyn std::fmt::Display| BusError::Nats(e.to_string());
        let subscriber = self.client.subscribe(subject).await.map_err(|e| nats(&e))?;
        let inbox = self.client.new_inbox();
        let mut echo = self.client.subscribe(inbox.clone()).await.map_err(|e| nats(&e))?;
        self.client.publish(inbox, Vec::<u8>::new().into()).await.map_err(|e| nats(&e))?;
        match tokio::time::timeout(self.answer_within, echo.next()).await {
            Ok(Some(_)) => Ok(subscriber),
            Ok(None) => Err(BusError::Nats("the connection to NATS closed while subscribing".into())),
            Err(_) => Err(BusError::Nats(format!("NATS did not confirm a subscription within {:?}", self.answer_within))),
        }
    }

    /// As a table's owner: the actions forwarded to `table`, each with the way to answer it.
    pub async fn serve_table(&self, table: &str) -> Result<TableInbox, BusError> {
        Ok(TableInbox { client: self.client.clone(), subscriber: self.subscribe(table_subject(table)).await? })
    }

    /// Asks the node running tournament `id`; the answer as JSON.
    pub async fn ask_tournament(&self, id: &str, ask: &TournamentAsk) -> Result<serde_json::Value, BusError> {
        self.request(tournament_subject(id), id, ask).await
    }

    /// As a tournament's node: the requests other nodes send it.
    pub async fn serve_tournament(&self, id: &str) -> Result<AskInbox, BusError> {
        self.serve_asks(tournament_subject(id)).await
    }

    /// Asks the node running `table` (a replay, the Director's snapshot); the answer as JSON.
    pub async fn ask_table(&self, table: &str, ask: &TableAsk) -> Result<serde_json::Value, BusError> {
        self.request(table_ask_subject(table), table, ask).await
    }

    /// As a table's owner: the [`TableAsk`]s other nodes send it.
    pub async fn serve_table_asks(&self, table: &str) -> Result<AskInbox, BusError> {
        self.serve_asks(table_ask_subject(table)).await
    }

    async fn serve_asks(&self, subject: String) -> Result<AskInbox, BusError> {
        Ok(AskInbox { client: self.client.clone(), subscriber: self.subscribe(subject).await? })
    }

    /// As a table's owner: sends `batch` (messages for connections of `node`).
    pub async fn send(&self, node: &str, batch: Vec<u8>) -> Result<(), BusError> {
        self.client.publish(conns_subject(node), batch.into()).await.map_err(|e| BusError::Nats(e.to_string()))
    }

    /// As the node `node`: the messages owners send its connections.
    pub async fn listen(&self, node: &str) -> Result<ConnInbox, BusError> {
        Ok(ConnInbox { subscriber: self.subscribe(conns_subject(node)).await? })
    }

    /// Tells every node's lobby.
    pub async fn publish(&self, news: &LobbyNews) -> Result<(), BusError> {
        let payload = serde_json::to_vec(news).map_err(|e| BusError::Malformed(e.to_string()))?;
        self.client.publish(LOBBY, payload.into()).await.map_err(|e| BusError::Nats(e.to_string()))
    }

    /// The lobby's news from every node.
    pub async fn lobby(&self) -> Result<LobbyInbox, BusError> {
        Ok(LobbyInbox { subscriber: self.subscribe(LOBBY.to_string()).await? })
    }

    /// NATS lost (`false`) and reached again (`true`), as they happen; for one reader (later
    /// callers get a channel that stays empty).
    pub fn events(&self) -> tokio::sync::mpsc::UnboundedReceiver<bool> {
        let taken = self.events.lock().ok().and_then(|mut e| e.take());
        taken.unwrap_or_else(|| tokio::sync::mpsc::unbounded_channel().1)
    }

    /// Is NATS reachable right now (the client reconnects by itself when it was not)?
    pub fn connected(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
    }
}

const LOBBY: &str = "tenace.lobby";

/// The actions forwarded to one table's owner.
pub struct TableInbox {
    client: async_nats::Client,
    subscriber: async_nats::Subscriber,
}

/// An action waiting for the owner's answer.
pub struct Forwarded {
    pub forward: Result<Forward, BusError>,
    reply: Option<async_nats::Subject>,
}

impl TableInbox {
    /// The next action (a malformed one comes as an error, to be answered as such).
    pub async fn next(&mut self) -> Option<Forwarded> {
        let message = self.subscriber.next().await?;
        let forward = serde_json::from_slice(&message.payload).map_err(|e| BusError::Malformed(format!("a forwarded command: {e}")));
        Some(Forwarded { forward, reply: message.reply })
    }

    /// Answers a forwarded action (the sender's node passes the answer to the person).
    pub async fn answer(&self, forwarded: Forwarded, answer: &Taken) -> Result<(), BusError> {
        let Some(reply) = forwarded.reply else { return Ok(()) };
        let payload = serde_json::to_vec(answer).map_err(|e| BusError::Malformed(e.to_string()))?;
        // No flush: the client sends at once; waiting for the server's round trip here would
        // hold the table's next command.
        self.client.publish(reply, payload.into()).await.map_err(|e| BusError::Nats(e.to_string()))
    }
}

/// The requests to one tournament, or the [`TableAsk`]s to one table.
pub struct AskInbox {
    client: async_nats::Client,
    subscriber: async_nats::Subscriber,
}

impl AskInbox {
    /// The next request (a malformed one comes as an error) and where to answer it.
    pub async fn next<T: serde::de::DeserializeOwned>(&mut self) -> Option<(Result<T, BusError>, Option<async_nats::Subject>)> {
        let message = self.subscriber.next().await?;
        let ask = serde_json::from_slice(&message.payload).map_err(|e| BusError::Malformed(format!("a request on {}: {e}", message.subject)));
        Some((ask, message.reply))
    }

    /// Answers a request.
    pub async fn answer(client: &async_nats::Client, reply: Option<async_nats::Subject>, answer: &serde_json::Value) -> Result<(), BusError> {
        let Some(reply) = reply else { return Ok(()) };
        let payload = serde_json::to_vec(answer).map_err(|e| BusError::Malformed(e.to_string()))?;
        client.publish(reply, payload.into()).await.map_err(|e| BusError::Nats(e.to_string()))
    }

    /// The NATS client, to answer from another task.
    pub fn client(&self) -> async_nats::Client {
        self.client.clone()
    }
}

/// The messages for one node's connections, from every table's owner.
pub struct ConnInbox {
    subscriber: async_nats::Subscriber,
}

impl ConnInbox {
    /// The next batch of messages, each as the protocol's JSON text (passed on as it is: the
    /// owner wrote it from a [`crate::protocol::ServerMsg`]) with the connection it is for.
    pub async fn next(&mut self) -> Option<Result<Vec<(u64, String)>, BusError>> {
        let message = self.subscriber.next().await?;
        Some(Batch::read(&message.payload))
    }
}

/// Messages for the connections of one node, as one NATS message: for each, the connection's
/// number (8 bytes, big-endian), the text's length in bytes (4 bytes, big-endian) and the text
/// (UTF-8). Lengths rather than a separator: a text is passed on as it is, never escaped.
#[derive(Default)]
pub struct Batch {
    bytes: Vec<u8>,
}

impl Batch {
    /// Adds `text` for connection `conn`.
    pub fn push(&mut self, conn: u64, text: &str) {
        self.bytes.extend_from_slice(&conn.to_be_bytes());
        self.bytes.extend_from_slice(&(text.len() as u32).to_be_bytes());
        self.bytes.extend_from_slice(text.as_bytes());
    }

    /// Its size in bytes so far.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The batch, ready to send, leaving this one empty.
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bytes)
    }

    /// The messages of a batch received; a batch cut short or holding text that is not UTF-8
    /// is refused whole, naming the problem.
    pub fn read(mut bytes: &[u8]) -> Result<Vec<(u64, String)>, BusError> {
        let mut messages = Vec::new();
        while !bytes.is_empty() {
            let cut = || BusError::Malformed(format!("a batch for connections is cut short after {} messages", messages.len()));
            let (head, rest) = bytes.split_at_checked(12).ok_or_else(cut)?;
            let conn = u64::from_be_bytes(head[..8].try_into().map_err(|_| cut())?);
            let len = u32::from_be_bytes(head[8..].try_into().map_err(|_| cut())?) as usize;
            let (text, rest) = rest.split_at_checked(len).ok_or_else(cut)?;
            let text = std::str::from_utf8(text).map_err(|e| BusError::Malformed(format!("a message for connection {conn}: {e}")))?;
            messages.push((conn, text.to_string()));
            bytes = rest;
        }
        Ok(messages)
    }
}

/// The lobby's news.
pub struct LobbyInbox {
    subscriber: async_nats::Subscriber,
}

impl LobbyInbox {
    pub async fn next(&mut self) -> Option<Result<LobbyNews, BusError>> {
        let message = self.subscriber.next().await?;
        Some(serde_json::from_slice(&message.payload).map_err(|e| BusError::Malformed(format!("lobby news: {e}"))))
    }
}

fn table_subject(table: &str) -> String {
    format!("tenace.table.{}.act", hex(table))
}

fn table_ask_subject(table: &str) -> String {
    format!("tenace.table.{}.ask", hex(table))
}

fn tournament_subject(id: &str) -> String {
    format!("tenace.tournament.{}.ask", hex(id))
}

fn conns_subject(node: &str) -> String {
    format!("tenace.conns.{}", hex(node))
}

/// A name as one NATS subject token (hex of its UTF-8 bytes).
fn hex(name: &str) -> String {
    name.bytes().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_dots_spaces_and_wildcards_are_single_subject_tokens() {
        for name in ["a.b", "Jean Dupont", "*", ">", "t-1a2b", "Zoë"] {
            let subject = table_subject(name);
            assert_eq!(subject.split('.').count(), 4, "{subject}");
            assert!(subject.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.'), "{subject}");
            assert_eq!(conns_subject(name).split('.').count(), 3);
        }
        assert_ne!(table_subject("ab"), table_subject("ba"));
    }

    #[test]
    fn a_batch_gives_back_its_messages_in_order() {
        let mut batch = Batch::default();
        let texts = [(7, r#"{"type":"view"}"#), (1 << 62, ""), (7, "Zoë\nline"), (0, "{}")];
        for (conn, text) in texts {
            batch.push(conn, text);
        }
        let read = Batch::read(&batch.take()).unwrap();
        assert_eq!(read, texts.iter().map(|(c, t)| (*c, t.to_string())).collect::<Vec<_>>());
        assert!(batch.is_empty());
        assert_eq!(Batch::read(&[]).unwrap(), vec![]);
    }

    #[test]
    fn a_batch_cut_short_or_not_utf8_is_refused_with_the_reason() {
        let mut batch = Batch::default();
        batch.push(3, "hello");
        batch.push(4, "world");
        let bytes = batch.take();
        for cut in [1, 11, 12, bytes.len() - 1] {
            let e = Batch::read(&bytes[..cut]).unwrap_err().to_string();
            assert!(e.contains("cut short"), "{cut}: {e}");
        }
        let mut bad = bytes.to_vec();
        bad[12] = 0xff;
        assert!(Batch::read(&bad).unwrap_err().to_string().contains("connection 3"));
    }
}
