//! PBN 2.1 reading and writing, on snippets written from the standard.

use tenace_core::{Call, Seat, Vulnerability};
use tenace_formats::{pbn, AuctionEnd, CardIrregularity, GameRecord, PlayEnd, RecordedContract};

/// The example game of PBN 2.1 §1.2.
const EXAMPLE: &str = r#"[Event "International Amsterdam Airport Schiphol Bridgetournament"]
[Site "Amsterdam, The Netherlands NLD"]
[Date "1995.06.10"]
[Board "1"]
[West "Podgor"]
[North "Westra"]
[East "Kalish"]
[South "Leufkens"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
{
                S
                H 6 3
}
[Auction "N"]
1D      1S   3H =1= 4S
4NT =2= X    Pass   Pass
5C      X    5H     X
Pass    Pass Pass
[Note "1:non-forcing 6-9 points, 6-card"]
[Note "2:two colors: clubs and diamonds"]
[Play "W"]
SK =1= H3 S4 S3
C5 C2 C6 CK
S2 H6 S5 S7
C8 CA CT C4
D2 DA DT D3
D4 DK H5 H7
-  -  -  H2
*
[Note "1:highest of series"]
"#;

fn one(text: &str) -> GameRecord {
    let mut games = pbn::parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    games.remove(0)
}

#[test]
fn the_standards_example_game() {
    let g = one(EXAMPLE);
    assert_eq!(g.event.as_deref(), Some("International Amsterdam Airport Schiphol Bridgetournament"));
    assert_eq!(g.board.map(|b| b.get()), Some(1));
    assert_eq!(g.players.get(Seat::West), Some("Podgor"));
    assert_eq!(g.dealer, Some(Seat::North));
    assert_eq!(g.vulnerability, Some(Vulnerability::None));
    assert_eq!(g.deal.unwrap().to_pbn(Seat::North), "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85");
    assert_eq!(g.contract.unwrap().to_string(), "5HX");
    assert_eq!((g.declarer, g.result, g.claim), (Some(Seat::South), Some(9), Some(9)));
    let a = g.auction.as_ref().unwrap();
    assert_eq!(a.calls.len(), 15);
    assert_eq!(a.calls[2].call, Some("3H".parse::<Call>().unwrap()));
    assert_eq!(a.calls[2].note, Some(1));
    assert!(a.calls[2].alert);
    assert_eq!(a.calls[2].explanation.as_deref(), Some("non-forcing 6-9 points, 6-card"));
    assert_eq!(a.calls[4].explanation.as_deref(), Some("two colors: clubs and diamonds"));
    let p = g.play.as_ref().unwrap();
    assert_eq!(p.leader, Seat::West);
    assert_eq!(p.tricks.len(), 7);
    assert_eq!(p.end, PlayEnd::Stop);
    assert_eq!(p.tricks[0][0].note, Some(1));
    assert_eq!(p.notes[0].text, "highest of series");
    assert_eq!(p.tricks[6][3].card.map(|c| c.to_string()).as_deref(), Some("H2"));
    assert_eq!(p.tricks[6][0].card, None);
    // Column order is fixed (W N E S): South's CK stands in column 3 though North led trick 2.
    assert_eq!(p.tricks[1][3].card.map(|c| c.to_string()).as_deref(), Some("CK"));
    // In the order played, trick 2 is led by North (who ruffed trick 1 with the H3).
    let order = p.in_order(Some(tenace_core::Suit::Hearts));
    assert_eq!(order[4].0, Seat::North);
    assert_eq!(g.comments.len(), 1);
    assert_eq!(g.comments[0].after_tag.as_deref(), Some("Result"));
}

#[test]
fn writing_puts_the_mandatory_tags_first_and_reads_back() {
    let g = one(EXAMPLE);
    let text = pbn::write(std::slice::from_ref(&g));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "% PBN 2.1");
    assert_eq!(lines[1], r#"[Event "International Amsterdam Airport Schiphol Bridgetournament"]"#);
    assert_eq!(lines[4], r#"[Board "1"]"#);
    assert_eq!(lines[5], r#"[West "Podgor"]"#);
    assert_eq!(lines[15], r#"[Result "9"]"#);
    assert!(text.contains("[Auction \"N\"]\n1D 1S 3H =1= 4S\n4NT =2= X Pass Pass\n"), "{text}");
    assert!(text.contains("[Play \"W\"]\nSK =1= H3 S4 S3\n"), "{text}");
    assert!(text.contains("- - - H2\n*\n[Note \"1:highest of series\"]"), "{text}");
    assert_eq!(one(&text), g);
}

#[test]
fn import_format_freedoms() {
    // Tags spanning lines, several on a line, no space before the value, lower case,
    // West-first auction table with dashes, AP, suffixes, NAGs, comments everywhere.
    let text = "% PBN 2.1\n[Event\"a \\\"quoted\\\" \\\\ name\"] [Date \"1998.03.21\"]\n [\n Board\n \"7\"\n ]\n\
                [Dealer \"s\"][Vulnerable \"Both\"]\n[Deal \"e:- - - -\"]\n\
                [Auction \"W\"] ; the auction\n- - - 1s ! {good} pass 2c !! =1= $20\nAP\n[Note \"1: Drury\"]\n";
    let g = one(text);
    assert_eq!(g.event.as_deref(), Some("a \"quoted\" \\ name"));
    assert_eq!(g.date.as_deref(), Some("1998.03.21"));
    assert_eq!(g.board.map(|b| b.get()), Some(7));
    assert_eq!(g.dealer, Some(Seat::South));
    assert_eq!(g.vulnerability, Some(Vulnerability::Both));
    let a = g.auction.as_ref().unwrap();
    assert_eq!(a.first, Seat::South, "the three dashes stand for West, North and East");
    assert_eq!(a.end, AuctionEnd::AllPass);
    assert_eq!(a.calls[0].nags, vec![1]);
    assert_eq!(a.calls[0].comments, vec!["good"]);
    assert_eq!(a.calls[2].nags, vec![3, 20]);
    assert_eq!(a.calls[2].explanation.as_deref(), Some("Drury"));
    assert_eq!(a.final_calls().len(), 6);
    assert_eq!(g.comments[0].text, " the auction");
    // AP closes the auction: South plays 2C.
    assert_eq!(g.contract, Some(RecordedContract::Contract("2C".parse().unwrap())));
    assert_eq!(g.declarer, Some(Seat::North));
    let again = one(&pbn::write(std::slice::from_ref(&g)));
    assert_eq!(again, g);
}

#[test]
fn tag_value_inheritance() {
    let text = "[Event \"##Club night\"]\n[Board \"1\"]\n[Site \"Here\"]\n\n[Board \"2\"]\n[Site \"#\"]\n\n\
                [Board \"3\"]\n[Event \"Other\"]\n\n[Board \"4\"]\n[Site \"#\"]\n[Scoring \"#\"]\n";
    let games = pbn::parse(text).unwrap();
    let events: Vec<Option<&str>> = games.iter().map(|g| g.event.as_deref()).collect();
    assert_eq!(events, vec![Some("Club night"), Some("Club night"), Some("Other"), None]);
    let sites: Vec<Option<&str>> = games.iter().map(|g| g.site.as_deref()).collect();
    assert_eq!(sites, vec![Some("Here"), Some("Here"), None, Some("Here")]);
    assert_eq!(games[3].scoring.as_deref(), Some(""), "nothing to inherit gives the empty value");
    let e = pbn::parse("[Deal \"#\"]\n").unwrap_err();
    assert!(e.message.contains("§4.8"), "{e}");
}

#[test]
fn comments_percent_lines_and_games() {
    let text = "% PBN 2.1\n%EXPORT\n{ opening\n\n  still the comment }\n[Board \"1\"] ; after board\n\n\
                {isolated comment: not a game}\n\n[Board \"2\"]\n%[Board \"3\"]\n";
    let games = pbn::parse(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].comments[0].text, " opening\n\n  still the comment ");
    assert_eq!(games[0].comments[0].after_tag, None);
    assert_eq!(games[0].comments[1].after_tag.as_deref(), Some("Board"));
    assert_eq!(games[1].board.map(|b| b.get()), Some(2));
}

#[test]
fn irregularities_and_markers() {
    let text = "[Dealer \"W\"]\n[Declarer \"^S\"]\n[Contract \"4S\"]\n[Result \"^5\"]\n\
                [Auction \"W\"]\n1D ^I 1C ^S 2D\n+\n[Play \"W\"]\nCA ^R S6 C3 C4\nC2 ^L C5 + -\n";
    let g = one(text);
    assert!(g.declarer_irregular && g.result_irregular);
    assert_eq!(g.result, Some(5));
    let a = g.auction.as_ref().unwrap();
    assert!(a.calls[1].insufficient);
    assert_eq!(a.calls[2].call, None);
    assert_eq!(a.end, AuctionEnd::Continue);
    let p = g.play.as_ref().unwrap();
    assert_eq!(p.tricks[0][1].irregularity, Some(CardIrregularity::Revoke));
    assert_eq!(p.tricks[1][1].irregularity, Some(CardIrregularity::LeadOutOfTurn));
    assert!(p.tricks[1][2].next);
    assert_eq!(one(&pbn::write(std::slice::from_ref(&g))), g);
}

#[test]
fn results_by_side_and_end_positions() {
    let g = one("[Declarer \"W\"]\n[Contract \"3NT\"]\n[Result \"NS 4 EW 9\"]\n");
    assert_eq!(g.result, Some(9));
    let g = one("[Declarer \"N\"]\n[Contract \"3NT\"]\n[Result \"EW 4\"]\n");
    assert_eq!(g.result, Some(9));
    let g = one("[Result \"NS 9\"]\n");
    assert_eq!((g.result, g.result_text.as_deref()), (None, Some("NS 9")));
    let g = one("[Contract \"Pass\"]\n[Declarer \"\"]\n[Result \"\"]\n");
    assert_eq!((g.contract, g.declarer, g.result), (Some(RecordedContract::PassedOut), None, None));
    let text = pbn::write(std::slice::from_ref(&g));
    assert!(text.contains("[Declarer \"\"]\n[Contract \"Pass\"]\n[Result \"\"]\n"), "{text}");
    let g = one("[Deal \"N:.6.AKQ987.A9732 A865.KQ5.T.QJT6 J97.J98742.3.K4 QT2.AT.J6542.85\"]\n[Contract \"H\"]\n");
    assert_eq!(g.contract, Some(RecordedContract::Strain(tenace_core::Strain::Hearts)));
}

#[test]
fn tables_keep_their_rows() {
    let text = "[Board \"1\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT  7\n  N  S  7\n\
                [OptimumScore \"NS +90\"]\n";
    let g = one(text);
    assert_eq!(g.tags[0].name, "OptimumScore", "plain tags come before sections");
    assert_eq!(g.tags[1].value, "Declarer;Denomination\\2R;Result\\2R");
    assert_eq!(g.tags[1].rows, vec!["N NT  7", "  N  S  7"]);
    assert_eq!(one(&pbn::write(std::slice::from_ref(&g))), g);
}

#[test]
fn latin1_and_non_ascii_values() {
    let g = one("[West \"Åsa Ørn ♠\"]\n[North \"Müller\"]\n");
    assert_eq!(g.players.west.as_deref(), Some("Åsa Ørn ♠"));
    let bytes = b"[North \"M\xfcller\"]\n";
    let text = tenace_formats::decode(bytes);
    assert_eq!(one(&text).players.north.as_deref(), Some("Müller"));
}

/// Each error names the line, the column and the problem.
#[test]
fn errors_name_the_place_and_the_problem() {
    let cases: [(&str, usize, usize, &str); 10] = [
        ("[Event \"x\"]\n[Site x]\n", 2, 7, "expected the value in double quotes"),
        ("[Event \"x\"]\n\n[\"x\"]\n", 3, 2, "expected a tag name"),
        ("[Event \"x\n", 1, 8, "unterminated string"),
        ("[Event \"x\" \n", 2, 1, "expected ']'"),
        ("[Deal \"N:AKQJ.T98.765.432 A.765.432.T98 - -\"]\n", 1, 8, "Deal: the SA appears twice"),
        ("[Board \"1\"]\n[Deal \"W:KQT2.AT.J6542.852 - - -\"]\n", 2, 8, "Deal: the West hand has 14 cards"),
        ("[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass 1Z\n", 3, 9, "Auction: \"1Z\" is not a call"),
        ("[Contract \"4S\"]\n[Play \"W\"]\nSA SK SZ S2\n", 3, 7, "Play: \"SZ\" is not a card"),
        ("{ never closed\n[Event \"x\"]\n", 1, 1, "unterminated comment"),
        ("[Dealer \"Black\"]\n", 1, 10, "Dealer: \"Black\" is not a direction"),
    ];
    for (text, line, column, message) in cases {
        let e = pbn::parse(text).expect_err(text);
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.message.contains(message), "{text:?}: {e}");
        assert!(e.to_string().starts_with(&format!("line {line}, column {column}: ")), "{e}");
    }
}

#[test]
fn alerts_without_a_note_get_one_and_unalerted_explanations_stay_unalerted() {
    let mut g = one("[Dealer \"N\"]\n[Auction \"N\"]\n1C =65535= 1D 1H\n[Note \"65535:x\"]\n");
    let a = g.auction.as_mut().unwrap();
    a.calls[1].alert = true;
    a.calls[2].explanation = Some("both majors".into());
    let text = pbn::write(std::slice::from_ref(&g));
    let back = one(&text);
    let calls = &back.auction.as_ref().unwrap().calls;
    assert!(calls[1].alert && !calls[2].alert, "{text}");
    assert!(text.contains("1H {Explained, not alerted: both majors}"), "{text}");
    assert_eq!(calls[2].explanation.as_deref(), Some("both majors"));
    assert!(calls[2].comments.is_empty());
    assert_eq!(calls[0].explanation.as_deref(), Some("x"));
}

/// Found by fuzzing: section data that starts with '%' after a tag on the same line.
#[test]
fn a_percent_after_a_section_tag_is_not_data() {
    let g = one("[ScoreTable \"Rank\"] % not data\n1\n");
    assert_eq!(g.tags[0].rows, vec!["1"]);
    assert_eq!(one(&pbn::write(std::slice::from_ref(&g))), g);
}

/// Found by fuzzing: a `Result` by side is resolved against a declarer the auction gives when
/// no `Declarer` tag does, so writing and reading back agree.
#[test]
fn a_result_by_side_uses_the_declarer_of_the_auction() {
    let g = one("[Auction \"W\"]\n2D 3C 4H 5C\nPass Pass X Pass\nPass Pass\n[Result \"NS 11\"]\n");
    assert_eq!((g.declarer, g.result, g.result_text.as_deref()), (Some(Seat::North), Some(11), None));
    assert_eq!(one(&pbn::write(std::slice::from_ref(&g))), g);
}

/// Found by fuzzing: a value that itself starts with `##` (read from `####...`) or is `#` is
/// written so that it reads back as itself, not as inheritance.
#[test]
fn values_that_look_like_inheritance_round_trip() {
    let text = "[Event \"##Autumn\"]\n[Site \"####tlinburg\"]\n[Board \"1\"]\n\n[Site \"###\"]\n[Board \"2\"]\n";
    let games = pbn::parse(text).unwrap();
    assert_eq!((games[0].site.as_deref(), games[1].site.as_deref()), (Some("##tlinburg"), Some("#")));
    assert_eq!(games[1].event.as_deref(), Some("Autumn"));
    assert_eq!(pbn::parse(&pbn::write(&games)).unwrap(), games);
}
