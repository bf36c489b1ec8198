//! `tenace`: the command line. Every verb prints its result on stdout; bad input gives one line
//! on stderr and exit code 2. Commands that read a file of boards (`convert`, `solve`, `event
//! score`) go on with the boards they can read and exit with code 3 when some were left out
//! (see [`input`]).

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;

mod event;
mod input;
mod robot;
mod rule;
#[cfg(feature = "server")]
mod serve;
mod solve;

use clap::{Parser, Subcommand, ValueEnum};
use input::Status;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use tenace_core::{imps, random_deal, Board, BoardNumber, Contract};
use tenace_formats::{Format, GameRecord};

/// The club's allocator: jemalloc. A saturated `tenace serve` spent about a tenth of its CPU in
/// glibc's malloc and free (views built and serialized for every seat at every action, from
/// many threads); with jemalloc `tenace-loadgen --tables 200 --boards 4` ran about a quarter
/// faster on the same machine (docs/scaling.md).
#[cfg(feature = "server")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Tenace: duplicate contract bridge under the Laws of Duplicate Bridge.
#[derive(Parser)]
#[command(name = "tenace", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Deal a set of boards (Law 6) with Law 2's dealer and vulnerability.
    Deal {
        /// Seed for a reproducible set (ChaCha20 seeded from this number); without it the
        /// operating system's random generator seeds the deal.
        #[arg(long)]
        seed: Option<u64>,
        /// Board numbers: `1-32`, `7`, or a list such as `1-4,9,11-12`.
        #[arg(long, default_value = "1-32", value_parser = parse_boards)]
        boards: BoardList,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Pbn)]
        format: OutputFormat,
    },
    /// Print the declaring side's score under Law 77, e.g. `tenace score 4SX 8 --vulnerable`.
    Score {
        /// The contract: `4S`, `4SX`, `4SXX`, `3NT`.
        contract: String,
        /// Tricks taken by declarer, 0-13.
        tricks: u8,
        /// Declarer's side is vulnerable.
        #[arg(long)]
        vulnerable: bool,
    },
    /// Print the IMPs (Law 78B) for a point difference, e.g. `tenace imps 420` or `tenace imps -- -50`.
    Imps {
        /// The point difference; may be negative.
        #[arg(allow_negative_numbers = true)]
        difference: i32,
    },
    /// Convert between PBN, LIN and JSON, chosen by the files' extensions (.pbn, .lin, .json).
    Convert {
        /// The file to read.
        input: PathBuf,
        /// The file to write (`-` for standard output in the input's format is not supported; name a file).
        output: PathBuf,
        /// Refuse the whole file at the first board that cannot be read as written (default:
        /// convert the others, name the bad ones on stderr, exit code 3).
        #[arg(long)]
        strict: bool,
    },
    /// Double-dummy tables and par: `tenace solve FILE.pbn` writes the PBN back with
    /// DoubleDummyTricks, OptimumResultTable, OptimumScore and ParContract tags; `--json` prints
    /// one JSON object per board; `--deal "N:..."` solves one deal.
    Solve {
        /// A PBN, LIN or JSON file of boards.
        #[arg(required_unless_present = "deal", conflicts_with = "deal")]
        file: Option<PathBuf>,
        /// One deal in PBN form, e.g. "N:AKQ2.K3.QJ4.T932 ...".
        #[arg(long)]
        deal: Option<String>,
        /// Print one JSON object per board instead of PBN.
        #[arg(long)]
        json: bool,
        /// Threads to use (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Refuse the whole file at the first board that cannot be read or solved (default: solve
        /// the others, name the bad ones on stderr, exit code 3).
        #[arg(long)]
        strict: bool,
        /// Analyse the play recorded in FILE card by card, as a hand viewer does: one JSON
        /// object per board with, at each card, every legal card's value in declarer's tricks.
        #[arg(long, conflicts_with = "deal", requires = "file")]
        play: bool,
    },
    /// Run the online club: play duplicate in the browser with friends or robots (OKb laws).
    /// Prints the address to open.
    #[cfg(feature = "server")]
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        bind: String,
        /// Database URL: `sqlite://PATH` or `postgres://...`; default a SQLite file in the
        /// user's data directory ($XDG_DATA_HOME/tenace/tenace.db or ~/.local/share/tenace/tenace.db).
        #[arg(long)]
        database: Option<String>,
        /// Milliseconds a robot waits before it calls or plays.
        #[arg(long, default_value_t = 400)]
        robot_delay_ms: u64,
        /// A robot's time budget per card, in milliseconds of solver work; 0 plays by the
        /// robots' rules alone, without sampling (fast, weaker).
        #[arg(long, default_value_t = tenace_robot::CARD_BUDGET_MS)]
        robot_time_per_card_ms: f64,
        /// Seconds a disconnected player keeps the seat before a robot takes it.
        #[arg(long, default_value_t = 120)]
        seat_timeout_s: u64,
        /// An account that may use the Director's desk at /director (repeat for several).
        #[arg(long = "director", value_name = "NAME")]
        directors: Vec<String>,
        #[command(flatten)]
        limits: serve::LimitArgs,
        #[command(flatten)]
        node: serve::NodeArgs,
    },
    /// Run the online club (this build has no server: rebuild with the `server` feature).
    #[cfg(not(feature = "server"))]
    Serve {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        args: Vec<String>,
    },
    /// The Director's session on one face-to-face board: type calls and plays (irregular ones
    /// are recorded and open a rectification with every option the Laws give), choose options,
    /// see the obligations that follow. Commands on standard input; `help` lists them.
    Rule {
        /// Board number (dealer and vulnerability by Law 2).
        #[arg(long, default_value_t = 1)]
        board: u32,
        /// The deal in PBN form, e.g. "N:AKQ2.K3.QJ4.T932 ..."; default: dealt at random.
        #[arg(long, conflicts_with = "seed")]
        deal: Option<String>,
        /// Deal board `--board` of the set with this seed (as `tenace deal --seed`).
        #[arg(long)]
        seed: Option<u64>,
        /// Append every accepted event to this file (JSON lines); an existing file is replayed
        /// first, so a session can be resumed.
        #[arg(long)]
        events: Option<PathBuf>,
    },
    /// Duplicate events: `new`, `result`, `score`, `swiss` (Laws 6, 8, 12, 78, 79).
    Event {
        #[command(subcommand)]
        command: Box<event::EventCommand>,
    },
    /// The robots: `eval` measures them double dummy (or matches them against another build),
    /// `stdio` answers robot requests on a pipe.
    Robot {
        #[command(subcommand)]
        command: robot::RobotCommand,
    },
}

#[derive(Copy, Clone, ValueEnum)]
enum OutputFormat {
    Pbn,
    Lin,
    Json,
    /// The printable hand-record sheet: four hands, double-dummy table and par per board.
    Html,
}

#[derive(Clone, Debug)]
struct BoardList(Vec<RangeInclusive<u32>>);

/// Reads `1-32`, `7`, `1-4,9,11-12`.
fn parse_boards(s: &str) -> Result<BoardList, String> {
    let mut ranges = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let number = |t: &str| -> Result<u32, String> {
            let n: u32 = t.trim().parse().map_err(|_| format!("{t:?} is not a board number"))?;
            if n == 0 {
                return Err("board numbers start at 1 (Law 2)".into());
            }
            Ok(n)
        };
        let range = match part.split_once('-') {
            Some((a, b)) => number(a)?..=number(b)?,
            None => number(part)?..=number(part)?,
        };
        if range.is_empty() {
            return Err(format!("board range {part:?} runs backwards"));
        }
        if range.end() - range.start() >= 100_000 {
            return Err(format!("board range {part:?} is too long (at most 100000 boards)"));
        }
        ranges.push(range);
    }
    Ok(BoardList(ranges))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(Status::Done) => ExitCode::SUCCESS,
        Ok(Status::Incomplete) => ExitCode::from(input::INCOMPLETE),
        Err(message) => {
            eprintln!("tenace: error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<Status, String> {
    let done = |r: Result<(), String>| r.map(|()| Status::Done);
    match command {
        Command::Convert { input, output, strict } => convert(&input, &output, strict),
        Command::Solve { file: Some(file), play: true, strict, .. } => solve::run_play(&file, strict),
        Command::Solve { file, deal, json, threads, strict, .. } => {
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
            solve::run(file.as_deref(), deal.as_deref(), json, threads, strict)
        }
        Command::Event { command } => event::run(*command),
        Command::Deal { seed, boards, format } => done(deal(seed, &boards, format)),
        Command::Score { contract, tricks, vulnerable } => {
            let contract: Contract = contract.parse().map_err(|e: tenace_core::ParseError| e.to_string())?;
            let score = contract.score(tricks, vulnerable).map_err(|e| e.to_string())?;
            println!("{score}");
            Ok(Status::Done)
        }
        Command::Imps { difference } => {
            println!("{}", imps(difference));
            Ok(Status::Done)
        }
        Command::Robot { command } => done(robot::run(command)),
        Command::Rule { board, deal, seed, events } => done(rule::run(rule::board(board, deal.as_deref(), seed)?, events.as_deref())),
        #[cfg(feature = "server")]
        Command::Serve { bind, database, robot_delay_ms, robot_time_per_card_ms, seat_timeout_s, directors, limits, node } => {
            if !(robot_time_per_card_ms.is_finite() && robot_time_per_card_ms >= 0.0) {
                return Err("--robot-time-per-card-ms must be 0 (the robots' rules alone) or a positive number of milliseconds".into());
            }
            let node = node.config()?;
            let config = serve::club_config(robot_delay_ms, robot_time_per_card_ms, seat_timeout_s, directors, limits.into(), node);
            done(serve::serve(&bind, database, config))
        }
        #[cfg(not(feature = "server"))]
        Command::Serve { .. } => Err("this tenace was built without the online club; build it with the `server` feature (on by default)".into()),
    }
}

fn deal(seed: Option<u64>, boards: &BoardList, format: OutputFormat) -> Result<(), String> {
    let mut os_rng = ChaCha20Rng::from_os_rng();
    let mut games = Vec::new();
    for range in &boards.0 {
        for n in range.clone() {
            let number = BoardNumber::new(n).map_err(|e| e.to_string())?;
            // With a seed, board n is dealt from ChaCha20 stream n, so a board's deal depends only
            // on the seed and its number (`--boards 3` gives the same board 3 as `--boards 1-32`).
            // The one derivation, shared with published-seed events (Law 6).
            let deal = match seed {
                Some(s) => tenace_events::dealing::seeded_deal(s, n),
                None => random_deal(&mut os_rng),
            };
            games.push(GameRecord::from_board(&Board::numbered(number, deal)));
        }
    }
    let text = match format {
        OutputFormat::Pbn => tenace_formats::pbn::write(&games),
        OutputFormat::Lin => tenace_formats::lin::write(&games),
        OutputFormat::Json => tenace_formats::json::write(&games),
        OutputFormat::Html => hand_record_sheet(&games, &seed.map_or("Hand record".into(), |s| format!("Boards of seed {s}")))?,
    };
    print!("{text}");
    Ok(())
}

/// The printable hand-record sheet of `games` (issue 20, item 2): each board's hands with its
/// double-dummy table and par; boards without a whole deal are shown without analysis.
fn hand_record_sheet(games: &[GameRecord], title: &str) -> Result<String, String> {
    let mut event = tenace_events::Event::new(title, tenace_events::Kind::Pairs, tenace_events::Method::Matchpoints, 0).map_err(|e| e.to_string())?;
    for g in games {
        let Some(number) = g.board else { continue };
        let n = number.get();
        if event.board(n).is_some() {
            continue;
        }
        event.boards.push(tenace_events::EventBoard {
            number: n,
            dealer: g.dealer.unwrap_or(number.dealer()),
            vulnerability: g.vulnerability.unwrap_or(number.vulnerability()),
            deal: g.deal.filter(|d| d.is_complete()),
        });
    }
    if event.boards.is_empty() {
        return Err("no boards to put in a hand record".into());
    }
    let analysis = event::dd_tables(&event)?;
    Ok(tenace_events::report::html::hand_record(&event, &analysis))
}

fn convert(input: &std::path::Path, output: &std::path::Path, strict: bool) -> Result<Status, String> {
    // An imported set of boards as the printable hand-record sheet (issue 20, item 2).
    if output.extension().is_some_and(|e| e.eq_ignore_ascii_case("html")) {
        let (games, status) = input::read_boards(input, strict)?;
        let title =
            games.iter().find_map(|g| g.event.clone()).unwrap_or_else(|| input.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default());
        let html = hand_record_sheet(&games, &title)?;
        tenace_events::event::write_atomic(output, html.as_bytes()).map_err(|e| e.to_string())?;
        return Ok(status);
    }
    Format::from_path(output)
        .ok_or_else(|| format!("cannot tell the format of {} (use .pbn, .lin, .json, or .html for the hand-record sheet)", output.display()))?;
    let (games, status) = input::read_boards(input, strict)?;
    tenace_formats::write_file(output, &games).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(status)
}
