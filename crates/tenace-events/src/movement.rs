//! Movements (Law 8) as data: for every table and round, who sits North-South, who sits
//! East-West and which boards they play. Generators for Mitchell, Howell, team matches and round
//! robins; Swiss pairing; and a validator that names the table, round and board of any fault.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use serde::{Deserialize, Serialize};

use crate::EventError;

/// One table in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub round: u32,
    pub table: u32,
    /// The section the table is in (`A`, `B`...), when the event has several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    pub ns: u32,
    pub ew: u32,
    pub boards: Vec<u32>,
}

/// A movement: the schedule of a session (Law 8A: the Director instructs the players and the
/// movement of the boards).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Movement {
    /// `Mitchell`, `Skip Mitchell`, `Howell`, `Team match`, `Round robin`...
    pub name: String,
    /// Team movements: a team plays each board once in each direction (two rooms).
    #[serde(default)]
    pub teams: bool,
    pub slots: Vec<Slot>,
}

impl Movement {
    pub fn rounds(&self) -> u32 {
        self.slots.iter().map(|s| s.round).max().unwrap_or(0)
    }

    pub fn tables(&self) -> u32 {
        self.slots.iter().map(|s| s.table).max().unwrap_or(0)
    }

    /// Every contestant number that appears.
    pub fn contestants(&self) -> BTreeSet<u32> {
        self.slots.iter().flat_map(|s| [s.ns, s.ew]).collect()
    }

    /// Every board number that appears.
    pub fn boards(&self) -> BTreeSet<u32> {
        self.slots.iter().flat_map(|s| s.boards.iter().copied()).collect()
    }

    /// The slot where `ns` (North-South) meets `ew` on `board`, if the movement has one.
    pub fn slot_for(&self, board: u32, ns: u32, ew: u32) -> Option<&Slot> {
        self.slots.iter().find(|s| s.ns == ns && s.ew == ew && s.boards.contains(&board))
    }

    /// Law 8: checks that no contestant sits at two tables in a round (a team: in two rooms, once
    /// each way), no table holds two
    /// matches in a round, nobody meets themselves, no contestant plays a board twice (in teams:
    /// twice in the same direction), every board is played equally often and every contestant
    /// plays equally many boards.
    pub fn validate(&self) -> Result<(), EventError> {
        let err = |message: String| Err(EventError::Movement { message });
        let mut at_table: HashSet<(u32, u32)> = HashSet::new();
        let mut seated: BTreeMap<(u32, u32, bool), u32> = BTreeMap::new();
        let mut played: HashSet<(u32, u32, bool)> = HashSet::new();
        let mut board_count: BTreeMap<u32, u32> = BTreeMap::new();
        let mut contestant_boards: BTreeMap<u32, u32> = BTreeMap::new();
        for s in &self.slots {
            if s.round == 0 || s.table == 0 {
                return err(format!("table {} round {}: tables and rounds are numbered from 1", s.table, s.round));
            }
            if !at_table.insert((s.round, s.table)) {
                return err(format!("table {} round {}: two matches at the same table", s.table, s.round));
            }
            if s.ns == s.ew {
                return err(format!("table {} round {}: contestant {} cannot play against itself", s.table, s.round, s.ns));
            }
            if s.boards.is_empty() {
                return err(format!("table {} round {}: no boards to play", s.table, s.round));
            }
            for (who, ns) in [(s.ns, true), (s.ew, false)] {
                // A team sits in both rooms of its match: once each way.
                if let Some(other) = seated.insert((s.round, who, !self.teams || ns), s.table) {
                    return err(format!("round {}: contestant {who} is at table {other} and at table {} at the same time", s.round, s.table));
                }
                for &b in &s.boards {
                    if b == 0 {
                        return err(format!("table {} round {}: board numbers start at 1 (Law 2)", s.table, s.round));
                    }
                    let key = (who, b, if self.teams { ns } else { true });
                    if !played.insert(key) {
                        let how = if self.teams { format!(" {} twice", if ns { "North-South" } else { "East-West" }) } else { " twice".into() };
                        return err(format!("table {} round {} board {b}: contestant {who} would play board {b}{how}", s.table, s.round));
                    }
                    *contestant_boards.entry(who).or_default() += 1;
                }
            }
            for &b in &s.boards {
                *board_count.entry(b).or_default() += 1;
            }
        }
        // A Swiss movement is built a round at a time, and a bye leaves a contestant a round
        // short: boards and contestants need not balance.
        if self.name == SWISS {
            return Ok(());
        }
        let distinct = |m: &BTreeMap<u32, u32>| m.values().copied().collect::<BTreeSet<_>>();
        if distinct(&board_count).len() > 1 {
            let (b, n) = board_count.iter().min_by_key(|(_, &n)| n).map(|(b, n)| (*b, *n)).unwrap_or((0, 0));
            let most = board_count.values().max().copied().unwrap_or(0);
            return err(format!("board {b} is played {n} times, other boards {most} times"));
        }
        if distinct(&contestant_boards).len() > 1 {
            let (c, n) = contestant_boards.iter().min_by_key(|(_, &n)| n).map(|(c, n)| (*c, *n)).unwrap_or((0, 0));
            let most = contestant_boards.values().max().copied().unwrap_or(0);
            return err(format!("contestant {c} plays {n} boards, others {most}"));
        }
        Ok(())
    }
}

/// The same movement in `sections` sections (`A`, `B`, ...) playing the same boards: section
/// `k` adds `k` times the largest contestant number to its contestants and `k` times the number
/// of tables to its tables, so numbers stay unique in the event; results are compared across the
/// whole field.
pub fn with_sections(m: &Movement, sections: u32) -> Result<Movement, EventError> {
    if !(1..=26).contains(&sections) {
        return Err(gen_err(format!("1 to 26 sections, not {sections}")));
    }
    let people = m.contestants().last().copied().unwrap_or(0);
    let tables = m.tables();
    let mut slots = Vec::with_capacity(m.slots.len() * sections as usize);
    for k in 0..sections {
        let letter = char::from(b'A' + k as u8).to_string();
        for s in &m.slots {
            slots.push(Slot {
                round: s.round,
                table: s.table + k * tables,
                section: Some(letter.clone()),
                ns: s.ns + k * people,
                ew: s.ew + k * people,
                boards: s.boards.clone(),
            });
        }
    }
    Ok(Movement { name: format!("{} ({sections} sections)", m.name), teams: m.teams, slots })
}

/// The most boards a round (or a match) a generator accepts.
pub const MAX_BOARDS_PER_ROUND: u32 = 100;

fn check_per_round(per_round: u32) -> Result<(), EventError> {
    if (1..=MAX_BOARDS_PER_ROUND).contains(&per_round) {
        Ok(())
    } else {
        Err(gen_err(format!("1 to {MAX_BOARDS_PER_ROUND} boards a round, not {per_round}")))
    }
}

fn set(s: u32, per_round: u32) -> Vec<u32> {
    (s * per_round + 1..=(s + 1) * per_round).collect()
}

fn gen_err(message: String) -> EventError {
    EventError::Generator { message }
}

/// A Mitchell movement for `tables` tables (Law 8): North-South pair `t` stays at table `t`,
/// East-West pairs (numbered `tables + 1 ..`) move up one table and the boards down one table
/// each round. With an even number of tables the East-West pairs skip a table after half the
/// rounds (a skip Mitchell, `tables - 1` rounds). `arrow_switch` is the number of final rounds
/// in which the pairs switch direction, so that one field is ranked.
pub fn mitchell(tables: u32, boards_per_round: u32, arrow_switch: u32) -> Result<Movement, EventError> {
    if !(2..=100).contains(&tables) || boards_per_round == 0 {
        return Err(gen_err(format!(
            "a Mitchell needs 2 to 100 tables and at least 1 board a round (asked for {tables} tables, {boards_per_round} boards a round)"
        )));
    }
    check_per_round(boards_per_round)?;
    let even = tables.is_multiple_of(2);
    let rounds = if even { tables - 1 } else { tables };
    if arrow_switch > rounds {
        return Err(gen_err(format!("cannot arrow-switch {arrow_switch} rounds of {rounds}")));
    }
    let mut slots = Vec::new();
    for r in 0..rounds {
        let skip = u32::from(even && r >= tables / 2);
        for e in 0..tables {
            let table = (e + r + skip) % tables;
            let s = (table + r) % tables;
            let (mut ns, mut ew) = (table + 1, tables + e + 1);
            if r >= rounds - arrow_switch {
                std::mem::swap(&mut ns, &mut ew);
            }
            slots.push(Slot { round: r + 1, table: table + 1, section: None, ns, ew, boards: set(s, boards_per_round) });
        }
    }
    slots.sort_by_key(|s| (s.round, s.table));
    let name = if even { "Skip Mitchell" } else { "Mitchell" };
    Ok(Movement { name: name.into(), teams: false, slots })
}

/// A relay-and-bye-stand Mitchell for an even number of tables (4-100): `tables` rounds, every
/// East-West pair meets every North-South pair and plays every board set. The boards circulate
/// through `tables` positions: tables 1 and `tables` share a set each round (the relay), and a
/// bye stand between tables `tables/2` and `tables/2 + 1` holds one set that nobody plays that
/// round. The shared set must be played in turn (or duplicated).
pub fn mitchell_relay_bye(tables: u32, boards_per_round: u32, arrow_switch: u32) -> Result<Movement, EventError> {
    if !(4..=100).contains(&tables) || !tables.is_multiple_of(2) || boards_per_round == 0 {
        return Err(gen_err(format!("a relay-and-bye-stand Mitchell needs an even number of tables, 4 to 100, and at least 1 board a round (asked for {tables} tables, {boards_per_round} boards a round)")));
    }
    check_per_round(boards_per_round)?;
    if arrow_switch > tables {
        return Err(gen_err(format!("cannot arrow-switch {arrow_switch} rounds of {tables}")));
    }
    // Position of each table's boards in the circuit; the relay tables share position 0 and
    // the bye stand is position tables/2.
    let position = |t: u32| -> u32 {
        if t == 0 || t == tables - 1 {
            0
        } else if t < tables / 2 {
            t
        } else {
            t + 1
        }
    };
    let mut slots = Vec::new();
    for r in 0..tables {
        for e in 0..tables {
            let table = (e + r) % tables;
            let s = (position(table) + r) % tables;
            let (mut ns, mut ew) = (table + 1, tables + e + 1);
            if r >= tables - arrow_switch {
                std::mem::swap(&mut ns, &mut ew);
            }
            slots.push(Slot { round: r + 1, table: table + 1, section: None, ns, ew, boards: set(s, boards_per_round) });
        }
    }
    slots.sort_by_key(|s| (s.round, s.table));
    Ok(Movement { name: "Mitchell with relay and bye stand".into(), teams: false, slots })
}

/// The offsets `σ(k)` that give table `k` of round `r` board set `r + σ(k)` in a circle-method
/// Howell: every pair must see every set once. With `distinct`, the tables of a round also play
/// different sets (a cyclic Room square); otherwise sets may be shared between tables.
fn howell_offsets(tables: u32, distinct: bool) -> Option<Vec<u32>> {
    let m = 2 * tables - 1;
    let mut sigma = vec![0u32; tables as usize];
    let mut used_sigma = vec![false; m as usize];
    let mut used = vec![false; m as usize];
    used_sigma[0] = true;
    used[0] = true;
    fn search(k: u32, t: u32, m: u32, distinct: bool, sigma: &mut [u32], us: &mut [bool], used: &mut [bool]) -> bool {
        if k == t {
            return true;
        }
        for s in 0..m {
            if distinct && us[s as usize] {
                continue;
            }
            let a = (s + m - k) % m;
            let b = (s + k) % m;
            if a == b || used[a as usize] || used[b as usize] {
                continue;
            }
            sigma[k as usize] = s;
            us[s as usize] = true;
            used[a as usize] = true;
            used[b as usize] = true;
            if search(k + 1, t, m, distinct, sigma, us, used) {
                return true;
            }
            us[s as usize] = false;
            used[a as usize] = false;
            used[b as usize] = false;
        }
        false
    }
    search(1, tables, m, distinct, &mut sigma, &mut used_sigma, &mut used).then_some(sigma)
}

/// A complete Howell for `tables` tables (3-15): `2 * tables` pairs, `2 * tables - 1` rounds;
/// every pair meets every other pair once and plays every board set once. Built by the
/// round-robin circle method (pair `2 * tables` stationary at table 1); the board sets are
/// placed by a small search so that, where a cyclic solution exists, the tables of a round play
/// different sets. For 3 and 5 tables none exists (there is no Room square of side 5, and no
/// cyclic one of side 9), so some tables share a set in a round and need duplicated boards.
pub fn howell(tables: u32, boards_per_round: u32) -> Result<Movement, EventError> {
    if !(3..=15).contains(&tables) || boards_per_round == 0 {
        return Err(gen_err(format!(
            "a Howell needs 3 to 15 tables and at least 1 board a round (asked for {tables} tables, {boards_per_round} boards a round)"
        )));
    }
    check_per_round(boards_per_round)?;
    let m = 2 * tables - 1;
    let sigma = howell_offsets(tables, true).or_else(|| howell_offsets(tables, false)).ok_or_else(|| gen_err(format!("no Howell for {tables} tables")))?;
    let mut slots = Vec::new();
    for r in 0..m {
        for k in 0..tables {
            let (a, b) = if k == 0 { (2 * tables, r + 1) } else { ((r + k) % m + 1, (r + m - k) % m + 1) };
            let (ns, ew) = if (r + k) % 2 == 0 { (a, b) } else { (b, a) };
            let s = (r + sigma[k as usize]) % m;
            slots.push(Slot { round: r + 1, table: k + 1, section: None, ns, ew, boards: set(s, boards_per_round) });
        }
    }
    Ok(Movement { name: "Howell".into(), teams: false, slots })
}

/// A team match (Law 8, two rooms): team `home` sits North-South at table 1 (open room) and
/// East-West at table 2 (closed room); the boards are swapped between the rooms.
pub fn team_match(home: u32, away: u32, boards: u32) -> Result<Movement, EventError> {
    if boards == 0 || boards > 1000 || home == away {
        return Err(gen_err("a team match needs two different teams and 1 to 1000 boards".into()));
    }
    let b: Vec<u32> = (1..=boards).collect();
    Ok(Movement {
        name: "Team match".into(),
        teams: true,
        slots: vec![
            Slot { round: 1, table: 1, section: None, ns: home, ew: away, boards: b.clone() },
            Slot { round: 1, table: 2, section: None, ns: away, ew: home, boards: b },
        ],
    })
}

/// Round-robin pairings by the circle method: for `n` contestants (numbered 1..=n) the matches of
/// each round; with an odd `n` one contestant has a bye each round (not listed).
pub fn round_robin_pairings(n: u32) -> Vec<Vec<(u32, u32)>> {
    if n < 2 {
        return Vec::new();
    }
    let size = if n.is_multiple_of(2) { n } else { n + 1 };
    let m = size - 1;
    let mut rounds = Vec::new();
    for r in 0..m {
        let mut round = Vec::new();
        let mut add = |a: u32, b: u32| {
            if a <= n && b <= n {
                round.push((a, b));
            }
        };
        if r % 2 == 0 {
            add(size, r + 1)
        } else {
            add(r + 1, size)
        }
        for k in 1..size / 2 {
            add((r + k) % m + 1, (r + m - k) % m + 1);
        }
        rounds.push(round);
    }
    rounds
}

/// A round robin of team matches: every pair of teams plays one match of `boards_per_match`
/// boards, both rooms (boards are duplicated for every match of a round). Tables `2i-1` and `2i`
/// are the open and closed rooms of match `i`; board numbers continue from round to round.
pub fn team_round_robin(teams: u32, boards_per_match: u32) -> Result<Movement, EventError> {
    if !(2..=200).contains(&teams) {
        return Err(gen_err(format!("a round robin needs 2 to 200 teams, not {teams}")));
    }
    check_per_round(boards_per_match)?;
    let mut slots = Vec::new();
    let pairings = round_robin_pairings(teams);
    let byes = teams % 2 == 1;
    for (r, round) in pairings.iter().enumerate() {
        let r = r as u32;
        let boards = set(r, boards_per_match);
        for (i, &(home, away)) in round.iter().enumerate() {
            let i = i as u32;
            slots.push(Slot { round: r + 1, table: 2 * i + 1, section: None, ns: home, ew: away, boards: boards.clone() });
            slots.push(Slot { round: r + 1, table: 2 * i + 2, section: None, ns: away, ew: home, boards: boards.clone() });
        }
    }
    let name = if byes { "Round robin (with byes)" } else { "Round robin" };
    Ok(Movement { name: name.into(), teams: true, slots })
}

/// The name of a movement built round by round from Swiss pairings ([`add_swiss_round`]).
pub const SWISS: &str = "Swiss";

/// Appends round `round` of a Swiss event to `m`: each match at its own table (a team match at
/// two tables, one room each way, the teams' directions swapped), every table playing `boards`.
/// The movement is left unchanged unless the result passes [`Movement::validate`] (Law 8: no
/// contestant at two tables, no board played twice by anyone).
pub fn add_swiss_round(m: &mut Movement, round: u32, pairs: &[(u32, u32)], boards: &[u32]) -> Result<(), EventError> {
    if boards.is_empty() {
        return Err(EventError::Movement { message: format!("round {round}: no boards to play") });
    }
    let mut next = m.clone();
    next.name = SWISS.into();
    let mut table = 0;
    for &(a, b) in pairs {
        let rooms: &[(u32, u32)] = if m.teams { &[(a, b), (b, a)] } else { &[(a, b)] };
        for &(ns, ew) in rooms {
            table += 1;
            next.slots.push(Slot { round, table, section: None, ns, ew, boards: boards.to_vec() });
        }
    }
    next.validate()?;
    *m = next;
    Ok(())
}

/// The matches of a Swiss round and the contestant with the bye, if any.
pub type SwissRound = (Vec<(u32, u32)>, Option<u32>);

/// Swiss pairing for the next round: contestants in order of score (best first; ties keep the
/// given order), each paired with the highest-placed contestant below it that it has not met,
/// backtracking when the lower half cannot be paired. With an odd number the last contestant
/// that has had no bye (of those that can be left out) gets the bye, returned separately.
pub fn swiss_pairings(standings: &[(u32, f64)], met: &HashSet<(u32, u32)>, had_bye: &HashSet<u32>) -> Result<SwissRound, EventError> {
    let mut order: Vec<(u32, f64)> = standings.to_vec();
    order.sort_by(|a, b| b.1.total_cmp(&a.1));
    let ids: Vec<u32> = order.iter().map(|x| x.0).collect();
    let have_met = |a: u32, b: u32| met.contains(&(a, b)) || met.contains(&(b, a));
    // Depth-first with backtracking; `budget` bounds the search so a hopeless field gives an
    // error rather than running for ever.
    fn pair(rest: &[u32], have_met: &dyn Fn(u32, u32) -> bool, out: &mut Vec<(u32, u32)>, budget: &mut u32) -> bool {
        let Some((&first, others)) = rest.split_first() else { return true };
        for (i, &o) in others.iter().enumerate() {
            if have_met(first, o) {
                continue;
            }
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let remaining: Vec<u32> = others.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            out.push((first, o));
            if pair(&remaining, have_met, out, budget) {
                return true;
            }
            out.pop();
        }
        false
    }
    let mut budget = 200_000u32;
    let candidates_for_bye: Vec<Option<usize>> =
        if ids.len() % 2 == 1 { (0..ids.len()).rev().filter(|&i| !had_bye.contains(&ids[i])).map(Some).collect() } else { vec![None] };
    for bye in candidates_for_bye {
        let rest: Vec<u32> = ids.iter().enumerate().filter(|&(i, _)| Some(i) != bye).map(|(_, &x)| x).collect();
        let mut out = Vec::new();
        if pair(&rest, &have_met, &mut out, &mut budget) {
            return Ok((out, bye.map(|i| ids[i])));
        }
    }
    Err(gen_err("Swiss: found no pairing of this round that avoids a rematch".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn swiss_rounds_are_appended_and_checked() {
        let mut m = Movement { name: String::new(), teams: true, slots: Vec::new() };
        add_swiss_round(&mut m, 1, &[(1, 2), (3, 4)], &[1, 2]).unwrap();
        assert_eq!(m.name, SWISS);
        assert_eq!(m.slots.len(), 4);
        assert_eq!((m.slots[1].table, m.slots[1].ns, m.slots[1].ew), (2, 2, 1));
        // Round 2 with a bye for 4: 3 v 1 at tables 1-2 on boards 3-4.
        add_swiss_round(&mut m, 2, &[(3, 1)], &[3, 4]).unwrap();
        assert_eq!(m.rounds(), 2);
        // Law 8: replaying board 1 is refused, and the movement is left as it was.
        let before = m.clone();
        let e = add_swiss_round(&mut m, 3, &[(1, 4)], &[1, 5]).unwrap_err().to_string();
        assert!(e.contains("table 1 round 3 board 1") && e.contains("twice"), "{e}");
        assert_eq!(m, before);
        assert!(add_swiss_round(&mut m, 3, &[(1, 4)], &[]).is_err());
    }

    #[test]
    fn mitchell_odd_tables_every_pair_plays_every_set() {
        let m = mitchell(7, 3, 0).unwrap();
        m.validate().unwrap();
        assert_eq!(m.rounds(), 7);
        assert_eq!(m.contestants().len(), 14);
        assert_eq!(m.boards().len(), 21);
        // EW pair 8 meets every NS pair once.
        let opponents: BTreeSet<u32> = m.slots.iter().filter(|s| s.ew == 8).map(|s| s.ns).collect();
        assert_eq!(opponents.len(), 7);
    }

    #[test]
    fn skip_mitchell_even_tables() {
        let m = mitchell(8, 2, 0).unwrap();
        m.validate().unwrap();
        assert_eq!(m.name, "Skip Mitchell");
        assert_eq!(m.rounds(), 7);
    }

    #[test]
    fn arrow_switch_swaps_the_last_round() {
        let m = mitchell(5, 2, 1).unwrap();
        m.validate().unwrap();
        let last: Vec<&Slot> = m.slots.iter().filter(|s| s.round == 5).collect();
        assert!(last.iter().all(|s| s.ns > 5 && s.ew <= 5));
    }

    #[test]
    fn howell_every_pair_meets_every_other_once() {
        for t in 3..=10 {
            let m = howell(t, 2).unwrap();
            m.validate().unwrap();
            let mut met = HashSet::new();
            for s in &m.slots {
                assert!(met.insert((s.ns.min(s.ew), s.ns.max(s.ew))), "{t} tables: pairs meet twice");
            }
            assert_eq!(met.len() as u32, t * (2 * t - 1));
        }
    }

    #[test]
    fn howell_seven_tables_plays_different_sets_at_each_table() {
        let m = howell(7, 1).unwrap();
        for r in 1..=13 {
            let sets: BTreeSet<u32> = m.slots.iter().filter(|s| s.round == r).map(|s| s.boards[0]).collect();
            assert_eq!(sets.len(), 7);
        }
    }

    #[test]
    fn law_8_validator_names_table_round_and_board() {
        let mut m = mitchell(3, 2, 0).unwrap();
        // Pair 1 also sits at table 2 in round 1.
        m.slots[1].ns = 1;
        let e = m.validate().unwrap_err().to_string();
        assert!(e.starts_with("Law 8: round 1: contestant 1 is at table 1 and at table 2"), "{e}");
        let mut m = mitchell(3, 2, 0).unwrap();
        let b = m.slots[0].boards.clone();
        let r2 = m.slots.iter_mut().find(|s| s.round == 2 && s.ns == 1).unwrap();
        r2.boards = b;
        let e = m.validate().unwrap_err().to_string();
        assert!(e.contains("round 2 board 1: contestant 1 would play board 1 twice"), "{e}");
    }

    #[test]
    fn sections_play_the_same_boards_with_unique_numbers() {
        let m = with_sections(&mitchell(5, 2, 0).unwrap(), 3).unwrap();
        m.validate().unwrap();
        assert_eq!(m.contestants().len(), 30);
        assert_eq!(m.tables(), 15);
        assert_eq!(m.boards().len(), 10);
        assert!(m.slots.iter().any(|s| s.section.as_deref() == Some("C") && s.ns == 21));
    }

    #[test]
    fn team_movements_play_each_board_once_each_way() {
        let m = team_match(1, 2, 16).unwrap();
        m.validate().unwrap();
        let m = team_round_robin(6, 8).unwrap();
        m.validate().unwrap();
        assert_eq!(m.rounds(), 5);
        let m = team_round_robin(5, 8).unwrap();
        assert_eq!(m.rounds(), 5);
    }

    #[test]
    fn swiss_pairs_by_score_without_rematches() {
        let standings = vec![(1, 30.0), (2, 25.0), (3, 20.0), (4, 10.0)];
        let met: HashSet<(u32, u32)> = [(1, 2)].into_iter().collect();
        let (pairs, bye) = swiss_pairings(&standings, &met, &HashSet::new()).unwrap();
        assert_eq!(pairs, vec![(1, 3), (2, 4)]);
        assert_eq!(bye, None);
        let (pairs, bye) = swiss_pairings(&standings[..3], &HashSet::new(), &HashSet::new()).unwrap();
        assert_eq!((pairs, bye), (vec![(1, 2)], Some(3)));
        let all: HashSet<(u32, u32)> = [(1, 2), (1, 3), (1, 4)].into_iter().collect();
        assert!(swiss_pairings(&standings, &all, &HashSet::new()).is_err());
    }

    proptest! {
        #[test]
        fn validator_accepts_every_generated_mitchell(tables in 3u32..=15, bpr in 1u32..4, arrow in 0u32..2) {
            let m = mitchell(tables, bpr, arrow).unwrap();
            prop_assert!(m.validate().is_ok(), "{:?}", m.validate());
        }

        #[test]
        fn validator_accepts_every_relay_and_bye_stand_mitchell(half in 2u32..=7, bpr in 1u32..4) {
            let m = mitchell_relay_bye(2 * half, bpr, 0).unwrap();
            prop_assert!(m.validate().is_ok(), "{:?}", m.validate());
            // Every EW pair meets every NS pair once.
            let mut met = HashSet::new();
            for s in &m.slots {
                prop_assert!(met.insert((s.ns, s.ew)));
            }
            prop_assert_eq!(met.len() as u32, 4 * half * half);
        }

        #[test]
        fn validator_accepts_every_generated_howell(tables in 3u32..=15, bpr in 1u32..4) {
            let m = howell(tables, bpr).unwrap();
            prop_assert!(m.validate().is_ok(), "{:?}", m.validate());
            prop_assert_eq!(m.rounds(), 2 * tables - 1);
        }
    }
}
