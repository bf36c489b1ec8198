//! The Director's desk (issue 5, item 7): the face-to-face rulings engine (`tenace-director`) in
//! the browser, for Director accounts (`tenace serve --director NAME`).
//!
//! A ruling is one board at the Director's desk: a new deal, or the board being played at an
//! online table, carried over with the calls and cards made there so far (the Director called
//! to the table). The Director enters what happened in the command language of `tenace rule`
//! (`N 1H`, `E HK`, `choose 2`, `claim S 3 …`), by typing or by clicking the page; irregular
//! calls and cards are recorded and open a rectification whose options the page shows with the
//! chooser and the Law. Every accepted event is stored before it is answered, and a ruling is
//! rebuilt from its events (after a restart too). A refused command changes nothing and says why,
//! naming the Law.
//!
//! The desk knows nothing of the club: the club checks who may use it and see what (Law 16),
//! asks a table for its board, and hands the desk the store and the board (club.rs, "The
//! Director's desk").
//!
//! Decisions: any Director account may open, see and continue any ruling (a Director and his
//! assistants share the desk); players never see the desk. Only the current board of an online
//! table is carried over (the Director is called while it is played); its claims, agreements and
//! disputes are carried over too, while a resumed play or a ruling made online stops the carrying
//! (noted in the ruling's origin).

use std::collections::HashMap;

use serde::Serialize;
use tenace_core::Board;
use tenace_director::console::{self, Command, Desk};
use tenace_director::{FaceEvent, FaceTable, Spoken};

use crate::store::{Store, StoreError};

/// Open rulings, rebuilt from the store on first use.
#[derive(Default)]
pub struct Desks {
    open: tokio::sync::Mutex<HashMap<String, Ruling>>,
}

#[derive(Clone)]
struct Ruling {
    origin: String,
    table: FaceTable,
}

/// Why the desk refused a request.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error("only a Director account may use the Director's desk (the server names them with --director NAME)")]
    NotDirector,
    #[error("no ruling {0:?}")]
    NoRuling(String),
    #[error("no table {0:?}")]
    NoTable(String),
    /// The request itself is malformed (a bad deal, an unknown command).
    #[error("{0}")]
    Bad(String),
    /// The Laws do not allow the event now; the ruling is unchanged.
    #[error("refused: {0}")]
    Refused(String),
    #[error("{0}")]
    Store(#[from] StoreError),
    /// Law 16: this Director plays the board set the ruling is about.
    #[error("{0}")]
    Playing(String),
}

/// Where a new ruling's board comes from.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRuling {
    /// The online table whose current board the Director is called to.
    #[serde(default)]
    pub table: Option<String>,
    /// Otherwise board `board` (dealer and vulnerability by Law 2)…
    #[serde(default)]
    pub board: Option<u32>,
    /// …with this deal (PBN, `N:AKQ.…`), or a new random deal.
    #[serde(default)]
    pub deal: Option<String>,
}

/// A ruling as the page receives it.
#[derive(Debug, Serialize)]
pub struct RulingView {
    pub id: String,
    pub origin: String,
    /// What the last command produced (notes, the rectification, whose turn), as the terminal
    /// prints it.
    pub reply: String,
    pub desk: Desk,
}

impl Desks {
    /// Opens ruling `id` on `board`, with the online table's events carried over, and stores it.
    pub async fn open(&self, store: &Store, id: String, director: &str, at: i64, board: Board, called: Option<CalledTo>) -> Result<RulingView, DeskError> {
        let (carried, origin, set_id) = match called {
            Some(c) => (c.events, c.origin, Some(c.set_id)),
            None => (Vec::new(), format!("board {}, a new deal", board.number), None),
        };
        let table = FaceTable::new(board.clone()).map_err(|e| DeskError::Bad(e.to_string()))?;
        let (table, origin) = tokio::task::spawn_blocking(move || carry_over(table, carried, origin))
            .await
            .map_err(|e| DeskError::Bad(format!("the board could not be set up: {e}")))?;
        store.create_ruling(&id, director, &board, &origin, at, table.events()).await?;
        if let Some(set_id) = set_id {
            store.set_ruling_board(&id, &set_id, board.number.get()).await?;
        }
        let reply = console::show(&table);
        let view = RulingView { id: id.clone(), origin: origin.clone(), reply, desk: console::desk(&table) };
        self.open.lock().await.insert(id, Ruling { origin, table });
        Ok(view)
    }

    /// The ruling `id` as it stands.
    pub async fn view(&self, store: &Store, id: &str) -> Result<RulingView, DeskError> {
        let mut open = self.open.lock().await;
        let ruling = load(store, &mut open, id).await?;
        Ok(RulingView { id: id.to_string(), origin: ruling.origin.clone(), reply: console::show(&ruling.table), desk: console::desk(&ruling.table) })
    }

    /// One line of the command language on ruling `id`: stored, then applied.
    pub async fn rule(&self, store: &Store, id: &str, line: &str) -> Result<RulingView, DeskError> {
        let line = line.trim();
        if line.is_empty() || line.len() > 1000 {
            return Err(DeskError::Bad("a command has 1 to 1000 characters; type `help`".into()));
        }
        let mut open = self.open.lock().await;
        let ruling = load(store, &mut open, id).await?;
        let reply = |table: &FaceTable, reply: String| RulingView { id: id.to_string(), origin: ruling.origin.clone(), reply, desk: console::desk(table) };
        // Parsed off the async threads: `adjust` solves the deal double dummy.
        let (table, text) = (ruling.table.clone(), line.to_string());
        let command = tokio::task::spawn_blocking(move || console::command(&table, &text))
            .await
            .map_err(|e| DeskError::Bad(format!("the command could not be read: {e}")))?;
        let event = match command.map_err(DeskError::Bad)? {
            Command::Print(text) => return Ok(reply(&ruling.table, text)),
            Command::Quit => return Err(DeskError::Bad("there is nothing to quit at the desk; open another ruling instead".into())),
            Command::Apply(event) => event,
        };
        // Applied on a copy (a disputed claim runs the Law 70 search), stored, then kept.
        let mut table = ruling.table.clone();
        let before = (table.events().len(), table.notes().len());
        let table = tokio::task::spawn_blocking(move || table.apply(event).map(|()| table))
            .await
            .map_err(|e| DeskError::Bad(format!("the event could not be applied: {e}")))?
            .map_err(|e| DeskError::Refused(e.to_string()))?;
        store.append_ruling(id, before.0, &table.events()[before.0..]).await?;
        let view = reply(&table, console::after(&table, before.1));
        ruling.table = table;
        Ok(view)
    }
}

/// The board of an online table the Director was called to: its events so far, where it came
/// from, and its board set (for Law 16).
pub struct CalledTo {
    pub events: Vec<tenace_table::TableEvent>,
    pub origin: String,
    pub set_id: String,
}

/// Ruling `id` from the open ones, or rebuilt from the store.
async fn load<'a>(store: &Store, open: &'a mut HashMap<String, Ruling>, id: &str) -> Result<&'a mut Ruling, DeskError> {
    if !open.contains_key(id) {
        let stored = store.ruling(id).await?.ok_or_else(|| DeskError::NoRuling(id.to_string()))?;
        let origin = stored.origin;
        let table = tokio::task::spawn_blocking(move || FaceTable::replay(stored.board, stored.events))
            .await
            .map_err(|e| DeskError::Bad(format!("ruling {id} could not be rebuilt: {e}")))?
            .map_err(|e| DeskError::Store(StoreError::Corrupt(format!("ruling {id} does not replay: {e}"))))?;
        open.insert(id.to_string(), Ruling { origin, table });
    }
    open.get_mut(id).ok_or_else(|| DeskError::NoRuling(id.to_string()))
}

/// Replays an online table's events at the face-to-face table, as far as they carry over; the
/// origin says where carrying stopped, if it did.
fn carry_over(mut table: FaceTable, events: Vec<tenace_table::TableEvent>, mut origin: String) -> (FaceTable, String) {
    let total = events.len();
    for (i, e) in events.into_iter().enumerate() {
        let event = match e {
            tenace_table::TableEvent::Call { seat, call, .. } => FaceEvent::Call { seat, call: Spoken::Call(call) },
            tenace_table::TableEvent::Play { seat, card } => FaceEvent::Play { seat, card },
            tenace_table::TableEvent::Claim { seat, tricks, statement } => console::claim(seat, tricks, statement),
            tenace_table::TableEvent::AcceptClaim { seat } => FaceEvent::AnswerClaim { seat, agree: true },
            tenace_table::TableEvent::DoubtClaim { seat } => FaceEvent::AnswerClaim { seat, agree: false },
            other => {
                origin.push_str(&format!(" (carried over {i} of {total} events; stopped at {other:?})"));
                return (table, origin);
            }
        };
        if let Err(e) = table.apply(event) {
            origin.push_str(&format!(" (carried over {i} of {total} events; then: {e})"));
            return (table, origin);
        }
    }
    (table, origin)
}
