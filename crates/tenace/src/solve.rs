//! `tenace solve`: double-dummy tables and par for every board of a file, or for one deal.
//!
//! PBN output adds these tags to each board (existing ones are replaced):
//! - `DoubleDummyTricks`: 20 hexadecimal digits, declarers N, S, E, W, each with NT, S, H, D, C
//!   (the layout BridgeComposer and Dealmaster write);
//! - `OptimumResultTable` (PBN 2.1 section 5.7): `Declarer;Denomination\2R;Result\2R`, 20 rows;
//! - `OptimumScore` (PBN 2.1 section 4.2.7): `NS <score>`;
//! - `ParContract`: the par contracts separated by spaces, each like `4S-N`, `3NT-NS`, `5DX-EW`.

use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use tenace_core::{Board, BoardNumber, Deal, Seat, Strain};
use tenace_dds::{dd_tables, par, DdTable, Par};
use tenace_formats::{Format, GameRecord, Tag};

const STRAIN_NAMES: [(Strain, &str); 5] =
    [(Strain::NoTrump, "NT"), (Strain::Spades, "S"), (Strain::Hearts, "H"), (Strain::Diamonds, "D"), (Strain::Clubs, "C")];
const PBN_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// Solves the boards of a file (or one deal given on the command line) and prints the result.
pub fn run(file: Option<&Path>, deal: Option<&str>, as_json: bool, threads: usize) -> Result<(), String> {
    let mut games = match (file, deal) {
        (Some(path), None) => tenace_formats::read_file(path).map_err(|e| format!("{}: {e}", path.display()))?,
        (None, Some(text)) => {
            let deal = Deal::from_pbn(text).map_err(|e| format!("--deal: {e}"))?;
            deal.validate().map_err(|e| format!("--deal: {e}"))?;
            let number = BoardNumber::new(1).map_err(|e| e.to_string())?;
            vec![GameRecord::from_board(&Board::numbered(number, deal))]
        }
        _ => return Err("give either a FILE or --deal \"N:...\"".into()),
    };
    let mut boards = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let label = g.board.map(|b| b.to_string()).unwrap_or_else(|| format!("#{}", i + 1));
        let deal = g.deal.ok_or_else(|| format!("board {label}: the file gives no deal"))?;
        deal.validate().map_err(|e| format!("board {label}: {e}"))?;
        boards.push(g.board().ok_or_else(|| format!("board {label}: no board number"))?);
    }
    if boards.is_empty() {
        return Err("the file holds no boards".into());
    }
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
        return Ok(());
    }
    for ((game, board), table) in games.iter_mut().zip(&boards).zip(&tables) {
        add_tags(game, table, &par(table, board.vulnerability, board.dealer));
    }
    print!("{}", Format::Pbn.write(&games));
    Ok(())
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
    let contracts: Vec<String> = p.contracts.iter().map(|c| c.to_string()).collect();
    let new_tags = [
        Tag { name: "DoubleDummyTricks".into(), value: digits, rows: Vec::new() },
        Tag { name: "OptimumScore".into(), value: format!("NS {}", p.score), rows: Vec::new() },
        Tag { name: "ParContract".into(), value: contracts.join(" "), rows: Vec::new() },
        Tag { name: "OptimumResultTable".into(), value: "Declarer;Denomination\\2R;Result\\2R".into(), rows },
    ];
    game.tags.retain(|t| !new_tags.iter().any(|n| n.name == t.name));
    game.tags.extend(new_tags);
}
