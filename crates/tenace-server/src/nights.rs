//! Club nights at real tables (issue 20): results entered from a phone at each table, scored
//! live by tenace-events.
//!
//! The scorer (a Director account) creates the night: a pairs movement of tenace-events
//! (Mitchell or Howell), the pairs' names, the boards dealt from a seed or taken from a PBN hand
//! record. Each table gets a short code; its page (`/t/CODE`, no account) is bound to that table
//! of that night. The page shows the pairs the movement seats there in the round being played
//! and the boards they play; North enters each result (contract, declarer, lead, tricks), East-
//! West confirm it on the same phone, and only then is it sent (Law 79A: both sides agree the
//! number of tricks). The server checks it against the movement (Law 8: the right pairs, a board
//! of this round at this table) and Law 77 (a score that can be), stores it, then answers with
//! the board's score and the traveller so far — which a table sees only for a board it has
//! played.
//!
//! Every result carries an id the page made when it was entered; a result whose id was stored
//! already is answered as stored (the page's retry after a lost answer, or a result kept offline
//! and sent when the connection came back), never entered twice. A second, different result
//! for the same board at the same table is refused: after the table has entered it, only the
//! scorer corrects a result (Law 79C) or gives an adjusted score (Law 12), from the scorer's
//! page, which also shows which tables are done and the live ranking (the same text as
//! `tenace event score` prints for the night's event file, which the page downloads).
//!
//! A night is its setup (the event before any result, and the table codes) and a log of
//! results, stored before they are answered and replayed after a restart.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use tenace_core::{Card, Contract, Seat};
use tenace_events::{movement, Contestant, Event, EventBoard, Kind, Method, Outcome, Played, TableResult};

use crate::store::{Store, StoreError};

/// Why a club night request was refused.
#[derive(Debug, thiserror::Error)]
pub enum NightError {
    #[error("only a Director account may score a club night (the server names them with --director NAME)")]
    NotScorer,
    #[error("no club night {0:?}")]
    NoNight(String),
    #[error("no table has the code {0:?}; check the code on the table card")]
    NoTable(String),
    /// The request is malformed or the Laws do not allow it; nothing changed.
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    Store(#[from] StoreError),
}

/// A new club night, as the scorer's page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewNight {
    pub name: String,
    /// `mitchell` (default) or `howell`.
    #[serde(default)]
    pub movement: Option<String>,
    pub tables: u32,
    pub boards_per_round: u32,
    /// Boards dealt from this seed (`tenace deal --seed`); otherwise from the hand record, or
    /// dealt at random.
    #[serde(default)]
    pub seed: Option<u64>,
    /// A PBN hand record: the deal of each board it holds.
    #[serde(default)]
    pub hand_record: Option<String>,
    /// The pairs' names, pair 1 first (missing ones are "Pair N").
    #[serde(default)]
    pub names: Vec<String>,
    /// `YYYY.MM.DD`; today when absent.
    #[serde(default)]
    pub date: Option<String>,
}

/// A result as a table's page sends it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnteredResult {
    /// Made by the page when the result was entered: the same id is never entered twice.
    pub id: String,
    pub round: u32,
    pub board: u32,
    /// `4S`, `3NTX`, `2HXX`, or `Pass` (passed out).
    pub contract: String,
    /// `N`, `E`, `S` or `W` (none when passed out).
    #[serde(default)]
    pub declarer: Option<String>,
    /// The opening lead, `HK`.
    #[serde(default)]
    pub lead: Option<String>,
    /// Tricks won by declarer.
    #[serde(default)]
    pub tricks: u8,
    /// East-West agreed the result on the page (Law 79A).
    pub confirmed: bool,
}

/// A correction (Law 79C) or an adjusted score (Law 12) from the scorer's page.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScorerResult {
    pub board: u32,
    pub ns: u32,
    pub ew: u32,
    /// As a traveller writes it: `4S N =`, `adj 4S N -1`, `60% 4S N = + 40% 3NT S -1`,
    /// `A+/A-`, `40%/60%`, `NS: A+; EW: A`.
    pub outcome: String,
}

/// How a night was set up: the event before any result, and each table's code.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NightSetup {
    pub event: Event,
    /// Table number → its code.
    pub codes: BTreeMap<u32, String>,
}

/// One entry of a night's log.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NightEvent {
    /// A result entered at a table and confirmed there; `id` is the page's.
    Entered { id: String, result: TableResult },
    /// The scorer's correction (79C) or adjusted score (12).
    Scored { by: String, result: TableResult },
}

#[derive(Clone)]
struct Night {
    setup: NightSetup,
    event: Event,
    ids: HashSet<String>,
    logged: usize,
}

impl Night {
    fn replay(setup: NightSetup, events: &[NightEvent]) -> Result<Night, NightError> {
        let mut night = Night { event: setup.event.clone(), setup, ids: HashSet::new(), logged: 0 };
        for e in events {
            night.apply(e).map_err(|e| NightError::Store(StoreError::Corrupt(format!("a stored result does not replay: {e}"))))?;
        }
        Ok(night)
    }

    fn apply(&mut self, e: &NightEvent) -> Result<(), NightError> {
        let result = match e {
            NightEvent::Entered { id, result } => {
                self.ids.insert(id.clone());
                result
            }
            NightEvent::Scored { result, .. } => result,
        };
        self.event.enter(result.clone()).map_err(|e| NightError::Refused(e.to_string()))?;
        self.logged += 1;
        Ok(())
    }

    fn table_of(&self, code: &str) -> Option<u32> {
        self.setup.codes.iter().find(|(_, c)| c.eq_ignore_ascii_case(code)).map(|(t, _)| *t)
    }

    fn slots(&self, table: u32) -> Vec<&movement::Slot> {
        let mut slots: Vec<_> = self.event.movement.iter().flat_map(|m| &m.slots).filter(|s| s.table == table).collect();
        slots.sort_by_key(|s| s.round);
        slots
    }

    /// This table's result on `board`, if entered.
    fn result_at(&self, slot: &movement::Slot, board: u32) -> Option<&TableResult> {
        self.event.results.iter().find(|r| r.board == board && r.ns.contains(slot.ns) && r.ew.contains(slot.ew))
    }
}

/// The club nights being scored, rebuilt from the store on first use. In a club of several
/// nodes (`fresh`), every request reads the night from the store again, so a result another
/// node entered is never missed; of two entries for one night at the very same moment through
/// two nodes, the second finds its place in the log taken (the store's conflict), reads the
/// night again and is decided again (`again_on_conflict`): taken, or refused for what the first
/// one entered.
#[derive(Default)]
pub struct Nights {
    open: tokio::sync::Mutex<HashMap<String, Night>>,
    fresh: bool,
}

/// A table's page.
#[derive(Debug, Serialize)]
pub struct TableView {
    pub night: String,
    pub table: u32,
    pub round: u32,
    pub rounds: u32,
    /// Every round of this table is entered.
    pub done: bool,
    pub ns: Pair,
    pub ew: Pair,
    pub boards: Vec<TableBoard>,
}

#[derive(Debug, Serialize)]
pub struct Pair {
    pub number: u32,
    pub name: String,
}

/// A board of the round at a table: its result once entered, and then the traveller so far.
#[derive(Debug, Serialize)]
pub struct TableBoard {
    pub board: u32,
    pub dealer: Seat,
    pub vulnerability: String,
    pub result: Option<Row>,
    pub traveller: Vec<Row>,
}

/// A traveller row.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub board: u32,
    pub ns: String,
    pub ew: String,
    pub table: Option<u32>,
    pub round: Option<u32>,
    pub result: String,
    pub lead: Option<String>,
    /// North-South's score (Law 77), when the board was played.
    pub score: Option<i32>,
}

/// The scorer's page.
#[derive(Debug, Serialize)]
pub struct ScorerView {
    pub id: String,
    pub name: String,
    pub codes: Vec<(u32, String)>,
    /// Each round and table: the pairs, the boards and how many are entered.
    pub progress: Vec<Progress>,
    /// The live ranking, as `tenace event score` prints it.
    pub ranking: String,
    pub results: Vec<Row>,
}

#[derive(Debug, Serialize)]
pub struct Progress {
    pub round: u32,
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
    pub boards: usize,
    pub entered: usize,
}

impl Nights {
    /// For a club of several nodes: no night is kept between requests.
    pub fn fresh() -> Nights {
        Nights { open: Default::default(), fresh: true }
    }

    /// The nights kept, emptied first when every request must read the store.
    async fn lock(&self) -> tokio::sync::MutexGuard<'_, HashMap<String, Night>> {
        let mut open = self.open.lock().await;
        if self.fresh {
            open.clear();
        }
        open
    }

    /// Creates a night from the scorer's form and stores it.
    pub async fn create(&self, store: &Store, id: String, new: NewNight, now: i64) -> Result<ScorerView, NightError> {
        let setup = setup(new, now)?;
        store.create_night(&id, &setup, now).await?;
        let night = Night::replay(setup, &[])?;
        let view = scorer_view(&id, &night);
        self.open.lock().await.insert(id, night);
        Ok(view)
    }

    /// The scorer's view of night `id`.
    pub async fn scorer(&self, store: &Store, id: &str) -> Result<ScorerView, NightError> {
        let mut open = self.lock().await;
        let night = load(store, &mut open, id).await?;
        Ok(scorer_view(id, night))
    }

    /// Night `id`'s event file (what `tenace event score` reads).
    pub async fn event(&self, store: &Store, id: &str) -> Result<Event, NightError> {
        let mut open = self.lock().await;
        Ok(load(store, &mut open, id).await?.event.clone())
    }

    /// The table whose code is `code`, in the round `round` (by default the first one not yet
    /// entered).
    pub async fn table(&self, store: &Store, code: &str, round: Option<u32>) -> Result<TableView, NightError> {
        let mut open = self.lock().await;
        let (_, night) = find_code(store, &mut open, code).await?;
        table_view(night, code, round)
    }

    /// A result from a table's page: checked, stored, then entered.
    pub async fn enter(&self, store: &Store, code: &str, r: EnteredResult) -> Result<TableView, NightError> {
        self.again_on_conflict(|| self.enter_once(store, code, r.clone())).await
    }

    /// In a club of several nodes, `write` is tried again (up to five times in all) when
    /// another node's entry took its place in the night's log first: the night is read again
    /// each time (`lock`), so the entry is decided against what the other one entered.
    async fn again_on_conflict<T, F: std::future::Future<Output = Result<T, NightError>>>(&self, write: impl Fn() -> F) -> Result<T, NightError> {
        let mut tries = 1;
        loop {
            match write().await {
                Err(NightError::Store(e)) if self.fresh && e.is_conflict() && tries < 5 => tries += 1,
                done => return done,
            }
        }
    }

    async fn enter_once(&self, store: &Store, code: &str, r: EnteredResult) -> Result<TableView, NightError> {
        let mut open = self.lock().await;
        let (id, night) = find_code(store, &mut open, code).await?;
        if r.id.is_empty() || r.id.len() > 100 {
            return Err(NightError::Refused("a result needs the id its page gave it (1 to 100 characters)".into()));
        }
        if night.ids.contains(&r.id) {
            // Sent again (a retry, or kept offline): it is in already.
            return table_view(night, code, Some(r.round));
        }
        if !r.confirmed {
            return Err(NightError::Refused("Law 79A: East-West confirm the result on the page before it is sent".into()));
        }
        let table = night.table_of(code).ok_or_else(|| NightError::NoTable(code.to_string()))?;
        let slot = night
            .slots(table)
            .into_iter()
            .find(|s| s.round == r.round)
            .cloned()
            .ok_or_else(|| NightError::Refused(format!("Law 8: table {table} has no round {}", r.round)))?;
        if !slot.boards.contains(&r.board) {
            return Err(NightError::Refused(format!(
                "Law 8: board {} is not played at table {table} in round {} (its boards are {})",
                r.board,
                r.round,
                slot.boards.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(", ")
            )));
        }
        if let Some(x) = night.result_at(&slot, r.board) {
            return Err(NightError::Refused(format!(
                "board {} already has a result at this table ({}); the scorer corrects it (Law 79C)",
                r.board,
                x.outcome.label()
            )));
        }
        let played = played(&r)?;
        let mut result = TableResult::played(r.board, slot.ns, slot.ew, played);
        result.table = Some(table);
        result.round = Some(r.round);
        result.lead = match r.lead.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
            Some(l) => Some(l.parse::<Card>().map_err(|_| NightError::Refused(format!("{l:?} is not a card (write the lead as HK, S7, DT)")))?),
            None => None,
        };
        if let (Some(lead), Some(deal)) = (result.lead, night.event.board(r.board).and_then(|b| b.deal.as_ref())) {
            // Law 41A: the opening lead is made by the player on declarer's left.
            if let Some(declarer) = played.declarer {
                let leader = declarer.after(1);
                if !deal.hand(leader).contains(lead) {
                    return Err(NightError::Refused(format!(
                        "Law 41A: {leader:?} (on declarer's left) makes the opening lead, and {lead} is not in that hand"
                    )));
                }
            }
        }
        night.event.check_result(&result).map_err(|e| NightError::Refused(e.to_string()))?;
        let entry = NightEvent::Entered { id: r.id, result };
        let mut next = night.clone();
        next.apply(&entry)?;
        store.append_night(&id, night.logged, std::slice::from_ref(&entry)).await?;
        *night = next;
        table_view(night, code, Some(r.round))
    }

    /// The scorer's correction (79C) or adjusted score (12): stored, then entered (replacing the
    /// pairs' result on that board, if any).
    pub async fn score(&self, store: &Store, id: &str, by: &str, r: ScorerResult) -> Result<ScorerView, NightError> {
        self.again_on_conflict(|| self.score_once(store, id, by, r.clone())).await
    }

    async fn score_once(&self, store: &Store, id: &str, by: &str, r: ScorerResult) -> Result<ScorerView, NightError> {
        let mut open = self.lock().await;
        let night = load(store, &mut open, id).await?;
        let outcome: Outcome = r.outcome.parse().map_err(|e: tenace_events::EventError| NightError::Refused(e.to_string()))?;
        let mut result = TableResult::new(r.board, tenace_events::Line::One(r.ns), tenace_events::Line::One(r.ew), outcome);
        if let Some(slot) = night.event.movement.as_ref().and_then(|m| m.slot_for(r.board, r.ns, r.ew)) {
            result.table = Some(slot.table);
            result.round = Some(slot.round);
        }
        if let Some(was) = night.event.results.iter().find(|x| x.board == r.board && x.ns == result.ns && x.ew == result.ew) {
            // The lead stays with a corrected result by the same declarer (it was made by the
            // same player); a different declarer or an adjusted score has no lead.
            let declarer = |o: &Outcome| o.played().and_then(|p| p.declarer);
            result.lead = was.lead.filter(|_| declarer(&result.outcome).is_some() && declarer(&result.outcome) == declarer(&was.outcome));
        }
        night.event.check_result(&result).map_err(|e| NightError::Refused(e.to_string()))?;
        let entry = NightEvent::Scored { by: by.to_string(), result };
        let mut next = night.clone();
        next.apply(&entry)?;
        store.append_night(id, night.logged, std::slice::from_ref(&entry)).await?;
        *night = next;
        Ok(scorer_view(id, night))
    }
}

/// Builds the night's event from the scorer's form.
fn setup(new: NewNight, now: i64) -> Result<NightSetup, NightError> {
    let bad = |e: tenace_events::EventError| NightError::Refused(e.to_string());
    let name = new.name.trim();
    if name.is_empty() || name.len() > 100 {
        return Err(NightError::Refused("a club night needs a name of 1 to 100 characters".into()));
    }
    if !(2..=30).contains(&new.tables) || !(1..=8).contains(&new.boards_per_round) {
        return Err(NightError::Refused("a club night has 2 to 30 tables and 1 to 8 boards a round".into()));
    }
    let m = match new.movement.as_deref().unwrap_or("mitchell").to_ascii_lowercase().as_str() {
        // An even number of tables: the relay-and-bye-stand Mitchell, so that everyone meets
        // everyone (as `tenace event new` does); an odd number: the plain Mitchell.
        "mitchell" if new.tables.is_multiple_of(2) && new.tables >= 4 => movement::mitchell_relay_bye(new.tables, new.boards_per_round, 0).map_err(bad)?,
        "mitchell" => movement::mitchell(new.tables, new.boards_per_round, 0).map_err(bad)?,
        "howell" => movement::howell(new.tables, new.boards_per_round).map_err(bad)?,
        other => return Err(NightError::Refused(format!("movement {other:?}: mitchell or howell"))),
    };
    let mitchell = !m.name.to_ascii_lowercase().contains("howell");
    let numbers: Vec<u32> = m.boards().into_iter().collect();
    let mut deals: BTreeMap<u32, tenace_core::Deal> = BTreeMap::new();
    if let Some(pbn) = new.hand_record.as_deref().filter(|t| !t.trim().is_empty()) {
        let records = tenace_formats::Format::Pbn.parse(pbn).map_err(|e| NightError::Refused(format!("the hand record: {e}")))?;
        for r in records {
            if let (Some(b), Some(d)) = (r.board, r.deal) {
                deals.insert(b.get(), d);
            }
        }
        if let Some(missing) = numbers.iter().find(|b| !deals.contains_key(b)) {
            return Err(NightError::Refused(format!("the hand record has no deal for board {missing}")));
        }
    }
    let mut event = Event::new(name, Kind::Pairs, Method::Matchpoints, 0).map_err(bad)?;
    if let Some(d) = &new.date {
        tenace_events::event::check_date(d).map_err(bad)?;
    }
    event.date = Some(new.date.unwrap_or_else(|| tenace_events::event::pbn_date(now)));
    let secure = if new.seed.is_none() && deals.is_empty() { tenace_events::dealing::secure_deals(&numbers) } else { Vec::new() };
    event.boards = numbers
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let deal = match new.seed {
                Some(s) => tenace_events::dealing::seeded_deal(s, n),
                None => deals.get(&n).copied().unwrap_or_else(|| secure[i]),
            };
            EventBoard::numbered(n, Some(deal))
        })
        .collect::<Result<_, _>>()
        .map_err(bad)?;
    event.contestants = m
        .contestants()
        .into_iter()
        .map(|n| Contestant {
            number: n,
            name: new.names.get(n as usize - 1).map(|s| s.trim()).filter(|s| !s.is_empty()).map_or_else(|| format!("Pair {n}"), str::to_string),
            players: Vec::new(),
            section: None,
        })
        .collect();
    event.rank_by_direction = mitchell;
    event.dealing = new.seed.map(|s| tenace_events::dealing::Dealing::PublishedSeed { commitment: tenace_events::dealing::commitment(s), seed: Some(s) });
    let tables = m.tables();
    event.movement = Some(m);
    event.validate().map_err(bad)?;
    let mut codes = BTreeMap::new();
    let mut used = HashSet::new();
    for t in 1..=tables {
        let code = loop {
            let c = crate::club::new_id("").chars().filter(|c| c.is_ascii_alphanumeric()).take(6).collect::<String>().to_ascii_uppercase();
            if c.len() == 6 && used.insert(c.clone()) {
                break c;
            }
        };
        codes.insert(t, code);
    }
    Ok(NightSetup { event, codes })
}

/// The contract, declarer and tricks the page sent, as a played result.
fn played(r: &EnteredResult) -> Result<Played, NightError> {
    let text = r.contract.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Played::passed_out());
    }
    let contract: Contract = text.parse().map_err(|_| NightError::Refused(format!("{text:?} is not a contract (write 4S, 3NTX, 2HXX or Pass)")))?;
    let declarer = r
        .declarer
        .as_deref()
        .and_then(|d| d.trim().chars().next())
        .and_then(Seat::from_char)
        .ok_or_else(|| NightError::Refused("the declarer is N, E, S or W".into()))?;
    if r.tricks > 13 {
        return Err(NightError::Refused(format!("declarer takes 0 to 13 tricks, not {}", r.tricks)));
    }
    Ok(Played::new(contract, declarer, r.tricks))
}

async fn load<'a>(store: &Store, open: &'a mut HashMap<String, Night>, id: &str) -> Result<&'a mut Night, NightError> {
    if !open.contains_key(id) {
        let (setup, events) = store.night(id).await?.ok_or_else(|| NightError::NoNight(id.to_string()))?;
        open.insert(id.to_string(), Night::replay(setup, &events)?);
    }
    open.get_mut(id).ok_or_else(|| NightError::NoNight(id.to_string()))
}

/// The night holding table code `code`, with its id.
async fn find_code<'a>(store: &Store, open: &'a mut HashMap<String, Night>, code: &str) -> Result<(String, &'a mut Night), NightError> {
    let id = match open.iter().find(|(_, n)| n.table_of(code).is_some()) {
        Some((id, _)) => id.clone(),
        None => store.night_of_code(code).await?.ok_or_else(|| NightError::NoTable(code.to_string()))?,
    };
    let night = load(store, open, &id).await?;
    if night.table_of(code).is_none() {
        return Err(NightError::NoTable(code.to_string()));
    }
    Ok((id, night))
}

fn row(event: &Event, r: &TableResult) -> Row {
    let board = event.board(r.board);
    let score = match (&r.outcome, board) {
        (Outcome::Played(p), Some(b)) => p.ns_score(r.board, b.vulnerability).ok(),
        _ => None,
    };
    Row {
        board: r.board,
        ns: r.ns.to_string(),
        ew: r.ew.to_string(),
        table: r.table,
        round: r.round,
        result: r.outcome.label(),
        lead: r.lead.map(|c| c.to_string()),
        score,
    }
}

fn table_view(night: &Night, code: &str, round: Option<u32>) -> Result<TableView, NightError> {
    let table = night.table_of(code).ok_or_else(|| NightError::NoTable(code.to_string()))?;
    let slots = night.slots(table);
    let complete = |s: &movement::Slot| s.boards.iter().all(|b| night.result_at(s, *b).is_some());
    let done = slots.iter().all(|s| complete(s));
    let slot = match round {
        Some(r) => slots.iter().find(|s| s.round == r).ok_or_else(|| NightError::Refused(format!("Law 8: table {table} has no round {r}")))?,
        None => slots.iter().find(|s| !complete(s)).or(slots.last()).ok_or_else(|| NightError::Refused(format!("table {table} plays no round")))?,
    };
    let pair = |n: u32| Pair { number: n, name: night.event.name_of(n) };
    let boards = slot
        .boards
        .iter()
        .map(|&b| {
            let eb = night.event.board(b);
            let result = night.result_at(slot, b).map(|r| row(&night.event, r));
            // The traveller only once this table has played the board.
            let traveller =
                if result.is_some() { night.event.results.iter().filter(|r| r.board == b).map(|r| row(&night.event, r)).collect() } else { Vec::new() };
            TableBoard {
                board: b,
                dealer: eb.map_or(Seat::North, |e| e.dealer),
                vulnerability: eb.map(|e| format!("{:?}", e.vulnerability)).unwrap_or_default(),
                result,
                traveller,
            }
        })
        .collect();
    Ok(TableView { night: night.event.name.clone(), table, round: slot.round, rounds: slots.len() as u32, done, ns: pair(slot.ns), ew: pair(slot.ew), boards })
}

fn scorer_view(id: &str, night: &Night) -> ScorerView {
    let mut progress: Vec<Progress> = night
        .event
        .movement
        .iter()
        .flat_map(|m| &m.slots)
        .map(|s| Progress {
            round: s.round,
            table: s.table,
            ns: s.ns,
            ew: s.ew,
            boards: s.boards.len(),
            entered: s.boards.iter().filter(|b| night.result_at(s, **b).is_some()).count(),
        })
        .collect();
    progress.sort_by_key(|p| (p.round, p.table));
    let ranking = match tenace_events::score(&night.event) {
        Ok(scores) => tenace_events::report::ranking_text(&scores),
        Err(e) => format!("cannot score yet: {e}"),
    };
    let mut results: Vec<Row> = night.event.results.iter().map(|r| row(&night.event, r)).collect();
    results.sort_by_key(|r| (r.board, r.table));
    ScorerView {
        id: id.to_string(),
        name: night.event.name.clone(),
        codes: night.setup.codes.iter().map(|(t, c)| (*t, c.clone())).collect(),
        progress,
        ranking,
        results,
    }
}
