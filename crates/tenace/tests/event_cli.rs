//! `tenace event ...` as a director uses it: create, enter, correct, score, report; bad input
//! exits 2 with one line on stderr and leaves the event file as it was.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tenace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenace")).args(args).output().expect("run tenace")
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "exit {:?}; stderr: {}", o.status.code(), String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn assert_bad_input(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "exit code; stderr: {}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("tenace: error: ") || err.starts_with("error:"), "{err:?}");
    assert!(err.contains(needle), "stderr {err:?} should mention {needle:?}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    assert!(o.stdout.is_empty());
}

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

fn p(d: &Path, name: &str) -> String {
    d.join(name).to_string_lossy().to_string()
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tenace-events/tests/data").join(name)
}

#[test]
fn new_result_correct_and_score_a_mitchell() {
    let d = dir();
    let f = p(d.path(), "club.json");
    let out = ok(&tenace(&["event", "new", &f, "--name", "Club night", "--tables", "3", "--boards-per-round", "2", "--seed", "42"]));
    assert!(out.contains("6 pairs, 6 boards, Mitchell with 3 tables and 3 rounds"), "{out}");
    // The published commitment is SHA-256 of "42".
    assert!(out.contains("73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"), "{out}");
    // Board 1 travels: round 1 table 1 (1 v 4), round 2 table 3 (3 v 5), round 3 table 2 (2 v 6).
    let o = ok(&tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--contract", "4SX", "--declarer", "N", "--tricks", "8"]));
    assert_eq!(o.trim(), "entered board 1: 1 v 4: 4SX N -2 (NS -300)");
    ok(&tenace(&["event", "result", &f, "--board", "1", "--ns", "3", "--ew", "5", "--contract", "4S", "--declarer", "S", "--tricks", "10"]));
    ok(&tenace(&["event", "result", &f, "--board", "1", "--ns", "2", "--ew", "6", "--adjusted", "60/40"]));
    // Law 79C: a correction replaces the result.
    let o = ok(&tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--assigned", "50% 4S N =, 50% 4S N -1"]));
    assert!(o.starts_with("corrected (Law 79C) board 1"), "{o}");
    let html = p(d.path(), "report.html");
    let o = ok(&tenace(&["event", "score", &f, "--out", &html]));
    assert!(o.contains("North-South") && o.contains("East-West"), "{o}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<!DOCTYPE html>") && page.contains("@media print") && page.contains("Board 1"));
    let pbn = p(d.path(), "scores.pbn");
    ok(&tenace(&["event", "score", &f, "--method", "butler", "--out", &pbn]));
    let text = std::fs::read_to_string(&pbn).unwrap();
    assert!(text.contains("[ScoreTable \"") && text.contains("IMP_NS") && text.contains("[Scoring \"IMP;Butler\"]"));
    let json = p(d.path(), "scores.json");
    ok(&tenace(&["event", "score", &f, "--out", &json]));
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["method"], "matchpoints");
    assert_eq!(v["boards"][0]["rows"].as_array().unwrap().len(), 3);
    // The deals are the ones `tenace deal --seed 42` deals.
    let dealt = ok(&tenace(&["deal", "--seed", "42", "--boards", "1", "--format", "json"]));
    let event: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    let deal = event["boards"][0]["deal"].as_str().unwrap();
    assert!(dealt.contains(deal), "{deal} not in {dealt}");
}

#[test]
fn bad_results_exit_2_and_leave_the_file_alone() {
    let d = dir();
    let f = p(d.path(), "e.json");
    ok(&tenace(&["event", "new", &f, "--tables", "3", "--boards-per-round", "2"]));
    let before = std::fs::read(&f).unwrap();
    assert_bad_input(
        &tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--contract", "4S", "--declarer", "N", "--tricks", "14"]),
        "Law 77",
    );
    assert_bad_input(
        &tenace(&["event", "result", &f, "--board", "1", "--ns", "2", "--ew", "4", "--contract", "4S", "--declarer", "N", "--tricks", "10"]),
        "Law 8",
    );
    assert_bad_input(&tenace(&["event", "result", &f, "--board", "99", "--ns", "1", "--ew", "4", "--passed-out"]), "board 99");
    assert_bad_input(&tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--adjusted", "170/30"]), "Law 12C2");
    assert_bad_input(&tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--assigned", "50% 4S N =, 30% 4S N -1"]), "Law 12C1(c)");
    assert_bad_input(
        &tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--contract", "4Q", "--declarer", "N", "--tricks", "9"]),
        "not a contract",
    );
    assert_bad_input(&tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4"]), "exactly one");
    assert_eq!(std::fs::read(&f).unwrap(), before);
    assert_bad_input(&tenace(&["event", "new", &f]), "already exists");
    assert_bad_input(&tenace(&["event", "score", &p(d.path(), "missing.json")]), "cannot read");
    assert_bad_input(&tenace(&["event", "score", &f, "--method", "chicago"]), "unknown scoring method");
    assert_bad_input(&tenace(&["event", "score", &f, "--out", &p(d.path(), "x.txt")]), "report format");
    std::fs::write(&f, "{ not json").unwrap();
    assert_bad_input(&tenace(&["event", "score", &f]), "not a Tenace event file");
}

#[test]
fn howell_and_team_events() {
    let d = dir();
    let f = p(d.path(), "howell.json");
    let o = ok(&tenace(&["event", "new", &f, "--movement", "howell", "--tables", "4", "--boards-per-round", "2"]));
    assert!(o.contains("8 pairs, 14 boards, Howell with 4 tables and 7 rounds"), "{o}");
    let t = p(d.path(), "match.json");
    let o = ok(&tenace(&["event", "new", &t, "--movement", "match", "--boards-per-round", "2", "--names", "Lions;Tigers"]));
    assert!(o.contains("2 teams, 2 boards"), "{o}");
    ok(&tenace(&["event", "result", &t, "--board", "1", "--ns", "1", "--ew", "2", "--contract", "4S", "--declarer", "N", "--tricks", "10"]));
    ok(&tenace(&["event", "result", &t, "--board", "1", "--ns", "2", "--ew", "1", "--contract", "4S", "--declarer", "N", "--tricks", "9"]));
    let o = ok(&tenace(&["event", "score", &t]));
    // 4S= (+420) and 4S-1 (-50): 470 = 10 IMPs over 1 board: X = 15, VP = 10 + 10 (1 - τ^2) / (1 - τ³) = 18.09 - 1.91.
    assert!(o.contains("Lions") && o.contains("18.09") && o.contains("1.91"), "{o}");
    let o = ok(&tenace(&["event", "score", &t, "--method", "imp"]));
    assert!(o.contains("10.00"), "{o}");
    // Swiss: four teams; 1 beat 2 by 10 IMPs (board 1, +420 v -50) and 3 beat 4 by 12 (board 2,
    // NS vulnerable: +620 v -100). By VPs 3, 1, 2, 4: next round 3 v 1, 2 v 4 (no rematches).
    let s = p(d.path(), "swiss.json");
    ok(&tenace(&["event", "new", &s, "--movement", "none", "--tables", "4", "--boards", "2", "--method", "vp"]));
    let mut ev: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&s).unwrap()).unwrap();
    ev["kind"] = "teams".into();
    std::fs::write(&s, serde_json::to_string(&ev).unwrap()).unwrap();
    for (b, ns, ew, tricks) in [("1", "1", "2", "10"), ("1", "2", "1", "9"), ("2", "3", "4", "10"), ("2", "4", "3", "9")] {
        ok(&tenace(&["event", "result", &s, "--board", b, "--ns", ns, "--ew", ew, "--contract", "4S", "--declarer", "N", "--tricks", tricks]));
    }
    // These results were entered without a movement: the pairings can be shown, not added.
    let before = std::fs::read(&s).unwrap();
    let o = ok(&tenace(&["event", "swiss", &s, "--dry-run"]));
    assert_eq!(o.trim(), format!("3 v 1\n2 v 4\nround 1: dry run, {s} not changed"), "{o}");
    assert_bad_input(&tenace(&["event", "swiss", &s]), "no movement");
    assert_eq!(std::fs::read(&s).unwrap(), before);
    let r = p(d.path(), "relay.json");
    let o = ok(&tenace(&["event", "new", &r, "--tables", "6", "--relay", "--sections", "2"]));
    assert!(o.contains("24 pairs, 18 boards, Mitchell with relay and bye stand (2 sections) with 12 tables and 6 rounds"), "{o}");
    // Section B's pair 13 meets its EW pairs; board 1 is played in both sections.
    ok(&tenace(&["event", "result", &r, "--board", "1", "--ns", "1", "--ew", "7", "--contract", "3NT", "--declarer", "S", "--tricks", "9"]));
    ok(&tenace(&["event", "result", &r, "--board", "1", "--ns", "13", "--ew", "19", "--contract", "3NT", "--declarer", "S", "--tricks", "10"]));
    let o = ok(&tenace(&["event", "score", &r]));
    assert!(o.contains("Section A North-South") && o.contains("Section B East-West"), "{o}");
}

#[test]
fn score_a_published_pbn_event() {
    let o = ok(&tenace(&["event", "score", data("ffb-dn1-2022-seance1.pbn").to_str().unwrap()]));
    let first = o.lines().nth(2).unwrap();
    assert!(first.contains("Philippe CHESNY") && first.contains("61.2"), "{first}");
    // Pair 16's card: board 1 was an average plus (A+/A+ at table 16, round 1).
    let o = ok(&tenace(&["event", "score", data("ffb-dn1-2022-seance1.pbn").to_str().unwrap(), "--card", "16"]));
    let card: Vec<&str> = o.lines().skip_while(|l| !l.starts_with("Score card: 16")).collect();
    assert_eq!(card.len(), 2 + 30, "{o}");
    assert!(card[2].contains("A+/A+") && card[2].contains("60.00"), "{}", card[2]);
    assert_bad_input(&tenace(&["event", "score", data("ffb-dn1-2022-seance1.pbn").to_str().unwrap(), "--card", "99"]), "contestant 99");
}

/// Issue 20, item 4: Neuberg's N and the factoring of short boards are set on the command line
/// for a PBN input (no JSON editing); bad values are refused with the reason.
#[test]
fn the_neuberg_field_size_and_the_factoring_are_options() {
    let file = data("ffb-dn1-2022-seance1.pbn");
    let file = file.to_str().unwrap();
    let total = |o: &str| o.lines().nth(2).unwrap().to_string();
    let plain = ok(&tenace(&["event", "score", file]));
    let wider = ok(&tenace(&["event", "score", file, "--expected-results", "30"]));
    assert_ne!(total(&plain), total(&wider), "a larger N rescales every board");
    let proportional = ok(&tenace(&["event", "score", file, "--factoring", "proportional"]));
    assert!(total(&proportional).contains("Philippe CHESNY"), "{proportional}");
    assert_eq!(ok(&tenace(&["event", "score", file, "--factoring", "NEUBERG"])), plain);
    assert_bad_input(&tenace(&["event", "score", file, "--factoring", "kops"]), "neuberg or proportional");
    assert_bad_input(&tenace(&["event", "score", file, "--expected-results", "1"]), "at least 2");
    // Each board's figure rounded to 0.01 before totalling (as KOPS does).
    let kops = ok(&tenace(&["event", "score", file, "--board-decimals", "2"]));
    assert!(total(&kops).contains("Philippe CHESNY"), "{kops}");
    assert_bad_input(&tenace(&["event", "score", file, "--board-decimals", "9"]), "at most 6");
}

/// Issue 20, item 6: players' names from the command line, shown in the ranking; an unknown
/// contestant is refused and the file left alone.
#[test]
fn contestants_are_named_from_the_command_line() {
    let d = dir();
    let f = p(d.path(), "e.json");
    ok(&tenace(&["event", "new", &f, "--tables", "3", "--boards-per-round", "2"]));
    assert_eq!(ok(&tenace(&["event", "name", &f, "1", "Ann Smith", "Bob Jones"])).trim(), "1: Ann Smith - Bob Jones");
    ok(&tenace(&["event", "name", &f, "4", "Cy", "Di", "--name", "The Visitors"]));
    ok(&tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--contract", "4S", "--declarer", "N", "--tricks", "10"]));
    let ranking = ok(&tenace(&["event", "score", &f]));
    assert!(ranking.contains("Ann Smith - Bob Jones") && ranking.contains("The Visitors"), "{ranking}");
    let json = std::fs::read_to_string(&f).unwrap();
    assert!(json.contains("\"Cy\"") && json.contains("\"Di\""), "{json}");
    let before = std::fs::read(&f).unwrap();
    assert_bad_input(&tenace(&["event", "name", &f, "99", "Nobody"]), "contestant 99 is not in this event");
    assert_bad_input(&tenace(&["event", "name", &f, "2"]), "give the players' names");
    // The date goes into the reports (issue 20, item 2); a malformed one is refused.
    let pbn = p(d.path(), "e.pbn");
    ok(&tenace(&["event", "score", &f, "--out", &pbn]));
    let text = std::fs::read_to_string(&pbn).unwrap();
    assert!(text.contains("[Date \"") && !text.contains("[Date \"?\"]"), "{text}");
    let dated = p(d.path(), "dated.json");
    ok(&tenace(&["event", "new", &dated, "--tables", "3", "--date", "2026.11.26"]));
    assert!(std::fs::read_to_string(&dated).unwrap().contains("\"date\": \"2026.11.26\""));
    assert_bad_input(&tenace(&["event", "new", &p(d.path(), "bad.json"), "--date", "26/11/2026"]), "not a date");
    assert_eq!(std::fs::read(&f).unwrap(), before);
}

/// Issue 20, item 3: an odd field — a phantom pair in the movement: nobody plays under it, a
/// result naming it is refused, it is not ranked, its opponents are scored on what they play.
#[test]
fn a_phantom_pair_sits_its_opponents_out() {
    let d = dir();
    let f = p(d.path(), "odd.json");
    ok(&tenace(&["event", "new", &f, "--tables", "3", "--boards-per-round", "2", "--phantom", "6"]));
    let json = std::fs::read_to_string(&f).unwrap();
    assert!(json.contains("\"phantoms\": [\n    6\n  ]") || json.contains("\"phantoms\":[6]"), "{json}");
    let before = std::fs::read(&f).unwrap();
    assert_bad_input(
        &tenace(&["event", "result", &f, "--board", "1", "--ns", "3", "--ew", "6", "--contract", "4S", "--declarer", "N", "--tricks", "10"]),
        "6 is a phantom",
    );
    assert_eq!(std::fs::read(&f).unwrap(), before);
    ok(&tenace(&["event", "result", &f, "--board", "1", "--ns", "1", "--ew", "4", "--contract", "4S", "--declarer", "N", "--tricks", "10"]));
    let ranking = ok(&tenace(&["event", "score", &f]));
    assert!(!ranking.contains("Pair 6") && ranking.contains("Pair 5"), "{ranking}");
    assert_bad_input(&tenace(&["event", "new", &p(d.path(), "bad.json"), "--tables", "3", "--phantom", "9"]), "--phantom 9");
}

/// Reads the event file's movement slots as (round, table, ns, ew, boards).
fn slots(f: &str) -> Vec<(u64, u64, u64, u64, Vec<u64>)> {
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
    v["movement"]["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let n = |k: &str| s[k].as_u64().unwrap();
            (n("round"), n("table"), n("ns"), n("ew"), s["boards"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap()).collect())
        })
        .collect()
}

#[test]
fn swiss_teams_rounds_are_added_to_the_movement() {
    let d = dir();
    let s = p(d.path(), "swiss.json");
    ok(&tenace(&["event", "new", &s, "--movement", "none", "--tables", "4", "--boards", "6", "--method", "vp"]));
    let mut ev: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&s).unwrap()).unwrap();
    ev["kind"] = "teams".into();
    std::fs::write(&s, serde_json::to_string(&ev).unwrap()).unwrap();
    // Round 1 needs its boards named; then 1 v 2 and 3 v 4, each match in two rooms.
    assert_bad_input(&tenace(&["event", "swiss", &s]), "--boards");
    assert_bad_input(&tenace(&["event", "swiss", &s, "--boards", "5-9"]), "round 1 board 7");
    let o = ok(&tenace(&["event", "swiss", &s, "--boards", "1-2"]));
    assert_eq!(o.trim(), format!("1 v 2\n3 v 4\nround 1: boards 1-2: added to {s}"), "{o}");
    assert_eq!(slots(&s), vec![(1, 1, 1, 2, vec![1, 2]), (1, 2, 2, 1, vec![1, 2]), (1, 3, 3, 4, vec![1, 2]), (1, 4, 4, 3, vec![1, 2])]);
    // 1 beats 2 by 10 IMPs (board 1: +420 v -50), 3 beats 4 by 12 (board 2, NS vulnerable: +620 v -100).
    for (b, ns, ew, tricks) in [("1", "1", "2", "10"), ("1", "2", "1", "9"), ("2", "3", "4", "10"), ("2", "4", "3", "9")] {
        ok(&tenace(&["event", "result", &s, "--board", b, "--ns", ns, "--ew", ew, "--contract", "4S", "--declarer", "N", "--tricks", tricks]));
    }
    // Not in the movement: 1 and 3 do not meet in round 1 (Law 8).
    assert_bad_input(&tenace(&["event", "result", &s, "--board", "1", "--ns", "1", "--ew", "3", "--passed-out"]), "Law 8");
    // --dry-run prints round 2 and leaves the file byte for byte as it was.
    let before = std::fs::read(&s).unwrap();
    let o = ok(&tenace(&["event", "swiss", &s, "--dry-run"]));
    assert_eq!(o.trim(), format!("3 v 1\n2 v 4\nround 2: dry run, {s} not changed"), "{o}");
    assert_eq!(std::fs::read(&s).unwrap(), before);
    // Board 1 again would be played twice by the same teams: refused, file unchanged (Law 8).
    assert_bad_input(&tenace(&["event", "swiss", &s, "--boards", "1,3"]), "table 1 round 2 board 1");
    assert_eq!(std::fs::read(&s).unwrap(), before);
    // By default the next unplayed boards, as many as last round: 3-4.
    let o = ok(&tenace(&["event", "swiss", &s]));
    assert_eq!(o.trim(), format!("3 v 1\n2 v 4\nround 2: boards 3-4: added to {s}"), "{o}");
    let round2: Vec<_> = slots(&s).into_iter().filter(|x| x.0 == 2).collect();
    assert_eq!(round2, vec![(2, 1, 3, 1, vec![3, 4]), (2, 2, 1, 3, vec![3, 4]), (2, 3, 2, 4, vec![3, 4]), (2, 4, 4, 2, vec![3, 4])]);
    // Round 2's results can now be entered; round 3 has no rematch left for 3 v 1.
    ok(&tenace(&["event", "result", &s, "--board", "3", "--ns", "3", "--ew", "1", "--passed-out"]));
    let o = ok(&tenace(&["event", "swiss", &s, "--dry-run"]));
    assert!(!o.contains("3 v 1") && !o.contains("1 v 3") && o.contains("round 3: dry run"), "{o}");
}

/// The "Bad input": a result for a board a pair did not play, an impossible trick count,
/// a contract that does not parse, a movement that does not validate — each a clear error naming
/// the table, round or board, and the event file byte for byte as it was.
#[test]
fn bad_input_names_table_round_and_board_and_loses_nothing() {
    let d = dir();
    let f = p(d.path(), "e.json");
    ok(&tenace(&["event", "new", &f, "--tables", "3", "--boards-per-round", "2"]));
    // One good result first: it must survive every refusal below.
    ok(&tenace(&[
        "event",
        "result",
        &f,
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "4",
        "--contract",
        "4S",
        "--declarer",
        "N",
        "--tricks",
        "10",
        "--table",
        "1",
        "--round",
        "1",
    ]));
    let before = std::fs::read(&f).unwrap();
    let result = |extra: &[&str]| {
        let mut args = vec!["event", "result", f.as_str()];
        args.extend_from_slice(extra);
        tenace(&args)
    };
    // A board the pair did not play: 2 and 4 never meet on board 1 (Law 8).
    assert_bad_input(&result(&["--board", "1", "--ns", "2", "--ew", "4", "--passed-out", "--table", "2", "--round", "1"]), "table 2 round 1: Law 8");
    assert_bad_input(&result(&["--board", "1", "--ns", "2", "--ew", "4", "--passed-out"]), "board 1: Law 8: in the movement, 2 (North-South) does not meet 4");
    // They do meet on board 1, but at table 1 in round 1, not where the slip says.
    assert_bad_input(
        &result(&["--board", "1", "--ns", "1", "--ew", "4", "--passed-out", "--table", "2", "--round", "3"]),
        "board 1: table 2 round 3: Law 8: in the movement, 1 v 4 play board 1 at table 1 in round 1",
    );
    // An impossible trick count (Law 77) and a contract that does not parse.
    assert_bad_input(
        &result(&["--board", "2", "--ns", "1", "--ew", "4", "--contract", "4S", "--declarer", "N", "--tricks", "14", "--table", "1", "--round", "1"]),
        "table 1 round 1 board 2: Law 77",
    );
    assert_bad_input(&result(&["--board", "2", "--ns", "1", "--ew", "4", "--assigned", "100% 4S N +4"]), "board 2: assigned score \"100% 4S N +4\": Law 77");
    assert_bad_input(&result(&["--board", "2", "--ns", "1", "--ew", "4", "--contract", "8S", "--declarer", "N", "--tricks", "9"]), "board 2: not a contract");
    assert_bad_input(
        &result(&["--board", "2", "--ns", "1", "--ew", "4", "--contract", "4Q", "--declarer", "N", "--tricks", "9"]),
        "board 2: not a contract: \"4Q\"",
    );
    // A Mitchell is not a Swiss: no round is added to it.
    assert_bad_input(&tenace(&["event", "swiss", &f, "--boards", "1-2"]), "round 4: the event's movement is a Mitchell, not a Swiss");
    assert_eq!(std::fs::read(&f).unwrap(), before, "a refused result changed the event file");
    // A movement that does not validate: pair 1 put at tables 1 and 2 in round 1.
    let mut ev: serde_json::Value = serde_json::from_str(&String::from_utf8(before.clone()).unwrap()).unwrap();
    let slot = ev["movement"]["slots"].as_array_mut().unwrap().iter_mut().find(|s| s["round"] == 1 && s["table"] == 2).unwrap();
    slot["ns"] = 1.into();
    let bad = p(d.path(), "bad.json");
    std::fs::write(&bad, serde_json::to_string_pretty(&ev).unwrap()).unwrap();
    let bad_before = std::fs::read(&bad).unwrap();
    for o in [
        tenace(&["event", "result", &bad, "--board", "1", "--ns", "1", "--ew", "4", "--passed-out"]),
        tenace(&["event", "score", &bad]),
        tenace(&["event", "swiss", &bad]),
    ] {
        assert_bad_input(&o, "Law 8: round 1: contestant 1 is at table 1 and at table 2");
    }
    assert_eq!(std::fs::read(&bad).unwrap(), bad_before, "a refused movement changed the event file");
    // And the good result is still there.
    let o = ok(&tenace(&["event", "score", &f, "--card", "1"]));
    assert!(o.contains("420"), "{o}");
}

/// A published event with one board's deal corrupted (a card given twice): the ranking is still
/// scored from the other boards, the bad board is named on stderr, and the exit code is 3;
/// `--strict` refuses the file.
#[test]
fn score_a_pbn_event_with_a_corrupt_board() {
    let d = dir();
    let text = tenace_formats::decode(&std::fs::read(data("ffb-dn1-2022-seance1.pbn")).unwrap());
    let corrupt = text.replace(
        "[Deal \"E:Q3.A92.A863.AQ97 T7.KT6.T94.KJT83 A9652.J5.KQJ5.52 KJ84.Q8743.72.64\"]",
        "[Deal \"E:Q3.A92.A863.AQ97 T7.KT6.T94.KJT83 A9652.J5.KQJ5.52 KJ84.Q8743.72.6A\"]",
    );
    assert_ne!(corrupt, text);
    let file = p(d.path(), "corrupt.pbn");
    std::fs::write(&file, corrupt).unwrap();
    let o = tenace(&["event", "score", &file]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("corrupt.pbn:168:8: game 2 (board 2) skipped: Deal: the CA appears twice [PBN 2.1 §3.4.11]"), "{err}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("Philippe CHESNY"), "{out}");
    assert_bad_input(&tenace(&["event", "score", "--strict", &file]), "the CA appears twice");
}

/// Issue 20, item 4: a club night's results imported from a Bridgemate `ReceivedData` export
/// score as the same results entered one by one; a row the movement does not allow is named
/// with its row number and nothing is imported.
#[test]
fn a_bridgemate_received_data_export_is_imported() {
    let d = dir();
    let (a, b) = (p(d.path(), "a.json"), p(d.path(), "b.json"));
    for f in [&a, &b] {
        ok(&tenace(&["event", "new", f, "--name", "Club night", "--tables", "3", "--boards-per-round", "2", "--seed", "42"]));
    }
    // Board 1: 1 v 4 (round 1, table 1), 3 v 5 (round 2, table 3); board 2 at table 1 in round 1.
    let csv = p(d.path(), "received.csv");
    std::fs::write(
        &csv,
        "Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,Result,LeadCard,Remarks,Erased\n\
         1,1,1,1,1,4,1,\"N\",\"4 S\",\"-1\",\"\",\"\",0\n\
         1,3,2,1,3,5,3,\"S\",\"4 S\",\"=\",\"\",\"\",0\n\
         1,1,1,2,1,4,4,\"E\",\"3 NT x\",\"-2\",\"\",\"\",0\n\
         1,1,1,2,1,4,4,\"E\",\"3 NT\",\"-2\",\"\",\"\",-1\n\
         1,1,1,1,1,4,1,\"N\",\"4 S\",\"+1\",\"\",\"\",0\n",
    )
    .unwrap();
    let out = ok(&tenace(&["event", "import", &a, "--bridgemate", &csv]));
    assert!(out.contains("imported 4 results") && out.contains("1 erased rows left out") && out.contains("the event has 3 results"), "{out}");
    for (board, ns, ew, contract, declarer, tricks) in [("1", "3", "5", "4S", "S", "10"), ("2", "1", "4", "3NTX", "E", "7"), ("1", "1", "4", "4S", "N", "11")] {
        ok(&tenace(&["event", "result", &b, "--board", board, "--ns", ns, "--ew", ew, "--contract", contract, "--declarer", declarer, "--tricks", tricks]));
    }
    assert_eq!(ok(&tenace(&["event", "score", &a])), ok(&tenace(&["event", "score", &b])));

    // Pairs 2 and 4 do not meet on board 3 in this movement (Law 8): row 2 is named.
    let wrong = p(d.path(), "wrong.csv");
    std::fs::write(&wrong, "Table,Round,Board,PairNS,PairEW,NS/EW,Contract,Result\n2,1,3,2,4,N,1 NT,=\n").unwrap();
    let before = std::fs::read(&a).unwrap();
    assert_bad_input(&tenace(&["event", "import", &a, "--bridgemate", &wrong]), "row 2: ");
    assert_eq!(std::fs::read(&a).unwrap(), before, "nothing imported");
}
