//! `tenace solve`: double-dummy tables and par for every board of a file, or for one deal.
//!
//! PBN output adds these tags to each board (existing ones are replaced):
//! - `DoubleDummyTricks`: 20 hexadecimal digits, declarers N, S, E, W, each with NT, S, H, D, C
//!   (the layout BridgeComposer and Dealmaster write);
//! - `OptimumResultTable` (PBN 2.1 section 5.7): `Declarer;Denomination\2R;Result\2R`, 20 rows;
//! - `OptimumScore` (PBN 2.1 section 4.2.7): `NS <score>`;
//! - `ParContract`: the par contracts as hand-record programs write them, `NS 4S=; NS 4H=`,
//!   `EW 5DX-2`, `Pass` (see `tenace_formats::par`).

use std::path::Path;

use crate::input::{read_boards, Status};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use tenace_core::{Board, BoardNumber, Deal, Seat, Strain};
use tenace_dds::{dd_tables, par, DdTable, Par};
use tenace_formats::par::{write_par_contracts, ParEntry};
use tenace_formats::{Format, GameRecord, Tag};

const STRAIN_NAMES: [(Strain, &str); 5] =
    [(Strain::NoTrump, "NT"), (Strain::Spades, "S"), (Strain::Hearts, "H"), (Strain::Diamonds, "D"), (Strain::Clubs, "C")];
const PBN_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// Solves the boards of a file (or one deal given on the command line) and prints the result.
/// A board the file cannot give whole (no deal, no board number, an impossible deal) is named on
/// stderr and left out, or, with `strict`, refuses the whole file.
pub fn run(file: Option<&Path>, deal: Option<&str>, as_json: bool, threads: usize, strict: bool) -> Result<Status, String> {
    let (games, mut status) = match (file, deal) {
        (Some(path), None) => read_boards(path, strict)?,
        (None, Some(text)) => {
            let deal = Deal::from_pbn(text).map_err(|e| format!("--deal: {e}"))?;
            deal.validate().map_err(|e| format!("--deal: {e}"))?;
            let number = BoardNumber::new(1).map_err(|e| e.to_string())?;
            (vec![GameRecord::from_board(&Board::numbered(number, deal))], Status::Done)
        }
        _ => return Err("give either a FILE or --deal \"N:...\"".into()),
    };
    let mut boards = Vec::new();
    let mut solvable = Vec::new();
    let mut unsolvable = Vec::new();
    for (i, g) in games.into_iter().enumerate() {
        let label = g.board.map(|b| b.to_string()).unwrap_or_else(|| format!("#{}", i + 1));
        let board = g.deal.ok_or_else(|| format!("board {label}: the file gives no deal")).and_then(|deal| {
            deal.validate().map_err(|e| format!("board {label}: {e}"))?;
            g.board().ok_or_else(|| format!("board {label}: no board number"))
        });
        match board {
            Ok(board) => {
                boards.push(board);
                solvable.push(g);
            }
            Err(e) if strict => return Err(e),
            Err(e) => unsolvable.push(e),
        }
    }
    if boards.is_empty() {
        return Err(unsolvable.first().cloned().unwrap_or_else(|| "the file holds no boards".into()));
    }
    for e in &unsolvable {
        eprintln!("tenace: {e}; not solved, left out");
        status = Status::Incomplete;
    }
    let mut games = solvable;
    let bar = if boards.len() > 1 { ProgressBar::new(boards.len() as u64) } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {eta} left").unwrap_or_else(|_| ProgressStyle::default_bar()));
    let deals: Vec<Deal> = boards.iter().map(|b| b.deal).collect();
    let tables = dd_tables(&deals, threads, &|| bar.inc(1)).map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if as_json {
        for (board, table) in boards.iter().zip(&tables) {
            let p = par(table, board.vulnerability, board.dealer);
            println!("{}", board_json(board, table, &p));
        }
        return Ok(status);
    }
    for ((game, board), table) in games.iter_mut().zip(&boards).zip(&tables) {
        add_tags(game, table, &par(table, board.vulnerability, board.dealer));
    }
    print!("{}", Format::Pbn.write(&games));
    Ok(status)
}

/// `tenace solve --play`: the play of every board of a file that records one, each card analysed
/// double dummy (`tenace_dds::analyse_play`), one JSON object per board:
/// `{"board":N,"contract":"4S","declarer":"S","steps":[{"to_play":"W","played":"SA",
/// "declarer_won":0,"best":10,"cards":{"SA":10,"S2":9,...}}]}` — each legal card's value is the
/// tricks declarer's side ends with after it, best play from then on; a card worth less than
/// `best` to its side cost tricks. A last step with `"played":null` is the position a claim
/// left. Boards without a deal, a contract or a play record are named on stderr and left out.
pub fn run_play(path: &Path, strict: bool) -> Result<Status, String> {
    let (games, mut status) = read_boards(path, strict)?;
    let mut printed = 0;
    for (i, g) in games.iter().enumerate() {
        let label = g.board.map(|b| b.to_string()).unwrap_or_else(|| format!("#{}", i + 1));
        match play_json(g) {
            Ok(v) => {
                println!("{v}");
                printed += 1;
            }
            Err(e) if strict => return Err(format!("board {label}: {e}")),
            Err(e) => {
                eprintln!("tenace: board {label}: {e}; left out");
                status = Status::Incomplete;
            }
        }
    }
    if printed == 0 {
        return Err("the file holds no board with a play record to analyse".into());
    }
    Ok(status)
}

fn play_json(g: &GameRecord) -> Result<Value, String> {
    let deal = g.deal.ok_or("the file gives no deal")?;
    deal.validate().map_err(|e| e.to_string())?;
    let contract = g.final_contract().ok_or("no contract (passed out or not given)")?;
    let declarer = g.declarer.ok_or("no declarer")?;
    let play = g.play.as_ref().ok_or("no play record")?;
    let cards: Vec<tenace_core::Card> = play.in_order(contract.strain().trump()).into_iter().filter_map(|(_, c)| c.card).collect();
    let steps = tenace_dds::analyse_play(&deal, contract.strain(), declarer, &cards).map_err(|e| e.to_string())?;
    let steps: Vec<Value> = steps
        .iter()
        .map(|s| {
            let values: serde_json::Map<String, Value> = s.cards.iter().map(|r| (r.card.to_string(), json!(r.tricks))).collect();
            json!({"to_play": s.to_play.letter().to_string(), "played": s.played.map(|c| c.to_string()), "declarer_won": s.declarer_won, "best": s.best(), "cards": values})
        })
        .collect();
    Ok(json!({"board": g.board.map(|b| b.get()), "contract": contract.to_string(), "declarer": declarer.letter().to_string(), "steps": steps}))
}

/// `{"board":N,"tricks":{"N":{"NT":t,...},...},"par":{"score":S,"contracts":["4S-N"]}}`.
pub fn board_json(board: &Board, table: &DdTable, p: &Par) -> Value {
    let mut tricks = serde_json::Map::new();
    for seat in Seat::ALL {
        let mut row = serde_json::Map::new();
        for (strain, name) in STRAIN_NAMES {
            row.insert(name.to_string(), json!(table.get(seat, strain)));
        }
        tricks.insert(seat.letter().to_string(), Value::Object(row));
    }
    let contracts: Vec<String> = p.contracts.iter().map(|c| c.to_string()).collect();
    json!({"board": board.number.get(), "tricks": tricks, "par": {"score": p.score, "contracts": contracts}})
}

fn add_tags(game: &mut GameRecord, table: &DdTable, p: &Par) {
    let digits: String = PBN_SEATS
        .iter()
        .flat_map(|seat| STRAIN_NAMES.iter().map(move |(strain, _)| table.get(*seat, *strain)))
        .map(|t| char::from_digit(u32::from(t), 16).unwrap_or('0'))
        .collect();
    let rows: Vec<String> = [Seat::North, Seat::East, Seat::South, Seat::West]
        .iter()
        .flat_map(|seat| {
            [Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs, Strain::NoTrump]
                .map(|strain| format!("{} {:>2} {:>2}", seat.letter(), strain.name(), table.get(*seat, strain)))
        })
        .collect();
    let contracts: Vec<ParEntry> =
        p.contracts.iter().map(|c| ParEntry { contract: c.contract, declarers: c.declarers.clone(), result: Some(c.result) }).collect();
    let new_tags = [
        Tag { name: "DoubleDummyTricks".into(), value: digits, rows: Vec::new() },
        Tag { name: "OptimumScore".into(), value: format!("NS {}", p.score), rows: Vec::new() },
        Tag { name: "ParContract".into(), value: write_par_contracts(&contracts), rows: Vec::new() },
        Tag { name: "OptimumResultTable".into(), value: "Declarer;Denomination\\2R;Result\\2R".into(), rows },
    ];
    game.tags.retain(|t| !new_tags.iter().any(|n| n.name == t.name));
    game.tags.extend(new_tags);
}
