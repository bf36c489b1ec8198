//! `tenace rule`: the Director's terminal session driven through standard input, as a Director
//! (or a script) would use it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const DEAL: &str = "N:AQ62.J3.AJ9876.K K3.A6.T2.JT96543 98754.K94.KQ.AQ7 JT.QT8752.543.82";

fn rule(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenace"))
        .arg("rule")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tenace rule");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "stderr: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).to_string()
}

#[test]
fn law_27b2_insufficient_bid_not_comparable_partner_must_pass_in_the_terminal_session() {
    let out = stdout(&rule(&["--deal", DEAL], "N 1H\nE 1D\nchoose 2\nE 2D\nchoose 3\nS 2H\nshow\n"));
    // The LHO's options after the insufficient bid, each with the chooser and the Law.
    assert!(out.contains("[South, Law 27A1] South accepts 1D"), "{out}");
    assert!(out.contains("[South, Law 27B]"), "{out}");
    // The Director judges the correction; 27B2 makes partner pass throughout.
    assert!(out.contains("[Director, Law 27B2]"), "{out}");
    assert!(out.contains("note (Law 16C)"), "{out}");
    assert!(out.contains("obligation (Law 27B2)"), "{out}");
    assert!(out.contains("West to call (may call: Pass)"), "{out}");
    assert!(out.contains("Auction: N 1H, E 2D, S 2H"), "{out}");
}

#[test]
fn law_37_call_by_a_player_required_to_pass_opens_a_rectification() {
    let out = stdout(&rule(&["--deal", DEAL], "N 1H\nE 1D\nchoose 2\nE 2D\nchoose 3\nS 2H\nW 3D\n"));
    assert!(out.contains("Irregularity: violates obligation to pass"), "{out}");
    assert!(out.contains("[Director, Law 37B]"), "{out}");
}

#[test]
fn law_9b2_nobody_acts_while_a_rectification_waits_and_bad_lines_are_refused_with_the_reason() {
    let out = stdout(&rule(&["--deal", DEAL], "N 1H\nE 1D\nW P\nchoose 9\nfoo\nN ZZ\nQ 1H\nchoose 1\nS 2H\n"));
    assert!(out.contains("refused: Law 9B2"), "{out}");
    assert!(out.contains("error: choose an option by its number, 1 to 2"), "{out}");
    assert!(out.contains("error: unknown command \"foo\""), "{out}");
    assert!(out.contains("\"ZZ\" is neither a call nor a card"), "{out}");
    assert!(out.contains("\"Q\" is neither a command nor a seat"), "{out}");
    // After all that, the session is intact: South accepts 1D (27A1) and calls 2H.
    assert!(
        out.trim_end().ends_with("note (Law 27A1): South called over 1D, accepting it.\nWest to call") || out.trim_end().ends_with("West to call"),
        "{out}"
    );
    assert!(out.contains("refused: Law 9B2"));
    assert!(out.contains("West to call"), "{out}");
}

#[test]
fn law_44_play_and_a_revoke_is_recorded_not_refused() {
    // North declares 1H; East leads; West fails to follow to spades while holding... West has
    // spades (JT), so a heart on a spade lead is a revoke (Law 61A), recorded.
    let input = "N 1H\nE P\nS P\nW P\nE SK\nS S4\nW H2\nshow\n";
    let out = stdout(&rule(&["--deal", DEAL], input));
    assert!(out.contains("Contract: 1H by North"), "{out}");
    assert!(out.contains("Trick 1: E SK, S S4, W H2"), "{out}");
    assert!(out.contains("North to play"), "{out}");
}

#[test]
fn the_event_log_resumes_the_session_where_it_stood() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("board1.jsonl");
    let log = log.to_str().unwrap();
    stdout(&rule(&["--deal", DEAL, "--events", log], "N 1H\nE 1D\nchoose 2\nE 2D\nfoo\n"));
    let text = std::fs::read_to_string(log).unwrap();
    assert_eq!(text.lines().count(), 4, "refused and unknown lines are not logged: {text}");
    let out = stdout(&rule(&["--deal", DEAL, "--events", log], "choose 3\nshow\n"));
    assert!(out.contains("Resumed 4 events"), "{out}");
    assert!(out.contains("obligation (Law 27B2)"), "{out}");
    assert_eq!(std::fs::read_to_string(log).unwrap().lines().count(), 5);
    // A damaged log is refused with its line number; nothing is overwritten.
    std::fs::write(log, "{\"type\":\"call\"}\n").unwrap();
    let o = rule(&["--deal", DEAL, "--events", log], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1: not an event"), "{o:?}");
    assert_eq!(std::fs::read_to_string(log).unwrap(), "{\"type\":\"call\"}\n");
}

#[test]
fn a_bad_deal_exits_2() {
    let o = rule(&["--deal", "N:AQ62"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--deal"));
}

#[test]
fn law_70_a_disputed_claim_in_the_terminal_session() {
    // 1NT by North; East leads; after two tricks North claims the rest and West disputes.
    let input = "N 1NT\nE P\nS P\nW P\nclaim N 14 all top\nclaim N 10 cashing SA SQ first\nagree S\nagree E\ndispute W\n";
    let out = stdout(&rule(&["--deal", DEAL], input));
    assert!(out.contains("refused: Law 68A"), "{out}");
    assert!(out.contains("North claims 10 of the 13 remaining tricks"), "{out}");
    assert!(out.contains("refused: Law 69A"), "dummy does not answer: {out}");
    assert!(out.contains("Irregularity: contested claim"), "{out}");
    assert!(out.contains("[Director, Law 68D2(b)]"), "{out}");
    assert!(out.contains("(the claim as stated)"), "{out}");
}

#[test]
fn law_12_hand_off_to_the_scorer_with_the_matters_the_director_must_still_judge() {
    let deal = "N:AKQ2.KJ4.T98.765 J54.Q92.AKQ2.K32 T98.AT8.J765.AQJ 763.7653.43.T984";
    let out = stdout(&rule(&["--board", "1", "--deal", deal], "N 1NT\nE 1S\nchoose 2\nE 2S\nchoose 1\nS P\nW P\nN P\nS ST\nclaim E 8\nagree S\nagree N\n"));
    assert!(out.contains("Board over: 2S by East, 8 tricks; North-South score -110"), "{out}");
    // The table result goes to the scorer; the 27D note stays for the Director's judgement.
    assert!(out.contains("for the scorer: 2S E ="), "{out}");
    assert!(out.contains("consider an adjusted score (Law 12A1, Law 27D)"), "{out}");
}

#[test]
fn law_67a1_a_defective_trick_in_the_terminal_session() {
    let deal = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";
    let out = stdout(&rule(&["--board", "1", "--deal", deal], "N 1NT\nE P\nS P\nW P\nE HA\nS H6\nW H8\nN H4\ndefective 1 W\nchoose 1\ndefective 14 W\nshow\n"));
    // West did not in fact play to trick one: he supplies a card (Law 67A1).
    assert!(out.contains("Irregularity: defective trick"), "{out}");
    assert!(out.contains("[West, Law 67A1] West supplies the HT to trick 1."), "{out}");
    assert!(out.contains("Trick 1: E HA, S H6, W HT, N H4"), "{out}");
    assert!(out.contains("error: defective TRICK SEAT [CARD...]: TRICK is 1 to 13"), "{out}");
}

#[test]
fn law_45c4b_a_change_of_designation_of_dummys_card_in_the_terminal_session() {
    let deal = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";
    let input = "N 1NT\nE P\nS P\nW P\nE SQ\nS S7\nW S4\nredesignate S8\nchoose 2\nW S5\nredesignate\nshow\n";
    let out = stdout(&rule(&["--board", "1", "--deal", deal], input));
    // Declarer meant the S8: it replaces the S7 (47C); West may change his S4 (47D).
    assert!(out.contains("note (Law 45C4(b))"), "{out}");
    assert!(out.contains("[West, Law 45C4(b)] West withdraws the S4"), "{out}");
    assert!(out.contains("Trick 1: E SQ, S S8, W S5"), "{out}");
    assert!(out.contains("error: redesignate CARD (the card declarer meant)"), "{out}");
}

#[test]
fn law_26b_the_director_states_the_suits_an_artificial_call_specified_in_the_terminal_session() {
    // East's insufficient 1D is corrected by 2D, not comparable (27B2); South declares 4S and
    // West is on lead: declarer's 26B option. The Director rules East's 2D artificial (hearts).
    let input = "N 1H\nE 1D\nchoose 2\nE 2D\nchoose 3\nS 2S\nW P\nN 4S\nE P\nS P\nW P\nspecified E 2D H\nspecified E 1D H\nspecified E 2D X\n";
    let out = stdout(&rule(&["--deal", DEAL], input));
    let (before, after) = out.split_once("note (Law 26B)").expect(&out);
    assert!(before.contains("West may not lead hearts") && !before.contains("West may not lead diamonds"), "{out}");
    assert!(after.contains("West may not lead diamonds") && !after.contains("West may not lead hearts"), "{out}");
    // The withdrawn 1D is not in the legal auction; a bad suit is an error.
    assert!(after.contains("refused: Law 26B"), "{out}");
    assert!(after.contains("\"X\" is not a suit"), "{out}");
}

#[test]
fn law_11a_the_director_rules_the_right_to_rectification_forfeited_in_the_terminal_session() {
    let out = stdout(&rule(&["--deal", DEAL], "N 1H\nE 1D\nforfeit\nforfeit\nshow\n"));
    assert!(out.contains("note (Law 11A)"), "{out}");
    assert!(out.contains("refused: Law 11A"), "{out}");
    assert!(out.contains("Auction: N 1H, E 1D"), "{out}");
    assert!(out.contains("South to call"), "{out}");
}

#[test]
fn law_10b_the_director_cancels_a_players_waiver_in_the_terminal_session() {
    let out = stdout(&rule(&["--deal", DEAL], "N 1H\nE 1D\nchoose 1\ncancel\n"));
    let (_, after) = out.split_once("note (Law 10B)").expect(&out);
    assert!(after.contains("Irregularity: insufficient bid"), "{out}");
    assert!(after.contains("[South, Law 27A1]"), "{out}");
}

#[test]
fn law_43b2a_dummy_warned_declarer_the_defenders_choose_the_hand_in_the_terminal_session() {
    let deal = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";
    let input = "N 1NT\nE P\nS P\nW P\nE C2\nS C3\nW C4\nN CA\nwarned\nchoose 4\nS DA\nwarned\nshow\n";
    let out = stdout(&rule(&["--board", "1", "--deal", deal], input));
    assert!(out.contains("note (Law 43B2(a))"), "{out}");
    assert!(out.contains("[East, Law 43B2(a)] East chooses: declarer leads from his own hand (North)."), "{out}");
    assert!(out.contains("[West, Law 43B2(a)] West chooses: declarer leads from dummy (South)."), "{out}");
    assert!(out.contains("Trick 2: S DA"), "{out}");
    // Mid-trick there is no lead to warn against.
    assert!(out.contains("refused: Law 43B2(a)"), "{out}");
}

#[test]
fn law_43b2b_dummy_asked_about_declarers_revoke_in_the_terminal_session() {
    let deal = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";
    let input = "N 1NT\nE P\nS P\nW P\nE HA\nS H6\nW H8\nN C7\nasked C8\nasked\nasked H4\nshow\n";
    let out = stdout(&rule(&["--board", "1", "--deal", deal], input));
    assert!(out.contains("refused: Law 44C"), "{out}");
    assert!(out.contains("error: asked CARD"), "{out}");
    assert!(out.contains("note (Law 43B2(b))"), "{out}");
    assert!(out.contains("Trick 1: E HA, S H6, W H8, N H4"), "{out}");
}

#[test]
fn law_43b3_dummy_drew_attention_to_a_defenders_lead_out_of_turn_in_the_terminal_session() {
    let deal = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";
    let input = "N 1NT\nE P\nS P\nW P\nattention\nE HA\nS H6\nW H8\nN H4\nW S6\nattention\nshow\n";
    let out = stdout(&rule(&["--board", "1", "--deal", deal], input));
    assert!(out.contains("refused: Law 43B3"), "{out}");
    assert!(out.contains("note (Law 43B3)"), "{out}");
    assert!(out.contains("Trick 2: W S6"), "{out}");
    assert!(out.contains("North to play"), "{out}");
}
