//! Lenient reading over the files in tests/data/lenient (written for these tests, each after a
//! kind of file found in public collections; see tests/data/SOURCES.md): the boards read, the
//! diagnostics given (place, game, board, outcome, rule) and the round trips of what was read.

use std::path::{Path, PathBuf};

use tenace_core::{Call, Seat};
use tenace_formats::{lin, pbn, read_file_report, Diagnostic, GameRecord, Outcome, Reading, RecordedContract};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lenient").join(name)
}

fn read(name: &str) -> Reading {
    read_file_report(data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn boards(r: &Reading) -> Vec<u32> {
    r.games.iter().map(|g| g.board.map_or(0, |b| b.get())).collect()
}

/// (line, column, game, board, outcome, rule) of a diagnostic.
type Place<'a> = (usize, usize, usize, Option<u32>, Outcome, &'a str);

fn places(r: &Reading) -> Vec<Place<'_>> {
    r.diagnostics.iter().map(|d| (d.line, d.column, d.game, d.board, d.outcome, d.rule.as_str())).collect()
}

/// What was read writes as PBN and reads back strictly, the same; and through LIN keeps the
/// deals, contracts and results.
fn round_trips(games: &[GameRecord], what: &str) {
    let text = pbn::write(games);
    let again = pbn::parse(&text).unwrap_or_else(|e| panic!("{what}: our PBN: {e}\n{text}"));
    assert_eq!(again, games, "{what}: PBN round trip");
    let via_lin = lin::parse(&lin::write(games)).unwrap_or_else(|e| panic!("{what}: our LIN: {e}"));
    let key = |g: &GameRecord| (g.board, g.deal, g.contract, g.declarer, g.result);
    assert_eq!(via_lin.iter().map(key).collect::<Vec<_>>(), games.iter().map(key).collect::<Vec<_>>(), "{what}: through LIN");
}

#[test]
fn corrupt_boards_are_skipped_one_by_one_and_named() {
    let r = read("corrupt_boards.pbn");
    assert_eq!(boards(&r), [1, 3, 6, 8]);
    assert_eq!(
        places(&r),
        [
            (11, 8, 2, Some(2), Outcome::Skipped, "PBN 2.1 §3.4.11"),
            (21, 8, 4, Some(4), Outcome::Skipped, "PBN 2.1 §3.4.11"),
            (29, 10, 5, Some(5), Outcome::Skipped, "PBN 2.1 §3.4.15"),
            (39, 7, 7, None, Outcome::Skipped, "PBN 2.1 §3.3"),
        ]
    );
    assert!(r.diagnostics[0].message.contains("the CJ appears twice"), "{}", r.diagnostics[0]);
    assert!(r.diagnostics[2].message.contains("\"33\" is not a number of tricks"), "{}", r.diagnostics[2]);
    assert!(r.diagnostics[3].message.contains("unterminated string in tag [Deal]"), "{}", r.diagnostics[3]);
    assert!(r.lost_data());
    // The file is named; the text says what happened and where.
    let shown = r.diagnostics[0].to_string();
    assert!(shown.ends_with("corrupt_boards.pbn:11:8: game 2 (board 2) skipped: Deal: the CJ appears twice [PBN 2.1 §3.4.11]"), "{shown}");
    round_trips(&r.games, "corrupt_boards");
    // Strict: the first problem refuses the file.
    let e = pbn::parse(&std::fs::read_to_string(data("corrupt_boards.pbn")).unwrap()).unwrap_err();
    assert_eq!((e.line, e.column), (11, 8));
}

#[test]
fn legacy_hash_deals_inherit_the_deal_before() {
    let r = read("pbn08_hash_deal.pbn");
    assert_eq!(r.diagnostics, Vec::<Diagnostic>::new(), "a file older than PBN 2.0 may do this");
    assert_eq!(r.games.len(), 3);
    let deal = r.games[0].deal.expect("deal");
    assert!(r.games.iter().all(|g| g.deal == Some(deal) && g.dealer == Some(Seat::North) && g.event.as_deref() == Some("Club pairs")));
    let contracts: Vec<String> = r.games.iter().map(|g| g.contract.unwrap().to_string()).collect();
    assert_eq!(contracts, ["3NT", "4HX", "5D"]);
    assert_eq!(r.games[1].result, Some(7));
    round_trips(&r.games, "pbn08");

    // In a file that declares PBN 2.1 the same is a repair, reported.
    let r = read("pbn21_hash_deal.pbn");
    assert_eq!(r.games.len(), 2);
    assert_eq!(r.games[1].deal, Some(deal));
    assert_eq!(places(&r), [(16, 8, 2, Some(1), Outcome::Repaired, "PBN 2.1 §4.8")]);
    assert!(!r.lost_data());
    assert!(pbn::parse(&std::fs::read_to_string(data("pbn21_hash_deal.pbn")).unwrap()).is_err(), "strict refuses it");
}

#[test]
fn a_game_without_a_blank_line_before_it_is_split_off() {
    let r = read("no_blank_line.pbn");
    assert_eq!(boards(&r), [1, 2, 3, 4]);
    assert_eq!(places(&r), [(16, 1, 3, Some(3), Outcome::Repaired, "PBN 2.1 §3"), (21, 1, 4, Some(4), Outcome::Repaired, "PBN 2.1 §3")]);
    // Board 2's auction ends where board 3 starts.
    let auction = r.games[1].auction.as_ref().unwrap();
    assert_eq!(auction.final_calls().len(), 13, "ten calls and AP");
    assert_eq!(r.games[1].contract.unwrap().to_string(), "3NT");
    assert_eq!(r.games[1].declarer, Some(Seat::North));
    round_trips(&r.games, "no_blank_line");
}

#[test]
fn an_empty_play_tag_after_a_pass_out_is_no_play() {
    let r = read("play_after_passout.pbn");
    assert_eq!(boards(&r), [1, 2]);
    assert_eq!(places(&r), [(10, 8, 1, Some(1), Outcome::Repaired, "PBN 2.1 §3.6"), (19, 8, 2, Some(2), Outcome::PartRead, "PBN 2.1 §3.6")]);
    assert_eq!(r.games[0].contract, Some(RecordedContract::PassedOut));
    assert!(r.games[0].play.is_none() && r.games[0].auction.is_some());
    // With cards but no leader, the play is left out and the rest kept.
    assert!(r.games[1].play.is_none());
    assert_eq!((r.games[1].contract.unwrap().to_string().as_str(), r.games[1].result), ("3NT", Some(9)));
    round_trips(&r.games, "play_after_passout");
}

#[test]
fn an_unreadable_call_leaves_only_the_auction_out() {
    let r = read("auction_ac.pbn");
    assert_eq!(boards(&r), [1, 2]);
    assert_eq!(places(&r), [(11, 5, 1, Some(1), Outcome::PartRead, "PBN 2.1 §3.5")]);
    assert!(r.diagnostics[0].message.contains("\"AC\" is not a call") && r.diagnostics[0].message.contains("the auction is left out"));
    assert!(r.games[0].auction.is_none());
    assert_eq!((r.games[0].contract.unwrap().to_string().as_str(), r.games[0].result, r.games[0].deal.is_some()), ("3NT", Some(10), true));
    assert!(r.games[1].auction.is_some());
    round_trips(&r.games, "auction_ac");
}

#[test]
fn a_lin_teaching_file_reads_its_deal_auction_play_and_narration() {
    let r = read("movie_teaching.lin");
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let g = &r.games[0];
    assert!(g.deal.is_some_and(|d| d.is_complete()));
    let auction = g.auction.as_ref().unwrap();
    assert_eq!(auction.calls.len(), 8);
    assert_eq!(auction.calls[4].call, Some(Call::bid(3, tenace_core::Strain::NoTrump).unwrap()));
    assert_eq!((auction.calls[4].alert, auction.calls[4].explanation.as_deref()), (false, Some("balanced 18-19")));
    assert_eq!(auction.calls[7].comments, ["West leads a spade."]);
    let play = g.play.as_ref().unwrap();
    assert_eq!(play.known_cards(), 8);
    assert!(g.comments.iter().any(|c| c.text.starts_with("Here is a typical 3NT")));
    let tricks_comments: Vec<&String> = play.tricks.iter().flatten().flat_map(|c| c.comments.iter()).collect();
    assert_eq!(tricks_comments, ["Now run the diamonds."]);
    // Written back, the narration is an `nt` command; read again, the same board.
    let again = lin::parse(&lin::write(&r.games)).unwrap();
    assert_eq!(again[0].auction, g.auction);
    assert_eq!(again[0].comments, g.comments);
    round_trips(&r.games, "movie_teaching");
}

#[test]
fn lin_alert_flags_and_empty_names_survive_a_trip_through_pbn() {
    let r = read("alert_explained.lin");
    assert!(r.diagnostics.is_empty());
    let calls = |g: &GameRecord| -> Vec<(Option<Call>, bool, Option<String>)> {
        g.auction.as_ref().unwrap().calls.iter().map(|c| (c.call, c.alert, c.explanation.clone())).collect()
    };
    let read_calls = calls(&r.games[0]);
    assert_eq!(read_calls[3], (Some(Call::Double), false, Some("heart support".into())), "mb|D|an|..| is explained, not alerted");
    assert!(read_calls[4].1, "mb|2N!| is alerted");
    assert_eq!((r.games[0].players.west.as_deref(), r.games[0].players.east.as_deref()), (Some(""), Some("")));
    // LIN -> PBN -> LIN.
    let via_pbn = pbn::parse(&pbn::write(&r.games)).unwrap();
    assert_eq!(calls(&via_pbn[0]), read_calls);
    let text = lin::write(&via_pbn);
    assert!(text.contains("mb|d|an|heart support|") && text.contains("mb|2N!|an|18-19 balanced|"), "{text}");
    assert!(text.contains("pn|Ann,,Cy,|"), "{text}");
}

#[test]
fn lin_boards_with_bad_values_are_skipped_one_by_one() {
    let good = "pn|a,b,c,d|st||md|1SAK6HK6DKQ6542CA2,S87HJ54DA873CJ843,S952HAT82DJT9CQ65,|sv|o|ah|Board 1|mb|1D|\n";
    let bad_md = "pn|a,b,c,d|st||md|1SAKA,,,|sv|n|ah|Board 2|mb|p|\n";
    let bad_call = "pn|a,b,c,d|st||md|1SAK6HK6DKQ6542CA2,S87HJ54DA873CJ843,S952HAT82DJT9CQ65,|sv|e|ah|Board 3|mb|1D|mb|AC|mb|p|pc|S8|\n";
    let r = lin::read(&format!("{good}{bad_md}{bad_call}"));
    assert_eq!(boards(&r), [1, 3]);
    assert_eq!(places(&r), [(2, 19, 2, None, Outcome::Skipped, "LIN"), (3, 100, 3, Some(3), Outcome::PartRead, "LIN")]);
    assert!(r.diagnostics[0].message.contains("the SA appears twice"), "{}", r.diagnostics[0]);
    assert!(r.diagnostics[1].message.contains("\"AC\" is not a call"), "{}", r.diagnostics[1]);
    assert!(r.games[1].auction.is_none() && r.games[1].play.is_some());
    assert!(lin::parse(&format!("{good}{bad_md}")).is_err());
}

#[test]
fn strict_and_lenient_agree_on_every_good_file() {
    for dir in ["pbn", "lin"] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir);
        for entry in std::fs::read_dir(&root).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                continue;
            }
            let r = read_file_report(&path).unwrap();
            assert!(r.diagnostics.is_empty(), "{}: {:?}", path.display(), r.diagnostics);
            assert_eq!(r.games, tenace_formats::read_file(&path).unwrap(), "{}", path.display());
        }
    }
}

#[test]
fn the_invalid_reference_files_give_diagnostics_not_panics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pbn/invalid");
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let r = read_file_report(&path).unwrap();
        // errors_21's errors are all in tags kept as text (OptimumScore, table rows).
        let interpreted = !path.ends_with("pbn_reference_errors_21.pbn");
        assert_eq!(!r.diagnostics.is_empty(), interpreted, "{}", path.display());
        for d in &r.diagnostics {
            assert!(d.rule.starts_with("PBN 2.1 §") && d.line > 0 && !d.message.is_empty(), "{}: {d}", path.display());
        }
        // What was read is sound: it writes and reads back.
        let again = pbn::parse(&pbn::write(&r.games)).unwrap();
        assert_eq!(again, r.games, "{}", path.display());
    }
}

/// Found by fuzzing: a comment in an auction section that is left out stays a comment of the
/// board, and the board still writes and reads back the same.
#[test]
fn a_comment_in_an_auction_left_out_is_kept() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n{before the calls}\n1C AC\n";
    let r = pbn::read(text);
    assert_eq!(r.diagnostics.len(), 1);
    let g = &r.games[0];
    assert!(g.auction.is_none());
    assert_eq!(g.comments.iter().map(|c| (c.after_tag.as_deref(), c.text.as_str())).collect::<Vec<_>>(), [(None, "before the calls")]);
    round_trips(&r.games, "comment in a dropped auction");
}
