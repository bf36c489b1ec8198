//! `tenace`: the command line. Every verb prints its result on stdout; bad input gives one line
//! on stderr and exit code 2.

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;

mod event;
mod rule;
mod solve;

use clap::{Parser, Subcommand, ValueEnum};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use tenace_core::{imps, random_deal, Board, BoardNumber, Contract};
use tenace_formats::{Format, GameRecord};

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
    },
    /// Run the online club: play duplicate in the browser with friends or robots (OKb laws).
    /// Prints the address to open.
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
        /// Seconds a disconnected player keeps the seat before a robot takes it.
        #[arg(long, default_value_t = 120)]
        seat_timeout_s: u64,
        /// An account that may use the Director's desk at /director (repeat for several).
        #[arg(long = "director", value_name = "NAME")]
        directors: Vec<String>,
        #[command(flatten)]
        limits: LimitArgs,
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
}

#[derive(Copy, Clone, ValueEnum)]
enum OutputFormat {
    Pbn,
    Lin,
    Json,
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

/// The club's abuse limits (tenace_server::limits), each with its default.
#[derive(clap::Args, Debug)]
struct LimitArgs {
    /// Days a session token stays valid after login.
    #[arg(long, default_value_t = 30)]
    session_days: u64,
    /// Failed logins per account and per address before each further attempt must wait.
    #[arg(long, default_value_t = 5)]
    login_free_attempts: u32,
    /// Seconds of the first wait after the free attempts; it doubles with every failure.
    #[arg(long, default_value_t = 1)]
    login_delay_s: u64,
    /// The longest wait between login attempts, in seconds.
    #[arg(long, default_value_t = 900)]
    login_max_delay_s: u64,
    /// WebSocket connections one account may hold at once.
    #[arg(long, default_value_t = 8)]
    connections_per_account: usize,
    /// Messages queued for one connection; a client that lets more pile up unread is disconnected.
    #[arg(long, default_value_t = 256)]
    outgoing_queue: usize,
    /// Seconds a new WebSocket has to send its auth message.
    #[arg(long, default_value_t = 10)]
    auth_timeout_s: u64,
    /// Seconds of silence after which a WebSocket is closed (the club's client pings every 25 s).
    #[arg(long, default_value_t = 120)]
    ws_idle_timeout_s: u64,
    /// Seconds an HTTP connection has to send a request's headers (also between kept-alive requests).
    #[arg(long, default_value_t = 10)]
    http_header_timeout_s: u64,
    /// HTTP connections being read or answered at once; more wait to be accepted (WebSockets are capped per account).
    #[arg(long, default_value_t = 20_000)]
    max_connections: usize,
    /// The largest HTTP request body accepted, in bytes.
    #[arg(long, default_value_t = 16 * 1024)]
    max_body: usize,
}

impl From<LimitArgs> for tenace_server::limits::Limits {
    fn from(a: LimitArgs) -> Self {
        use std::time::Duration;
        tenace_server::limits::Limits {
            session_lifetime: Duration::from_secs(a.session_days * 24 * 3600),
            login_free_attempts: a.login_free_attempts,
            login_first_delay: Duration::from_secs(a.login_delay_s),
            login_max_delay: Duration::from_secs(a.login_max_delay_s),
            connections_per_account: a.connections_per_account,
            outgoing_queue: a.outgoing_queue,
            auth_timeout: Duration::from_secs(a.auth_timeout_s),
            ws_idle_timeout: Duration::from_secs(a.ws_idle_timeout_s),
            http_header_timeout: Duration::from_secs(a.http_header_timeout_s),
            max_connections: a.max_connections,
            max_body: a.max_body,
        }
    }
}

/// `tenace serve`: starts the club and runs until interrupted.
fn serve(
    bind: &str,
    database: Option<String>,
    robot_delay_ms: u64,
    seat_timeout_s: u64,
    directors: Vec<String>,
    limits: tenace_server::limits::Limits,
) -> Result<(), String> {
    let database = database.unwrap_or_else(tenace_server::default_database_url);
    let config = tenace_server::ClubConfig {
        robot_delay: std::time::Duration::from_millis(robot_delay_ms),
        seat_timeout: std::time::Duration::from_secs(seat_timeout_s),
        robot_comparison: true,
        directors,
        limits,
    };
    // The club's log goes to standard error (`RUST_LOG` selects, default `info`): store failures,
    // tables set aside, refused robot moves.
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(false).try_init();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let server = tenace_server::start(bind, &database, config).await.map_err(|e| e.to_string())?;
        println!("Tenace is serving at http://{}/ (database: {})", server.addr, redact(&database));
        println!("Open that address in a browser; press Ctrl-C to stop.");
        if !server.club.config.directors.is_empty() {
            println!("The Director's desk: http://{}/director", server.addr);
        }
        tokio::select! {
            r = server.task => r.map_err(|e| e.to_string()),
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}

use tenace_server::store::redact;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tenace: error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Deal { seed, boards, format } => deal(seed, &boards, format),
        Command::Score { contract, tricks, vulnerable } => {
            let contract: Contract = contract.parse().map_err(|e: tenace_core::ParseError| e.to_string())?;
            let score = contract.score(tricks, vulnerable).map_err(|e| e.to_string())?;
            println!("{score}");
            Ok(())
        }
        Command::Imps { difference } => {
            println!("{}", imps(difference));
            Ok(())
        }
        Command::Convert { input, output } => convert(&input, &output),
        Command::Solve { file, deal, json, threads } => {
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
            solve::run(file.as_deref(), deal.as_deref(), json, threads)
        }
        Command::Event { command } => event::run(*command),
        Command::Rule { board, deal, seed, events } => rule::run(rule::board(board, deal.as_deref(), seed)?, events.as_deref()),
        Command::Serve { bind, database, robot_delay_ms, seat_timeout_s, directors, limits } => {
            serve(&bind, database, robot_delay_ms, seat_timeout_s, directors, limits.into())
        }
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
    };
    print!("{text}");
    Ok(())
}

fn convert(input: &std::path::Path, output: &std::path::Path) -> Result<(), String> {
    Format::from_path(output).ok_or_else(|| format!("cannot tell the format of {} (use .pbn, .lin or .json)", output.display()))?;
    let games = tenace_formats::read_file(input).map_err(|e| format!("{}: {e}", input.display()))?;
    tenace_formats::write_file(output, &games).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(())
}
