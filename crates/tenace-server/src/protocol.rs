//! The WebSocket protocol, version 1 (docs/protocol.md): JSON text frames, one message each,
//! tagged by `type`. Clients connect to `/ws/v1?token=...`.

use serde::{Deserialize, Serialize};
use tenace_core::Seat;
use tenace_online::{Action, TableView};

/// The protocol version this server speaks (the `/ws/v1` path and `welcome.protocol`).
pub const PROTOCOL: u32 = 1;
/// The largest client message accepted, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// A client's message.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Ask for the list of tables.
    Lobby,
    /// Open a new table and sit at `seat` (South by default).
    CreateTable {
        name: String,
        #[serde(default = "default_boards")]
        boards: u32,
        /// Fill the other seats with robots.
        #[serde(default)]
        robots: bool,
        #[serde(default)]
        kibitzers_see_all: bool,
        /// Play the same board set as this table (duplicate); a new set when absent.
        #[serde(default)]
        same_set_as: Option<String>,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Take a seat (also: come back to one's seat after a dropped connection).
    Join { table: String, seat: Seat },
    /// Watch a table as a kibitzer, looking at one hand (Law 76B1).
    Watch {
        table: String,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Stop following a table (a seated player also gives up the seat).
    Leave { table: String },
    /// Do something at a table where one sits (or chat as a kibitzer).
    Act { table: String, action: Action },
    Ping,
}

fn default_boards() -> u32 {
    8
}

/// One line of the lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSummary {
    pub table: String,
    pub name: String,
    pub set_id: String,
    pub board: u32,
    pub boards: u32,
    /// Account name, "Robot", or null for an empty seat, North first.
    pub seats: Vec<Option<String>>,
    pub kibitzers: usize,
}

/// A server's message.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// `director`: the account may use the Director's desk (/director).
    Welcome {
        protocol: u32,
        user: String,
        #[serde(default)]
        director: bool,
    },
    Lobby { tables: Vec<TableSummary> },
    Created { table: String },
    /// Everything this client may see of a table, after every change there.
    View { view: Box<TableView> },
    /// A refusal or a malformed message: only the client that caused it receives it.
    Error {
        message: String,
        /// The Law or procedure refusing the action, when one applies (e.g. "44C").
        #[serde(skip_serializing_if = "Option::is_none")]
        law: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        table: Option<String>,
    },
    Pong,
}

impl ServerMsg {
    pub fn error(message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error { message: message.into(), law: None, table: None }
    }
}
