//! Whole-event scenarios named after the Laws they exercise.

use tenace_core::Seat;
use tenace_events::movement;
use tenace_events::scoring::{places, score_card};
use tenace_events::{score, score_with, Artificial, Contestant, Event, Kind, Line, Method, Outcome, Played, TableResult, Weighted};

fn pairs_event(pairs: u32, boards: u32) -> Event {
    let mut e = Event::new("Test", Kind::Pairs, Method::Matchpoints, boards).unwrap();
    e.contestants = (1..=pairs).map(|n| Contestant { number: n, name: format!("Pair {n}"), players: vec![], section: None }).collect();
    e
}

fn played(c: &str, seat: Seat, tricks: u8) -> Outcome {
    Outcome::Played(Played::new(c.parse().unwrap(), seat, tricks))
}

fn enter(e: &mut Event, board: u32, ns: u32, ew: u32, o: Outcome) {
    e.enter(TableResult::new(board, Line::One(ns), Line::One(ew), o)).unwrap();
}

fn row_value(e: &Event, board: u32, ns: u32) -> (f64, f64) {
    let s = score(e).unwrap();
    let r = s.boards.iter().find(|b| b.board == board).unwrap().rows.iter().find(|r| r.ns == Line::One(ns)).unwrap().clone();
    (r.ns_value.unwrap(), r.ew_value.unwrap())
}

/// Board 1 (love all): 420, 420, 140, -50 at four tables, pairs 1-4 NS, 5-8 EW.
fn board_one(e: &mut Event) {
    enter(e, 1, 1, 5, played("4S", Seat::North, 10));
    enter(e, 1, 2, 6, played("4S", Seat::South, 10));
    enter(e, 1, 3, 7, played("3S", Seat::North, 9));
    enter(e, 1, 4, 8, played("4S", Seat::North, 9));
}

#[test]
fn law_78a_matchpoints_on_a_traveller() {
    let mut e = pairs_event(8, 1);
    board_one(&mut e);
    assert_eq!(row_value(&e, 1, 1), (5.0, 1.0));
    assert_eq!(row_value(&e, 1, 3), (2.0, 4.0));
    assert_eq!(row_value(&e, 1, 4), (0.0, 6.0));
    e.mp_scale = tenace_events::MpScale::OneHalfZero;
    assert_eq!(row_value(&e, 1, 1), (2.5, 0.5));
}

#[test]
fn law_12c2_artificial_scores_and_neuberg_for_the_others() {
    let mut e = pairs_event(10, 1);
    board_one(&mut e);
    enter(&mut e, 1, 9, 10, Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AverageMinus });
    // Five results expected, four comparable: 420 earns 5 on 4 -> (5 + 1) * 5/4 - 1 = 6.5.
    // EW of that table: 1 on 4 -> (1 + 1) * 5/4 - 1 = 1.5.
    assert_eq!(row_value(&e, 1, 1), (6.5, 1.5));
    // Average plus 60% of 8 = 4.8, average minus 40% = 3.2 (no other boards: no session rule).
    assert_eq!(row_value(&e, 1, 9), (4.8, 3.2));
}

#[test]
fn law_12c2c_average_plus_is_session_percentage_if_higher() {
    let mut e = pairs_event(8, 2);
    board_one(&mut e);
    // Board 2: pair 1 scores a top again, then gets average plus on board 3.
    enter(&mut e, 2, 1, 5, played("3NT", Seat::North, 10));
    enter(&mut e, 2, 2, 6, played("3NT", Seat::North, 9));
    e.boards.push(tenace_events::EventBoard::numbered(3, None).unwrap());
    enter(&mut e, 3, 1, 5, Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AverageMinus });
    let s = score(&e).unwrap();
    let r = &s.boards[2].rows[0];
    // Pair 1's other boards: 5 of 6 on board 1, and on board 2 a top of 2 on two results,
    // Neuberg to four: (2 + 1) * 4/2 - 1 = 5 of 6. Session 83.33% > 60%: that is its score.
    assert!((r.ns_percent.unwrap() - 100.0 * 5.0 / 6.0).abs() < 1e-9);
    // Pair 5 (EW) had 1 of 6 twice (Neuberg: (0 + 1) * 2 - 1 = 1): 16.67% < 40%, so its
    // average minus becomes that.
    assert!((r.ew_percent.unwrap() - 100.0 / 6.0).abs() < 1e-9);
    e.session_rule = false;
    let s = score(&e).unwrap();
    assert_eq!(s.boards[2].rows[0].ns_percent, Some(60.0));
}

#[test]
fn law_12c1c_weighted_assigned_score() {
    let mut e = pairs_event(8, 1);
    board_one(&mut e);
    let p = |t| Played::new("4S".parse().unwrap(), Seat::North, t);
    // Table 4 is corrected (Law 79C) to 50% of 4S= and 50% of 4S-1.
    enter(&mut e, 1, 4, 8, Outcome::Assigned(vec![Weighted { weight: 0.5, played: p(10) }, Weighted { weight: 0.5, played: p(9) }]));
    // 420 part: ties two 420s, beats 140 = 4; -50 part: 0 -> 2.
    assert_eq!(row_value(&e, 1, 4), (2.0, 4.0));
    // A 420 table: ties 420 (1), beats 140 (2), against the weighted table 0.5*1 + 0.5*2 = 1.5.
    assert_eq!(row_value(&e, 1, 1), (4.5, 1.5));
    assert_eq!(e.results.len(), 4);
}

#[test]
fn non_balancing_adjusted_scores_score_each_side_on_its_own_result() {
    let mut e = pairs_event(8, 1);
    board_one(&mut e);
    let p = |t| Outcome::Played(Played::new("4S".parse().unwrap(), Seat::North, t));
    enter(&mut e, 1, 4, 8, Outcome::Split { ns: Box::new(p(10)), ew: Box::new(p(8)) });
    // NS as 420: ties two, beats 140 = 4. EW against -100: every other NS score is higher: EW
    // gets 6 (the whole top).
    assert_eq!(row_value(&e, 1, 4), (4.0, 6.0));
    // The others' North-South pairs are compared with 420 there, their East-West pairs with
    // -100: table 1 NS ties two 420s and beats 140 (4); its EW pair lost to 420 and 140 at the
    // other tables, tied 420, and beat -100... from North-South's view 1 + 2 + 2 = 5 -> EW 1.
    assert_eq!(row_value(&e, 1, 1), (4.0, 1.0));
}

#[test]
fn law_87_fouled_board_is_scored_in_groups_of_identical_deals() {
    let mut e = pairs_event(10, 1);
    board_one(&mut e);
    let mut r = TableResult::new(1, Line::One(9), Line::One(10), played("6S", Seat::North, 12));
    r.group = 1;
    e.enter(r).unwrap();
    let s = score(&e).unwrap();
    let fouled = s.boards[0].rows.iter().find(|r| r.group == 1).unwrap();
    // Alone in its group: 0 of 0 comparisons, Neuberg to five results: (0 + 1) * 5 - 1 = 4 (50%).
    assert_eq!(fouled.ns_value, Some(4.0));
    // The four of group 0: 420 earns 5 of 6, Neuberg to 5 results: 6 * 5/4 - 1 = 6.5.
    assert_eq!(row_value(&e, 1, 1).0, 6.5);
}

#[test]
fn law_79c_correction_replaces_the_result_and_everything_is_recomputed() {
    let mut e = pairs_event(8, 1);
    board_one(&mut e);
    assert_eq!(row_value(&e, 1, 3), (2.0, 4.0));
    // Within the correction period the 3S= at table 3 turns out to have been 4S= (Law 79C).
    let replaced = e.enter(TableResult::new(1, Line::One(3), Line::One(7), played("4S", Seat::North, 10))).unwrap();
    assert!(replaced);
    assert_eq!(e.results.len(), 4);
    assert_eq!(row_value(&e, 1, 3), (4.0, 2.0));
    assert_eq!(row_value(&e, 1, 1), (4.0, 2.0));
}

#[test]
fn a_pair_cannot_play_a_board_twice_and_refusals_change_nothing() {
    let mut e = pairs_event(8, 1);
    board_one(&mut e);
    let before = e.clone();
    let err = e.enter(TableResult::new(1, Line::One(1), Line::One(6), played("4S", Seat::North, 10))).unwrap_err();
    assert!(err.to_string().contains("contestant 1 already has a result on board 1"), "{err}");
    let err = e.enter(TableResult::new(9, Line::One(1), Line::One(6), played("4S", Seat::North, 10))).unwrap_err();
    assert_eq!(err.to_string(), "board 9 is not in this event");
    let err = e.enter(TableResult::new(1, Line::One(1), Line::One(1), played("4S", Seat::North, 10))).unwrap_err();
    assert!(err.to_string().contains("cannot sit both"), "{err}");
    let err = e.enter(TableResult::new(1, Line::One(1), Line::One(99), played("4S", Seat::North, 10))).unwrap_err();
    assert!(err.to_string().contains("contestant 99"), "{err}");
    assert_eq!(e, before);
}

#[test]
fn law_8_results_must_follow_the_movement() {
    let mut e = pairs_event(6, 6);
    e.movement = Some(movement::mitchell(3, 2, 0).unwrap());
    e.enter(TableResult::new(1, Line::One(1), Line::One(4), played("4S", Seat::North, 10))).unwrap();
    let err = e.enter(TableResult::new(1, Line::One(2), Line::One(4), played("4S", Seat::North, 10))).unwrap_err();
    assert!(err.to_string().contains("Law 8"), "{err}");
}

#[test]
fn law_8_the_movement_must_fit_the_event() {
    let mut e = pairs_event(6, 4);
    e.movement = Some(movement::mitchell(3, 2, 0).unwrap());
    let err = e.validate().unwrap_err().to_string();
    assert!(err.starts_with("Law 8: table") && err.contains("board 5"), "{err}");
    let mut e = pairs_event(5, 6);
    e.movement = Some(movement::mitchell(3, 2, 0).unwrap());
    assert_eq!(e.validate().unwrap_err().to_string(), "Law 8: contestant 6 is in the movement but not in the event");
}

#[test]
fn butler_pairs_with_artificial_three_imps() {
    let mut e = pairs_event(10, 1);
    e.method = Method::Butler;
    board_one(&mut e);
    enter(&mut e, 1, 9, 10, Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::Average });
    let s = score(&e).unwrap();
    // Mean of 420, 420, 140, -50 = 232.5 -> datum 230: 420 is +190 = 5 IMPs, -50 is -280 = -7.
    assert_eq!(s.boards[0].datum, Some(230));
    assert_eq!(row_value(&e, 1, 1), (5.0, -5.0));
    assert_eq!(row_value(&e, 1, 4), (-7.0, 7.0));
    // Law 12C2(b): +3 / 0 (no other boards, so no session rule).
    assert_eq!(row_value(&e, 1, 9), (3.0, 0.0));
    let cross = score_with(&e, Method::Cross).unwrap();
    // 420 v 420 (0), v 140 (+280 = 7), v -50 (+470 = 10).
    assert_eq!(cross.boards[0].rows[0].ns_value, Some(17.0));
}

#[test]
fn law_78b_team_match_imps_and_wbf_vps() {
    let mut e = Event::new("Match", Kind::Teams, Method::Vp, 2).unwrap();
    e.contestants = vec![
        Contestant { number: 1, name: "Home".into(), players: vec![], section: None },
        Contestant { number: 2, name: "Away".into(), players: vec![], section: None },
    ];
    e.movement = Some(movement::team_match(1, 2, 2).unwrap());
    // Board 1: open room 4S= by home NS (+420), closed room 4S-1 by away NS (-50): home +10.
    enter(&mut e, 1, 1, 2, played("4S", Seat::North, 10));
    enter(&mut e, 1, 2, 1, played("4S", Seat::North, 9));
    // Board 2 (NS vul): 3NT= (+600) for away NS in the closed room, 3NT= for home NS too: 0.
    enter(&mut e, 2, 1, 2, played("3NT", Seat::South, 9));
    enter(&mut e, 2, 2, 1, played("3NT", Seat::South, 9));
    let s = score(&e).unwrap();
    assert_eq!(s.matches.len(), 1);
    let m = &s.matches[0];
    assert_eq!((m.home_imps, m.away_imps, m.boards), (10.0, 0.0, 2));
    // 10 IMPs over 2 boards: X = 15 √2 = 21.213; VP = 10 + 10 (1 - τ^(30/21.213)) / (1 - τ³) = 16.46.
    assert_eq!((m.home_vp, m.away_vp), (16.46, 3.54));
    assert_eq!(s.rankings[0].standings[0].name, "Home");
    assert_eq!(s.rankings[0].standings[0].total, 16.46);
    let imps = score_with(&e, Method::TeamImps).unwrap();
    assert_eq!(imps.rankings[0].standings[0].total, 10.0);
    // A third result for the same match and board is refused when scored.
    e.results.push(TableResult::new(1, Line::One(1), Line::One(2), played("4S", Seat::North, 11)));
    assert!(score(&e).unwrap_err().to_string().contains("board 1"));
}

#[test]
fn law_12c2b_team_average_plus_is_three_imps() {
    let mut e = Event::new("Match", Kind::Teams, Method::TeamImps, 1).unwrap();
    enter(&mut e, 1, 1, 2, Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AverageMinus });
    enter(&mut e, 1, 2, 1, played("4S", Seat::North, 10));
    let s = score(&e).unwrap();
    // Home gains 3 IMPs (average plus), away loses 3 (average minus): 3 - 0 in the match.
    assert_eq!((s.matches[0].home_imps, s.matches[0].away_imps), (3.0, 0.0));
}

#[test]
fn individuals_credit_both_players_of_a_side() {
    let mut e = Event::new("Individual", Kind::Individuals, Method::Matchpoints, 1).unwrap();
    e.enter(TableResult::new(1, Line::Two([1, 3]), Line::Two([2, 4]), played("4S", Seat::North, 10))).unwrap();
    e.enter(TableResult::new(1, Line::Two([5, 7]), Line::Two([6, 8]), played("4S", Seat::North, 9))).unwrap();
    let s = score(&e).unwrap();
    let st = &s.rankings[0].standings;
    assert_eq!(st.iter().filter(|x| x.total == 2.0).count(), 4);
    assert_eq!(st[0].rank, "1-4");
    assert!(e.enter(TableResult::new(1, Line::One(9), Line::Two([10, 11]), played("4S", Seat::North, 9))).is_err());
}

#[test]
fn rankings_share_places_and_split_by_direction() {
    assert_eq!(places(&[60.0, 55.0, 55.0, 50.0]), vec!["1", "2-3", "2-3", "4"]);
    // A tie is equal scores, not equal rounded figures: 602.90 and 602.86 matchpoints (both
    // 55.00 % when rounded) are two places; the same score reached by different sums is one.
    assert_eq!(places(&[602.90, 602.86]), vec!["1", "2"]);
    assert_eq!(places(&[55.004, 55.001]), vec!["1", "2"]);
    assert_eq!(places(&[0.1 + 0.2, 0.3]), vec!["1-2", "1-2"]);
    let mut e = pairs_event(8, 1);
    board_one(&mut e);
    e.rank_by_direction = true;
    let s = score(&e).unwrap();
    let titles: Vec<&str> = s.rankings.iter().map(|r| r.title.as_str()).collect();
    assert_eq!(titles, vec!["North-South", "East-West"], "North-South first, as scorers list them");
    let ns = &s.rankings[0].standings;
    assert_eq!((ns[0].rank.as_str(), ns[1].rank.as_str(), ns[2].number), ("1-2", "1-2", 3));
    let card = score_card(&s, 7);
    assert_eq!(card.len(), 1);
    assert_eq!(card[0].points, Some(-140.0));
    assert_eq!(card[0].value, Some(4.0));
}

#[test]
fn event_file_round_trips_and_is_written_atomically() {
    let mut e = pairs_event(8, 1);
    board_one(&mut e);
    let dir = std::env::temp_dir().join(format!("tenace-events-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("event.json");
    e.write(&path).unwrap();
    assert_eq!(Event::read(&path).unwrap(), e);
    assert!(std::fs::read_dir(&dir).unwrap().count() == 1, "no temporary file left behind");
    std::fs::write(&path, "{\"format\": \"something else\"}").unwrap();
    assert!(Event::read(&path).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pbn_report_round_trips_through_the_reader() {
    let mut e = pairs_event(10, 1);
    board_one(&mut e);
    enter(&mut e, 1, 9, 10, Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AveragePlus });
    let s = score(&e).unwrap();
    let text = tenace_events::report::pbn::write(&e, &s);
    assert!(text.contains("[ScoreTable \""));
    assert!(text.contains("[TotalScoreTable \""));
    let records = tenace_formats::pbn::parse(&text).unwrap();
    let back = tenace_events::report::pbn::event_from_records(&records).unwrap();
    assert_eq!(back.results.len(), 5);
    let s2 = score(&back).unwrap();
    assert_eq!(s2.boards[0].rows.iter().map(|r| r.ns_value).collect::<Vec<_>>(), s.boards[0].rows.iter().map(|r| r.ns_value).collect::<Vec<_>>());
    let html = tenace_events::report::html::render(&e, &s, &Default::default());
    assert!(html.contains("@media print") && html.contains("Board 1") && html.contains("A+"));
    assert!(!text.contains("Lead") && !html.contains("<th>Lead</th>"), "no lead column when no result has a lead");
    // Issue 20, item 5: the travellers name the pairs; every pair has its score card.
    assert!(html.contains("1 <span class=\"who\">Pair 1</span>"), "{html}");
    assert!(html.contains("Personal score cards") && (1..=10).all(|n| html.contains(&format!("id=\"card-{n}\""))), "{html}");
    let mut placed = e.clone();
    for r in &mut placed.results {
        r.table = Some(r.ns.members()[0]);
        r.round = Some(1);
    }
    let html = tenace_events::report::html::render(&placed, &score(&placed).unwrap(), &Default::default());
    assert!(html.contains("<th class=\"n\">Table</th><th class=\"n\">Round</th>"), "{html}");
}

/// Issue 20, item 4: a row without a contract whose score is not an artificial score is refused
/// naming that column (it was "not a contract").
#[test]
fn a_pbn_row_with_a_bad_percentage_names_the_score_column() {
    let mut e = pairs_event(10, 1);
    board_one(&mut e);
    enter(&mut e, 1, 9, 10, Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AverageMinus });
    let text = tenace_events::report::pbn::write(&e, &score(&e).unwrap());
    assert!(text.contains("\"A+\" \"A-\""), "{text}");
    let bad = text.replace("\"A+\" \"A-\"", "\"A+\" 145%");
    let err = tenace_events::report::pbn::event_from_records(&tenace_formats::pbn::parse(&bad).unwrap()).unwrap_err().to_string();
    assert!(err.contains("Score_EW: \"145%\" is not an artificial score") && !err.contains("not a contract"), "{err}");
    // A regulation's percentage (an absent pair's 0%, issue 20, item 3) reads back.
    let absent = text.replace("\"A+\" \"A-\"", "\"A+\" \"0%\"");
    let back = tenace_events::report::pbn::event_from_records(&tenace_formats::pbn::parse(&absent).unwrap()).unwrap();
    let row = back.results.iter().find(|r| r.ns == Line::One(9)).unwrap();
    assert_eq!(row.outcome, Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::Percent(0) });
}

/// Online tables know the opening lead: it goes into the ScoreTable's `Lead` column and the
/// HTML traveller, and is read back.
#[test]
fn the_opening_lead_goes_through_the_pbn_report() {
    let mut e = pairs_event(10, 1);
    board_one(&mut e);
    e.results[0].lead = Some("HK".parse().unwrap());
    let s = score(&e).unwrap();
    let text = tenace_events::report::pbn::write(&e, &s);
    assert!(text.contains(";Declarer;Lead;Result;"), "{text}");
    let back = tenace_events::report::pbn::event_from_records(&tenace_formats::pbn::parse(&text).unwrap()).unwrap();
    let leads: Vec<Option<String>> = back.results.iter().map(|r| r.lead.map(|c| c.to_string())).collect();
    assert_eq!(leads.iter().filter(|l| l.as_deref() == Some("HK")).count(), 1, "{leads:?}");
    assert_eq!(leads.iter().filter(|l| l.is_none()).count(), back.results.len() - 1);
    let html = tenace_events::report::html::render(&e, &s, &Default::default());
    assert!(html.contains("<th>Lead</th>") && html.contains("<td>HK</td>"));
}

/// Issue 20, item 4: some programs (KOPS) round each board's Neuberg figure to 0.01 before
/// totalling; `board_decimals` reproduces that: each row's value is the rounded figure and the
/// total is their sum.
#[test]
fn neuberg_figures_rounded_board_by_board_before_totalling() {
    let mut e = pairs_event(8, 2);
    e.expected_results = Some(4);
    // Board 1: three results of four (Neuberg: (MP + 1) × 4/3 − 1, thirds); board 2: four.
    enter(&mut e, 1, 1, 5, played("4S", Seat::North, 10));
    enter(&mut e, 1, 2, 6, played("4S", Seat::North, 11));
    enter(&mut e, 1, 3, 7, played("4S", Seat::North, 9));
    board_one_on(&mut e, 2);
    let exact = score(&e).unwrap();
    e.board_decimals = Some(2);
    let rounded = score(&e).unwrap();
    for (b, r) in rounded.boards.iter().zip(&exact.boards) {
        for (x, y) in b.rows.iter().zip(&r.rows) {
            let v = x.ns_value.unwrap();
            assert!(((v * 100.0).round() - v * 100.0).abs() < 1e-9, "{v} has two decimals at most");
            assert!((v - y.ns_value.unwrap()).abs() <= 0.005 + 1e-9);
        }
    }
    // Pair 3's 140 beats nothing among three: (0 + 1) × 4/3 − 1 = 0.333…, rounded 0.33.
    let pair3 = |s: &tenace_events::Scores| s.rankings[0].standings.iter().find(|x| x.number == 3).unwrap().total;
    let by_row: f64 = rounded.boards.iter().flat_map(|b| b.rows.iter()).filter(|r| r.ns == Line::One(3)).map(|r| r.ns_value.unwrap()).sum();
    assert!((pair3(&rounded) - by_row).abs() < 1e-9);
    assert!((pair3(&exact) - pair3(&rounded) - (1.0 / 3.0 - 0.33)).abs() < 1e-9, "the third rounded changes the total");
}

/// Board `board` played as board 1 of `board_one`: 420, 420, 140, -50 at four tables.
fn board_one_on(e: &mut Event, board: u32) {
    enter(e, board, 1, 5, played("4S", Seat::North, 10));
    enter(e, board, 2, 6, played("4S", Seat::North, 10));
    enter(e, board, 3, 7, played("2S", Seat::North, 9));
    enter(e, board, 4, 8, played("4S", Seat::North, 9));
}

/// Dates as PBN writes them (issue 20, item 2: an event's date was written "?").
#[test]
fn dates_as_pbn_writes_them() {
    use tenace_events::event::{check_date, pbn_date};
    assert_eq!(pbn_date(0), "1970.01.01");
    assert_eq!(pbn_date(951_868_799), "2000.02.29", "a leap day, its last second");
    assert_eq!(pbn_date(1_795_651_200), "2026.11.26");
    assert!(check_date("2026.11.26").is_ok());
    for bad in ["26/11/2026", "2026.13.01", "2026.1.1", "?"] {
        assert!(check_date(bad).is_err(), "{bad}");
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn outcome(k: u8) -> Outcome {
        match k % 9 {
            0 => Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AverageMinus },
            1 => Outcome::Played(Played::passed_out()),
            n => played(
                ["4S", "3NT", "2H", "4SX", "6NT", "5DX", "1C"][usize::from(n - 2)],
                [Seat::North, Seat::East, Seat::South, Seat::West][usize::from(k % 4)],
                6 + k % 8,
            ),
        }
    }

    proptest! {
        /// Every balancing result scores the full top between its two sides (Neuberg keeps it),
        /// percentages stay within 0-100, and a board's played results share n(n-1) before
        /// scaling.
        #[test]
        fn every_balancing_row_shares_the_full_top(boards in prop::collection::vec(prop::collection::vec(any::<u8>(), 1..12), 1..4)) {
            let tables = boards.iter().map(Vec::len).max().unwrap() as u32;
            let mut e = pairs_event(2 * tables, boards.len() as u32);
            for (b, results) in boards.iter().enumerate() {
                for (t, &k) in results.iter().enumerate() {
                    enter(&mut e, b as u32 + 1, t as u32 + 1, tables + t as u32 + 1, outcome(k));
                }
            }
            let s = score(&e).unwrap();
            let top = 2.0 * (s.expected_results as f64 - 1.0);
            for b in &s.boards {
                for r in &b.rows {
                    let (ns, ew) = (r.ns_value.unwrap(), r.ew_value.unwrap());
                    if r.ns_artificial.is_none() {
                        prop_assert!((ns + ew - top).abs() < 1e-9, "board {}: {ns} + {ew} != {top}", b.board);
                    }
                    for p in [r.ns_percent.unwrap(), r.ew_percent.unwrap()] {
                        prop_assert!((0.0..=100.0 + 1e-9).contains(&p));
                    }
                }
            }
            for ranking in &s.rankings {
                for st in &ranking.standings {
                    if let Some(p) = st.percentage {
                        prop_assert!((0.0..=100.0 + 1e-9).contains(&p));
                    }
                }
            }
        }

        /// Butler IMPs of a board sum to about zero when the datum is the exact mean, and each
        /// balancing row's two sides are opposite.
        #[test]
        fn butler_rows_are_zero_sum_per_table(results in prop::collection::vec(any::<u8>(), 2..12)) {
            let tables = results.len() as u32;
            let mut e = pairs_event(2 * tables, 1);
            e.method = Method::Butler;
            for (t, &k) in results.iter().enumerate() {
                enter(&mut e, 1, t as u32 + 1, tables + t as u32 + 1, outcome(k));
            }
            let s = score(&e).unwrap();
            for r in &s.boards[0].rows {
                if r.ns_artificial.is_none() {
                    prop_assert_eq!(r.ns_value.unwrap(), -r.ew_value.unwrap());
                }
            }
        }
    }

    proptest! {
        /// `enter_all` (linear, for large fields) enters, corrects and refuses exactly as
        /// `enter` one result at a time: the same results in the same order, or a refusal that
        /// leaves the event as it was.
        #[test]
        fn entering_all_at_once_is_entering_one_by_one(rows in prop::collection::vec((1u32..3, 1u32..5, 1u32..5, any::<u8>()), 1..30)) {
            let results: Vec<TableResult> = rows.iter().map(|&(b, ns, ew, k)| TableResult::new(b, Line::One(ns), Line::One(ew), outcome(k))).collect();
            let mut one = pairs_event(4, 2);
            let one_by_one: Result<(), String> = results.iter().try_for_each(|r| one.enter(r.clone()).map(|_| ()).map_err(|e| e.to_string()));
            let mut all = pairs_event(4, 2);
            let at_once = all.enter_all(results.clone()).map_err(|e| e.to_string());
            prop_assert_eq!(&at_once, &one_by_one);
            if at_once.is_ok() {
                prop_assert_eq!(all, one);
            } else {
                prop_assert_eq!(all, pairs_event(4, 2));
            }
        }

        /// The robots' line (`ROBOTS`, a robot individual's East-West) plays a board at every
        /// table and is never ranked.
        #[test]
        fn the_robots_play_everywhere_and_are_not_ranked(scores in prop::collection::vec(any::<u8>(), 1..8)) {
            let mut e = pairs_event(scores.len() as u32, 1);
            e.contestants.push(Contestant { number: tenace_events::ROBOTS, name: "Robots".into(), players: vec![], section: None });
            let results = scores.iter().enumerate().map(|(i, &k)| TableResult::new(1, Line::One(i as u32 + 1), Line::One(tenace_events::ROBOTS), outcome(k))).collect();
            e.enter_all(results).unwrap();
            let s = score(&e).unwrap();
            prop_assert_eq!(s.rankings.len(), 1);
            prop_assert_eq!(s.rankings[0].standings.len(), scores.len());
            prop_assert!(s.rankings[0].standings.iter().all(|st| st.number != tenace_events::ROBOTS));
        }
    }
}
