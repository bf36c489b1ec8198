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

use crate::club::{new_id, now, Club, RoomCmd};
use crate::store::StoreError;

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

impl Club {
    pub fn is_director(&self, name: &str) -> bool {
        self.config.directors.iter().any(|d| d == name)
    }

    /// Opens a ruling for `director` and stores it.
    pub async fn open_ruling(&self, director: &str, new: NewRuling) -> Result<RulingView, DeskError> {
        self.director(director)?;
        let (board, carried, origin, set_id) = match &new.table {
            Some(t) => self.called_to(director, t).await?,
            None => {
                let number = tenace_core::BoardNumber::new(new.board.unwrap_or(1)).map_err(|e| DeskError::Bad(format!("board: {e}")))?;
                let deal = match &new.deal {
                    Some(text) => text.trim().parse().map_err(|e| DeskError::Bad(format!("deal: {e}")))?,
                    None => {
                        use rand::SeedableRng;
                        tenace_core::random_deal(&mut rand::rngs::StdRng::from_os_rng())
                    }
                };
                (Board::numbered(number, deal), Vec::new(), format!("board {number}, a new deal"), None)
            }
        };
        let table = FaceTable::new(board.clone()).map_err(|e| DeskError::Bad(e.to_string()))?;
        let (table, origin) = tokio::task::spawn_blocking(move || carry_over(table, carried, origin))
            .await
            .map_err(|e| DeskError::Bad(format!("the board could not be set up: {e}")))?;
        let id = new_id("r");
        self.store.create_ruling(&id, director, &board, &origin, now(), table.events()).await?;
        if let Some(set_id) = set_id {
            self.store.set_ruling_board(&id, &set_id, board.number.get()).await?;
        }
        let reply = console::show(&table);
        let view = RulingView { id: id.clone(), origin: origin.clone(), reply, desk: console::desk(&table) };
        self.desks.open.lock().await.insert(id, Ruling { origin, table });
        Ok(view)
    }

    /// The ruling `id` as it stands.
    pub async fn ruling(&self, director: &str, id: &str) -> Result<RulingView, DeskError> {
        self.director(director)?;
        self.may_see(director, id).await?;
        let mut open = self.desks.open.lock().await;
        let ruling = self.load(&mut open, id).await?;
        Ok(RulingView { id: id.to_string(), origin: ruling.origin.clone(), reply: console::show(&ruling.table), desk: console::desk(&ruling.table) })
    }

    /// Every ruling: id, the Director who opened it, where its board came from.
    pub async fn rulings(&self, director: &str) -> Result<Vec<(String, String, String)>, DeskError> {
        self.director(director)?;
        Ok(self.store.rulings().await?)
    }

    /// One line of the command language on ruling `id`: stored, then applied.
    pub async fn rule(&self, director: &str, id: &str, line: &str) -> Result<RulingView, DeskError> {
        self.director(director)?;
        self.may_see(director, id).await?;
        let line = line.trim();
        if line.is_empty() || line.len() > 1000 {
            return Err(DeskError::Bad("a command has 1 to 1000 characters; type `help`".into()));
        }
        let mut open = self.desks.open.lock().await;
        let ruling = self.load(&mut open, id).await?;
        let reply = |table: &FaceTable, reply: String| RulingView { id: id.to_string(), origin: ruling.origin.clone(), reply, desk: console::desk(table) };
        let event = match console::command(&ruling.table, line).map_err(DeskError::Bad)? {
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
        self.store.append_ruling(id, before.0, &table.events()[before.0..]).await?;
        let view = reply(&table, console::after(&table, before.1));
        ruling.table = table;
        Ok(view)
    }

    fn director(&self, name: &str) -> Result<(), DeskError> {
        if self.is_director(name) {
            Ok(())
        } else {
            Err(DeskError::NotDirector)
        }
    }

    async fn load<'a>(&self, open: &'a mut HashMap<String, Ruling>, id: &str) -> Result<&'a mut Ruling, DeskError> {
        if !open.contains_key(id) {
            let stored = self.store.ruling(id).await?.ok_or_else(|| DeskError::NoRuling(id.to_string()))?;
            let origin = stored.origin;
            let table = tokio::task::spawn_blocking(move || FaceTable::replay(stored.board, stored.events))
                .await
                .map_err(|e| DeskError::Bad(format!("ruling {id} could not be rebuilt: {e}")))?
                .map_err(|e| DeskError::Store(StoreError::Corrupt(format!("ruling {id} does not replay: {e}"))))?;
            open.insert(id.to_string(), Ruling { origin, table });
        }
        open.get_mut(id).ok_or_else(|| DeskError::NoRuling(id.to_string()))
    }

    /// The board being played at online table `t` and its events so far, with its set, unless
    /// `director` plays that set (Law 16).
    async fn called_to(&self, director: &str, t: &str) -> Result<(Board, Vec<tenace_table::TableEvent>, String, Option<String>), DeskError> {
        let handle = self.room(t).ok_or_else(|| DeskError::NoTable(t.to_string()))?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        handle.tx.send(RoomCmd::Snapshot { director: director.to_string(), reply: tx }).map_err(|_| DeskError::NoTable(t.to_string()))?;
        let snap = rx.await.map_err(|_| DeskError::NoTable(t.to_string()))?.map_err(DeskError::Playing)?;
        let origin = format!("table {t}, board {}", snap.board.number);
        Ok((snap.board, snap.events, origin, Some(snap.set_id)))
    }

    /// A ruling on a board of an online set is shown only to a Director who does not play that
    /// set; showing it writes the four hands to the ledger first (Law 16).
    async fn may_see(&self, director: &str, id: &str) -> Result<(), DeskError> {
        let Some((set_id, board)) = self.store.ruling_board(id).await? else { return Ok(()) };
        let same_set = |table: &str| self.room(table).and_then(|h| h.summary.lock().ok().map(|s| s.set_id == set_id && !s.set_over)).unwrap_or(false);
        let seated = self.sight.seated_at(director).map(|s| s.table).filter(|t| same_set(t));
        let holding = || self.sight.holding(director, None, "").filter(|t| same_set(t));
        if let Some(table) = seated.or_else(holding) {
            return Err(DeskError::Playing(format!(
                "you play this board set at table {table}; a Director who plays a board set may not rule on its boards (Law 16)"
            )));
        }
        if let Some(news) = self.sight.news(director, &set_id, board, 0xF) {
            let news = [news];
            self.store.record_seen(&news).await?;
            self.sight.remember(&news);
        }
        Ok(())
    }
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
