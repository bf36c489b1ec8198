//! The real files in tests/data (see tests/data/SOURCES.md): every one parses, survives a
//! write-and-read round trip, converts PBN -> LIN -> PBN keeping the bridge, and shows a few
//! values we checked by hand.

use std::path::{Path, PathBuf};

use tenace_core::{Call, Card, Seat};
use tenace_formats::{lin, pbn, read_file, GameRecord, RecordedContract};

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == ext)).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// Asserts two records are equal, showing the first lines of their JSON forms that differ.
fn same(a: &GameRecord, b: &GameRecord, what: &str) {
    if a != b {
        let ja = serde_json::to_string_pretty(a).unwrap();
        let jb = serde_json::to_string_pretty(b).unwrap();
        let diff: Vec<String> =
            ja.lines().zip(jb.lines()).enumerate().filter(|(_, (x, y))| x != y).take(6).map(|(i, (x, y))| format!("line {i}: {x}  <>  {y}")).collect();
        panic!("{what}: records differ\n{}", diff.join("\n"));
    }
}

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(rel)
}

/// The bridge of a record: what a conversion between formats must keep.
#[derive(Debug, PartialEq)]
struct Bridge {
    board: Option<u32>,
    dealer: Option<Seat>,
    vul: Option<tenace_core::Vulnerability>,
    deal: Option<tenace_core::Deal>,
    calls: Vec<(Call, bool, Option<String>)>,
    cards: Vec<(Seat, Card)>,
    contract: Option<RecordedContract>,
    declarer: Option<Seat>,
    result: Option<u8>,
    players: [Option<String>; 4],
}

fn bridge(g: &GameRecord) -> Bridge {
    let trump = g.contract.and_then(|c| c.trump());
    Bridge {
        board: g.board.map(|b| b.get()),
        dealer: g.dealer,
        vul: g.vulnerability,
        deal: g.deal,
        calls: g
            .auction
            .as_ref()
            .map(|a| {
                let mut v: Vec<(Call, bool, Option<String>)> =
                    a.calls.iter().filter_map(|c| Some((c.call?, c.alert || c.explanation.is_some(), c.explanation.clone()))).collect();
                for c in a.final_calls().into_iter().skip(v.len()) {
                    v.push((c, false, None));
                }
                v
            })
            .unwrap_or_default(),
        cards: g.play.as_ref().map(|p| p.in_order(trump).into_iter().filter_map(|(s, c)| Some((s, c.card?))).collect()).unwrap_or_default(),
        contract: g.contract,
        declarer: g.declarer,
        result: g.result,
        players: Seat::ALL.map(|s| g.players.get(s).filter(|n| !n.is_empty()).map(str::to_string)),
    }
}

/// PBN 2.1 §3.9 irregularities (a skipped turn, an insufficient bid, a revoke, a lead out of
/// turn, declarer and dummy swapped) have no LIN form.
fn irregular(g: &GameRecord) -> bool {
    g.declarer_irregular
        || g.auction.as_ref().is_some_and(|a| a.calls.iter().any(|c| c.call.is_none() || c.insufficient))
        || g.play.as_ref().is_some_and(|p| p.tricks.iter().flatten().any(|c| c.irregularity.is_some()))
}

#[test]
fn every_pbn_file_parses_and_round_trips() {
    let files = files("pbn", "pbn");
    assert!(files.len() >= 10, "corpus missing: {files:?}");
    for path in files {
        let games = read_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!games.is_empty(), "{}", path.display());
        let text = pbn::write(&games);
        let again = pbn::parse(&text).unwrap_or_else(|e| panic!("{}: re-reading our own output: {e}\n{text}", path.display()));
        assert_eq!(again.len(), games.len(), "{}", path.display());
        for (a, b) in games.iter().zip(&again) {
            same(a, b, &format!("{}: PBN round trip", path.display()));
        }
        let json = tenace_formats::json::write(&games);
        assert_eq!(tenace_formats::json::parse(&json).unwrap(), games, "{}: JSON round trip", path.display());
        // PBN -> LIN -> PBN keeps the bridge.
        let lin_text = lin::write(&games);
        let via_lin = lin::parse(&lin_text).unwrap_or_else(|e| panic!("{}: reading our LIN: {e}\n{lin_text}", path.display()));
        assert_eq!(via_lin.len(), games.len(), "{}", path.display());
        let back = pbn::parse(&pbn::write(&via_lin)).unwrap();
        for (i, (a, b)) in games.iter().zip(&back).enumerate().filter(|(_, (a, _))| !irregular(a)) {
            assert_eq!(bridge(a), bridge(b), "{}: game {} through LIN", path.display(), i + 1);
        }
    }
}

#[test]
fn every_lin_file_parses_and_round_trips() {
    let files = files("lin", "lin");
    assert!(files.len() >= 8, "corpus missing: {files:?}");
    for path in files {
        let games = read_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!games.is_empty(), "{}", path.display());
        let text = lin::write(&games);
        let again = lin::parse(&text).unwrap_or_else(|e| panic!("{}: re-reading our own output: {e}\n{text}", path.display()));
        assert_eq!(again.len(), games.len(), "{}", path.display());
        for (a, b) in games.iter().zip(&again) {
            same(a, b, &format!("{}: LIN round trip", path.display()));
        }
        // LIN -> PBN -> LIN keeps the bridge.
        let via_pbn = pbn::parse(&pbn::write(&games)).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let back = lin::parse(&lin::write(&via_pbn)).unwrap();
        assert_eq!(back.len(), games.len());
        for (i, (a, b)) in games.iter().zip(&back).enumerate() {
            assert_eq!(bridge(a), bridge(b), "{}: board {} through PBN", path.display(), i + 1);
        }
    }
}

/// The PBN verifier's error files: the errors in tags this crate interprets are refused with a
/// place; errors inside tags kept as text (`OptimumScore`, table rows) are not checked here.
#[test]
fn invalid_pbn_files_are_refused_without_panic() {
    for name in ["pbn_reference_errors_10.pbn", "pbn_reference_errors_20.pbn"] {
        let e = read_file(data(&format!("pbn/invalid/{name}"))).expect_err(name);
        assert!(e.line > 0, "{e}");
    }
    for path in files("pbn/invalid", "pbn") {
        let _ = read_file(&path);
    }
}

fn deal_of(g: &GameRecord) -> String {
    g.deal.map(|d| d.to_pbn(Seat::North)).unwrap_or_default()
}

/// Values read off the files by hand.
#[test]
fn known_values_in_the_pbn_files() {
    let g = read_file(data("pbn/schiphol_1995_commentary.pbn")).unwrap();
    assert_eq!(deal_of(&g[0]), "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85");
    assert_eq!(g[0].contract.unwrap().to_string(), "5HX");

    let g = read_file(data("pbn/realbridge_2021_online_qual_open_r2.pbn")).unwrap();
    assert_eq!(g.len(), 299);
    assert_eq!(g[0].board.unwrap().get(), 11);
    assert_eq!(deal_of(&g[0]), "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96");
    assert_eq!(g[0].contract, Some(RecordedContract::PassedOut));
    assert_eq!(g[0].players.west.as_deref(), Some("Michael Askgaard#23324"));
    assert_eq!(g[0].tag("DoubleDummyTricks"), Some("77667775576677566775"));
    let table = g[0].tags.iter().find(|t| t.name == "OptimumResultTable").unwrap();
    assert_eq!(table.rows.len(), 20);
    assert_eq!(table.rows[0], "N NT  7");
    assert_eq!(g.iter().filter(|g| g.auction.is_some()).count(), 279);
    assert_eq!(g.iter().filter(|g| g.play.is_some()).count(), 278);
    assert!(g.iter().any(|g| g.auction.as_ref().is_some_and(|a| a.calls.iter().any(|c| c.explanation.as_deref().is_some_and(|e| e.contains('♥'))))));

    let g = read_file(data("pbn/bigdeal_bcdd_utf8_bom.pbn")).unwrap();
    assert_eq!(g.len(), 396);
    assert_eq!(deal_of(&g[0]), "N:AT94.97.KQ954.94 K5.KT62.J2.KQT82 J72.A854.A8.AJ75 Q863.QJ3.T763.63");
    assert!(g.iter().all(|g| g.deal.is_some_and(|d| d.is_complete())));

    let g = read_file(data("pbn/ruter_finland_lounaisliiga_2013_latin1.pbn")).unwrap();
    assert_eq!(g.len(), 16);
    assert_eq!(g[0].board.unwrap().get(), 17);
    assert_eq!(deal_of(&g[0]), "N:A97.T652.642.JT9 5.AQJ974.AKQ.K76 K3.K8.JT753.Q432 QJT8642.3.98.A85");
    assert!(g[0].tags.iter().any(|t| t.name == "ScoreTable" && !t.rows.is_empty()));

    let g = read_file(data("pbn/magiccontest_finland_h6_2013_empty_deals.pbn")).unwrap();
    assert_eq!(g.len(), 28);
    assert!(g.iter().all(|g| g.deal.is_none()), "[Deal \"\"] is an unknown deal");
    assert_eq!(g.iter().filter(|g| g.tag("ScoreTable").is_some()).count(), 28);
    let total = g[0].tags.iter().find(|t| t.name == "TotalScoreTable").unwrap();
    assert!(total.rows[0].contains("Riku Mattila"), "{:?}", total.rows[0]);

    let g = read_file(data("pbn/bridgecomposer_bkp_2022_latin1.pbn")).unwrap();
    assert_eq!(g.len(), 15);
    assert_eq!(g[0].board.unwrap().get(), 16);
    assert_eq!(deal_of(&g[0]), "N:AJ.532.KQT7.J876 KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ32");
    assert_eq!(g[0].event.as_deref(), Some(""));

    let g = read_file(data("pbn/dealmaster_hand_trophy_pairs.pbn")).unwrap();
    assert_eq!(g.len(), 26);
    assert_eq!(deal_of(&g[0]), "N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53");

    let g = read_file(data("pbn/ruter_norway_klubbkveld_2012_scoretable.pbn")).unwrap();
    assert_eq!(g.len(), 21);
    assert_eq!(deal_of(&g[0]), "N:Q53.AKQ.96.K8754 KT98.JT7.KQ43.A6 A64.843.T752.J93 J72.9652.AJ8.QT2");

    let g = read_file(data("pbn/bridgebots_cavendish_capgemini.pbn")).unwrap();
    assert_eq!(g.len(), 3);
    assert_eq!(g[0].contract.unwrap().to_string(), "3NT");
    assert_eq!(g[1].scoring, None);
    assert_eq!(g[2].scoring.as_deref(), Some("IMP;Cross"), "[Scoring \"#\"] copies the nearest earlier value (§4.8)");
    assert_eq!(g[0].scoring.as_deref(), Some("IMP;Cross"));

    let g = read_file(data("pbn/pbn_reference_correct_10.pbn")).unwrap();
    assert_eq!(g[3].players.east.as_deref(), Some("\\\"\\\"\"\\  \\a"));
    assert_eq!(g[3].players.north.as_deref().map(|s| s.chars().nth(1)), Some(Some('à')));
    let g = read_file(data("pbn/pbn_reference_correct_20.pbn")).unwrap();
    assert_eq!(g[1].event.as_deref(), Some("Autumn regional"), "## applies to later games");
    assert_eq!(g[3].tag("Hidden"), Some("NES"));
    assert_eq!(g[4].tag("Hidden"), Some("NES"), "##NES carries on");
    assert_eq!(g[14].tag("Hidden"), Some("SWN"), "# copies the previous value");
    assert_eq!(g[15].tag("Hidden"), None, "and stops the ## of before");
    let g = read_file(data("pbn/pbn_reference_correct_21.pbn")).unwrap();
    assert_eq!(g[1].contract.unwrap().to_string(), "5CX");
    assert_eq!((g[1].declarer, g[1].result, g[1].claim), (Some(Seat::North), Some(11), Some(11)));
}

#[test]
fn known_values_in_the_lin_files() {
    let g = read_file(data("lin/vugraph_usbf_2010_sf_seg4.lin")).unwrap();
    assert_eq!(g.len(), 30);
    assert_eq!(g[0].event.as_deref(), Some("2010 USBF SF A"));
    assert_eq!((g[0].board.unwrap().get(), g[0].tag("Room")), (46, Some("Open")));
    assert_eq!((g[1].board.unwrap().get(), g[1].tag("Room")), (46, Some("Closed")));
    assert_eq!(g[0].players.south.as_deref(), Some("Meckstroth"));
    assert_eq!(g[1].players.south.as_deref(), Some("Stansby"), "the closed room's names are the last four");
    assert_eq!(deal_of(&g[0]), "N:872.QT5.J97.AT64 A63.J8642.K53.KJ J5.9.AT862.Q8752 KQT94.AK73.Q4.93");
    assert_eq!(g[0].auction.as_ref().unwrap().calls[2].explanation.as_deref(), Some("jacoby 2N"));
    assert_eq!((g[0].contract.unwrap().to_string().as_str(), g[0].declarer, g[0].result), ("4H", Some(Seat::East), Some(10)));
    assert!(g[0].auction.as_ref().unwrap().calls[1].comments.iter().any(|c| c.contains("caitlin: Hi all")));

    let g = read_file(data("lin/vugraph_vanderbilt_2016_r64_seg2.lin")).unwrap();
    assert_eq!(g.len(), 30);
    assert_eq!(g[0].board.unwrap().get(), 16);
    assert_eq!((g[0].contract.unwrap().to_string().as_str(), g[0].declarer, g[0].result), ("3NT", Some(Seat::West), Some(10)));
    assert!(g.iter().any(|g| g.play.as_ref().is_some_and(|p| p.tricks.iter().flatten().any(|c| c.card == Some("CT".parse().unwrap())))));

    let g = read_file(data("lin/bbo_handrecords_robots_8boards.lin")).unwrap();
    assert_eq!(g.len(), 8);
    let boards: Vec<u32> = g.iter().map(|g| g.board.unwrap().get()).collect();
    assert_eq!(boards, (1..=8).collect::<Vec<_>>());
    assert_eq!(deal_of(&g[0]), "N:74.T8.K842.AQ743 JT832.J62.73.JT2 K.AKQ9754.96.K85 AQ965.3.AQJT5.96");
    assert_eq!((g[0].contract.unwrap().to_string().as_str(), g[0].declarer, g[0].result), ("5H", Some(Seat::South), Some(12)));
    let a = g[0].auction.as_ref().unwrap();
    assert!(a.calls[3].alert && !a.calls[2].alert);
    assert_eq!(a.calls[3].explanation.as_deref(), Some("Michaels -- 5+ !S; 9+ total points; forcing"));

    let g = read_file(data("lin/bbo_handrecord_board15.lin")).unwrap();
    assert_eq!((g[0].board.unwrap().get(), g[0].dealer, g[0].vulnerability), (15, Some(Seat::South), Some(tenace_core::Vulnerability::NorthSouth)));
    let g = read_file(data("lin/bbo_history_alert_board1.lin")).unwrap();
    assert_eq!(deal_of(&g[0]), "N:AQ983.A973.K92.3 J7..AQJ863.KJ864 KT2.QT842.7.T952 654.KJ65.T54.AQ7");
    assert_eq!((g[0].claim, g[0].result), (Some(11), Some(11)));
    let g = read_file(data("lin/bbo_skyclub_no_final_newline.lin")).unwrap();
    assert_eq!((g[0].contract.unwrap().to_string().as_str(), g[0].result), ("5C", Some(11)));
    let g = read_file(data("lin/dealconvert_vugraph_skeleton_sv0.lin")).unwrap();
    assert_eq!(g.len(), 32);
    assert_eq!(g[0].vulnerability, Some(tenace_core::Vulnerability::None), "sv|0| is none vulnerable");
    assert!(g.iter().all(|g| g.auction.is_none() && g.players.north.as_deref() == Some("")), "pn|,,,|: names given empty");
    let g = read_file(data("lin/vugraph_bgb_gold_cup_2015_final_fragment.lin")).unwrap();
    assert_eq!(g.len(), 2);
    assert_eq!((g[0].board.unwrap().get(), g[0].tag("Room")), (25, Some("Closed")));
    let g = read_file(data("lin/vugraph_usbf_jrpro_charity_2016.lin")).unwrap();
    assert_eq!(g.len(), 16);
    assert!(g.iter().all(|g| g.deal.is_some_and(|d| d.is_complete())), "three hands given, the fourth completed");
    let g = read_file(data("lin/vugraph_gp_poland_2015_final_mojibake.lin")).unwrap();
    assert_eq!(g.len(), 12);
    assert!(g
        .iter()
        .flat_map(|g| g.comments.iter().map(|c| c.text.clone()))
        .chain(g.iter().flat_map(|g| { g.auction.iter().flat_map(|a| a.calls.iter().flat_map(|c| c.comments.clone())) }))
        .any(|t| t.contains('¿')));
}
