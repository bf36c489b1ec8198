//! A pairs tournament on a fake clock (no sleeping): the start seeds the field into the
//! movement with a robot pair, a round ends when its boards are all played or its time runs out,
//! boards not played get Average/Average (Law 12C2), the movement advances, and the event scores
//! in tenace-events.

use tenace_core::Seat;
use tenace_events::adjusted::Artificial;
use tenace_events::result::Outcome;
use tenace_online::view::FieldResult;
use tenace_tournament::pairs::{PairsEvent, PairsMovement, PairsOptions, PairsTournament};
use tenace_tournament::{Scoring, TournamentError};

const START: i64 = 10_000;
/// Two boards a round at 7 minutes a board.
const ROUND: i64 = 14 * 60;

fn options() -> PairsOptions {
    PairsOptions {
        name: "Evening pairs".into(),
        creator: "host".into(),
        scoring: Scoring::Matchpoints,
        starts_at: START,
        boards_per_round: 2,
        rounds: 3,
        minutes_per_board: 7,
        robots: true,
        set_seed: 3,
        movement: PairsMovement::Shared,
    }
}

fn apply(t: &mut PairsTournament, events: Vec<PairsEvent>) {
    for e in &events {
        t.apply(e);
    }
}

fn entered() -> PairsTournament {
    let mut t = PairsTournament::new(options());
    for players in [vec!["ann", "bob"], vec!["cy", "di"], vec!["ed"]] {
        let e = t.register(players.into_iter().map(String::from).collect(), START - 60).unwrap();
        apply(&mut t, e);
    }
    t
}

fn result(room: &str, board: u32, score_contract: (&str, Seat, u8)) -> (String, u32, FieldResult) {
    let (contract, declarer, tricks) = score_contract;
    (
        room.to_string(),
        board,
        FieldResult {
            table: room.into(),
            score_ns: Some(0),
            contract: Some(contract.into()),
            declarer: Some(declarer),
            tricks: Some(tricks),
            lead: None,
            players: None,
        },
    )
}

#[test]
fn entries() {
    let t = entered();
    assert_eq!(t.register(vec!["ann".into()], START - 1), Err(TournamentError::AlreadyEntered("ann".into())));
    assert!(t.register(vec!["zed".into(), "zed".into()], START - 1).is_err());
    assert_eq!(t.register(vec!["zed".into()], START), Err(TournamentError::Over), "entries close at the start");
    let strict = PairsTournament::new(PairsOptions { robots: false, ..options() });
    assert!(strict.register(vec!["zed".into()], 0).unwrap_err().to_string().contains("robot"));
}

#[test]
fn the_clock_runs_the_movement() {
    let mut t = entered();
    assert!(t.tick(START - 1, |_, _| false).is_empty(), "not before the start");
    let started = t.tick(START, |_, _| false);
    apply(&mut t, started);
    // Three pairs and a robot pair: two tables, a round robin of three rounds of two boards.
    assert_eq!(t.pairs().iter().map(|p| p.name()).collect::<Vec<_>>(), ["ann & bob", "cy & di", "ed & Robot", "Robots"]);
    let m = t.movement().unwrap();
    assert_eq!((m.rounds(), m.tables()), (3, 2));
    m.validate().unwrap();
    assert_eq!(t.current_round(), Some(1));
    let (slot, seat) = t.seat_of("bob").unwrap();
    assert_eq!(slot.boards, [1, 2]);
    assert!(matches!(seat, Seat::South | Seat::West), "the second player of a pair sits South or West");
    for table in 1..=2 {
        apply(&mut t, vec![PairsEvent::TableOpened { round: 1, table, room: format!("r1t{table}") }]);
    }
    // Table 1 plays both boards, table 2 only board 1.
    let done = |table: u32, board: u32| table == 1 || board == 1;
    assert!(t.tick(START + ROUND - 1, done).is_empty(), "the round runs until its time is up");
    let ended = t.tick(START + ROUND, done);
    assert_eq!(ended, [PairsEvent::RoundEnded { round: 1, at: START + ROUND, unplayed: vec![(2, 2)] }]);
    apply(&mut t, ended);
    assert!(t.round_over(1));
    assert_eq!(t.late(), [(1, 2, 2)], "slow play, for the Director");
    assert_eq!((t.current_round(), t.round_start(2)), (Some(2), Some(START + ROUND)));
    assert_eq!(t.seat_of("bob").unwrap().0.boards, [3, 4], "the movement advances");
    // Round 2: every board played early ends the round at once.
    let ended = t.tick(START + ROUND + 60, |_, _| true);
    assert!(matches!(ended.as_slice(), [PairsEvent::RoundEnded { round: 2, unplayed, .. }] if unplayed.is_empty()));
    apply(&mut t, ended);
    let ended = t.tick(START + 3 * ROUND, |_, _| false);
    apply(&mut t, ended);
    assert!(t.finished());
    assert!(t.tick(START + 10 * ROUND, |_, _| false).is_empty());

    // Scored in tenace-events: the board not played in time is Average/Average.
    let results = vec![
        result("r1t1", 1, ("4S", Seat::North, 10)),
        result("r1t1", 2, ("3NT", Seat::South, 8)),
        result("r1t2", 1, ("4S", Seat::North, 11)),
        result("elsewhere", 1, ("7NT", Seat::North, 13)),
    ];
    let event = t.event(&results).unwrap();
    let unplayed = event.results.iter().find(|r| r.board == 2 && r.table == Some(2)).unwrap();
    assert_eq!(unplayed.outcome, Outcome::Artificial { ns: Artificial::Average, ew: Artificial::Average });
    assert_eq!(event.results.iter().filter(|r| r.board == 1).count(), 2, "a table that is not the tournament's is not counted");
    let scores = tenace_events::score(&event).unwrap();
    let standings = &scores.rankings[0].standings;
    assert_eq!(standings.len(), 4);
    // Board 1: 4S+1 (450) beats 4S= (420): the pair North-South at table 2 has the top.
    let board1 = scores.boards.iter().find(|b| b.board == 1).unwrap();
    let top = board1.rows.iter().find(|r| r.tricks == Some(11)).unwrap();
    assert_eq!(top.ns_percent, Some(100.0));
}

#[test]
fn the_director_adjusts_a_score() {
    let mut t = entered();
    let started = t.tick(START, |_, _| false);
    apply(&mut t, started);
    apply(&mut t, vec![PairsEvent::TableOpened { round: 1, table: 1, room: "r1t1".into() }]);
    let adjusted = Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AverageMinus };
    apply(&mut t, vec![PairsEvent::Adjusted { by: "director".into(), round: 1, table: 1, board: 1, outcome: adjusted.clone() }]);
    let event = t.event(&[result("r1t1", 1, ("4S", Seat::North, 10))]).unwrap();
    let r = event.results.iter().find(|r| r.board == 1 && r.table == Some(1)).unwrap();
    assert_eq!(r.outcome, adjusted, "the Director's score replaces the table's (Law 12)");
}

#[test]
fn events_round_trip_as_json() {
    let mut t = entered();
    let started = t.tick(START, |_, _| false);
    let text = serde_json::to_string(&started).unwrap();
    let back: Vec<PairsEvent> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, started);
    apply(&mut t, back);
    let again = PairsTournament::replay(options(), [PairsEvent::Registered { players: vec!["ann".into(), "bob".into()] }]);
    assert_eq!(again.entries().len(), 1);
}

/// Law 16: a pair sees the travellers of the boards it has played; the ranking once it is over.
#[test]
fn what_each_pair_sees() {
    let mut t = entered();
    let started = t.tick(START, |_, _| false);
    apply(&mut t, started);
    for table in 1..=2 {
        apply(&mut t, vec![PairsEvent::TableOpened { round: 1, table, room: format!("r1t{table}") }]);
    }
    // Only table 1 has played board 1 so far.
    let results = vec![result("r1t1", 1, ("4S", Seat::North, 10))];
    let scores = tenace_events::score(&t.event(&results).unwrap()).unwrap();
    let at_table_1 = t.movement().unwrap().slots.iter().find(|s| s.round == 1 && s.table == 1).unwrap().clone();
    let player_at = |n: u32| t.pairs().iter().find(|p| p.number == n).unwrap().players.first().cloned();
    let here = player_at(at_table_1.ns).or_else(|| player_at(at_table_1.ew)).expect("a person at table 1");
    let v = t.view("x", Some(&scores), &here, START + 60);
    assert_eq!(v.travellers.keys().copied().collect::<Vec<_>>(), [1]);
    assert_eq!(v.card.len(), 1);
    assert!(v.ranking.is_none(), "no ranking while it runs");
    assert_eq!((v.round, v.round_ends_at), (Some(1), Some(START + ROUND)));
    assert_eq!(v.table.as_deref(), Some("r1t1"));
    let at_table_2 = t.movement().unwrap().slots.iter().find(|s| s.round == 1 && s.table == 2).unwrap().clone();
    let there = player_at(at_table_2.ns).or_else(|| player_at(at_table_2.ew)).expect("a person at table 2");
    let v = t.view("x", Some(&scores), &there, START + 60);
    assert!(v.travellers.is_empty() && v.card.is_empty(), "table 2 has not played board 1");
}

/// A restart gives the running round back the time the server was down.
#[test]
fn a_restart_is_not_charged_to_the_players() {
    let mut t = entered();
    let started = t.tick(START, |_, _| false);
    apply(&mut t, started);
    // Alive until START + 100, back at START + 400: 300 s added to round 1.
    let resumed = t.resume(START + 100, START + 400);
    assert_eq!(resumed, [PairsEvent::Resumed { round: 1, paused: 300 }]);
    apply(&mut t, resumed);
    assert_eq!(t.round_deadline(1), Some(START + ROUND + 300));
    assert!(t.tick(START + ROUND + 299, |_, _| false).is_empty());
    assert_eq!(t.tick(START + ROUND + 300, |_, _| false).len(), 1);
    // Before the start there is no clock to extend.
    assert!(entered().resume(START - 100, START - 50).is_empty());
}

/// A Mitchell or a Howell (Law 8) where the field fits it: tables play different boards in a
/// round, the rounds asked for are played, and the event scores one field.
#[test]
fn mitchell_and_howell_movements() {
    for (movement, pairs, name) in [(PairsMovement::Mitchell, 8, "Mitchell"), (PairsMovement::Howell, 8, "Howell"), (PairsMovement::Howell, 4, "Round robin")] {
        let mut t = PairsTournament::new(PairsOptions { movement, rounds: 2, ..options() });
        for k in 0..pairs {
            let e = t.register(vec![format!("p{k}a"), format!("p{k}b")], START - 60).unwrap();
            apply(&mut t, e);
        }
        let started = t.tick(START, |_, _| false);
        apply(&mut t, started);
        let m = t.movement().unwrap().clone();
        assert!(m.name.contains(name), "{movement:?} with {pairs} pairs: {}", m.name);
        assert_eq!(m.rounds(), 2, "{movement:?} with {pairs} pairs: {m:?}");
        let mut results = Vec::new();
        for s in &m.slots {
            let room = format!("r{}t{}", s.round, s.table);
            apply(&mut t, vec![PairsEvent::TableOpened { round: s.round, table: s.table, room: room.clone() }]);
            for &b in &s.boards {
                results.push(result(&room, b, ("3NT", Seat::South, 8 + (s.table + b) as u8 % 3)));
            }
        }
        if name != "Round robin" {
            let round_1: Vec<&Vec<u32>> = m.slots.iter().filter(|s| s.round == 1).map(|s| &s.boards).collect();
            assert!(round_1.windows(2).any(|w| w[0] != w[1]), "{name}: the tables of a round play different boards");
        }
        let scores = tenace_events::score(&t.event(&results).unwrap()).unwrap();
        assert_eq!(scores.rankings.len(), 1, "{name}: one field");
        assert_eq!(scores.rankings[0].standings.len(), pairs);
    }
}
