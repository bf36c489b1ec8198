//! Swiss teams on a fake clock: the field and its seats, the match of two rooms, IMPs and VPs
//! equal to tenace-events' on the same results, boards not played in time, Swiss pairing of the
//! next round.

use tenace_core::Seat;
use tenace_online::view::FieldResult;
use tenace_tournament::teams::{TeamsEvent, TeamsOptions, TeamsTournament};
use tenace_tournament::TournamentError;

const START: i64 = 50_000;
const ROUND: i64 = 2 * 7 * 60;

fn options() -> TeamsOptions {
    TeamsOptions {
        name: "Swiss teams".into(),
        creator: "host".into(),
        starts_at: START,
        boards_per_round: 2,
        rounds: 2,
        minutes_per_board: 7,
        robots: true,
        set_seed: 5,
    }
}

fn apply(t: &mut TeamsTournament, events: Vec<TeamsEvent>) {
    for e in &events {
        t.apply(e);
    }
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn entered() -> TeamsTournament {
    let mut t = TeamsTournament::new(options());
    for (team, members) in [("Aces", names(&["a1", "a2", "a3", "a4"])), ("Bees", names(&["b1", "b2"])), ("Cats", names(&["c1"]))] {
        let e = t.register(team.into(), members, START - 10).unwrap();
        apply(&mut t, e);
    }
    t
}

fn result(room: &str, board: u32, contract: &str, declarer: Seat, tricks: u8) -> (String, u32, FieldResult) {
    (
        room.to_string(),
        board,
        FieldResult {
            table: room.into(),
            score_ns: None,
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
    assert_eq!(t.register("aces".into(), names(&["z"]), START - 1), Err(TournamentError::AlreadyEntered("aces".into())));
    assert_eq!(t.register("Dogs".into(), names(&["a1"]), START - 1), Err(TournamentError::AlreadyEntered("a1".into())));
    assert!(t.register("Dogs".into(), names(&["d", "d"]), START - 1).is_err());
    let strict = TeamsTournament::new(TeamsOptions { robots: false, ..options() });
    assert!(strict.register("Dogs".into(), names(&["d1", "d2"]), 0).unwrap_err().to_string().contains("four to six"));
}

#[test]
fn a_match_of_two_rooms_scored_in_imps_and_vps() {
    let mut t = entered();
    let started = t.tick(START, |_, _| false, Vec::new);
    apply(&mut t, started);
    assert_eq!(t.teams().iter().map(|x| x.name.as_str()).collect::<Vec<_>>(), ["Aces", "Bees", "Cats", "Robots"]);
    // Round 1: Aces v Bees at tables 1 (open: Aces North-South) and 2 (closed), Cats v Robots at 3 and 4.
    let m = t.movement().clone();
    m.validate().unwrap();
    assert_eq!(m.slots.iter().map(|s| (s.table, s.ns, s.ew)).collect::<Vec<_>>(), [(1, 1, 2), (2, 2, 1), (3, 3, 4), (4, 4, 3)]);
    let seat = |p: &str| t.seat_of(p).map(|(s, seat)| (s.table, seat));
    assert_eq!(
        [seat("a1"), seat("a2"), seat("a3"), seat("a4")],
        [Some((1, Seat::North)), Some((1, Seat::South)), Some((2, Seat::East)), Some((2, Seat::West))]
    );
    assert_eq!([seat("b1"), seat("b2")], [Some((1, Seat::East)), Some((1, Seat::West))], "Bees' first two play the open room");
    for table in 1..=4 {
        apply(&mut t, vec![TeamsEvent::TableOpened { round: 1, table, room: format!("r1t{table}") }]);
    }
    // Board 1 (none vulnerable): Aces make 4S (420) in the open room; Bees make 4S+1 (450) in
    // the closed room: Aces lose 30, 1 IMP. Board 2 (North-South vulnerable): Aces go one down
    // in 3NT (-100), Bees make it (600): 700, 12 IMPs. Cats v Robots play nothing in time.
    let results = vec![
        result("r1t1", 1, "4S", Seat::North, 10),
        result("r1t2", 1, "4S", Seat::North, 11),
        result("r1t1", 2, "3NT", Seat::South, 8),
        result("r1t2", 2, "3NT", Seat::South, 9),
    ];
    let played = |table: u32, board: u32| results.iter().any(|(r, b, _)| *r == format!("r1t{table}") && *b == board);
    assert!(t.tick(START + ROUND - 1, played, Vec::new).is_empty(), "Cats v Robots still have time");
    let scores = tenace_events::score(&t.event(&results).unwrap()).unwrap();
    let ended = t.tick(START + ROUND, played, || TeamsTournament::standings(&scores));
    assert!(matches!(&ended[0], TeamsEvent::RoundEnded { round: 1, unplayed, .. } if unplayed == &vec![(3, 1), (3, 2), (4, 1), (4, 2)]));
    apply(&mut t, ended.clone());
    // The same results scored by tenace-events directly, as a team match: the same IMPs and VPs.
    let event = t.event(&results).unwrap();
    let scores = tenace_events::score(&event).unwrap();
    let ours = scores.matches.iter().find(|m| m.home == 1 && m.away == 2).expect("Aces v Bees");
    assert_eq!((ours.home_imps, ours.away_imps), (0.0, 13.0));
    let mut direct = tenace_events::Event::new("direct", tenace_events::Kind::Teams, tenace_events::Method::Vp, 2).unwrap();
    direct.contestants = event.contestants.clone();
    direct.movement = Some(tenace_events::movement::team_match(1, 2, 2).unwrap());
    let played_in = |ns: u32, ew: u32, contract: &str, declarer: Seat, tricks: u8, board: u32| {
        tenace_events::TableResult::played(board, ns, ew, tenace_events::Played::new(contract.parse().unwrap(), declarer, tricks))
    };
    direct.results = vec![
        played_in(1, 2, "4S", Seat::North, 10, 1),
        played_in(2, 1, "4S", Seat::North, 11, 1),
        played_in(1, 2, "3NT", Seat::South, 8, 2),
        played_in(2, 1, "3NT", Seat::South, 9, 2),
    ];
    let direct = tenace_events::score(&direct).unwrap();
    let theirs = &direct.matches[0];
    assert_eq!((ours.home_imps, ours.away_imps, ours.home_vp, ours.away_vp), (theirs.home_imps, theirs.away_imps, theirs.home_vp, theirs.away_vp));
    // The boards not played in time are Average/Average: 0 IMPs, a drawn match.
    let drawn = scores.matches.iter().find(|m| m.home == 3 && m.away == 4).unwrap();
    assert_eq!((drawn.home_imps, drawn.away_imps), (0.0, 0.0));
    assert_eq!(drawn.home_vp, drawn.away_vp);
    // Round 2 is paired by VPs, and nobody meets the same team again.
    let paired = ended.iter().find_map(|e| match e {
        TeamsEvent::RoundPaired { round: 2, matches, .. } => Some(matches.clone()),
        _ => None,
    });
    let paired = paired.expect("round 2 paired");
    assert_eq!(paired.len(), 2);
    for (a, b) in &paired {
        assert!(![(1, 2), (2, 1), (3, 4), (4, 3)].contains(&(*a, *b)), "{paired:?}");
    }
    assert!(paired.iter().any(|&(a, b)| a == 2 || b == 2), "{paired:?}");
    assert_eq!(t.current_round(), Some(2));
    assert_eq!(t.seat_of("a1").unwrap().0.boards, [3, 4]);
}

#[test]
fn what_each_team_sees_and_a_restart() {
    let mut t = entered();
    let started = t.tick(START, |_, _| false, Vec::new);
    apply(&mut t, started);
    apply(&mut t, vec![TeamsEvent::TableOpened { round: 1, table: 1, room: "r1t1".into() }]);
    let results = vec![result("r1t1", 1, "4S", Seat::North, 10)];
    let scores = tenace_events::score(&t.event(&results).unwrap()).unwrap();
    let aces = t.view("x", Some(&scores), "a1", START + 60);
    assert_eq!(aces.travellers.keys().copied().collect::<Vec<_>>(), [1]);
    assert!(aces.ranking.is_none());
    let cats = t.view("x", Some(&scores), "c1", START + 60);
    assert!(cats.travellers.is_empty(), "Cats have not played board 1");
    let resumed = t.resume(START + 100, START + 160);
    assert_eq!(resumed, [TeamsEvent::Resumed { round: 1, paused: 60 }]);
    apply(&mut t, resumed);
    assert_eq!(t.round_deadline(1), Some(START + ROUND + 60));
}
