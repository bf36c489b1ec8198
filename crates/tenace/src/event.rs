//! `tenace event ...`: create an event file, enter and correct results, score and report.
//! The logic lives in `tenace-events`; this is the shell around it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::input::{read_boards, Status};
use clap::{Subcommand, ValueEnum};
use tenace_core::{Contract, Seat, Strain};
use tenace_events::dealing::{self, Dealing};
use tenace_events::event::write_atomic;
use tenace_events::movement::{self, Movement};
use tenace_events::report::{html, pbn};
use tenace_events::{Artificial, Contestant, Event, EventBoard, Kind, Line, Method, Outcome, Played, TableResult, Weighted};

#[derive(Subcommand)]
pub enum EventCommand {
    /// Create an event file with its movement (Law 8), boards dealt (Law 6) and contestants.
    New {
        /// The event file to create (JSON).
        file: PathBuf,
        #[arg(long, default_value = "Tenace event")]
        name: String,
        /// mitchell, howell, match (one team match), round-robin (teams), none (individuals).
        #[arg(long, value_enum, default_value_t = MovementKind::Mitchell)]
        movement: MovementKind,
        /// Tables (Mitchell, Howell); teams for match/round-robin; players for `none`.
        #[arg(long, default_value_t = 7)]
        tables: u32,
        /// Boards a round (or a match).
        #[arg(long, default_value_t = 3)]
        boards_per_round: u32,
        /// Boards in all (individuals, `--movement none`).
        #[arg(long)]
        boards: Option<u32>,
        /// Arrow-switch the last N rounds of a Mitchell (one field ranked).
        #[arg(long, default_value_t = 0)]
        arrow_switch: u32,
        /// Even-table Mitchell with a relay and a bye stand instead of a skip.
        #[arg(long)]
        relay: bool,
        /// Sections (A, B, ...) each with this movement, playing the same boards; each section
        /// is ranked on its own, scores are compared across the field.
        #[arg(long, default_value_t = 1)]
        sections: u32,
        /// Scoring: mp, butler, butler2, cross, cross1, cross2, imp, vp, total.
        #[arg(long)]
        method: Option<String>,
        /// Deal from this seed (published-seed mode): prints the commitment to publish now.
        #[arg(long, conflicts_with = "random_seed")]
        seed: Option<u64>,
        /// Draw a secret seed from the operating system, record it, print the commitment.
        #[arg(long)]
        random_seed: bool,
        /// Contestant names in number order, separated by `;`.
        #[arg(long)]
        names: Option<String>,
        /// The date the event is played, `YYYY.MM.DD` (default: today, UTC).
        #[arg(long)]
        date: Option<String>,
        /// An odd field: this number of the movement is a phantom (nobody plays under it; its
        /// opponents sit out that round and are scored on the boards they play).
        #[arg(long)]
        phantom: Option<u32>,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Enter or correct (Law 79C) one table's result on a board.
    Result {
        /// The event file (JSON); rewritten atomically.
        file: PathBuf,
        #[arg(long)]
        board: u32,
        /// North-South: a pair/team number, or `3,7` for two players in an individual.
        #[arg(long)]
        ns: String,
        /// East-West, as `--ns`.
        #[arg(long)]
        ew: String,
        /// The contract: 4S, 4SX, 3NTXX.
        #[arg(long, requires_all = ["declarer", "tricks"])]
        contract: Option<String>,
        #[arg(long)]
        declarer: Option<String>,
        /// Tricks won by declarer.
        #[arg(long)]
        tricks: Option<u8>,
        /// The board was passed out.
        #[arg(long)]
        passed_out: bool,
        /// Artificial adjusted score (Law 12C2), NS/EW: `60/40`, `50/50`, `A+/A-`, or any percentage a
        /// regulation sets, e.g. `60/0` for a pair that did not come (Laws 12C2, 86-88).
        #[arg(long)]
        adjusted: Option<String>,
        /// Assigned adjusted score (Law 12C1), weighted: `50% 4S N =, 50% 4S N -1`.
        #[arg(long)]
        assigned: Option<String>,
        /// Non-balancing: North-South's assigned score (with --assigned-ew).
        #[arg(long, requires = "assigned_ew")]
        assigned_ns: Option<String>,
        /// Non-balancing: East-West's assigned score.
        #[arg(long, requires = "assigned_ns")]
        assigned_ew: Option<String>,
        #[arg(long)]
        table: Option<u32>,
        #[arg(long)]
        round: Option<u32>,
        #[arg(long)]
        section: Option<String>,
        /// Law 87 fouled board: the group of identical deals this result belongs to (0 = as dealt).
        #[arg(long, default_value_t = 0)]
        group: u32,
    },
    /// Score an event (JSON event file, or PBN with ScoreTable sections) and print the ranking.
    Score {
        file: PathBuf,
        /// mp, butler, butler2, cross, cross1, cross2, imp, vp, total (default: the event's).
        #[arg(long)]
        method: Option<String>,
        /// Write a report: .html, .pbn or .json by the extension.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Add double-dummy tables and par to the HTML report (slow).
        #[arg(long)]
        dd: bool,
        /// Print this contestant's personal score card after the ranking.
        #[arg(long)]
        card: Option<u32>,
        /// With a PBN file: refuse the whole file at the first board that cannot be read
        /// (default: score the others, name the bad ones on stderr, exit code 3).
        #[arg(long)]
        strict: bool,
        /// Matchpoints: the results a full board has, Neuberg's N (default: the event's, else
        /// the most results any board has), e.g. for a PBN whose boards were all short.
        #[arg(long)]
        expected_results: Option<usize>,
        /// Matchpoints on boards with fewer results: `neuberg` (default) or `proportional`
        /// (each result keeps its percentage of its own board's top; ACBL-style factoring).
        #[arg(long)]
        factoring: Option<String>,
        /// Matchpoints: round each board's figure to this many decimals before totalling, as
        /// some programs do (KOPS: 2) — to reproduce their rankings exactly.
        #[arg(long)]
        board_decimals: Option<u32>,
    },
    /// Name a contestant (issue 20, item 6: no JSON editing): `tenace event name e.json 3 "Ann
    /// Smith" "Bob Jones"` names pair 3 after its players (or give `--name` for a team's name).
    Name {
        /// The event file (JSON); rewritten atomically.
        file: PathBuf,
        /// The contestant's number (pair, team or player).
        number: u32,
        /// The players, in order (a pair's two, a team's members).
        players: Vec<String>,
        /// The name shown (default: the players joined by " - ").
        #[arg(long)]
        name: Option<String>,
    },
    /// Import the results a table-terminal system recorded (issue 20, item 4): the CSV export of
    /// Bridgemate's `ReceivedData` table (`mdb-export night.bws ReceivedData > results.csv`).
    /// Later rows correct earlier ones (Law 79C); erased rows are left out; a row that cannot be
    /// entered is named with its row number, and then nothing is imported.
    Import {
        /// The event file (JSON); rewritten atomically.
        file: PathBuf,
        /// The `ReceivedData` CSV.
        #[arg(long)]
        bridgemate: PathBuf,
    },
    /// Swiss pairing of the next round from the scores so far (by score, no rematches), added to
    /// the event's movement (Law 8) so that its results can be entered.
    Swiss {
        /// The event file (JSON); rewritten atomically.
        file: PathBuf,
        /// The round's boards, like `9-16` or `9,10,12` (default: as many as the last round
        /// played, the lowest-numbered boards nobody has played yet).
        #[arg(long)]
        boards: Option<String>,
        /// Only print the pairings; leave the event file as it is.
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum MovementKind {
    Mitchell,
    Howell,
    Match,
    RoundRobin,
    None,
}

pub fn run(command: EventCommand) -> Result<Status, String> {
    match command {
        EventCommand::New {
            file,
            name,
            movement,
            tables,
            boards_per_round,
            boards,
            arrow_switch,
            relay,
            sections,
            method,
            seed,
            random_seed,
            names,
            date,
            phantom,
            force,
        } => {
            let movement = if relay && movement == MovementKind::Mitchell { None } else { Some(movement) };
            new(&file, name, movement, tables, boards_per_round, boards, arrow_switch, sections, method, seed, random_seed, names, (date, phantom), force)
                .map(|()| Status::Done)
        }
        EventCommand::Result {
            file,
            board,
            ns,
            ew,
            contract,
            declarer,
            tricks,
            passed_out,
            adjusted,
            assigned,
            assigned_ns,
            assigned_ew,
            table,
            round,
            section,
            group,
        } => {
            // Name the place of a refused result: table, round (when given) and board.
            let place = format!(
                "{}{}board {board}",
                table.map(|t| format!("table {t} ")).unwrap_or_default(),
                round.map(|r| format!("round {r} ")).unwrap_or_default()
            );
            let outcome = outcome(contract, declarer, tricks, passed_out, adjusted, assigned, assigned_ns, assigned_ew).map_err(|e| format!("{place}: {e}"))?;
            let mut event = Event::read(&file).map_err(|e| e.to_string())?;
            let mut r = TableResult::new(board, line(&ns)?, line(&ew)?, outcome);
            r.table = table;
            r.round = round;
            r.section = section;
            r.group = group;
            let vul = event.board(board).map(|b| b.vulnerability);
            let label = r.outcome.label();
            let points = match (&r.outcome, vul) {
                (Outcome::Played(p), Some(v)) => p.ns_score(board, v).ok().map(|s| format!(" (NS {s})")),
                _ => None,
            };
            let corrected = event.enter(r).map_err(|e| e.to_string())?;
            event.write(&file).map_err(|e| e.to_string())?;
            let verb = if corrected { "corrected (Law 79C)" } else { "entered" };
            println!("{verb} board {board}: {ns} v {ew}: {label}{}", points.unwrap_or_default());
            Ok(Status::Done)
        }
        EventCommand::Score { file, method, out, dd, card, strict, expected_results, factoring, board_decimals } => {
            score(&file, method, out, dd, card, strict, (expected_results, factoring.as_deref(), board_decimals))
        }
        EventCommand::Import { file, bridgemate } => import_bridgemate(&file, &bridgemate).map(|()| Status::Done),
        EventCommand::Name { file, number, players, name } => name_contestant(&file, number, players, name).map(|()| Status::Done),
        EventCommand::Swiss { file, boards, dry_run } => swiss(&file, boards.as_deref(), dry_run).map(|()| Status::Done),
    }
}

#[allow(clippy::too_many_arguments)]
fn new(
    file: &Path,
    name: String,
    kind: Option<MovementKind>,
    tables: u32,
    per_round: u32,
    boards: Option<u32>,
    arrow_switch: u32,
    sections: u32,
    method: Option<String>,
    seed: Option<u64>,
    random_seed: bool,
    names: Option<String>,
    (date, phantom): (Option<String>, Option<u32>),
    force: bool,
) -> Result<(), String> {
    let date = match date {
        Some(d) => {
            tenace_events::event::check_date(&d).map_err(|e| format!("--date: {e}"))?;
            d
        }
        None => {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
            tenace_events::event::pbn_date(now)
        }
    };
    if file.exists() && !force {
        return Err(format!("{} already exists (use --force to replace it)", file.display()));
    }
    let e = |e: tenace_events::EventError| e.to_string();
    let (movement, event_kind): (Option<Movement>, Kind) = match kind.unwrap_or(MovementKind::Mitchell) {
        MovementKind::Mitchell if kind.is_none() => (Some(movement::mitchell_relay_bye(tables, per_round, arrow_switch).map_err(e)?), Kind::Pairs),
        MovementKind::Mitchell => (Some(movement::mitchell(tables, per_round, arrow_switch).map_err(e)?), Kind::Pairs),
        MovementKind::Howell => (Some(movement::howell(tables, per_round).map_err(e)?), Kind::Pairs),
        MovementKind::Match => (Some(movement::team_match(1, 2, per_round).map_err(e)?), Kind::Teams),
        MovementKind::RoundRobin => (Some(movement::team_round_robin(tables, per_round).map_err(e)?), Kind::Teams),
        MovementKind::None => (None, Kind::Individuals),
    };
    let movement = match movement {
        Some(m) if sections > 1 => Some(movement::with_sections(&m, sections).map_err(e)?),
        Some(m) => Some(m),
        None if sections > 1 => return Err("sections need a movement".into()),
        None => None,
    };
    let default_method = if event_kind == Kind::Teams { Method::Vp } else { Method::Matchpoints };
    let method = method.as_deref().map(Method::parse).transpose().map_err(e)?.unwrap_or(default_method);
    if movement.is_none() && !(2..=10_000).contains(&tables) {
        return Err(format!("an individual event needs 2 to 10000 players, not {tables}"));
    }
    let board_numbers: Vec<u32> = match &movement {
        Some(m) => m.boards().into_iter().collect(),
        None => match boards.ok_or("an event without a movement needs --boards")? {
            n @ 1..=10_000 => (1..=n).collect(),
            n => return Err(format!("an event needs 1 to 10000 boards, not {n}")),
        },
    };
    if board_numbers.is_empty() || board_numbers.len() > 10_000 {
        return Err("an event needs 1 to 10000 boards".into());
    }
    let seed = if random_seed { Some(dealing::secret_seed().map_err(e)?) } else { seed };
    let deals = match seed {
        Some(s) => board_numbers.iter().map(|&b| dealing::seeded_deal(s, b)).collect(),
        None => dealing::secure_deals(&board_numbers),
    };
    let mut event = Event::new(name, event_kind, method, 0).map_err(e)?;
    event.date = Some(date);
    event.boards = board_numbers.iter().zip(deals).map(|(&n, d)| EventBoard::numbered(n, Some(d))).collect::<Result<_, _>>().map_err(e)?;
    let numbers: Vec<u32> = match &movement {
        Some(m) => m.contestants().into_iter().collect(),
        None => (1..=tables).collect(),
    };
    let given: Vec<String> = names.map(|n| n.split(';').map(|s| s.trim().to_string()).collect()).unwrap_or_default();
    let word = match event_kind {
        Kind::Pairs => "Pair",
        Kind::Teams => "Team",
        Kind::Individuals => "Player",
    };
    event.contestants = numbers
        .iter()
        .enumerate()
        .map(|(i, &n)| Contestant {
            number: n,
            name: given.get(i).filter(|s| !s.is_empty()).cloned().unwrap_or_else(|| format!("{word} {n}")),
            players: Vec::new(),
            section: movement.as_ref().and_then(|m| m.slots.iter().find(|s| s.ns == n || s.ew == n)).and_then(|s| s.section.clone()),
        })
        .collect();
    event.rank_by_section = sections > 1;
    event.rank_by_direction = kind.is_none_or(|k| k == MovementKind::Mitchell) && arrow_switch == 0;
    event.dealing = Some(match seed {
        Some(s) => Dealing::PublishedSeed { commitment: dealing::commitment(s), seed: Some(s) },
        None => Dealing::Os,
    });
    if let Some(p) = phantom {
        if event_kind != Kind::Pairs || !event.contestants.iter().any(|c| c.number == p) {
            return Err(format!("--phantom {p}: a phantom is one of the pairs of a pairs movement"));
        }
        event.contestants.retain(|c| c.number != p);
        event.phantoms = vec![p];
    }
    event.movement = movement;
    event.validate().map_err(e)?;
    event.write(file).map_err(e)?;
    let (rounds, tables) = event.movement.as_ref().map(|m| (m.rounds(), m.tables())).unwrap_or((0, 0));
    println!(
        "created {}: {} {}s, {} boards{}",
        file.display(),
        event.contestants.len(),
        word.to_lowercase(),
        event.boards.len(),
        event.movement.as_ref().map(|m| format!(", {} with {tables} tables and {rounds} rounds", m.name)).unwrap_or_default()
    );
    if let Some(Dealing::PublishedSeed { commitment, .. }) = &event.dealing {
        println!("commitment (publish before play): {commitment}");
    }
    Ok(())
}

/// `7`, or `3,7` for two players.
fn line(s: &str) -> Result<Line, String> {
    let nums: Vec<u32> = s
        .split([',', '-', '+'])
        .map(|t| t.trim().parse::<u32>().map_err(|_| format!("{s:?} is not a contestant number (or two, like 3,7)")))
        .collect::<Result<_, _>>()?;
    match nums.as_slice() {
        [a] => Ok(Line::One(*a)),
        [a, b] => Ok(Line::Two([*a, *b])),
        _ => Err(format!("{s:?}: give one number, or two for an individual")),
    }
}

fn seat(s: &str) -> Result<Seat, String> {
    let mut c = s.trim().chars();
    match (c.next().and_then(Seat::from_char), c.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(format!("{s:?} is not a seat (N, E, S or W)")),
    }
}

#[allow(clippy::too_many_arguments)]
fn outcome(
    contract: Option<String>,
    declarer: Option<String>,
    tricks: Option<u8>,
    passed_out: bool,
    adjusted: Option<String>,
    assigned: Option<String>,
    assigned_ns: Option<String>,
    assigned_ew: Option<String>,
) -> Result<Outcome, String> {
    let given = [contract.is_some(), passed_out, adjusted.is_some(), assigned.is_some(), assigned_ns.is_some()].iter().filter(|&&b| b).count();
    if given != 1 {
        return Err(
            "give exactly one of --contract (with --declarer and --tricks), --passed-out, --adjusted, --assigned, or --assigned-ns with --assigned-ew".into()
        );
    }
    if let Some(c) = contract {
        let c: Contract = c.parse().map_err(|e: tenace_core::ParseError| e.to_string())?;
        let d = seat(declarer.as_deref().unwrap_or(""))?;
        let t = tricks.ok_or("--contract needs --tricks")?;
        if t > 13 {
            return Err(format!("Law 77: a board has 13 tricks; declarer cannot take {t}"));
        }
        return Ok(Outcome::Played(Played::new(c, d, t)));
    }
    if passed_out {
        return Ok(Outcome::Played(Played::passed_out()));
    }
    if let Some(a) = adjusted {
        let (ns, ew) = a.split_once('/').ok_or_else(|| format!("--adjusted {a:?}: give North-South/East-West, like 60/40"))?;
        let ns: Artificial = ns.parse().map_err(|e: tenace_events::EventError| e.to_string())?;
        let ew: Artificial = ew.parse().map_err(|e: tenace_events::EventError| e.to_string())?;
        return Ok(Outcome::Artificial { ns, ew });
    }
    if let Some(a) = assigned {
        return Ok(Outcome::Assigned(assigned_parts(&a)?));
    }
    let ns = Outcome::Assigned(assigned_parts(assigned_ns.as_deref().unwrap_or(""))?);
    let ew = Outcome::Assigned(assigned_parts(assigned_ew.as_deref().unwrap_or(""))?);
    Ok(Outcome::Split { ns: Box::new(ns), ew: Box::new(ew) })
}

/// `50% 4S N =, 50% 4S N -1` (also `4SN=`, `+` between parts, a single `4S N +1` for 100%).
fn assigned_parts(text: &str) -> Result<Vec<Weighted>, String> {
    let bad = |m: &str| format!("assigned score {text:?}: {m} (write it like \"50% 4S N =, 50% 4S N -1\")");
    let mut parts = Vec::new();
    for term in text.split(',').flat_map(|t| t.split(" + ")) {
        let t: String = term.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
        if t.is_empty() {
            continue;
        }
        let (weight, rest) = match t.split_once('%') {
            Some((w, r)) => (w.parse::<f64>().map_err(|_| bad("a weight is not a percentage"))? / 100.0, r.to_string()),
            None => (1.0, t.clone()),
        };
        let chars: Vec<char> = rest.chars().collect();
        let level = chars.first().and_then(|c| c.to_digit(10)).ok_or_else(|| bad("no contract level"))?;
        let mut i = 1;
        let strain = if rest[i..].starts_with("NT") {
            i += 2;
            "NT"
        } else {
            i += 1;
            match chars.get(1) {
                Some('S') => "S",
                Some('H') => "H",
                Some('D') => "D",
                Some('C') => "C",
                Some('N') => "NT",
                _ => return Err(bad("no strain")),
            }
        };
        let mut doubling = String::new();
        while chars.get(i) == Some(&'X') {
            doubling.push('X');
            i += 1;
        }
        let contract: Contract = format!("{level}{strain}{doubling}").parse().map_err(|e: tenace_core::ParseError| bad(&e.to_string()))?;
        let declarer = chars.get(i).and_then(|&c| Seat::from_char(c)).ok_or_else(|| bad("no declarer seat after the contract"))?;
        i += 1;
        let result: String = chars[i.min(chars.len())..].iter().collect();
        let over: i32 = match result.as_str() {
            "=" | "" => 0,
            r => r.trim_start_matches('+').parse().map_err(|_| bad("the result is not =, +n or -n"))?,
        };
        let tricks = i32::from(contract.tricks_needed()) + over;
        if !(0..=13).contains(&tricks) {
            return Err(bad("Law 77: a board has 13 tricks"));
        }
        parts.push(Weighted { weight, played: Played::new(contract, declarer, tricks as u8) });
    }
    if parts.is_empty() {
        return Err(bad("no score"));
    }
    Ok(parts)
}

fn swiss(file: &Path, boards: Option<&str>, dry_run: bool) -> Result<(), String> {
    let (mut event, _) = load(file, true)?;
    let scores = tenace_events::score(&event).map_err(|e| e.to_string())?;
    let standings: Vec<(u32, f64)> = scores.rankings.iter().flat_map(|r| r.standings.iter()).map(|s| (s.number, s.percentage.unwrap_or(s.total))).collect();
    let met = event.results.iter().flat_map(|r| r.ns.members().into_iter().flat_map(|a| r.ew.members().into_iter().map(move |b| (a, b)))).collect();
    let moved = event.movement.clone().unwrap_or_else(|| Movement { name: movement::SWISS.into(), teams: event.kind == Kind::Teams, slots: Vec::new() });
    let round = moved.rounds() + 1;
    // A contestant missing from an earlier round of the movement had the bye then.
    let had_bye = (1..round)
        .flat_map(|r| {
            let seated: Vec<u32> = moved.slots.iter().filter(|s| s.round == r).flat_map(|s| [s.ns, s.ew]).collect();
            event.contestants.iter().map(|c| c.number).filter(move |n| !seated.contains(n))
        })
        .collect();
    let (pairs, bye) = movement::swiss_pairings(&standings, &met, &had_bye).map_err(|e| e.to_string())?;
    let print_pairings = || {
        for (a, b) in &pairs {
            println!("{a} v {b}");
        }
        if let Some(b) = bye {
            println!("bye: {b}");
        }
    };
    if dry_run {
        print_pairings();
        println!("round {round}: dry run, {} not changed", file.display());
        return Ok(());
    }
    if !moved.slots.is_empty() && moved.name != movement::SWISS {
        return Err(format!(
            "round {round}: the event's movement is a {}, not a Swiss; rounds are added only to a Swiss event (tenace event new --movement none)",
            moved.name
        ));
    }
    if event.movement.is_none() && !event.results.is_empty() {
        return Err(format!(
            "round {round}: the event has results but no movement, so a Swiss round cannot be added (Law 8); use --dry-run to see the pairings"
        ));
    }
    let boards = match boards {
        Some(spec) => board_list(spec)?,
        None => next_boards(&event, &moved, round)?,
    };
    if let Some(b) = boards.iter().find(|&&b| event.board(b).is_none()) {
        return Err(format!("round {round} board {b}: the event has no board {b} (Law 2)"));
    }
    let mut m = moved;
    movement::add_swiss_round(&mut m, round, &pairs, &boards).map_err(|e| e.to_string())?;
    event.movement = Some(m);
    event.validate().map_err(|e| e.to_string())?;
    event.write(file).map_err(|e| e.to_string())?;
    print_pairings();
    println!("round {round}: boards {}: added to {}", list_text(&boards), file.display());
    Ok(())
}

/// Names contestant `number` after `players` (or `name`), adding it to the event when results
/// already name it but the list does not; the file is written only if the event still validates.
fn import_bridgemate(file: &Path, csv: &Path) -> Result<(), String> {
    let (mut event, _) = load(file, true)?;
    let text = std::fs::read_to_string(csv).map_err(|e| format!("{}: {e}", csv.display()))?;
    let imported = tenace_events::import::bridgemate_csv(&text).map_err(|e| format!("{}: {e}", csv.display()))?;
    // Each row on its own first, so that a refusal names the file's row.
    let mut check = event.clone();
    for (r, row) in imported.results.iter().zip(&imported.rows) {
        check.enter(r.clone()).map_err(|e| format!("{} row {row}: {e}", csv.display()))?;
    }
    let count = imported.results.len();
    event.enter_all(imported.results).map_err(|e| e.to_string())?;
    event.validate().map_err(|e| e.to_string())?;
    event.write(file).map_err(|e| e.to_string())?;
    println!("imported {count} results from {} ({} erased rows left out); the event has {} results", csv.display(), imported.erased, event.results.len());
    Ok(())
}

fn name_contestant(file: &Path, number: u32, players: Vec<String>, name: Option<String>) -> Result<(), String> {
    let (mut event, _) = load(file, true)?;
    let players: Vec<String> = players.into_iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    let name = name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).unwrap_or_else(|| players.join(" - "));
    if name.is_empty() {
        return Err(format!("contestant {number}: give the players' names (or --name)"));
    }
    if name.chars().count() > 200 {
        return Err(format!("contestant {number}: a name has at most 200 characters"));
    }
    let known = event.results.iter().any(|r| r.ns.contains(number) || r.ew.contains(number))
        || event.movement.as_ref().is_some_and(|m| m.slots.iter().any(|s| s.ns == number || s.ew == number));
    match event.contestants.iter_mut().find(|c| c.number == number) {
        Some(c) => {
            c.name = name.clone();
            c.players = players;
        }
        None if known => event.contestants.push(tenace_events::Contestant { number, name: name.clone(), players, section: None }),
        None => return Err(format!("contestant {number} is not in this event (not in its list, movement or results)")),
    }
    event.validate().map_err(|e| e.to_string())?;
    event.write(file).map_err(|e| e.to_string())?;
    println!("{number}: {name}");
    Ok(())
}

/// `9-16`, `9,10,12`, `1-3,7`: board numbers, each once, in the order given.
fn board_list(spec: &str) -> Result<Vec<u32>, String> {
    let bad = || format!("--boards {spec:?}: expected board numbers like 9-16 or 9,10,12");
    let mut out: Vec<u32> = Vec::new();
    for part in spec.split(',').map(str::trim) {
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        let (a, b): (u32, u32) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
        if a == 0 || a > b || b - a > 1000 {
            return Err(bad());
        }
        for n in a..=b {
            if out.contains(&n) {
                return Err(format!("--boards {spec:?}: board {n} is listed twice"));
            }
            out.push(n);
        }
    }
    Ok(out)
}

/// The default boards of a Swiss round: as many as the last round of the movement, the lowest
/// numbers that neither the movement nor any result has used.
fn next_boards(event: &Event, m: &Movement, round: u32) -> Result<Vec<u32>, String> {
    let last = m.slots.iter().filter(|s| s.round + 1 == round).map(|s| s.boards.len()).max();
    let Some(count) = last else {
        return Err(format!("round {round}: give the round's boards with --boards (like --boards 1-8)"));
    };
    let used: std::collections::BTreeSet<u32> = m.boards().into_iter().chain(event.results.iter().map(|r| r.board)).collect();
    let free: Vec<u32> = event.boards.iter().map(|b| b.number).filter(|b| !used.contains(b)).take(count).collect();
    if free.len() < count {
        return Err(format!("round {round}: {count} boards needed, {} unplayed boards left in the event; give --boards", free.len()));
    }
    Ok(free)
}

fn list_text(boards: &[u32]) -> String {
    let contiguous = boards.windows(2).all(|w| w[1] == w[0] + 1);
    match (boards.first(), boards.last()) {
        (Some(a), Some(b)) if contiguous && a != b => format!("{a}-{b}"),
        _ => boards.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
    }
}

/// The event in a JSON event file, or in a PBN file's boards and score tables (read leniently
/// unless `strict`; see `crate::input`).
fn load(file: &Path, strict: bool) -> Result<(Event, Status), String> {
    let is_pbn = file.extension().is_some_and(|x| x.eq_ignore_ascii_case("pbn"));
    if is_pbn {
        let (records, status) = read_boards(file, strict)?;
        Ok((pbn::event_from_records(&records).map_err(|e| format!("{}: {e}", file.display()))?, status))
    } else {
        Ok((Event::read(file).map_err(|e| e.to_string())?, Status::Done))
    }
}

fn score(
    file: &Path,
    method: Option<String>,
    out: Option<PathBuf>,
    dd: bool,
    card: Option<u32>,
    strict: bool,
    (expected, factoring, decimals): (Option<usize>, Option<&str>, Option<u32>),
) -> Result<Status, String> {
    let (mut event, status) = load(file, strict)?;
    if let Some(n) = expected {
        if n < 2 {
            return Err(format!("--expected-results {n}: a full board has at least 2 results (Neuberg's N)"));
        }
        event.expected_results = Some(n);
    }
    if let Some(f) = factoring {
        event.factoring = match f.to_ascii_lowercase().as_str() {
            "neuberg" => tenace_events::Factoring::Neuberg,
            "proportional" => tenace_events::Factoring::Proportional,
            other => return Err(format!("--factoring {other:?}: use neuberg or proportional")),
        };
    }
    if let Some(d) = decimals {
        if d > 6 {
            return Err(format!("--board-decimals {d}: at most 6"));
        }
        event.board_decimals = Some(d);
    }
    let method = method.as_deref().map(Method::parse).transpose().map_err(|e| e.to_string())?.unwrap_or(event.method);
    let scores = tenace_events::score_with(&event, method).map_err(|e| e.to_string())?;
    let unit = tenace_events::report::unit(method);
    let mut text = tenace_events::report::ranking_text(&scores);
    if let Some(n) = card {
        if event.contestant(n).is_none() && !event.results.iter().any(|r| r.ns.contains(n) || r.ew.contains(n)) {
            return Err(format!("contestant {n} is not in this event"));
        }
        text.push_str(&format!(
            "\nScore card: {n} {}\n{:>5}  {:<3} {:>9}  {:<28} {:>7} {:>9} {:>7}\n",
            event.name_of(n),
            "Board",
            "Dir",
            "Opp",
            "Result",
            "Score",
            unit,
            "%"
        ));
        for l in tenace_events::scoring::score_card(&scores, n) {
            let dir = if l.direction == tenace_core::Side::NorthSouth { "NS" } else { "EW" };
            let f = |v: Option<f64>| v.map(|x| format!("{x:.2}")).unwrap_or_default();
            text.push_str(&format!(
                "{:>5}  {:<3} {:>9}  {:<28} {:>7} {:>9} {:>7}\n",
                l.board,
                dir,
                l.opponents.to_string(),
                l.label,
                l.points.map(|p| format!("{p:.0}")).unwrap_or_default(),
                f(l.value),
                f(l.percent)
            ));
        }
    }
    if let Some(out) = out {
        let ext = out.extension().map(|x| x.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
        let body = match ext.as_str() {
            "html" | "htm" => html::render(&event, &scores, &if dd { dd_tables(&event)? } else { BTreeMap::new() }),
            "pbn" => pbn::write(&event, &scores),
            "json" => serde_json::to_string_pretty(&scores).map_err(|e| e.to_string())? + "\n",
            _ => return Err(format!("cannot tell the report format of {} (use .html, .pbn or .json)", out.display())),
        };
        write_atomic(&out, body.as_bytes()).map_err(|e| e.to_string())?;
    }
    print!("{text}");
    Ok(status)
}

/// Double-dummy tables and par for the HTML report (Law-free analysis, `--dd`) and the
/// hand-record sheet.
pub(crate) fn dd_tables(event: &Event) -> Result<BTreeMap<u32, String>, String> {
    let mut out = BTreeMap::new();
    for b in &event.boards {
        let Some(deal) = &b.deal else { continue };
        let table = tenace_dds::dd_table(deal).map_err(|e| format!("board {}: {e}", b.number))?;
        let par = tenace_dds::par(&table, b.vulnerability, b.dealer);
        let mut h = String::from("<table><thead><tr><th></th><th>NT</th><th>♠</th><th>♥</th><th>♦</th><th>♣</th></tr></thead><tbody>");
        for seat in Seat::ALL {
            h.push_str(&format!("<tr><th>{seat}</th>"));
            for strain in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
                h.push_str(&format!("<td>{}</td>", table.get(seat, strain)));
            }
            h.push_str("</tr>");
        }
        let contracts: Vec<String> = par.contracts.iter().map(|c| html::escape(&c.to_string())).collect();
        h.push_str(&format!("</tbody></table><div>Par: {} ({})</div>", par.score, contracts.join(", ")));
        out.insert(b.number, h);
    }
    Ok(out)
}
