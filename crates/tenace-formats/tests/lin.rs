//! LIN reading and writing, and conversion between LIN and PBN.

use tenace_core::{Call, Seat, Vulnerability};
use tenace_formats::{lin, pbn, GameRecord, RecordedContract};

const BOARD: &str = "pn|jdr9999,sisse1745,jaak99,myriam1745|st||md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|rh||ah|Board 1|sv|o|\
mb|1S|mb|2N!|an|gesthem|mb|p|mb|3C|mb|p|mb|3D|mb|p|mb|3H|mb|p|mb|4D|mb|p|mb|5D|mb|p|mb|p|mb|p|pg||\
pc|S2|pc|S4|pc|SA|pc|S7|pg||pc|S3|pc|SJ|pc|SK|pc|S5|pg||pc|ST|pc|S6|pc|SQ|pc|D3|pg||mc|11|\n";

fn one(text: &str) -> GameRecord {
    let mut games = lin::parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    games.remove(0)
}

#[test]
fn a_bbo_board() {
    let g = one(BOARD);
    assert_eq!(g.board.map(|b| b.get()), Some(1));
    assert_eq!(g.dealer, Some(Seat::North), "md digit 3 is North");
    assert_eq!(g.vulnerability, Some(Vulnerability::None));
    // pn lists South, West, North, East.
    assert_eq!(g.players.south.as_deref(), Some("jdr9999"));
    assert_eq!(g.players.west.as_deref(), Some("sisse1745"));
    assert_eq!(g.players.north.as_deref(), Some("jaak99"));
    assert_eq!(g.players.east.as_deref(), Some("myriam1745"));
    let deal = g.deal.unwrap();
    assert_eq!(deal.hand(Seat::South).to_string(), "KT2.QT842.7.T952");
    assert_eq!(deal.hand(Seat::East).len(), 13, "the fourth hand is the rest of the pack");
    deal.validate().unwrap();
    let a = g.auction.as_ref().unwrap();
    assert_eq!(a.first, Seat::North);
    assert_eq!(a.calls.len(), 15);
    assert_eq!(a.calls[1].call, Some("2NT".parse::<Call>().unwrap()));
    assert!(a.calls[1].alert);
    assert_eq!(a.calls[1].explanation.as_deref(), Some("gesthem"));
    assert_eq!(g.contract, Some(RecordedContract::Contract("5D".parse().unwrap())));
    assert_eq!(g.declarer, Some(Seat::East));
    assert_eq!((g.claim, g.result), (Some(11), Some(11)));
    let p = g.play.as_ref().unwrap();
    assert_eq!(p.leader, Seat::South);
    assert_eq!(p.tricks.len(), 3);
    // Trick 2 was led by North (SA won trick 1) but stays in PBN columns S W N E.
    let row: Vec<String> = p.tricks[1].iter().map(|c| c.card.unwrap().to_string()).collect();
    assert_eq!(row, vec!["SK", "S5", "S3", "SJ"]);
    assert_eq!(lin::parse(&lin::write(std::slice::from_ref(&g))).unwrap(), vec![g]);
}

#[test]
fn lin_to_pbn_and_back() {
    let g = one(BOARD);
    let text = pbn::write(std::slice::from_ref(&g));
    assert!(text.contains("[Dealer \"N\"]"), "{text}");
    assert!(text.contains("[Contract \"5D\"]\n[Result \"11\"]"), "{text}");
    assert!(text.contains("[Auction \"N\"]\n1S 2NT =1= Pass 3C\n"), "{text}");
    assert!(text.contains("[Note \"1:gesthem\"]"), "{text}");
    assert!(text.contains("[Play \"S\"]\nS2 S4 SA S7\nSK S5 S3 SJ\n"), "{text}");
    assert!(text.contains("*\n"), "a claim ends the play with '*'");
    let p = pbn::parse(&text).unwrap();
    let back = lin::write(&p);
    assert!(back.contains("mb|2N!|an|gesthem|"), "{back}");
    assert!(back.contains("pc|S5|pg||mc|11|") || back.contains("pc|D3|pg||mc|11|"), "{back}");
    let again = one(&back);
    assert_eq!(again.deal, g.deal);
    assert_eq!(again.auction.as_ref().unwrap().final_calls(), g.auction.as_ref().unwrap().final_calls());
    assert_eq!(again.play.as_ref().unwrap().tricks, g.play.as_ref().unwrap().tricks);
}

#[test]
fn vugraph_files_split_into_boards() {
    let text = "vg|Final,Segment 1,I,1,2,A,0,B,0|\nrs|3NN=,4SE-1,,|\npn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\n\
                qx|o1|md|3SAKQHAKQDAKQCAKQT,S2345H2345D234C23,SJT98HJT98DJT9CJ9,|sv|o|nt|hello|pg||\n\
                qx|c1|md|3SAKQHAKQDAKQCAKQT,S2345H2345D234C23,SJT98HJT98DJT9CJ9,|sv|o|\
                mb|1C!|an|strong|mb|p|mb|1H|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|d2|pc|dj|pg||\n";
    let games = lin::parse(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].event.as_deref(), Some("Final"));
    assert_eq!(games[0].tag("Room"), Some("Open"));
    assert_eq!(games[1].tag("Room"), Some("Closed"));
    assert_eq!(games[0].players.north.as_deref(), Some("n1"));
    assert_eq!(games[1].players.north.as_deref(), Some("n2"));
    // Board o1 has no auction: its contract and result come from rs.
    assert_eq!(games[0].contract.map(|c| c.to_string()).as_deref(), Some("3NT"));
    assert_eq!((games[0].declarer, games[0].result), (Some(Seat::North), Some(9)));
    assert_eq!(games[0].comments[0].text, "hello");
    // Board c1: from its auction (North bid 4S), which wins over rs (4S by East, down one);
    // rs's result then does not apply either.
    assert_eq!(games[1].contract.map(|c| c.to_string()).as_deref(), Some("4S"));
    assert_eq!(games[1].declarer, Some(Seat::North));
    assert_eq!(games[1].result, None);
    assert_eq!(games[1].play.as_ref().unwrap().known_cards(), 2);
    let again = lin::parse(&lin::write(&games)).unwrap();
    assert_eq!(again, games);
    // Also found by fuzzing: suit letters without cards are no deal.
    let g = lin::parse("md|1S|").unwrap();
    assert_eq!((g[0].dealer, g[0].deal), (Some(Seat::South), None));
}

#[test]
fn hand_records_without_qx_split_on_repeated_commands() {
    let text = "pn|a,b,c,d|st||md|1SA,,,|sv|n|mb|p|\npn|e,f,g,h|st||md|2SK,,,|sv|e|\n";
    let games = lin::parse(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].dealer, Some(Seat::West));
    assert_eq!(games[1].vulnerability, Some(Vulnerability::EastWest));
}

#[test]
fn lin_errors_name_the_place() {
    let cases: [(&str, usize, usize, &str); 6] = [
        ("pn|a,b,c,d|\nmd|3SAKQHAKQDAKQCAKQT,SA,,|\n", 2, 4, "LIN md: the SA appears twice"),
        ("md|3SAKQJT98765432H2,,,|", 1, 4, "LIN md: the South hand has 14 cards"),
        ("md|3SAXQ,,,|", 1, 4, "'X' is not a rank"),
        ("md|3,,,|mb|1C|mb|9Z|", 1, 18, "LIN mb: \"9Z\" is not a call"),
        ("md|3,,,|pc|Z9|", 1, 12, "LIN pc: \"Z9\" is not a card"),
        ("md|3,,,|\n  xx", 2, 3, "is no command"),
    ];
    for (text, line, column, message) in cases {
        let e = lin::parse(text).expect_err(text);
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.message.contains(message), "{text:?}: {e}");
    }
    let e = lin::parse("md|3S,,,|mc|99|").unwrap_err();
    assert!(e.message.contains("mc"), "{e}");
    let e = lin::parse("md|3S,,,|!!|x|").unwrap_err();
    assert!(e.message.contains("command name"), "{e}");
}

/// Found by fuzzing: a kept `ah` without a board number must not split the board when written.
#[test]
fn kept_commands_do_not_split_a_board() {
    let text = "pn|a,b,c,d|st||md|3SAKQHAKQDAKQCAKQT,,,|ah|Boar\u{1}|zz|1|mb|1H|an|x|mb|p|pc|SA|";
    let games = lin::parse(text).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].lin.len(), 2);
    let again = lin::parse(&lin::write(&games)).unwrap();
    assert_eq!(again, games);
    // Also found by fuzzing: suit letters without cards are no deal.
    let g = lin::parse("md|1S|").unwrap();
    assert_eq!((g[0].dealer, g[0].deal), (Some(Seat::South), None));
}

/// Found by fuzzing: names are written back as far as they are known, so a board with no `pn`
/// (names unknown), `pn|a,b|` (two names) and `pn|,,,|` (four empty names) read back the same.
#[test]
fn names_known_unknown_and_empty_round_trip() {
    for text in ["st||md|1SA,,,|sv|o|mb|p|", "pn|a,b|st||md|1SA,,,|sv|o|", "pn|,,,|st||md|1SA,,,|sv|o|"] {
        let games = lin::parse(text).unwrap();
        let again = lin::parse(&lin::write(&games)).unwrap();
        assert_eq!(again[0].players, games[0].players, "{text}");
    }
    assert_eq!(lin::parse("st||md|1SA,,,|").unwrap()[0].players.south, None);
    assert_eq!(lin::parse("pn|,,,|md|1SA,,,|").unwrap()[0].players.south.as_deref(), Some(""));
}
