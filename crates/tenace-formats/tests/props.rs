//! Property tests: no input makes a reader panic, and random legal games played out with
//! tenace-table come back from PBN and LIN as they went in.

use proptest::prelude::*;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Board, BoardNumber, Call, Card, Seat};
use tenace_formats::{lin, pbn, AuctionRecord, GameRecord, PlayRecord, RecordedCall, RecordedCard, RecordedContract};
use tenace_table::{Table, TableEvent};

const SAMPLE_PBN: &str = include_str!("data/pbn/schiphol_1995_commentary.pbn");
const SAMPLE_LIN: &str = include_str!("data/lin/bbo_history_alert_board1.lin");

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = tenace_formats::decode(&bytes);
        let _ = pbn::parse(&text);
        let _ = lin::parse(&text);
        let _ = tenace_formats::json::parse(&text);
    }

    #[test]
    fn random_text_from_format_characters_never_panics(text in "[\\[\\]{};%\"\\\\=$!?^*+ \n\tA-Za-z0-9|,:.#-]{0,300}") {
        let _ = pbn::parse(&text);
        let _ = lin::parse(&text);
    }

    #[test]
    fn mutated_files_never_panic(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<char>()), 1..8),
        which in 0usize..2,
    ) {
        let base = if which == 0 { SAMPLE_PBN } else { SAMPLE_LIN };
        let mut chars: Vec<char> = base.chars().collect();
        for (at, op, c) in edits {
            if chars.is_empty() { break; }
            let i = at.index(chars.len());
            match op {
                0 => { chars.remove(i); }
                1 => chars.insert(i, c),
                2 => chars[i] = c,
                _ => { chars.truncate(i); }
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(games) = pbn::parse(&text) {
            // Whatever was read can be written and read again.
            let again = pbn::parse(&pbn::write(&games));
            prop_assert!(again.is_ok(), "{:?}", again);
            prop_assert_eq!(again.unwrap(), games);
        }
        if let Ok(games) = lin::parse(&text) {
            let _ = lin::write(&games);
        }
        // Read leniently, every board read is sound: it writes and reads back strictly, the
        // same; every diagnostic has a place and a rule.
        let reading = pbn::read(&text);
        let again = pbn::parse(&pbn::write(&reading.games));
        prop_assert!(again.is_ok(), "{:?}", again);
        prop_assert_eq!(again.unwrap(), reading.games);
        for d in &reading.diagnostics {
            prop_assert!(d.line > 0 && d.rule.starts_with("PBN 2.1 §"), "{}", d);
        }
        let reading = lin::read(&text);
        let again = lin::parse(&lin::write(&reading.games));
        prop_assert!(again.is_ok(), "{:?}", again);
        prop_assert_eq!(again.unwrap().len(), reading.games.len());
    }

    #[test]
    fn random_legal_games_survive_pbn_and_lin(seed in any::<u64>(), number in 1u32..64) {
        let (game, table_result) = random_game(seed, number);
        for (name, back) in [
            ("PBN", pbn::parse(&pbn::write(std::slice::from_ref(&game)))),
            ("LIN", lin::parse(&lin::write(std::slice::from_ref(&game)))),
        ] {
            let back = back.map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
            prop_assert_eq!(back.len(), 1);
            let b = &back[0];
            prop_assert_eq!(b.board, game.board, "{}", name);
            prop_assert_eq!(b.dealer, game.dealer, "{}", name);
            prop_assert_eq!(b.vulnerability, game.vulnerability, "{}", name);
            prop_assert_eq!(b.deal, game.deal, "{}", name);
            prop_assert_eq!(b.contract, game.contract, "{}", name);
            prop_assert_eq!(b.declarer, game.declarer, "{}", name);
            prop_assert_eq!(b.result, game.result, "{}", name);
            prop_assert_eq!(b.result, table_result, "{}", name);
            prop_assert_eq!(b.claim, game.claim, "{}", name);
            prop_assert_eq!(calls(b), calls(&game), "{}", name);
            prop_assert_eq!(cards(b), cards(&game), "{}", name);
            prop_assert_eq!(&b.players, &game.players, "{}", name);
        }
    }
}

/// (call, alerted or explained, explanation)
fn calls(g: &GameRecord) -> Vec<(Call, bool, Option<String>)> {
    g.auction
        .as_ref()
        .map(|a| a.calls.iter().filter_map(|c| Some((c.call?, c.alert || c.explanation.is_some(), c.explanation.clone()))).collect())
        .unwrap_or_default()
}

fn cards(g: &GameRecord) -> Vec<(Seat, Card)> {
    let trump = g.contract.and_then(|c| c.trump());
    g.play.as_ref().map(|p| p.in_order(trump).into_iter().filter_map(|(s, c)| Some((s, c.card?))).collect()).unwrap_or_default()
}

/// Plays a random legal board on a tenace-table `Table` and records it. Returns the record and
/// the tricks the table says declarer took (or claimed).
fn random_game(seed: u64, number: u32) -> (GameRecord, Option<u8>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let number = BoardNumber::new(number).unwrap();
    let board = Board::numbered(number, random_deal(&mut rng));
    let mut table = Table::new(board.clone()).unwrap();
    let mut game = GameRecord::from_board(&board);
    let names = ["Åsa", "Bob", "Chloé", "Dan ♠"];
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        game.players.set(seat, Some(names[i].to_string()));
    }
    let mut auction = AuctionRecord::new(board.dealer);
    // Mostly passes, so auctions end; bids now and then.
    while let Some(seat) = table.to_act().filter(|_| table.play().is_none()) {
        let legal = table.legal_calls();
        let r = rng.next_u32() as usize;
        let call = if matches!(r % 3, 0) || legal.len() == 1 { Call::Pass } else { legal[r % legal.len()] };
        let alert = rng.next_u32() % 5 == 0;
        let explanation = (rng.next_u32() % 4 == 0).then(|| format!("meaning {} ♥", rng.next_u32() % 100));
        table.apply(TableEvent::Call { seat, call, alert, explanation: explanation.clone() }).unwrap();
        auction.calls.push(RecordedCall { alert, explanation, ..RecordedCall::new(call) });
    }
    game.auction = Some(auction);
    let Some(contract) = table.contract() else {
        game.contract = Some(RecordedContract::PassedOut);
        return (game, None);
    };
    let declarer = table.declarer().unwrap();
    game.contract = Some(RecordedContract::Contract(contract));
    game.declarer = Some(declarer);
    let leader = declarer.lho();
    let stop_after = (rng.next_u32() % 60) as usize;
    let mut order = Vec::new();
    while let Some(seat) = table.to_act() {
        if order.len() >= stop_after && order.len() % 4 == 0 {
            break;
        }
        let legal: Vec<Card> = table.legal_cards().iter().collect();
        let card = legal[rng.next_u32() as usize % legal.len()];
        table.apply(TableEvent::Play { seat, card }).unwrap();
        order.push((seat, card));
    }
    let mut play = PlayRecord::new(leader);
    for (i, (seat, card)) in order.iter().enumerate() {
        if i % 4 == 0 {
            play.tricks.push(Default::default());
        }
        let col = (seat.index() + 4 - leader.index()) % 4;
        play.tricks.last_mut().unwrap()[col] = RecordedCard::new(*card);
    }
    let won = table.play().map(|p| p.tricks_won(declarer.side())).unwrap_or(0);
    let result = if order.len() == 52 {
        table.result().map(|r| r.declarer_tricks)
    } else {
        // A claim of some of the remaining tricks.
        let left = 13 - (order.len() / 4) as u8;
        let claim = won + (rng.next_u32() % (left as u32 + 1)) as u8;
        game.claim = Some(claim);
        play.end = tenace_formats::PlayEnd::Stop;
        Some(claim)
    };
    game.result = result;
    if !order.is_empty() || game.claim.is_some() {
        game.play = Some(play);
    }
    (game, result)
}
