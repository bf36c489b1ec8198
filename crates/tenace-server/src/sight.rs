//! Who may see a deal (Law 16: extraneous information; Law 76: spectators; OKb). A deal is seen
//! by a person, not by a connection or a seat: every hand shown to a person (as a player, a
//! kibitzer, or at the Director's desk) is written to the store before it is shown, and these
//! rules read that ledger:
//!
//! 1. A seat at a board in progress is open only to someone who has seen none of that board;
//!    a person coming back to the seat they held during this board may have seen only what
//!    that seat sees now ([`may_sit`]).
//! 2. Nobody sits at a table that still has to play a board they have seen (any table of the
//!    same set).
//! 3. A person sits at one table at a time (a table whose set is over does not count), and
//!    while they play a set they may not watch its other tables or rule on its boards at the
//!    Director's desk. A person who held a seat during a board still in progress plays it until
//!    it ends there, seated or not.
//! 4. A person who held a seat during the board in progress and left it watches that board as
//!    [`Viewer::Public`]: no hidden hand until the board is over.
//!
//! Tables run on their own tasks, in parallel, so a check at one table and a change at another
//! could interleave: the Director's desk finds that a person plays nowhere, that person sits at
//! another table of the set (having seen nothing yet), then the desk shows the four hands. Two
//! decisions therefore run under [`Sight::gate`], each as one step: taking a seat (check what
//! the person has seen, then [`Sight::reserve`]) and showing hands to someone who must not play
//! the set (check where they play, then [`Sight::claim`] the hands). A claimed hand counts as
//! seen for rule 1 and 2 at once, before the store has confirmed it; [`Sight::settle`] makes it
//! part of the ledger once stored, or withdraws it when the store refused it (nothing was shown).

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use tenace_core::Seat;
use tenace_online::{OnlineError, Room, Viewer};

use crate::store::Seen;

/// The hands `viewer` sees of `room`'s current board, as a mask (bit `i` = seat `i`).
pub fn hands_seen(room: &Room, viewer: Viewer) -> u8 {
    Seat::ALL.into_iter().filter(|h| room.sees_hand(viewer, *h)).fold(0, |m, h| m | 1 << h.index())
}

fn names(mask: u8) -> String {
    let v: Vec<&str> = Seat::ALL.into_iter().filter(|s| mask & (1 << s.index()) != 0).map(Seat::name).collect();
    v.join(", ")
}

/// May `person` take `seat` at `room`, given what they have seen of each board of its set
/// (`seen(board)`, a mask of hands)? Rules 1 and 2 of the module docs.
pub fn may_sit(room: &Room, person: &str, seat: Seat, seen: impl Fn(u32) -> u8) -> Result<(), OnlineError> {
    let board = room.board_number();
    if !room.board_over() {
        let mask = seen(board);
        let returning = room.held_this_board(person).contains(&seat);
        let allowed = if returning { hands_seen(room, Viewer::Seat { seat }) } else { 0 };
        if mask & !allowed != 0 {
            return Err(OnlineError::Sight(if returning {
                format!("you have seen {} of board {board}, which {} does not see now; you may not play this board", names(mask & !allowed), seat.name())
            } else {
                format!("you have seen {} of board {board}; a seat at a board in progress is open only to someone who has seen none of it", names(mask))
            }));
        }
    }
    for later in board + 1..=room.options().boards {
        if seen(later) != 0 {
            return Err(OnlineError::Sight(format!("you have seen board {later} of this set, which this table has still to play")));
        }
    }
    Ok(())
}

/// Where a person sits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    pub table: String,
    pub set_seed: u64,
}

/// What one person has seen: by set, by board, a mask of hands.
type SetsSeen = HashMap<String, HashMap<u32, u8>>;

/// The ledger of what each person has seen, and where each person sits.
#[derive(Default)]
pub struct Sight {
    /// Hands seen, by person, then set, then board: looked up per follower on every view sent,
    /// so by `&str` without building a key.
    seen: Mutex<HashMap<String, SetsSeen>>,
    seated: Mutex<HashMap<String, Seating>>,
    /// The persons who held a seat during each table's board in progress (seated or gone since):
    /// they play that board until it ends there, wherever they are.
    holders: Mutex<Holders>,
    /// Hands claimed under the gate and not yet settled (stored or refused by the store).
    pending: Mutex<Vec<Seen>>,
    /// Serialises the decisions described in the module docs.
    gate: Mutex<()>,
}

#[derive(Default)]
struct Holders {
    by_table: HashMap<String, (u64, Vec<String>)>,
    by_person: HashMap<String, Vec<(String, u64)>>,
}

impl Sight {
    pub fn load(seen: Vec<Seen>) -> Sight {
        let sight = Sight::default();
        sight.remember(&seen);
        sight
    }

    /// The hands `person` has seen of board `board` of the set `set_id`, counting hands claimed
    /// and not yet settled.
    pub fn hands(&self, person: &str, set_id: &str, board: u32) -> u8 {
        let Ok(pending) = self.pending.lock() else { return 0xF };
        let claimed = pending.iter().filter(|s| s.person == person && s.set_id == set_id && s.board == board).fold(0, |m, s| m | s.hands);
        claimed | self.stored_hands(person, set_id, board)
    }

    /// The hands the store has confirmed `person` has seen of a board.
    pub fn stored_hands(&self, person: &str, set_id: &str, board: u32) -> u8 {
        let Ok(seen) = self.seen.lock() else { return 0xF };
        seen.get(person).and_then(|sets| sets.get(set_id)).and_then(|boards| boards.get(&board)).copied().unwrap_or(0)
    }

    /// Holds the gate: a seat taken, or hands claimed, after a check made under the same guard.
    /// Never held across an `.await`.
    pub fn gate(&self) -> MutexGuard<'_, ()> {
        self.gate.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts `seen` as seen from now on (for [`may_sit`]), until [`Sight::settle`].
    pub fn claim(&self, seen: &[Seen]) {
        if let Ok(mut p) = self.pending.lock() {
            p.extend(seen.iter().cloned());
        }
    }

    /// Ends a claim: the store confirmed `seen` (it joins the ledger) or refused it.
    pub fn settle(&self, seen: &[Seen], stored: bool) {
        if stored {
            self.remember(seen);
        }
        if let Ok(mut p) = self.pending.lock() {
            for s in seen {
                if let Some(i) = p.iter().position(|q| q == s) {
                    p.swap_remove(i);
                }
            }
        }
    }

    /// What showing `hands` to `person` adds to the ledger (the new union), if anything.
    pub fn news(&self, person: &str, set_id: &str, board: u32, hands: u8) -> Option<Seen> {
        news_over(self.stored_hands(person, set_id, board), person, set_id, board, hands)
    }

    /// Takes stored `seen` entries into the ledger (after the store confirmed them).
    pub fn remember(&self, seen: &[Seen]) {
        if let Ok(mut map) = self.seen.lock() {
            for s in seen {
                let e = map.entry(s.person.clone()).or_default().entry(s.set_id.clone()).or_default().entry(s.board).or_insert(0);
                *e |= s.hands;
            }
        }
    }

    pub fn seated_at(&self, person: &str) -> Option<Seating> {
        self.seated.lock().ok()?.get(person).cloned()
    }

    /// Records that `person` sits at `table`, unless they sit at another table that is still
    /// playing (`playing(table)`): then `Err` names that table.
    pub fn reserve(&self, person: &str, table: &str, set_seed: u64, playing: impl Fn(&str) -> bool) -> Result<(), String> {
        let Ok(mut seated) = self.seated.lock() else { return Err("the club".into()) };
        if let Some(s) = seated.get(person) {
            if s.table != table && playing(&s.table) {
                return Err(s.table.clone());
            }
        }
        seated.insert(person.to_string(), Seating { table: table.to_string(), set_seed });
        Ok(())
    }

    /// The persons who held a seat during `table`'s board in progress (empty between boards).
    pub fn set_holders(&self, table: &str, set_seed: u64, names: Vec<String>) {
        let Ok(mut h) = self.holders.lock() else { return };
        let previous = h.by_table.remove(table).map(|(_, n)| n).unwrap_or_default();
        if previous == names {
            if !names.is_empty() {
                h.by_table.insert(table.to_string(), (set_seed, names));
            }
            return;
        }
        for p in previous {
            if let Some(v) = h.by_person.get_mut(&p) {
                v.retain(|(t, _)| t != table);
                if v.is_empty() {
                    h.by_person.remove(&p);
                }
            }
        }
        for p in &names {
            h.by_person.entry(p.clone()).or_default().push((table.to_string(), set_seed));
        }
        if !names.is_empty() {
            h.by_table.insert(table.to_string(), (set_seed, names));
        }
    }

    /// A table other than `except` where `person` held a seat during the board in progress,
    /// on the set `set_seed`.
    pub fn holding(&self, person: &str, set_seed: u64, except: &str) -> Option<String> {
        let h = self.holders.lock().ok()?;
        h.by_person.get(person)?.iter().find(|(t, seed)| t != except && *seed == set_seed).map(|(t, _)| t.clone())
    }

    /// Every table where `person` held a seat during the board in progress (one per table,
    /// any set).
    pub fn holdings(&self, person: &str) -> Vec<String> {
        let Ok(h) = self.holders.lock() else { return Vec::new() };
        h.by_person.get(person).map(|v| v.iter().map(|(t, _)| t.clone()).collect()).unwrap_or_default()
    }

    /// `person` no longer sits at `table`.
    pub fn release(&self, person: &str, table: &str) {
        if let Ok(mut seated) = self.seated.lock() {
            if seated.get(person).is_some_and(|s| s.table == table) {
                seated.remove(person);
            }
        }
    }
}

/// What `person` sees of `board` for the first time when shown `hands`, given the hands the
/// ledger already holds (`known`): the ledger's entry to be, or `None` when nothing is new.
pub fn news_over(known: u8, person: &str, set_id: &str, board: u32, hands: u8) -> Option<Seen> {
    (hands & !known != 0).then(|| Seen { person: person.to_string(), set_id: set_id.to_string(), board, hands: known | hands })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_online::{Action, Actor, Occupant, RoomEvent, RoomOptions};

    fn room() -> Room {
        let mut r = Room::new(RoomOptions { name: "t".into(), set_seed: 7, boards: 3, kibitzers_see_all: false, first: 1 });
        r.apply(&RoomEvent::Sat { seat: Seat::South, occupant: Occupant::player("ann") }).unwrap();
        for s in [Seat::North, Seat::East, Seat::West] {
            r.apply(&RoomEvent::Sat { seat: s, occupant: Occupant::Robot }).unwrap();
        }
        r
    }

    #[test]
    fn law16_a_newcomer_who_has_seen_nothing_may_sit() {
        let r = room();
        assert!(may_sit(&r, "bob", Seat::East, |_| 0).is_ok());
    }

    #[test]
    fn law16_a_kibitzer_who_watched_south_may_not_take_east_mid_board() {
        let r = room();
        let e = may_sit(&r, "kib", Seat::East, |b| if b == 1 { 1 << Seat::South.index() } else { 0 }).unwrap_err();
        assert_eq!(e.law(), "16");
        assert!(e.to_string().contains("South"), "{e}");
    }

    #[test]
    fn law16_a_player_may_come_back_to_the_seat_they_held() {
        let mut r = room();
        r.act(&Actor { name: "ann".into(), seat: Some(Seat::South) }, Action::Leave).unwrap();
        let south = 1 << Seat::South.index();
        assert!(may_sit(&r, "ann", Seat::South, |b| if b == 1 { south } else { 0 }).is_ok());
        assert!(may_sit(&r, "ann", Seat::West, |b| if b == 1 { south } else { 0 }).is_err(), "another seat of the same board");
    }

    #[test]
    fn law16_nobody_sits_where_a_board_they_have_seen_is_still_to_be_played() {
        let r = room();
        let e = may_sit(&r, "bob", Seat::East, |b| if b == 3 { 0xF } else { 0 }).unwrap_err();
        assert!(e.to_string().contains("board 3"), "{e}");
    }

    #[test]
    fn the_ledger_reports_only_new_hands() {
        let s = Sight::default();
        let first = s.news("ann", "set", 1, 0b0100).unwrap();
        s.remember(&[first]);
        assert!(s.news("ann", "set", 1, 0b0100).is_none());
        assert_eq!(s.news("ann", "set", 1, 0b0001).unwrap().hands, 0b0101);
    }

    #[test]
    fn a_player_who_left_still_holds_the_board_until_it_ends() {
        let s = Sight::default();
        s.set_holders("t1", 9, vec!["ann".into(), "bob".into()]);
        assert_eq!(s.holding("ann", 9, "t2").as_deref(), Some("t1"));
        assert_eq!(s.holding("ann", 9, "t1"), None, "the table itself is excepted");
        assert_eq!(s.holding("ann", 8, "t2"), None, "another set");
        s.set_holders("t1", 9, Vec::new());
        assert_eq!(s.holding("ann", 9, ""), None, "the board is over");
        assert!(s.holdings("ann").is_empty(), "nothing held once the board is over");
    }

    #[test]
    fn law16_every_board_held_counts_not_only_the_first() {
        // A Director who left a board in progress at t0 (set 8) and holds one at t1 (set 9)
        // plays set 9: the desk checks every holding (it checked the first one found).
        let s = Sight::default();
        s.set_holders("t0", 8, vec!["dir".into()]);
        s.set_holders("t1", 9, vec!["dir".into()]);
        let held = s.holdings("dir");
        assert_eq!(held.len(), 2, "{held:?}");
        assert!(held.contains(&"t1".to_string()));
        assert_eq!(s.holding("dir", 9, "").as_deref(), Some("t1"));
    }

    #[test]
    fn law16_claimed_hands_count_as_seen_until_settled() {
        let s = Sight::default();
        let shown = s.news("dir", "set", 1, 0xF).unwrap();
        s.claim(std::slice::from_ref(&shown));
        assert_eq!(s.hands("dir", "set", 1), 0xF, "a claim bars a seat at once");
        assert_eq!(s.news("dir", "set", 1, 0xF).as_ref(), Some(&shown), "but is not yet stored");
        s.settle(std::slice::from_ref(&shown), false);
        assert_eq!(s.hands("dir", "set", 1), 0, "the store refused: nothing was shown");
        s.claim(std::slice::from_ref(&shown));
        s.settle(std::slice::from_ref(&shown), true);
        assert_eq!(s.hands("dir", "set", 1), 0xF);
        assert!(s.news("dir", "set", 1, 0xF).is_none());
    }

    #[test]
    fn one_table_at_a_time() {
        let s = Sight::default();
        s.reserve("ann", "t1", 1, |_| true).unwrap();
        assert_eq!(s.reserve("ann", "t2", 2, |_| true).unwrap_err(), "t1");
        assert!(s.reserve("ann", "t2", 2, |_| false).is_ok(), "a finished table does not hold its players");
        s.release("ann", "t1");
        assert_eq!(s.seated_at("ann").unwrap().table, "t2", "releasing another table changes nothing");
    }
}
