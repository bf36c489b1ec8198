//! Messages between the nodes of one club, over NATS (issue "Beyond one machine";
//! docs/scaling.md).
//!
//! A player may be connected to any node, while each table has one owner (its lease, see
//! `store::Lease`). The node holding the player's connection hands the player's action to the
//! owner with a NATS request on the table's subject and passes the owner's answer back; the
//! owner publishes each person's messages on that person's subject, which the nodes where the
//! person is connected subscribe to. Subjects:
//!
//! - `tenace.table.<table>.act`: a person's action for `<table>` (request/reply: the reply is
//!   the owner's answer or refusal, so a refusal names its Law as it does on one node);
//! - `tenace.person.<person>`: the messages for a person (views, errors, chat), in the order the
//!   owner sends them (NATS keeps one publisher's order on a subject).
//!
//! Names are encoded (hex) in subjects: a person's name may hold a `.` or a space, which NATS
//! reads as a separator. Messages are the protocol's JSON (docs/protocol.md) wrapped in
//! [`Action`]; nothing else crosses between nodes.

use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

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

/// A person's action, as forwarded to the table's owner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// The person acting (already authenticated by the node that holds the connection).
    pub person: String,
    /// The protocol message, as the person sent it.
    pub message: serde_json::Value,
}

/// One node's connection to the club's NATS.
#[derive(Clone)]
pub struct Bus {
    client: async_nats::Client,
    /// How long a forwarded action waits for the owner's answer.
    answer_within: Duration,
}

impl Bus {
    /// Connects as `node` (the name NATS shows for this connection).
    pub async fn connect(url: &str, node: &str, answer_within: Duration) -> Result<Bus, BusError> {
        let client = async_nats::ConnectOptions::new()
            .name(node)
            .request_timeout(Some(answer_within))
            .connect(url)
            .await
            .map_err(|e| BusError::Connect { url: url.to_string(), why: e.to_string() })?;
        Ok(Bus { client, answer_within })
    }

    /// Forwards `action` to the owner of `table` and waits for its answer.
    pub async fn act(&self, table: &str, action: &Action) -> Result<serde_json::Value, BusError> {
        let payload = serde_json::to_vec(action).map_err(|e| BusError::Malformed(e.to_string()))?;
        // The client's own request time-out is `answer_within` (set at connect).
        let reply = match self.client.request(table_subject(table), payload.into()).await {
            Ok(reply) => reply,
            Err(e) if e.kind() == async_nats::RequestErrorKind::NoResponders => return Err(BusError::NoOwner(table.to_string())),
            Err(e) if e.kind() == async_nats::RequestErrorKind::TimedOut => {
                return Err(BusError::TimedOut { table: table.to_string(), after: self.answer_within })
            }
            Err(e) => return Err(BusError::Nats(e.to_string())),
        };
        serde_json::from_slice(&reply.payload).map_err(|e| BusError::Malformed(format!("the answer for table {table}: {e}")))
    }

    /// As a table's owner: the actions forwarded to `table`, each with the way to answer it.
    pub async fn serve_table(&self, table: &str) -> Result<TableInbox, BusError> {
        let subscriber = self.client.subscribe(table_subject(table)).await.map_err(|e| BusError::Nats(e.to_string()))?;
        self.client.flush().await.map_err(|e| BusError::Nats(e.to_string()))?;
        Ok(TableInbox { client: self.client.clone(), subscriber })
    }

    /// As a table's owner: sends `message` to `person`, wherever the person is connected.
    pub async fn tell(&self, person: &str, message: &serde_json::Value) -> Result<(), BusError> {
        let payload = serde_json::to_vec(message).map_err(|e| BusError::Malformed(e.to_string()))?;
        self.client.publish(person_subject(person), payload.into()).await.map_err(|e| BusError::Nats(e.to_string()))
    }

    /// As the node holding `person`'s connection: the messages the owners send the person.
    pub async fn listen(&self, person: &str) -> Result<PersonInbox, BusError> {
        let subscriber = self.client.subscribe(person_subject(person)).await.map_err(|e| BusError::Nats(e.to_string()))?;
        self.client.flush().await.map_err(|e| BusError::Nats(e.to_string()))?;
        Ok(PersonInbox { subscriber })
    }
}

/// The actions forwarded to one table's owner.
pub struct TableInbox {
    client: async_nats::Client,
    subscriber: async_nats::Subscriber,
}

/// An action waiting for the owner's answer.
pub struct Forwarded {
    pub action: Result<Action, BusError>,
    reply: Option<async_nats::Subject>,
}

impl TableInbox {
    /// The next action (a malformed one comes as an error, to be answered as such).
    pub async fn next(&mut self) -> Option<Forwarded> {
        let message = self.subscriber.next().await?;
        let action = serde_json::from_slice(&message.payload).map_err(|e| BusError::Malformed(format!("a forwarded action: {e}")));
        Some(Forwarded { action, reply: message.reply })
    }

    /// Answers a forwarded action (the sender's node passes the answer to the person).
    pub async fn answer(&self, forwarded: Forwarded, answer: &serde_json::Value) -> Result<(), BusError> {
        let Some(reply) = forwarded.reply else { return Ok(()) };
        let payload = serde_json::to_vec(answer).map_err(|e| BusError::Malformed(e.to_string()))?;
        self.client.publish(reply, payload.into()).await.map_err(|e| BusError::Nats(e.to_string()))?;
        self.client.flush().await.map_err(|e| BusError::Nats(e.to_string()))
    }
}

/// The messages for one person, from every table's owner.
pub struct PersonInbox {
    subscriber: async_nats::Subscriber,
}

impl PersonInbox {
    pub async fn next(&mut self) -> Option<Result<serde_json::Value, BusError>> {
        let message = self.subscriber.next().await?;
        Some(serde_json::from_slice(&message.payload).map_err(|e| BusError::Malformed(format!("a message for a person: {e}"))))
    }
}

fn table_subject(table: &str) -> String {
    format!("tenace.table.{}.act", hex(table))
}

fn person_subject(person: &str) -> String {
    format!("tenace.person.{}", hex(person))
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
            let subject = person_subject(name);
            assert_eq!(subject.split('.').count(), 3, "{subject}");
            assert!(subject.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.'), "{subject}");
        }
        assert_ne!(person_subject("ab"), person_subject("ba"));
    }
}
