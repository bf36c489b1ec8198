//! A robot individual tournament: the window, entries, Law 16 visibility of results, and the
//! scores across the field.

use proptest::prelude::*;
use tenace_core::Seat;
use tenace_online::view::FieldResult;
use tenace_tournament::{cross_imps, Field, Kind, Phase, Request, Scoring, Tournament, TournamentError, TournamentEvent, TournamentOptions};

const OPENS: i64 = 1_000;
const CLOSES: i64 = 5_000;

fn options(scoring: Scoring, boards: u32) -> TournamentOptions {
    TournamentOptions {
        name: "Tuesday robots".into(),
        creator: "ann".into(),
        kind: Kind::RobotIndividual,
        boards,
        scoring,
        opens_at: OPENS,
        closes_at: CLOSES,
        set_seed: 7,
    }
}

fn act(t: &mut Tournament, r: Request, now: i64) -> Result<(), TournamentError> {
    for e in t.decide(r, now)? {
        t.apply(&e);
    }
    Ok(())
}

/// A tournament with these entrants, each with the table `t-<name>`.
fn with_entrants(scoring: Scoring, boards: u32, names: &[&str]) -> Tournament {
    let mut t = Tournament::new(options(scoring, boards));
    for n in names {
        act(&mut t, Request::Register { name: n.to_string() }, OPENS).unwrap();
        act(&mut t, Request::OpenTable { name: n.to_string(), table: format!("t-{n}") }, OPENS).unwrap();
    }
    t
}

fn played(name: &str, score_ns: i32) -> FieldResult {
    FieldResult {
        table: format!("t-{name}"),
        score_ns: Some(score_ns),
        contract: Some("4S".into()),
        declarer: Some(Seat::South),
        tricks: Some(10),
        lead: None,
        players: None,
    }
}

#[test]
fn the_window_and_entries() {
    let mut t = Tournament::new(options(Scoring::Matchpoints, 2));
    assert_eq!(t.phase(OPENS - 1), Phase::Upcoming);
    act(&mut t, Request::Register { name: "bob".into() }, OPENS - 500).unwrap();
    assert_eq!(act(&mut t, Request::Register { name: "bob".into() }, OPENS), Err(TournamentError::AlreadyEntered("bob".into())));
    // Play starts when the window opens.
    assert_eq!(act(&mut t, Request::OpenTable { name: "bob".into(), table: "t1".into() }, OPENS - 1), Err(TournamentError::NotOpen(OPENS)));
    assert_eq!(act(&mut t, Request::OpenTable { name: "cy".into(), table: "t2".into() }, OPENS), Err(TournamentError::NotEntered("cy".into())));
    act(&mut t, Request::OpenTable { name: "bob".into(), table: "t1".into() }, OPENS).unwrap();
    assert_eq!(t.entrant_at("t1").map(|e| e.name.as_str()), Some("bob"));
    // Only the creator closes early; then nothing more is taken.
    assert_eq!(act(&mut t, Request::Close { by: "bob".into() }, 2_000), Err(TournamentError::NotCreator("ann".into())));
    act(&mut t, Request::Close { by: "ann".into() }, 2_000).unwrap();
    assert_eq!(t.phase(2_000), Phase::Finished);
    assert_eq!(t.closes_at(), 2_000);
    assert_eq!(act(&mut t, Request::Register { name: "cy".into() }, 2_001), Err(TournamentError::Over));
    // At the window's end it is over by itself.
    let t2 = Tournament::new(options(Scoring::Matchpoints, 2));
    assert_eq!(t2.phase(CLOSES), Phase::Finished);
}

#[test]
fn a_tournament_replays_from_its_events() {
    let events = vec![
        TournamentEvent::Registered { name: "bob".into() },
        TournamentEvent::TableOpened { name: "bob".into(), table: "t1".into() },
        TournamentEvent::Closed { at: 3_000 },
    ];
    let t = Tournament::replay(options(Scoring::Imps, 4), events.clone()).unwrap();
    assert_eq!((t.entrants().len(), t.closes_at()), (1, 3_000));
    let text = serde_json::to_string(&events).unwrap();
    assert!(text.contains(r#"{"event":"table_opened","name":"bob","table":"t1"}"#), "{text}");
    let bad = vec![TournamentEvent::TableOpened { name: "zed".into(), table: "t9".into() }];
    assert!(matches!(Tournament::replay(options(Scoring::Imps, 4), bad), Err(TournamentError::Replay(_))));
}

/// Law 78A across the field: 450 beats three results (100%), the two 420s tie (50%), -50 beats
/// none (0%).
#[test]
fn matchpoints_across_the_field() {
    let t = with_entrants(Scoring::Matchpoints, 1, &["a", "b", "c", "d"]);
    let mut f = Field::default();
    for (n, s) in [("a", 420), ("b", 420), ("c", 450), ("d", -50)] {
        f.add(&t, 1, played(n, s));
    }
    let r = f.ranking(&t, true);
    let got: Vec<(u32, &str, f64)> = r.iter().map(|s| (s.rank, s.name.as_str(), s.total)).collect();
    assert_eq!(got, [(1, "c", 100.0), (2, "a", 50.0), (2, "b", 50.0), (4, "d", 0.0)]);
    let trav = f.traveller(&t, 1);
    assert_eq!(trav.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["c", "a", "b", "d"]);
    // A result from a table that is no entrant's is not counted.
    let mut f2 = f.clone();
    f2.add(&t, 1, FieldResult { table: "robots".into(), score_ns: Some(1000), contract: None, declarer: None, tricks: None, lead: None, players: None });
    assert_eq!(f2.ranking(&t, true), r);
}

/// Boards not played by the close score Average-minus (Law 12C2, the entrant at fault), or the
/// entrant's own lower score on the boards played (12C2(c)); a board skipped by consent scores
/// Average.
#[test]
fn adjusted_scores_at_the_close() {
    let t = with_entrants(Scoring::Matchpoints, 3, &["a", "b"]);
    let mut f = Field::default();
    f.add(&t, 1, played("a", 420));
    f.add(&t, 1, played("b", 400));
    f.add(&t, 2, FieldResult { table: "t-a".into(), score_ns: None, contract: None, declarer: None, tricks: None, lead: None, players: None });
    // While running: the boards played so far.
    let running = f.ranking(&t, false);
    assert_eq!(running.iter().map(|s| (s.name.as_str(), s.total, s.boards)).collect::<Vec<_>>(), [("a", 75.0, 2), ("b", 0.0, 1)]);
    // At the close: a = (100 + 50 + 40) / 3; b scored 0% on the board played, less than 40%,
    // so 0% on the two it did not play (12C2(c)).
    let fin = f.ranking(&t, true);
    assert_eq!(fin.iter().map(|s| (s.name.as_str(), s.total, s.boards)).collect::<Vec<_>>(), [("a", 63.33, 3), ("b", 0.0, 3)]);
    let mut f2 = f.clone();
    f2.add(&t, 2, played("b", 500));
    // b alone has a score on board 2 (a skipped it): 50%; the session (0 + 50) / 2 = 25% is
    // below 40%, so board 3 is 25%: (0 + 50 + 25) / 3.
    let fin = f2.ranking(&t, true);
    assert_eq!(fin.iter().find(|s| s.name == "b").map(|s| s.total), Some(25.0));
}

#[test]
fn imps_across_the_field() {
    let t = with_entrants(Scoring::Imps, 1, &["a", "b", "c"]);
    let mut f = Field::default();
    for (n, s) in [("a", 620), ("b", 170), ("c", -100)] {
        f.add(&t, 1, played(n, s));
    }
    // a: +10 (450) and +12 (720) over 2 comparisons = 11; b: (-10 + 7) / 2 = -1.5; c: (-12 - 7) / 2.
    let r = f.ranking(&t, true);
    assert_eq!(r.iter().map(|s| (s.name.as_str(), s.total)).collect::<Vec<_>>(), [("a", 11.0), ("b", -1.5), ("c", -9.5)]);
}

/// Law 16: nobody learns a result before playing the deal.
#[test]
fn what_each_person_sees() {
    let t = with_entrants(Scoring::Matchpoints, 2, &["a", "b"]);
    let mut f = Field::default();
    f.add(&t, 1, played("a", 420));
    f.add(&t, 2, played("a", 100));
    f.add(&t, 1, played("b", 400));
    let now = 2_000;
    // a has played both boards: both travellers and the ranking.
    let a = t.view("x", &f, "a", now, None);
    assert_eq!(a.travellers.keys().copied().collect::<Vec<_>>(), [1, 2]);
    assert!(a.ranking.is_some());
    assert_eq!(a.card.len(), 2);
    // b has played board 1 only: its traveller, not board 2's, and no ranking yet.
    let b = t.view("x", &f, "b", now, None);
    assert_eq!(b.travellers.keys().copied().collect::<Vec<_>>(), [1]);
    assert!(b.ranking.is_none());
    assert_eq!(b.entrants, [("a".to_string(), 2), ("b".to_string(), 1)]);
    // Someone who has not entered sees who plays, no result.
    let z = t.view("x", &f, "zed", now, None);
    assert!(z.travellers.is_empty() && z.ranking.is_none() && !z.entered);
    // Once it is over, everyone sees everything.
    let z = t.view("x", &f, "zed", CLOSES, None);
    assert_eq!(z.travellers.len(), 2);
    assert_eq!(z.ranking.unwrap().len(), 2);
}

/// A large field sends one traveller at a time (the one asked for), still only of a board the
/// viewer has played (Law 16), and names every board they may ask for.
#[test]
fn a_large_field_sends_the_traveller_asked_for() {
    let names: Vec<String> = (0..=tenace_tournament::FULL_TRAVELLERS).map(|i| format!("p{i:03}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let t = with_entrants(Scoring::Matchpoints, 3, &refs);
    let mut f = Field::default();
    for (i, n) in names.iter().enumerate() {
        f.add(&t, 1, played(n, 10 * i as i32));
        f.add(&t, 2, played(n, -10 * i as i32));
    }
    f.add(&t, 3, played("p000", 50));
    let v = t.view("x", &f, "p001", 2_000, None);
    assert!(v.travellers.is_empty());
    assert_eq!(v.traveller_boards, [1, 2]);
    assert_eq!(v.entrants, [("p001".to_string(), 2)], "the viewer's own line of the list");
    assert_eq!(v.entrant_count, names.len());
    let v = t.view("x", &f, "p001", 2_000, Some(2));
    assert_eq!(v.travellers.keys().copied().collect::<Vec<_>>(), [2]);
    assert_eq!(v.travellers[&2].len(), names.len());
    // Board 3 is not p001's to see.
    let v = t.view("x", &f, "p001", 2_000, Some(3));
    assert!(v.travellers.is_empty());
}

/// A large robot individual sends the top of the ranking and the viewer's own part of it, with
/// where lines were left out; a small one sends it whole.
#[test]
fn a_large_field_sends_an_excerpt_of_the_ranking() {
    use tenace_tournament::{RANKING_AROUND, RANKING_TOP};
    let names: Vec<String> = (0..200).map(|i| format!("p{i:03}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let t = with_entrants(Scoring::Matchpoints, 1, &refs);
    let mut f = Field::default();
    // p000 has the best score, p199 the worst: the ranking is in name order.
    for (i, n) in names.iter().enumerate() {
        f.add(&t, 1, played(n, 2000 - 10 * i as i32));
    }
    let whole = f.ranking(&t, false);
    let v = t.view("x", &f, "p120", 2_000, None);
    let sent = v.ranking.unwrap();
    assert_eq!(sent.len(), RANKING_TOP + 2 * RANKING_AROUND + 1);
    assert_eq!(sent[..RANKING_TOP], whole[..RANKING_TOP]);
    assert_eq!(sent[RANKING_TOP..], whole[120 - RANKING_AROUND..=120 + RANKING_AROUND]);
    assert_eq!(v.ranking_gaps, [RANKING_TOP, sent.len()], "left out: after the top, and at the end");
    // Near the top: one block, the end left out.
    let v = t.view("x", &f, "p002", 2_000, None);
    assert_eq!(v.ranking.unwrap()[..], whole[..RANKING_TOP]);
    assert_eq!(v.ranking_gaps, [RANKING_TOP]);
    // At the bottom: nothing left out at the end.
    let v = t.view("x", &f, "p199", 2_000, None);
    assert_eq!(v.ranking.as_ref().unwrap().last(), whole.last());
    assert_eq!(v.ranking_gaps, [RANKING_TOP]);
    // A field of 100 gets the whole ranking.
    let small = with_entrants(Scoring::Matchpoints, 1, &refs[..100]);
    let mut f = Field::default();
    for n in &names[..100] {
        f.add(&small, 1, played(n, 420));
    }
    let v = small.view("x", &f, "p050", 2_000, None);
    assert_eq!((v.ranking.unwrap().len(), v.ranking_gaps.len()), (100, 0));
}

proptest! {
    /// The O(n log n) cross-IMPs equal tenace-events' cross-IMPs per comparison.
    #[test]
    fn fast_cross_imps_equal_the_events_crate(scores in proptest::collection::vec(-7600i32..7600, 1..40)) {
        let entries: Vec<Vec<(f64, i32)>> = scores.iter().map(|&s| vec![(1.0, s)]).collect();
        let slow = tenace_events::imps::cross2(&entries);
        let fast = cross_imps(&scores);
        for (a, b) in slow.iter().zip(&fast) {
            prop_assert!((a - b).abs() < 1e-9, "{:?}: {:?} vs {:?}", scores, slow, fast);
        }
    }
}

/// Calls to the Director: one open call per table at a time, answered once, and read back from
/// the stored log (the club keeps them apart from the kind's own events).
#[test]
fn calls_to_the_director() {
    use tenace_tournament::Calls;
    let mut calls = Calls::default();
    let first = calls.call("ann".into(), "t1".into(), " a lead out of turn ".into(), 100).unwrap();
    calls.apply(&first);
    assert!(calls.call("bob".into(), "t1".into(), String::new(), 101).is_err(), "the Director is already on the way to t1");
    let other = calls.call("cy".into(), "t2".into(), String::new(), 102).unwrap();
    calls.apply(&other);
    assert_eq!(calls.0.iter().map(|c| (c.number, c.room.as_str(), c.reason.as_str())).collect::<Vec<_>>(), [(1, "t1", "a lead out of turn"), (2, "t2", "")]);
    assert!(calls.answer("td".into(), 3, "x".into(), 103).is_err());
    let answer = calls.answer("td".into(), 1, "Law 54: declarer accepts".into(), 104).unwrap();
    calls.apply(&answer);
    assert!(calls.answer("td".into(), 1, "again".into(), 105).is_err());
    assert!(calls.call("ann".into(), "t1".into(), String::new(), 106).is_ok(), "answered: t1 may call again");
    // Stored as JSON and read back; other events are left to the tournament's kind.
    let log: Vec<String> = [first, other, answer].iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    let mut again = Calls::default();
    assert!(log.iter().all(|e| again.take(e).is_some()));
    assert_eq!(again, calls);
    let registered = serde_json::to_string(&TournamentEvent::Registered { name: "ann".into() }).unwrap();
    assert!(again.take(&registered).is_none());
}

/// What each entrant did on each board in a generated field: not played, skipped by consent,
/// or played for a North-South score.
#[derive(Clone, Debug)]
enum Did {
    Nothing,
    Skipped,
    Scored(i32),
}

/// A few contracts and results, so that equal scores (ties) are common: (contract, declarer,
/// tricks).
const PLAYED: [(&str, Seat, u8); 6] =
    [("4S", Seat::South, 10), ("4S", Seat::South, 9), ("3N", Seat::North, 10), ("4H", Seat::East, 10), ("5HX", Seat::East, 9), ("Pass", Seat::North, 0)];

fn did() -> impl Strategy<Value = Did> {
    prop_oneof![1 => Just(Did::Nothing), 1 => Just(Did::Skipped), 6 => (0..PLAYED.len() as i32).prop_map(Did::Scored)]
}

/// Result `k` of [`PLAYED`] at `name`'s table on `board`, scored as the table would.
fn result(name: &str, board: u32, k: usize) -> FieldResult {
    let (contract, declarer, tricks) = PLAYED[k];
    let table = format!("t-{name}");
    if contract == "Pass" {
        return FieldResult { table, score_ns: Some(0), contract: Some("Pass".into()), declarer: None, tricks: None, lead: None, players: None };
    }
    let vulnerable = tenace_core::BoardNumber::new(board).unwrap().vulnerability().is_vulnerable(declarer.side());
    let score = contract.parse::<tenace_core::Contract>().unwrap().score(tricks, vulnerable).unwrap();
    let score_ns = if declarer.side() == tenace_core::Side::NorthSouth { score } else { -score };
    FieldResult { table, score_ns: Some(score_ns), contract: Some(contract.into()), declarer: Some(declarer), tricks: Some(tricks), lead: None, players: None }
}

/// The ranking `tenace event score` gives the event: (name, first place, total), in order.
fn events_ranking(event: &tenace_events::Event) -> Vec<(String, u32, f64)> {
    let scores = tenace_events::score(event).unwrap();
    assert_eq!(scores.rankings.len(), 1, "one ranking, the robots not in it");
    scores.rankings[0].standings.iter().map(|s| (s.name.clone(), s.rank.split('-').next().unwrap().parse().unwrap(), s.percentage.unwrap_or(s.total))).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// The robot individual's report (issue 17, item 5): its event, scored by tenace-events
    /// directly and again after a round trip through the PBN report, ranks every entrant in the
    /// order, place and total the tournament showed at the close — boards not played
    /// Average-minus with 12C2(c), skipped boards Average, no Neuberg.
    #[test]
    fn the_report_scores_as_the_tournament_ranked(
        imps in any::<bool>(),
        field in proptest::collection::vec(proptest::collection::vec(did(), 1..5), 1..8),
    ) {
        let boards = field.iter().map(Vec::len).max().unwrap() as u32;
        let names: Vec<String> = (0..field.len()).map(|i| format!("p{i}")).collect();
        let scoring = if imps { Scoring::Imps } else { Scoring::Matchpoints };
        let t = with_entrants(scoring, boards, &names.iter().map(String::as_str).collect::<Vec<_>>());
        let mut f = Field::default();
        for (name, row) in names.iter().zip(&field) {
            for (b, d) in row.iter().enumerate() {
                let board = b as u32 + 1;
                match d {
                    Did::Nothing => {}
                    Did::Skipped => f.add(&t, board, FieldResult { table: format!("t-{name}"), score_ns: None, contract: None, declarer: None, tricks: None, lead: None, players: None }),
                    Did::Scored(k) => f.add(&t, board, result(name, board, *k as usize)),
                }
            }
        }
        let shown: Vec<(String, u32, f64)> = f.ranking(&t, true).into_iter().map(|s| (s.name, s.rank, s.total)).collect();
        let event = f.event(&t).unwrap();
        let pbn = tenace_events::report::pbn::write(&event, &tenace_events::score(&event).unwrap());
        let again = tenace_events::report::pbn::event_from_records(&tenace_formats::pbn::parse(&pbn).unwrap()).unwrap();
        // Every entrant at the same place with the same total, places in order (within a shared
        // place the tournament lists by name, the report by number).
        for (how, got) in [("scored", events_ranking(&event)), ("read back from the PBN", events_ranking(&again))] {
            prop_assert_eq!(got.len(), shown.len(), "{}: {:?} vs {:?}", how, got, shown);
            prop_assert!(got.windows(2).all(|w| w[0].1 <= w[1].1), "{}: {:?}", how, got);
            for s in &shown {
                let g = got.iter().find(|g| g.0 == s.0);
                prop_assert!(g.is_some_and(|g| g.1 == s.1 && (g.2 - s.2).abs() < 0.006), "{}: {:?} vs {:?}", how, got, shown);
            }
        }
    }
}
