//! The WebSocket protocol, version 1 (docs/protocol.md): JSON text frames, one message each,
//! tagged by `type`. Clients connect to `/ws/v1` and send `auth` with their session token first
//! (never in the URL, where logs and browser history keep it).

use serde::{Deserialize, Serialize};
use tenace_core::Seat;
use tenace_online::{Action, TableView};
use tenace_tournament::{Kind, Scoring, TournamentSummary, TournamentView};

/// The protocol version this server speaks (the `/ws/v1` path and `welcome.protocol`).
pub const PROTOCOL: u32 = 1;
/// The largest client message accepted, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// A client's message.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message of every connection: the session token from login or register.
    Auth {
        token: String,
        /// Views after a table's first as patches (crate::patch, docs/protocol.md).
        #[serde(default)]
        view_patches: bool,
    },
    /// Ask for the list of tables.
    Lobby {},
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
    Join {
        table: String,
        seat: Seat,
    },
    /// Watch a table as a kibitzer, looking at one hand (Law 76B1).
    Watch {
        table: String,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Stop following a table (a seated player also gives up the seat).
    Leave {
        table: String,
    },
    /// Do something at a table where one sits (or chat as a kibitzer).
    Act {
        table: String,
        action: Action,
    },
    Ping {},
    /// Ask for the list of tournaments.
    Tournaments {},
    /// Create a tournament. A robot individual's window opens `opens_in_minutes` from now and
    /// lasts `minutes`, for `boards` boards. Pairs start `opens_in_minutes` from now and play
    /// `rounds` rounds of `boards_per_round` boards at `minutes_per_board` minutes a board.
    CreateTournament {
        name: String,
        #[serde(default = "default_kind")]
        kind: Kind,
        #[serde(default = "default_boards")]
        boards: u32,
        #[serde(default = "default_scoring")]
        scoring: Scoring,
        #[serde(default)]
        opens_in_minutes: u32,
        /// When it opens (Unix seconds), instead of `opens_in_minutes`.
        #[serde(default)]
        starts_at: Option<i64>,
        #[serde(default = "default_minutes")]
        minutes: u32,
        #[serde(default = "default_rounds")]
        rounds: u32,
        #[serde(default = "default_boards_per_round")]
        boards_per_round: u32,
        #[serde(default = "default_minutes_per_board")]
        minutes_per_board: u32,
        /// Pairs: a player may enter alone with a robot partner.
        #[serde(default = "yes")]
        robots: bool,
        /// Pairs: `shared` (default; every table plays the same boards), `mitchell` or `howell`.
        #[serde(default)]
        movement: tenace_tournament::pairs::PairsMovement,
    },
    /// Enter a tournament; for pairs, with `partner` (an account), or alone with a robot
    /// partner; for teams, as `team` (its name) with the other `members` (accounts).
    Register {
        tournament: String,
        #[serde(default)]
        partner: Option<String>,
        #[serde(default)]
        team: Option<String>,
        #[serde(default)]
        members: Vec<String>,
    },
    /// Play in a tournament one has entered: the server opens (or finds) one's table and seats
    /// one South with robots, as for `create_table`.
    PlayTournament {
        tournament: String,
    },
    /// Ask for what one may see of a tournament (Law 16); in a large robot individual, with the
    /// `board` whose traveller to send.
    Tournament {
        tournament: String,
        #[serde(default)]
        board: Option<u32>,
    },
    /// The creator ends the tournament's window now.
    CloseTournament {
        tournament: String,
    },
    /// A player at a tournament's table calls the Director (Law 9B1(a)), saying why.
    CallDirector {
        table: String,
        #[serde(default)]
        reason: String,
    },
    /// A Director answers call number `call` of a tournament with a ruling, told to the table.
    AnswerCall {
        tournament: String,
        call: u32,
        ruling: String,
    },
    /// A Director's adjusted score (Law 12) for a board at a pairs tournament's table, e.g.
    /// `{"artificial": {"ns": "AveragePlus", "ew": "AverageMinus"}}` or `{"played": {...}}`.
    AdjustScore {
        tournament: String,
        round: u32,
        table: u32,
        board: u32,
        outcome: tenace_events::Outcome,
    },
}

fn default_kind() -> Kind {
    Kind::RobotIndividual
}

fn default_rounds() -> u32 {
    3
}

fn default_boards_per_round() -> u32 {
    2
}

fn default_minutes_per_board() -> u32 {
    7
}

fn yes() -> bool {
    true
}

fn default_scoring() -> Scoring {
    Scoring::Matchpoints
}

/// A day.
fn default_minutes() -> u32 {
    24 * 60
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
    /// Persons following the table who do not sit at it.
    pub kibitzers: usize,
    /// The last board of the set is over.
    #[serde(default)]
    pub set_over: bool,
    /// Set when the table's stored log cannot be replayed: the table is set aside (not played)
    /// and this says why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

impl TableSummary {
    /// The lobby line of a table set aside.
    pub fn unavailable(id: &str, reason: &str) -> TableSummary {
        TableSummary {
            table: id.to_string(),
            name: String::new(),
            set_id: String::new(),
            board: 0,
            boards: 0,
            seats: vec![None; 4],
            kibitzers: 0,
            set_over: false,
            unavailable: Some(reason.to_string()),
        }
    }
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
    Lobby {
        tables: Vec<TableSummary>,
    },
    Created {
        table: String,
    },
    /// Everything this client may see of a table, after every change there.
    View {
        view: Box<TableView>,
        /// The first view to this follower (a join, a watch, a table followed again).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        fresh: bool,
        /// With view patches (crate::patch): the number the next patch follows (random).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
    },
    /// With view patches: what changed since the last view of the table (crate::patch).
    ViewPatch(Box<crate::patch::ViewPatch>),
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
    Tournaments {
        tournaments: Vec<TournamentSummary>,
    },
    /// What the client's person may see of a tournament, after each of their requests about it.
    Tournament {
        view: Box<TournamentView>,
    },
    /// News about a table that is not an error (e.g. the store works again, play resumes).
    Notice {
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        table: Option<String>,
    },
}

impl ServerMsg {
    pub fn error(message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error { message: message.into(), law: None, table: None }
    }
}

/// Parses a client message: valid JSON, at most [`MAX_MESSAGE`] bytes, a known type, no unknown
/// field at any depth. The error names the problem.
pub fn parse(text: &str) -> Result<ClientMsg, String> {
    if text.len() > MAX_MESSAGE {
        return Err(format!("message too large: {} bytes (at most {MAX_MESSAGE})", text.len()));
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("malformed message: {e}"))?;
    let msg = ClientMsg::deserialize(&value).map_err(|e| format!("malformed message: {e}"))?;
    let known = serde_json::to_value(&msg).map_err(|e| format!("malformed message: {e}"))?;
    if let Some(path) = unknown_field(&value, &known) {
        return Err(format!("malformed message: unknown field `{path}`"));
    }
    Ok(msg)
}

/// The first field of `input` (a path such as `action.colour`) that `known` — the same message
/// parsed and written back — does not have: a field this protocol does not define.
pub fn unknown_field(input: &serde_json::Value, known: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    match (input, known) {
        (Value::Object(i), Value::Object(k)) => i.iter().find_map(|(key, v)| match k.get(key) {
            None => Some(key.clone()),
            Some(kv) => unknown_field(v, kv).map(|p| format!("{key}.{p}")),
        }),
        (Value::Array(i), Value::Array(k)) => i.iter().zip(k).find_map(|(a, b)| unknown_field(a, b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str, field: &str) {
        let e = parse(text).unwrap_err();
        assert!(e.contains("unknown field") && e.contains(field), "{text}: {e}");
    }

    #[test]
    fn unknown_fields_are_refused_at_any_depth() {
        refused(r#"{"type":"ping","x":1}"#, "x");
        refused(r#"{"type":"lobby","y":true}"#, "y");
        refused(r#"{"type":"act","table":"t","action":{"action":"leave","z":0}}"#, "z");
        refused(r#"{"type":"act","table":"t","action":{"action":"call","call":"1C","colour":"red"}}"#, "colour");
        assert!(parse(r#"{"type":"act","table":"t","action":{"action":"play","card":"SA"}}"#).is_ok());
        assert!(parse(r#"{"type":"create_table","name":"x","robots":true}"#).is_ok());
        assert!(parse(r#"{"type":"ping"}"#).is_ok());
    }
}
