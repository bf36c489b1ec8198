//! `tenace robot eval` and `tenace robot stdio` (issue 16): the robots measured double dummy,
//! and a duplicate match through the pipe another build would use.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn tenace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenace")).args(args).output().expect("run tenace")
}

fn json_of(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn eval_measures_every_board_and_card() {
    let v = json_of(&tenace(&["robot", "eval", "--boards", "3", "--seed", "5", "--json", "--time-per-card", "20"]));
    assert_eq!(v["boards"], 3);
    let played = v["boards_played"].as_u64().unwrap();
    // Every card of every board played is measured: 26 for declarer and dummy, 25 for the
    // defenders after the opening lead.
    assert_eq!(v["declarer_cards_costing"]["of"].as_u64().unwrap(), 26 * played);
    assert_eq!(v["defence_cards_costing"]["of"].as_u64().unwrap(), 25 * played);
    assert_eq!(v["leads_costing_nothing"]["of"].as_u64().unwrap(), played);
    let imps = v["imps_from_par"].as_f64().unwrap();
    assert!((0.0..=24.0).contains(&imps), "{v}");
    // The same seed gives the same boards and the same robot decisions, whichever thread
    // plays a board.
    let again = json_of(&tenace(&["robot", "eval", "--boards", "3", "--seed", "5", "--json", "--time-per-card", "20", "--threads", "2"]));
    for figure in ["boards", "imps_from_par", "failing_contracts", "games_bid", "declarer_cards_costing", "defence_cards_costing", "leads_costing_nothing"] {
        assert_eq!(again[figure], v[figure], "{figure}");
    }
}

#[test]
fn a_time_limit_gives_the_figures_of_the_boards_finished() {
    // A limit long past when the first board ends: boards 1 to k are played, k < 40 at this
    // budget on any machine (a board takes far more than 2 ms).
    let v = json_of(&tenace(&["robot", "eval", "--boards", "40", "--seed", "5", "--json", "--time-per-card", "20", "--minutes", "0.00003"]));
    assert_eq!(v["boards_asked"], 40);
    let played = v["boards"].as_u64().unwrap();
    assert!((1..40).contains(&played), "{v}");
    // The figures are those of a run of that many boards.
    let same = json_of(&tenace(&["robot", "eval", "--boards", &played.to_string(), "--seed", "5", "--json", "--time-per-card", "20"]));
    for figure in ["imps_from_par", "failing_contracts", "games_bid", "leads_costing_nothing"] {
        assert_eq!(same[figure], v[figure], "{figure}");
    }
    let out = tenace(&["robot", "eval", "--boards", "1", "--minutes", "0"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--minutes"));
}

#[test]
fn each_board_is_written_out_as_it_is_finished() {
    let dir = std::env::temp_dir().join(format!("tenace-boards-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("boards.jsonl");
    let v = json_of(&tenace(&["robot", "eval", "--boards", "3", "--seed", "5", "--json", "--time-per-card", "20", "--boards-out", path.to_str().unwrap()]));
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    // One line per board, in board order on one thread; together they make the run's figures.
    let numbers: Vec<u64> = lines.iter().map(|l| l["board"].as_u64().unwrap()).collect();
    assert_eq!(numbers, vec![1, 2, 3]);
    let imps: i64 = lines.iter().map(|l| l["imps_from_par"].as_i64().unwrap()).sum();
    assert!((imps as f64 / 3.0 - v["imps_from_par"].as_f64().unwrap()).abs() < 1e-9, "{text}");
    let leads = lines.iter().filter(|l| l["cards"].as_array().is_some_and(|c| !c.is_empty())).count() as u64;
    assert_eq!(leads, v["boards_played"].as_u64().unwrap());
    for l in &lines {
        assert!(l["deal"].as_str().unwrap().parse::<tenace_core::Deal>().is_ok(), "{l}");
    }
    let out = tenace(&["robot", "eval", "--boards", "1", "--boards-out", dir.join("no-such-dir/x").to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-dir"), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_resumed_from_its_boards_file_gives_the_figures_of_one_run() {
    let dir = std::env::temp_dir().join(format!("tenace-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("boards.jsonl");
    let file = path.to_str().unwrap();
    let run = |boards: &str, extra: &[&str]| {
        let mut args = vec!["robot", "eval", "--boards", boards, "--seed", "5", "--json", "--time-per-card", "20", "--boards-out", file];
        args.extend_from_slice(extra);
        tenace(&args)
    };
    // Two boards, then the run resumed to four: boards 3 and 4 are appended.
    json_of(&run("2", &[]));
    // Boards read back are not played again: a time marked on board 1 is the run's worst.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    first["cards"][0]["ms"] = serde_json::json!(99999.0);
    // Lines come in the order boards finish (threads): any order is read.
    let mut lines: Vec<String> = text.lines().skip(1).map(str::to_string).collect();
    lines.push(first.to_string());
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let resumed = json_of(&run("4", &["--resume", "--threads", "2"]));
    assert_eq!(resumed["max_ms_per_card"], 99999.0, "{resumed}");
    let lines: Vec<Value> = std::fs::read_to_string(&path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut numbers: Vec<u64> = lines.iter().map(|l| l["board"].as_u64().unwrap()).collect();
    assert_eq!(numbers[..2], [2, 1]);
    numbers.sort();
    assert_eq!(numbers, vec![1, 2, 3, 4]);
    assert!(lines.iter().all(|l| l["seed"] == 5 && l["build"].as_str().is_some_and(|b| !b.is_empty())), "{lines:?}");
    let whole = json_of(&tenace(&["robot", "eval", "--boards", "4", "--seed", "5", "--json", "--time-per-card", "20"]));
    for figure in ["boards", "imps_from_par", "failing_contracts", "games_bid", "declarer_cards_costing", "defence_cards_costing", "leads_costing_nothing"] {
        assert_eq!(resumed[figure], whole[figure], "{figure}");
    }
    // Resuming a finished run plays nothing more.
    assert_eq!(json_of(&run("4", &["--resume"]))["imps_from_par"], whole["imps_from_par"]);
    // A board missing (a run killed while playing it): it and those after it are played again,
    // and of a board written twice the first line counts.
    let full = std::fs::read_to_string(&path).unwrap();
    let without_3: Vec<&str> = full.lines().filter(|l| !l.starts_with("{\"board\":3,")).collect();
    assert_eq!(without_3.len(), 3);
    std::fs::write(&path, without_3.join("\n") + "\n").unwrap();
    let again = json_of(&run("4", &["--resume"]));
    assert_eq!(again["imps_from_par"], whole["imps_from_par"]);
    assert_eq!(again["max_ms_per_card"], 99999.0);
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 5);
    // Another seed, another budget, a line cut short: named, and the file is left as it was.
    let before = std::fs::read_to_string(&path).unwrap();
    let err = |out: Output| String::from_utf8_lossy(&out.stderr).to_string();
    let e = err(tenace(&["robot", "eval", "--boards", "6", "--seed", "6", "--time-per-card", "20", "--boards-out", file, "--resume"]));
    assert!(e.contains("line 1") && e.contains("seed"), "{e}");
    let e = err(tenace(&["robot", "eval", "--boards", "6", "--seed", "5", "--time-per-card", "30", "--boards-out", file, "--resume"]));
    assert!(e.contains("line 1") && e.contains("30"), "{e}");
    let e = err(run("3", &["--resume"]));
    assert!(e.contains("more than --boards 3"), "{e}");
    std::fs::write(&path, format!("{}{{\"board\": 5, \"deal", before)).unwrap();
    let e = err(run("6", &["--resume"]));
    let cut = format!("line {}", before.lines().count() + 1);
    assert!(e.contains(&cut) && e.contains("not JSON"), "{e}");
    let other_build = before.replacen("\"build\":\"", "\"build\":\"other-", 1);
    assert_ne!(other_build, before);
    std::fs::write(&path, &other_build).unwrap();
    let e = err(run("6", &["--resume"]));
    assert!(e.contains("line 1") && e.contains("build"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), other_build);
    // --resume needs the file.
    assert!(err(tenace(&["robot", "eval", "--boards", "1", "--resume"])).contains("--boards-out"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_build_matched_against_itself_is_level_on_every_board() {
    // Both tables seat the same robots in turned-round seats: every board is a push.
    let me = env!("CARGO_BIN_EXE_tenace");
    let v = json_of(&tenace(&[
        "robot",
        "eval",
        "--boards",
        "4",
        "--json",
        "--time-per-card",
        "20",
        "--versus",
        me,
        "--versus-time-per-card",
        "20",
        "--threads",
        "2",
    ]));
    assert_eq!(v["boards"], 4);
    assert_eq!(v["imps"], 0, "{v}");
}

#[test]
fn bad_arguments_and_requests_are_named() {
    let out = tenace(&["robot", "eval", "--boards", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--boards"));
    let out = tenace(&["robot", "eval", "--boards", "1", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
    let out = tenace(&["robot", "eval", "--boards", "1", "--versus", "no-such-build"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-build"));

    let mut child = Command::new(env!("CARGO_BIN_EXE_tenace"))
        .args(["robot", "stdio"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run tenace robot stdio");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "not json").unwrap();
    writeln!(stdin, r#"{{"type":"call","seat":"S","hand":"AKQJ.AKQ.AKQ.AKQ","dealer":"N","vulnerability":"None","calls":["Pass"]}}"#).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(lines[0]["error"].as_str().unwrap().contains("not JSON"));
    assert!(lines[1]["call"].as_str().unwrap().parse::<tenace_core::Call>().is_ok(), "{}", lines[1]);
}
