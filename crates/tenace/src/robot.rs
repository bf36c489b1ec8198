//! `tenace robot`: how good the robots are (`eval`), and the pipe through which a later build
//! plays against this one (`stdio`).
//!
//! `eval --versus X` plays a duplicate team match between this build's robots and another
//! build's: X is a `tenace` executable, or a git revision of this repository, which is checked
//! out in `target/robot-versus/REV` and built there once (`cargo build --release -p tenace
//! --no-default-features`). The other build runs `tenace robot stdio`, so it must have that
//! command: builds from the commit that added it onwards.
//!
//! The pipe carries one JSON object per line each way, every bridge value in its usual text
//! form (seats `N`, hands `AK2.QJ3.T98.7654`, calls `1NT`/`Pass`/`X`, contracts `3NTX`, cards `SA`):
//! `{"type":"call","seat","hand","dealer","vulnerability","calls":[..]}` is answered
//! `{"call":"1NT"}`; `{"type":"card","declarer","contract","to_play","hands":[4 × hand or
//! null],"played":[[seat,card],..],"seed"}`, with the auction when known (`"dealer"`,
//! `"vulnerability"`, `"calls"`), is answered `{"card":"SA"}`; a request the robot cannot read
//! is answered `{"error":"..."}`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use tenace_core::{Call, Card, Contract, Hand, Seat, Vulnerability};
use tenace_robot::eval::{self, Player, ThisBuild};
use tenace_robot::{AuctionHeard, BiddingView, PlayView};

#[derive(Subcommand)]
pub enum RobotCommand {
    /// Four robots bid and play boards dealt from a seed; every contract and every card is
    /// measured double dummy (IMPs from par, failing contracts, games and slams bid, cards
    /// costing a trick, opening leads, time).
    Eval {
        /// How many boards (numbered 1 to N: dealer and vulnerability by Law 2).
        #[arg(long, default_value_t = 100)]
        boards: u32,
        /// The seed the boards are dealt from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The robots' time budget per card, in milliseconds.
        #[arg(long, default_value_t = tenace_robot::CARD_BUDGET_MS)]
        time_per_card: f64,
        /// Print the figures as one JSON object.
        #[arg(long)]
        json: bool,
        /// Instead, a duplicate team match against another build's robots: a `tenace`
        /// executable or a git revision of this repository.
        #[arg(long, value_name = "REVISION-OR-BINARY")]
        versus: Option<String>,
        /// The other build's time budget per card (default: its own default).
        #[arg(long, requires = "versus")]
        versus_time_per_card: Option<f64>,
        /// Boards played at once, one robot thread (and with `--versus`, one other build's
        /// process) each. Every board's result is the same whatever the count; only the times
        /// per card suffer when the threads outnumber the idle cores.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
        /// Start no board after this many minutes (the first is always played): the figures
        /// are then those of the boards finished (boards 1 to k, as every board started is
        /// finished), for a long run that must yield figures in the time there is.
        #[arg(long)]
        minutes: Option<f64>,
        /// Also write each board to FILE as it is finished, one JSON object per line (the deal,
        /// the auction, the contract, par and the double-dummy costs): figures to study board
        /// by board, kept even when a run is stopped.
        #[arg(long, value_name = "FILE", conflicts_with = "versus")]
        boards_out: Option<PathBuf>,
        /// Continue the run that the `--boards-out` file holds instead of starting it afresh:
        /// its boards (1 to k, same seed, same budget, same build) are read back, not played
        /// again, the next boards are played and appended, and the figures are those of all
        /// of them. A run too long for one sitting is so played in pieces.
        #[arg(long, requires = "boards_out")]
        resume: bool,
    },
    /// Answer robot requests on standard input, one JSON object per line (for `eval --versus`).
    Stdio {
        /// The robots' time budget per card, in milliseconds.
        #[arg(long, default_value_t = tenace_robot::CARD_BUDGET_MS)]
        time_per_card: f64,
    },
}

pub fn run(command: RobotCommand) -> Result<(), String> {
    match command {
        RobotCommand::Eval { boards, seed, time_per_card, json, versus, versus_time_per_card, threads, minutes, boards_out, resume } => {
            if boards == 0 {
                return Err("--boards must be at least 1".into());
            }
            let until = match minutes {
                None => None,
                Some(m) if m.is_finite() && m > 0.0 => Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(m * 60.0)),
                Some(_) => return Err("--minutes must be a positive number".into()),
            };
            if !(time_per_card.is_finite() && time_per_card > 0.0) {
                return Err("--time-per-card must be a positive number of milliseconds".into());
            }
            match versus {
                None => {
                    let (done, out) = match boards_out {
                        Some(path) if resume && path.exists() => {
                            let done = read_boards(&path, seed, time_per_card)?;
                            if done.len() > boards as usize {
                                return Err(format!("{} already holds {} boards, more than --boards {boards}", path.display(), done.len()));
                            }
                            let file = std::fs::OpenOptions::new().append(true).open(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                            (done, Some(file))
                        }
                        Some(path) => (Vec::new(), Some(std::fs::File::create(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?)),
                        None => (Vec::new(), None),
                    };
                    let first = done.len() as u32 + 1;
                    evaluate(Run { boards, seed, until, first }, time_per_card, threads, json, done, out)
                }
                Some(other) => {
                    let binary = other_build(&other)?;
                    let them = (0..threads).map(|_| External::start(&binary, versus_time_per_card)).collect::<Result<Vec<_>, _>>()?;
                    versus_match(Run { boards, seed, until, first: 1 }, time_per_card, them, &other, json)
                }
            }
        }
        RobotCommand::Stdio { time_per_card } => stdio(time_per_card),
    }
}

fn bar(boards: u32) -> ProgressBar {
    let bar = ProgressBar::new(u64::from(boards));
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {eta} left").unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}

/// The boards of a run: 1 to `boards`, dealt from `seed`, none started after `until`; those
/// before `first` were played before (`--resume`).
#[derive(Clone, Copy)]
struct Run {
    boards: u32,
    seed: u64,
    until: Option<std::time::Instant>,
    first: u32,
}

impl Run {
    /// The line that says a time limit cut the run short, if it did.
    fn cut_short(&self, done: usize) -> Option<String> {
        (done < self.boards as usize).then(|| format!("stopped at the time limit: {done} of {} boards played", self.boards))
    }
}

/// Plays the run's boards, one thread for each of `players`: `play(board, player)` gives a
/// board's result. The results come back in board order; the first error (by board number)
/// stops the run. Past the run's time limit no board is started (but the first); those
/// started are finished, so the results are those of boards 1 to k.
fn on_threads<P: Send, T: Send>(run: Run, players: Vec<P>, play: impl Fn(u32, &mut P) -> Result<T, String> + Sync) -> Result<Vec<T>, String> {
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    let boards = run.boards;
    let bar = bar(boards);
    let next = AtomicU32::new(run.first);
    bar.set_position(u64::from(run.first - 1));
    let failed = AtomicBool::new(false);
    let mut results: Vec<(u32, Result<T, String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = players
            .into_iter()
            .map(|mut player| {
                let (bar, next, failed, play) = (&bar, &next, &failed, &play);
                scope.spawn(move || {
                    let mut done = Vec::new();
                    while !failed.load(Ordering::Relaxed) {
                        // Checked before a board is taken: every board taken is played, so
                        // those played are boards 1 to k. The run's first board is always
                        // played.
                        let late = run.until.is_some_and(|t| std::time::Instant::now() >= t);
                        if late && next.load(Ordering::Relaxed) > run.first {
                            break;
                        }
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n > boards {
                            break;
                        }
                        let result = play(n, &mut player);
                        failed.fetch_or(result.is_err(), Ordering::Relaxed);
                        done.push((n, result));
                        bar.inc(1);
                    }
                    done
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|_| vec![(0, Err("a robot thread panicked".to_string()))])).collect()
    });
    bar.finish_and_clear();
    results.sort_by_key(|(n, _)| *n);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Plays the run's boards from `run.first` on (`done` holds those before it) and prints the
/// figures of all of them.
fn evaluate(run: Run, budget_ms: f64, threads: u32, as_json: bool, done: Vec<eval::BoardOutcome>, boards_out: Option<std::fs::File>) -> Result<(), String> {
    let seed = run.seed;
    let players = (0..threads).map(|_| ThisBuild { budget_ms }).collect();
    let boards_out = boards_out.map(std::sync::Mutex::new);
    let mut outcomes = done;
    outcomes.extend(on_threads(run, players, |n, me| {
        let outcome = eval::evaluate_board(seed, n, me)?;
        if let Some(file) = &boards_out {
            let mut file = file.lock().map_err(|_| "the boards file is unusable after a thread failed".to_string())?;
            writeln!(file, "{}", board_line(&outcome, seed, budget_ms)).map_err(|e| format!("cannot write the boards file: {e}"))?;
        }
        Ok(outcome)
    })?);
    let r = eval::report(&outcomes);
    if as_json {
        let rate = |r: eval::Rate| json!({"percent": r.percent(), "hits": r.hits, "of": r.of});
        let v = json!({
            "boards": r.boards,
            "boards_asked": run.boards,
            "seed": seed,
            "time_per_card_budget_ms": budget_ms,
            "imps_from_par": r.imps_from_par,
            "failing_contracts": rate(r.failing_contracts),
            "games_bid": rate(r.games_bid),
            "slams_bid": rate(r.slams_bid),
            "notrump_over_major_fit": r.notrump_over_major_fit,
            "boards_played": r.boards_played,
            "declarer_tricks_lost_per_board": r.declarer_tricks_lost_per_board,
            "declarer_cards_costing": rate(r.declarer_cards_costing),
            "defence_cards_costing": rate(r.defence_cards_costing),
            "leads_costing_nothing": rate(r.leads_costing_nothing),
            "ms_per_card": r.ms_per_card,
            "max_ms_per_card": r.max_ms_per_card,
            "ms_per_board": r.ms_per_board,
        });
        println!("{v}");
    } else {
        println!("seed {seed}, time budget {budget_ms} ms per card");
        if let Some(line) = run.cut_short(r.boards) {
            println!("{line}");
        }
        println!("{r}");
    }
    Ok(())
}

/// The robots' build: the last commit that changed the code they are built from (build.rs), so
/// that a run is resumed only by the robots that started it.
const BUILD: &str = env!("TENACE_ROBOTS_COMMIT");

/// One board of an evaluation as a JSON object (`--boards-out`): contract scores are North-South's,
/// at the contract's double-dummy tricks; a card's `cost` is the tricks it lost double dummy.
/// The run's seed, budget and build are repeated on every line (`--resume` checks them).
fn board_line(o: &eval::BoardOutcome, seed: u64, budget_ms: f64) -> Value {
    let b = &o.board;
    let calls: Vec<String> = o.result.calls.iter().map(Call::to_string).collect();
    let (contract, declarer, dd_tricks) = match o.result.contract {
        Some((c, d)) => (Value::from(c.to_string()), Value::from(d.letter().to_string()), Value::from(o.table.get(d, c.strain()))),
        None => (Value::Null, Value::Null, Value::Null),
    };
    let cards: Vec<Value> =
        o.result.cards.iter().map(|c| json!({"seat": c.seat.letter().to_string(), "card": c.card.to_string(), "cost": c.cost, "ms": c.millis})).collect();
    json!({
        "board": b.number.get(),
        "dealer": b.dealer.letter().to_string(),
        "vulnerability": b.vulnerability.to_string(),
        "deal": b.deal.to_string(),
        "calls": calls,
        "contract": contract,
        "declarer": declarer,
        "dd_tricks": dd_tricks,
        "tricks": o.result.tricks,
        "par": o.par.score,
        "par_contracts": o.par.contracts.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "contract_score_dd": o.contract_score_dd(),
        "imps_from_par": o.imps_from_par(),
        "score": o.result.score_ns,
        "cards": cards,
        "ms": o.result.millis,
        "seed": seed,
        "time_per_card_ms": budget_ms,
        "build": BUILD,
    })
}

/// The boards of a run read back from its `--boards-out` file for `--resume`: boards 1 to k,
/// dealt from `seed`, played at `budget_ms` by these robots. The lines come in the order the
/// boards were finished (threads finish them out of order); a board after a gap (a run killed
/// while an earlier board was being played) is left out, to be played again, and of a board
/// written twice the first line counts. Lines written before the file named seed, budget and
/// build are checked by their deal alone (the seed); the double-dummy table and par are worked
/// out again. Any other line is an error naming it.
fn read_boards(path: &Path, seed: u64, budget_ms: f64) -> Result<Vec<eval::BoardOutcome>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut tables = std::collections::BTreeMap::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |e: String| format!("{} line {}: {e}", path.display(), i + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| at(format!("not JSON ({e}); a line cut short by a stopped run can be deleted")))?;
        let number = v["board"]
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n >= 1)
            .ok_or_else(|| at(format!("board {} is not a board number", v["board"])))?;
        let same = |key: &str, ours: Value| v.get(key).is_none_or(|theirs| *theirs == ours);
        if !same("seed", json!(seed)) || !same("time_per_card_ms", json!(budget_ms)) {
            return Err(at(format!("played with seed {} at {} ms a card; this run is seed {seed} at {budget_ms} ms", v["seed"], v["time_per_card_ms"])));
        }
        if !same("build", json!(BUILD)) {
            return Err(at(format!("played by build {}, this is build {BUILD}: resume with the build that started the run", v["build"])));
        }
        let board = eval::deal_board(seed, number);
        if v["deal"].as_str() != Some(board.deal.to_string().as_str()) {
            return Err(at(format!("board {number} is not the deal of seed {seed}")));
        }
        let table = table_of_line(&v).map_err(at)?;
        tables.entry(number).or_insert((board, table));
    }
    let mut outcomes = Vec::new();
    for (number, (board, table)) in tables {
        if number as usize != outcomes.len() + 1 {
            break;
        }
        outcomes.push(eval::outcome(board, table)?);
    }
    Ok(outcomes)
}

/// The robots' table of one `--boards-out` line (read with the pipe's own readers: [`field`],
/// [`list`], [`calls`]).
fn table_of_line(v: &Value) -> Result<eval::TableResult, String> {
    let number = |key: &str, of: &Value| of[key].as_f64().ok_or_else(|| format!("{key:?} is missing or not a number"));
    let contract = match v["contract"] {
        Value::Null => None,
        _ => Some((field::<Contract>(v, "contract")?, field::<Seat>(v, "declarer")?)),
    };
    let cards = list(v, "cards")?
        .iter()
        .map(|c| {
            let cost = match &c["cost"] {
                Value::Null => None,
                n => Some(n.as_u64().and_then(|n| u8::try_from(n).ok()).ok_or_else(|| format!("cost {n} unreadable"))?),
            };
            Ok(eval::PlayedCard { seat: field(c, "seat")?, card: field(c, "card")?, cost, millis: number("ms", c)? })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let tricks = v["tricks"].as_u64().and_then(|t| u8::try_from(t).ok()).ok_or("\"tricks\" is missing or not a number")?;
    let score_ns = v["score"].as_i64().and_then(|s| i32::try_from(s).ok()).ok_or("\"score\" is missing or not a number")?;
    Ok(eval::TableResult { calls: calls(v)?, contract, cards, tricks, score_ns, millis: number("ms", v)? })
}

fn versus_match(run: Run, budget_ms: f64, them: Vec<External>, name: &str, as_json: bool) -> Result<(), String> {
    let seed = run.seed;
    let pairs = them.into_iter().map(|t| (ThisBuild { budget_ms }, t)).collect();
    let imps = on_threads(run, pairs, |n, (me, them)| eval::match_board(&eval::deal_board(seed, n), me, them))?;
    let boards = imps.len();
    let (mean, half) = eval::mean_and_interval(&imps);
    let total: i32 = imps.iter().sum();
    if as_json {
        println!(
            "{}",
            json!({"boards": boards, "boards_asked": run.boards, "seed": seed, "versus": name, "imps": total, "imps_per_board": mean, "interval_95": half})
        );
    } else {
        if let Some(line) = run.cut_short(boards) {
            println!("{line}");
        }
        println!("this build against {name}, {boards} boards (seed {seed}): {total:+} IMPs, {mean:+.2} IMPs per board (95 % interval ±{half:.2})");
    }
    Ok(())
}

/// The `tenace` executable for `--versus`: a file, or a revision built once in
/// `target/robot-versus/REV`.
fn other_build(other: &str) -> Result<PathBuf, String> {
    let path = Path::new(other);
    if path.is_file() {
        return Ok(path.to_path_buf());
    }
    let git = |args: &[&str]| -> Result<String, String> {
        let out = Command::new("git").args(args).output().map_err(|e| format!("cannot run git: {e}"))?;
        if !out.status.success() {
            return Err(format!("{other:?} is neither a file nor a git revision here: {}", String::from_utf8_lossy(&out.stderr).trim()));
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let root = git(&["rev-parse", "--show-toplevel"])?;
    let rev = git(&["rev-parse", "--verify", &format!("{other}^{{commit}}")])?;
    let dir = Path::new(&root).join("target").join("robot-versus").join(&rev);
    let binary = dir.join("target").join("release").join("tenace");
    if binary.is_file() {
        return Ok(binary);
    }
    if !dir.join("Cargo.toml").is_file() {
        eprintln!("checking out {rev} in {}", dir.display());
        git(&["worktree", "add", "--force", "--detach", &dir.to_string_lossy(), &rev])?;
    }
    eprintln!("building the robots of {rev} (once)");
    let status = Command::new("cargo")
        .args(["build", "--release", "-p", "tenace", "--no-default-features"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() || !binary.is_file() {
        return Err(format!("building {rev} failed"));
    }
    Ok(binary)
}

/// Another build's robots, over `tenace robot stdio`.
struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl External {
    fn start(binary: &Path, budget_ms: Option<f64>) -> Result<External, String> {
        let mut args = vec!["robot".to_string(), "stdio".to_string()];
        if let Some(ms) = budget_ms {
            args.extend(["--time-per-card".to_string(), ms.to_string()]);
        }
        let mut child = Command::new(binary)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let input = child.stdin.take().ok_or("no pipe to the other build")?;
        let output = BufReader::new(child.stdout.take().ok_or("no pipe from the other build")?);
        Ok(External { child, input, output })
    }

    fn ask(&mut self, request: Value) -> Result<Value, String> {
        writeln!(self.input, "{request}").map_err(|e| format!("the other build stopped: {e}"))?;
        let mut line = String::new();
        self.output.read_line(&mut line).map_err(|e| format!("the other build stopped: {e}"))?;
        if line.is_empty() {
            return Err("the other build stopped answering (does it have `tenace robot stdio`?)".into());
        }
        let v: Value = serde_json::from_str(&line).map_err(|e| format!("the other build answered {line:?}: {e}"))?;
        if let Some(e) = v.get("error") {
            return Err(format!("the other build refused a request: {e}"));
        }
        Ok(v)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Player for External {
    fn call(&mut self, view: &BiddingView<'_>) -> Result<Call, String> {
        let v = self.ask(call_request(view))?;
        v["call"].as_str().ok_or("the other build sent no call")?.parse().map_err(|e: tenace_core::ParseError| e.to_string())
    }

    fn card(&mut self, view: &PlayView, seed: u64) -> Result<Card, String> {
        let v = self.ask(card_request(view, seed))?;
        v["card"].as_str().ok_or("the other build sent no card")?.parse().map_err(|e: tenace_core::ParseError| e.to_string())
    }
}

fn call_request(view: &BiddingView<'_>) -> Value {
    let calls: Vec<String> = view.calls.iter().map(Call::to_string).collect();
    json!({"type": "call", "seat": view.seat.letter().to_string(), "hand": view.hand.to_string(), "dealer": view.dealer.letter().to_string(),
           "vulnerability": view.vulnerability.to_string(), "calls": calls})
}

fn card_request(view: &PlayView, seed: u64) -> Value {
    let hands: Vec<Value> = view.hands.iter().map(|h| h.map_or(Value::Null, |h| Value::from(h.to_string()))).collect();
    let played: Vec<Value> = view.played.iter().map(|(s, c)| json!([s.letter().to_string(), c.to_string()])).collect();
    let mut v = json!({"type": "card", "declarer": view.declarer.letter().to_string(), "contract": view.contract.to_string(),
           "to_play": view.to_play.letter().to_string(), "hands": hands, "played": played, "seed": seed});
    if let Some(a) = &view.auction {
        let calls: Vec<String> = a.calls.iter().map(Call::to_string).collect();
        v["dealer"] = json!(a.dealer.letter().to_string());
        v["vulnerability"] = json!(a.vulnerability.to_string());
        v["calls"] = json!(calls);
    }
    v
}

fn field<T: std::str::FromStr>(v: &Value, key: &str) -> Result<T, String> {
    let text = v[key].as_str().ok_or_else(|| format!("{key:?} is missing or not a string"))?;
    text.parse().map_err(|_| format!("{key:?}: {text:?} cannot be read"))
}

fn list(v: &Value, key: &str) -> Result<Vec<Value>, String> {
    v[key].as_array().cloned().ok_or_else(|| format!("{key:?} is missing or not a list"))
}

fn calls(v: &Value) -> Result<Vec<Call>, String> {
    list(v, "calls")?.iter().map(|c| c.as_str().and_then(|s| s.parse::<Call>().ok()).ok_or_else(|| format!("not a call: {c}"))).collect()
}

/// Answers one request line (see the module docs).
fn answer(line: &str, budget_ms: f64) -> Result<Value, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    match v["type"].as_str() {
        Some("call") => {
            let calls = calls(&v)?;
            let view = BiddingView {
                seat: field(&v, "seat")?,
                hand: field::<Hand>(&v, "hand")?,
                dealer: field(&v, "dealer")?,
                vulnerability: field::<Vulnerability>(&v, "vulnerability")?,
                calls: &calls,
            };
            Ok(json!({"call": tenace_robot::choose_call_within(&view, budget_ms).call.to_string()}))
        }
        Some("card") => {
            let hands_in = list(&v, "hands")?;
            if hands_in.len() != 4 {
                return Err("\"hands\" must list four hands (or null), North first".into());
            }
            let mut hands: [Option<Hand>; 4] = [None; 4];
            for (i, h) in hands_in.iter().enumerate() {
                if let Some(text) = h.as_str() {
                    hands[i] = Some(text.parse().map_err(|_| format!("not a hand: {text:?}"))?);
                }
            }
            let played = list(&v, "played")?
                .iter()
                .map(|p| {
                    let seat = p[0].as_str().and_then(|s| s.parse::<Seat>().ok());
                    let card = p[1].as_str().and_then(|s| s.parse::<Card>().ok());
                    seat.zip(card).ok_or_else(|| format!("not a [seat, card] pair: {p}"))
                })
                .collect::<Result<Vec<_>, String>>()?;
            let auction = match v.get("calls") {
                Some(_) => Some(AuctionHeard { dealer: field(&v, "dealer")?, vulnerability: field::<Vulnerability>(&v, "vulnerability")?, calls: calls(&v)? }),
                None => None,
            };
            let view = PlayView {
                declarer: field(&v, "declarer")?,
                contract: field::<Contract>(&v, "contract")?,
                to_play: field(&v, "to_play")?,
                hands,
                played,
                auction,
            };
            let seed = v["seed"].as_u64().ok_or("\"seed\" is missing or not a number")?;
            Ok(json!({"card": tenace_robot::choose_card_within(&view, seed, budget_ms).to_string()}))
        }
        _ => Err("\"type\" must be \"call\" or \"card\"".into()),
    }
}

fn stdio(budget_ms: f64) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = answer(&line, budget_ms).unwrap_or_else(|e| json!({ "error": e }));
        writeln!(out, "{reply}").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_round_trip_through_the_pipe_format() {
        let board = eval::deal_board(3, 5);
        let calls = vec![Call::Pass];
        let view =
            BiddingView { seat: Seat::South, hand: board.deal.hand(Seat::South), dealer: board.dealer, vulnerability: board.vulnerability, calls: &calls };
        let reply = answer(&call_request(&view).to_string(), 10.0).unwrap();
        assert_eq!(reply["call"], tenace_robot::choose_call_within(&view, 10.0).call.to_string());
    }

    #[test]
    fn bad_requests_are_named() {
        assert!(answer("{", 10.0).unwrap_err().contains("not JSON"));
        assert!(answer(r#"{"type":"deal"}"#, 10.0).unwrap_err().contains("\"type\""));
        let e = answer(r#"{"type":"call","seat":"Q","hand":"AK..","dealer":"N","vulnerability":"None","calls":[]}"#, 10.0).unwrap_err();
        assert!(e.contains("seat"), "{e}");
    }
}
