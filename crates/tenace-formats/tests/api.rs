//! The crate's entry points: formats by file name, files on disk, JSON, boards.

use tenace_core::{Board, BoardNumber, Deal, Seat, Vulnerability};
use tenace_formats::{json, lin, pbn, read_file, write_file, Format, FormatError, GameRecord};

fn board() -> Board {
    let deal = Deal::from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
    Board::numbered(BoardNumber::new(7).unwrap(), deal)
}

#[test]
fn format_from_path() {
    assert_eq!(Format::from_path("a/b/Club.PBN"), Some(Format::Pbn));
    assert_eq!(Format::from_path("x.lin"), Some(Format::Lin));
    assert_eq!(Format::from_path("x.Json"), Some(Format::Json));
    assert_eq!(Format::from_path("x.txt"), None);
    assert_eq!(Format::from_path("pbn"), None);
}

#[test]
fn boards_in_and_out() {
    let b = board();
    let g = GameRecord::from_board(&b);
    assert_eq!(g.board(), Some(b.clone()));
    assert_eq!(g.dealer, Some(Seat::South));
    assert_eq!(g.vulnerability, Some(Vulnerability::Both));
    // Dealer and vulnerability default to Law 2's when a file leaves them out.
    let bare = GameRecord { dealer: None, vulnerability: None, ..g.clone() };
    assert_eq!(bare.board(), Some(b));
    assert_eq!(GameRecord::default().board(), None);
    for f in [Format::Pbn, Format::Lin, Format::Json] {
        let back = f.parse(&f.write(std::slice::from_ref(&g))).unwrap();
        assert_eq!(back[0].board(), g.board(), "{f:?}");
    }
    // The PBN of a bare board is the export format's, with the deal from the dealer.
    let text = pbn::write(&[g]);
    assert!(text.contains("[Board \"7\"]\n[West \"?\"]"), "{text}");
    assert!(text.contains("[Dealer \"S\"]\n[Vulnerable \"All\"]\n[Deal \"S:765.432.AKQJ.T98 "), "{text}");
}

#[test]
fn json_shape_is_documented_and_stable() {
    let mut games =
        lin::parse("pn|s,w,n,e|md|3SAKQHAKQDAKQCAKQT,S2345H2345D234C23,SJT98HJT98DJT9CJ9,|ah|Board 3|sv|b|mb|1C!|an|strong|mb|p|mb|p|mb|p|pc|d5|mc|7|")
            .unwrap();
    let g = games.remove(0);
    let v: serde_json::Value = serde_json::from_str(&json::write(std::slice::from_ref(&g))).unwrap();
    let r = &v[0];
    assert_eq!(r["board"], 3);
    assert_eq!(r["dealer"], "North");
    assert_eq!(r["vulnerability"], "Both");
    assert_eq!(r["players"]["north"], "n");
    assert_eq!(r["contract"], "1C");
    assert_eq!(r["declarer"], "North");
    assert_eq!(r["result"], 7);
    assert_eq!(r["claim"], 7);
    assert_eq!(r["event"], serde_json::Value::Null);
    assert_eq!(r["auction"]["first"], "North");
    assert_eq!(r["auction"]["calls"][0]["call"], "1C");
    assert_eq!(r["auction"]["calls"][0]["alert"], true);
    assert_eq!(r["auction"]["calls"][0]["explanation"], "strong");
    assert_eq!(r["auction"]["calls"][1], serde_json::json!({"call": "Pass"}));
    assert_eq!(r["play"]["leader"], "East");
    assert_eq!(r["play"]["end"], "Stop");
    assert!(r["deal"].as_str().unwrap().starts_with("N:JT98.JT98.JT9.J9 "));
    assert_eq!(json::parse(&json::write(std::slice::from_ref(&g))).unwrap(), vec![g.clone()]);
    // A single object is read as one record; missing fields are unknown.
    let one = json::parse(r#"{"board": 5, "contract": "Pass"}"#).unwrap();
    assert_eq!(one[0].board.map(|b| b.get()), Some(5));
    let e = json::parse("[{\"board\": 0}]").unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.message.contains("Law 2"), "{e}");
    let e: FormatError = json::parse("[\n {\"contract\": \"8S\"}]").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
}

#[test]
fn files_on_disk() {
    let dir = std::env::temp_dir().join(format!("tenace-formats-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let g = GameRecord::from_board(&board());
    for name in ["a.pbn", "a.LIN", "a.json"] {
        let path = dir.join(name);
        write_file(&path, std::slice::from_ref(&g)).unwrap();
        assert_eq!(read_file(&path).unwrap()[0].board(), g.board(), "{name}");
    }
    // Latin-1 bytes are read as Latin-1.
    let path = dir.join("latin1.pbn");
    std::fs::write(&path, b"[Event \"Br\xe4nnv\xe4gen\"]\r\n[North \"S\xf8ren\"]\r\n").unwrap();
    let g = &read_file(&path).unwrap()[0];
    assert_eq!(g.event.as_deref(), Some("Brännvägen"));
    assert_eq!(g.players.north.as_deref(), Some("Søren"));
    let e = read_file(dir.join("x.doc")).unwrap_err();
    assert!(e.to_string().contains("unknown file type"), "{e}");
    let e = read_file(dir.join("missing.pbn")).unwrap_err();
    assert!(e.to_string().contains("cannot read"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
