//! The CLI verbs as other tools call them: output, exit codes, one-line errors.

use std::process::{Command, Output};

fn tenace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenace")).args(args).output().expect("run tenace")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

fn assert_bad_input(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "exit code; stderr: {}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(needle), "stderr {err:?} should mention {needle:?}");
    assert!(o.stdout.is_empty());
}

#[test]
fn score_examples_from_the_issue() {
    let o = tenace(&["score", "4SX", "8", "--vulnerable"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "-500");
    assert_eq!(stdout(&tenace(&["score", "3NT", "9"])), "400");
    assert_eq!(stdout(&tenace(&["score", "4S", "10", "--vulnerable"])), "620");
    assert_eq!(stdout(&tenace(&["score", "7NTXX", "13", "--vulnerable"])), "2980");
}

#[test]
fn score_bad_input_exits_2_with_one_line() {
    let o = tenace(&["score", "8S", "9"]);
    assert_bad_input(&o, "Law 18A");
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
    assert_bad_input(&tenace(&["score", "4Q", "9"]), "not a contract");
    assert_bad_input(&tenace(&["score", "4S", "14"]), "13 tricks");
    assert_bad_input(&tenace(&["score", "4S", "x"]), "invalid value");
}

#[test]
fn imps_examples() {
    assert_eq!(stdout(&tenace(&["imps", "420"])), "9");
    assert_eq!(stdout(&tenace(&["imps", "-50"])), "-2");
    assert_eq!(stdout(&tenace(&["imps", "4000"])), "24");
    assert_eq!(stdout(&tenace(&["imps", "10"])), "0");
    assert_bad_input(&tenace(&["imps", "ten"]), "invalid value");
}

#[test]
fn deal_is_reproducible_with_a_seed_and_follows_law_2() {
    let a = tenace(&["deal", "--seed", "42", "--boards", "1-4"]);
    let b = tenace(&["deal", "--seed", "42", "--boards", "1-4"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let text = stdout(&a);
    assert_eq!(text.matches("[Deal ").count(), 4);
    assert!(text.contains("[Board \"2\"]"));
    assert!(text.contains("[Dealer \"W\"]"));
    assert!(text.contains("[Vulnerable \"All\"]"));
    // A board's deal depends on the seed and its number only.
    let third = stdout(&tenace(&["deal", "--seed", "42", "--boards", "3"]));
    let deal_line = |t: &str, board: &str| -> String {
        let start = t.find(&format!("[Board \"{board}\"]")).expect("board present");
        t[start..].lines().find(|l| l.starts_with("[Deal ")).unwrap().to_string()
    };
    assert_eq!(deal_line(&third, "3"), deal_line(&text, "3"));
    assert_ne!(deal_line(&text, "1"), deal_line(&text, "3"));
    let c = tenace(&["deal", "--seed", "43", "--boards", "1-4"]);
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn deal_formats() {
    let json = tenace(&["deal", "--seed", "1", "--boards", "17", "--format", "json"]);
    assert!(json.status.success());
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("valid JSON");
    assert!(v.to_string().contains("17"));
    let lin = tenace(&["deal", "--seed", "1", "--boards", "1-2", "--format", "lin"]);
    assert!(lin.status.success());
    assert!(stdout(&lin).contains("md|"));
    assert_bad_input(&tenace(&["deal", "--boards", "0-3"]), "start at 1");
    assert_bad_input(&tenace(&["deal", "--boards", "5-3"]), "backwards");
    assert_bad_input(&tenace(&["deal", "--format", "xml"]), "invalid value");
}

/// Issue 20, item 2: the night's hand records as the printable sheet — every board's four hands
/// with its double-dummy table and par (tenace-dds), from a seed or
/// from an imported PBN.
#[test]
fn hand_record_sheet_from_a_seed_and_from_a_pbn() {
    let html = stdout(&tenace(&["deal", "--seed", "7", "--boards", "1-4", "--format", "html"]));
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("@media print"), "{html}");
    assert_eq!(html.matches("class=\"record\"").count(), 4, "{html}");
    assert_eq!(html.matches("Par: ").count(), 4, "a double-dummy table and par per board");
    // Board 1's North hand is the seed's.
    let pbn = stdout(&tenace(&["deal", "--seed", "7", "--boards", "1-4"]));
    let deal: tenace_core::Deal = pbn.lines().find_map(|l| l.strip_prefix("[Deal \"")).unwrap().trim_end_matches("\"]").parse().unwrap();
    let spades = deal.hand(tenace_core::Seat::North).suit_text(tenace_core::Suit::Spades);
    assert!(html.contains(&format!("♠</span> {}", if spades.is_empty() { "—".to_string() } else { spades })), "{html}");
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("night.pbn");
    std::fs::write(&input, &pbn).unwrap();
    let out = dir.path().join("night.html");
    let r = tenace(&["convert", input.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let sheet = std::fs::read_to_string(&out).unwrap();
    assert_eq!(sheet.matches("class=\"record\"").count(), 4);
}

#[test]
fn convert_round_trip_pbn_lin_json() {
    let dir = tempfile::tempdir().unwrap();
    let pbn = dir.path().join("a.pbn");
    let o = tenace(&["deal", "--seed", "5", "--boards", "1-3"]);
    std::fs::write(&pbn, &o.stdout).unwrap();
    let lin = dir.path().join("b.lin");
    let json = dir.path().join("c.json");
    let back = dir.path().join("d.pbn");
    for (i, o) in [(&pbn, &lin), (&lin, &json), (&json, &back)] {
        let r = tenace(&["convert", i.to_str().unwrap(), o.to_str().unwrap()]);
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    }
    let original = std::fs::read_to_string(&pbn).unwrap();
    let final_text = std::fs::read_to_string(&back).unwrap();
    for line in original.lines().filter(|l| l.starts_with("[Deal ") || l.starts_with("[Board ")) {
        assert!(final_text.contains(line), "{line} lost in conversion");
    }
}

#[test]
fn convert_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.pbn");
    std::fs::write(&bad, "[Event \"x\"]\n[Deal \"N:AKQ.AKQ.AKQ.AKQJ - - -\n").unwrap();
    let out = dir.path().join("out.lin");
    let o = tenace(&["convert", bad.to_str().unwrap(), out.to_str().unwrap()]);
    assert_bad_input(&o, "no board could be read");
    assert_bad_input(&o, "bad.pbn:2:7: game 1 skipped: unterminated string in tag [Deal]");
    let o = tenace(&["convert", "--strict", bad.to_str().unwrap(), out.to_str().unwrap()]);
    assert_bad_input(&o, "--strict");
    let o = tenace(&["convert", "/nonexistent/x.pbn", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = tenace(&["convert", bad.to_str().unwrap(), dir.path().join("x.doc").to_str().unwrap()]);
    assert_bad_input(&o, "cannot tell the format");
}

#[test]
fn help_on_every_verb() {
    for verb in ["deal", "score", "imps", "convert", "solve"] {
        let o = tenace(&[verb, "--help"]);
        assert!(o.status.success(), "{verb} --help");
        assert!(stdout(&o).contains("Usage"));
    }
    assert!(tenace(&["--help"]).status.success());
    assert_eq!(tenace(&["frobnicate"]).status.code(), Some(2));
}

/// Each player holds one whole suit: every table entry is 13 or 0, solved without search.
const SUITS_DEAL: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

#[test]
fn solve_one_deal_as_json() {
    let o = tenace(&["solve", "--json", "--deal", SUITS_DEAL]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["board"], 1);
    // North declaring spades: East leads a heart, North ruffs and draws trumps: 13.
    assert_eq!(v["tricks"]["N"]["S"], 13);
    assert_eq!(v["tricks"]["E"]["H"], 13);
    assert_eq!(v["tricks"]["E"]["S"], 0);
    // In no trump the opening leader runs a whole suit.
    for seat in ["N", "E", "S", "W"] {
        assert_eq!(v["tricks"][seat]["NT"], 0);
    }
    assert_eq!(v["par"]["score"], 1510);
}

#[test]
fn solve_writes_pbn_tags() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.pbn");
    std::fs::write(&file, format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{SUITS_DEAL}\"]\n")).unwrap();
    let o = tenace(&["solve", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    // N, S, E, W each with NT S H D C, in hexadecimal.
    assert!(text.contains("[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]"), "{text}");
    assert!(text.contains("[OptimumScore \"NS 1510\"]"));
    assert!(text.contains("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]"));
    assert!(text.contains("N  S 13"));
    // Par as hand-record programs write it: the side, the contract, the result.
    assert!(text.contains("[ParContract \"NS 7S=\"]"), "{text}");
}

#[test]
fn solve_play_analyses_each_card() {
    // North declares 7S holding every spade; East leads a heart, each player follows with their
    // own suit's cards, North ruffs; then North claims.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.pbn");
    let pbn = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{SUITS_DEAL}\"]\n[Declarer \"N\"]\n[Contract \"7S\"]\n[Result \"13\"]\n[Play \"E\"]\nH2 D2 C2 S2\n*\n"
    );
    std::fs::write(&file, pbn).unwrap();
    let o = tenace(&["solve", "--play", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["contract"], "7S");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 5, "four cards and the position the claim left");
    assert_eq!(steps[0]["to_play"], "E");
    assert_eq!(steps[0]["played"], "H2");
    assert_eq!(steps[0]["cards"].as_object().unwrap().len(), 13, "any heart may be led");
    assert_eq!(steps[3]["to_play"], "N");
    assert_eq!(steps[3]["best"], 13);
    assert!(steps[4]["played"].is_null());
    assert_eq!(steps[4]["declarer_won"], 1);
    // A file without play is named, not analysed.
    std::fs::write(&file, format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{SUITS_DEAL}\"]\n")).unwrap();
    assert_bad_input(&tenace(&["solve", "--play", file.to_str().unwrap()]), "no board with a play record");
}

#[test]
fn solve_bad_input() {
    assert_bad_input(&tenace(&["solve", "--deal", "N:AKQ"]), "four hands");
    let dup = "N:AKQJT98765432... AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432";
    assert_bad_input(&tenace(&["solve", "--deal", dup]), "both");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nodeal.pbn");
    std::fs::write(&file, "[Board \"1\"]\n[Dealer \"N\"]\n").unwrap();
    assert_bad_input(&tenace(&["solve", file.to_str().unwrap()]), "no deal");
    assert_eq!(tenace(&["solve"]).status.code(), Some(2));
}

/// A file from the outside world with bad boards among good ones (tenace-formats' test data).
fn lenient_data(name: &str) -> String {
    format!("{}/../tenace-formats/tests/data/lenient/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn convert_goes_on_past_bad_boards_and_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.pbn");
    let o = tenace(&["convert", &lenient_data("corrupt_boards.pbn"), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("corrupt_boards.pbn:11:8: game 2 (board 2) skipped: Deal: the CJ appears twice [PBN 2.1 §3.4.11]"), "{err}");
    assert!(err.contains("game 5 (board 5) skipped: Result:"), "{err}");
    assert!(err.contains("4 boards read; 4 not read whole"), "{err}");
    let written = std::fs::read_to_string(&out).unwrap();
    let boards: Vec<&str> = written.lines().filter(|l| l.starts_with("[Board ")).collect();
    assert_eq!(boards, ["[Board \"1\"]", "[Board \"3\"]", "[Board \"6\"]", "[Board \"8\"]"]);
    // --strict: all or nothing, nothing written.
    let strict_out = dir.path().join("strict.pbn");
    let o = tenace(&["convert", "--strict", &lenient_data("corrupt_boards.pbn"), strict_out.to_str().unwrap()]);
    assert_bad_input(&o, "game 2 (board 2) skipped: Deal: the CJ appears twice");
    assert!(!strict_out.exists());
    // A repair alone is reported but loses nothing: exit 0.
    let o = tenace(&["convert", &lenient_data("no_blank_line.pbn"), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("game 3 (board 3) repaired: no semi-empty line"));
}

#[test]
fn solve_goes_on_past_bad_boards_and_exits_3() {
    let o = tenace(&["solve", "--json", &lenient_data("corrupt_boards.pbn")]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    let boards: Vec<u64> = stdout(&o).lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["board"].as_u64().unwrap()).collect();
    assert_eq!(boards, [1, 3, 6, 8]);
    assert_bad_input(&tenace(&["solve", "--strict", &lenient_data("corrupt_boards.pbn")]), "the CJ appears twice");
}
