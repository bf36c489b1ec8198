//! Scenario tests for the online ruleset, each named after the Law it shows.

use tenace_core::{Board, BoardNumber, Call, Card, Deal, Seat, Side};
use tenace_table::{Ending, LawError, Table, TableEvent};

/// North holds all the spades and the heart AKQ, East the rest of the hearts...
const DEAL: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
/// A more ordinary deal for play tests.
const DEAL2: &str = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";

fn table(deal: &str, board: u32) -> Table {
    let deal = Deal::from_pbn(deal).unwrap();
    Table::new(Board::numbered(BoardNumber::new(board).unwrap(), deal)).unwrap()
}

fn call(t: &mut Table, calls: &str) -> Result<(), LawError> {
    for w in calls.split_whitespace() {
        let seat = t.to_act().expect("someone to call");
        t.apply(TableEvent::Call { seat, call: w.parse().unwrap(), alert: false, explanation: None })?;
    }
    Ok(())
}

fn play(t: &mut Table, cards: &str) -> Result<(), LawError> {
    for w in cards.split_whitespace() {
        let seat = t.to_act().expect("someone to play");
        t.apply(TableEvent::Play { seat, card: w.parse().unwrap() })?;
    }
    Ok(())
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

#[test]
fn law_17b_board_2_east_deals_and_calls_first() {
    let t = table(DEAL2, 2);
    assert_eq!(t.to_act(), Some(Seat::East));
}

#[test]
fn law_41a_opening_lead_by_declarers_lho() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    assert_eq!(t.declarer(), Some(Seat::North));
    assert_eq!(t.to_act(), Some(Seat::East));
    let e = t.apply(TableEvent::Play { seat: Seat::South, card: card("HJ") }).unwrap_err();
    assert_eq!(e.law(), "44B");
}

#[test]
fn law_41a_no_card_before_the_auction_ends() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P").unwrap();
    let e = t.apply(TableEvent::Play { seat: Seat::South, card: card("HJ") }).unwrap_err();
    assert_eq!(e, LawError::AuctionNotEnded);
}

#[test]
fn law_44c_must_follow_suit_and_refusal_changes_nothing() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    play(&mut t, "HA").unwrap(); // East leads the heart ace
    let before = t.clone();
    // South holds hearts (J96), so the spade ten is refused.
    let e = t.apply(TableEvent::Play { seat: Seat::South, card: card("ST") }).unwrap_err();
    assert_eq!(e.to_string(), "Law 44C: South must follow suit (hearts were led)");
    assert_eq!(t, before);
    let legal: Vec<String> = t.legal_cards().iter().map(|c| c.to_string()).collect();
    assert_eq!(legal, ["H6", "H9", "HJ"]);
}

#[test]
fn law_44d_unable_to_follow_any_card() {
    let mut t = table(DEAL, 1);
    // North deals and plays 7S; East leads a heart; South has none and may play anything.
    call(&mut t, "7S P P P").unwrap();
    play(&mut t, "HA").unwrap();
    assert_eq!(t.to_act(), Some(Seat::South));
    assert_eq!(t.legal_cards().len(), 13);
}

#[test]
fn law_44e_44g_trump_wins_and_winner_leads_next() {
    let mut t = table(DEAL, 1);
    call(&mut t, "7S P P P").unwrap();
    // East leads the heart ace; South discards; West discards; North (dummy is South) ruffs? North
    // is declarer and has no hearts: the spade two wins.
    play(&mut t, "HA D2 C2 S2").unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks_won(Side::NorthSouth), 1);
    assert_eq!(p.to_play(), Some(Seat::North));
}

#[test]
fn law_45b_declarer_plays_dummys_cards_dummy_may_not() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    // North declares, South is dummy. East leads.
    t.apply_as(Seat::East, TableEvent::Play { seat: Seat::East, card: card("HA") }).unwrap();
    let e = t.apply_as(Seat::South, TableEvent::Play { seat: Seat::South, card: card("H6") }).unwrap_err();
    assert_eq!(e.law(), "45B");
    t.apply_as(Seat::North, TableEvent::Play { seat: Seat::South, card: card("H6") }).unwrap();
    assert_eq!(t.to_act(), Some(Seat::West));
    assert_eq!(t.player_for(Seat::South), Seat::North);
}

#[test]
fn law_45a_card_must_be_in_the_hand() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    let e = t.apply(TableEvent::Play { seat: Seat::East, card: card("SA") }).unwrap_err();
    assert_eq!(e.law(), "45A");
}

#[test]
fn law_22b_passed_out_scores_zero_and_has_no_play() {
    let mut t = table(DEAL2, 3);
    call(&mut t, "P P P P").unwrap();
    let r = t.result().unwrap();
    assert_eq!((r.ending, r.score_ns, r.contract), (Ending::PassedOut, 0, None));
    assert_eq!(t.apply(TableEvent::Play { seat: Seat::North, card: card("SA") }).unwrap_err().law(), "22B");
    assert_eq!(t.apply(TableEvent::Call { seat: Seat::South, call: Call::Pass, alert: false, explanation: None }).unwrap_err().law(), "22");
}

#[test]
fn law_79a_thirteen_tricks_played_give_the_score() {
    let mut t = table(DEAL, 1);
    call(&mut t, "7S X XX P P P").unwrap();
    // 13 rounds: East leads hearts each time, North ruffs and then leads a spade... simpler:
    // East leads HA, North ruffs; North then cashes spades; everyone discards.
    play(&mut t, "HA D2 C2 S2").unwrap();
    let mut guard = 0;
    while t.result().is_none() && guard < 60 {
        let c = t.legal_cards().iter().next().unwrap();
        let seat = t.to_act().unwrap();
        t.apply(TableEvent::Play { seat, card: c }).unwrap();
        guard += 1;
    }
    let r = t.result().unwrap();
    assert_eq!(r.ending, Ending::Played);
    assert_eq!(r.declarer_tricks, 13);
    // 7SXX not vulnerable: 840 + 300 + 1000 + 100 = 2240... board 1 nobody vulnerable.
    assert_eq!(r.score_ns, 2240);
    assert_eq!(t.apply(TableEvent::Play { seat: Seat::North, card: card("SA") }).unwrap_err().law(), "79A");
}

#[test]
fn law_68_69_claim_agreed_by_both_defenders() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    play(&mut t, "HA H6 H7 H4").unwrap(); // East wins the first trick
    t.apply(TableEvent::Claim { seat: Seat::North, tricks: 9, statement: "cashing out".into() }).unwrap();
    // Law 68D: play is suspended.
    assert_eq!(t.apply(TableEvent::Play { seat: Seat::East, card: card("HK") }).unwrap_err().law(), "68D");
    // Dummy does not agree for the side; declarer's partner is not an opponent.
    assert_eq!(t.apply(TableEvent::AcceptClaim { seat: Seat::South }).unwrap_err().law(), "69A");
    t.apply(TableEvent::AcceptClaim { seat: Seat::East }).unwrap();
    assert!(t.result().is_none());
    t.apply(TableEvent::AcceptClaim { seat: Seat::West }).unwrap();
    let r = t.result().unwrap();
    assert_eq!((r.ending, r.declarer_tricks, r.score_ns), (Ending::Claim, 9, 400));
}

#[test]
fn law_68b1_defenders_claim_concedes_the_rest() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    // East claims 5 of the 13 tricks: declarer gets 8, one down.
    t.apply(TableEvent::Claim { seat: Seat::East, tricks: 5, statement: String::new() }).unwrap();
    t.apply(TableEvent::AcceptClaim { seat: Seat::North }).unwrap();
    let r = t.result().unwrap();
    assert_eq!((r.declarer_tricks, r.score_ns, r.relative()), (8, -50, Some(-1)));
}

#[test]
fn law_68a_dummy_may_not_claim_and_claims_count_remaining_tricks() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    assert_eq!(t.apply(TableEvent::Claim { seat: Seat::South, tricks: 9, statement: String::new() }).unwrap_err().law(), "68A");
    play(&mut t, "HA H6 H7 H4").unwrap();
    let e = t.apply(TableEvent::Claim { seat: Seat::North, tricks: 13, statement: String::new() }).unwrap_err();
    assert_eq!(e, LawError::ClaimTooMany { claimed: 13, remaining: 12 });
}

#[test]
fn law_68d2b_doubted_claim_play_continues() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    t.apply(TableEvent::Claim { seat: Seat::North, tricks: 10, statement: String::new() }).unwrap();
    t.apply(TableEvent::DoubtClaim { seat: Seat::West }).unwrap();
    // Accepting now does not agree the claim: it has been doubted.
    t.apply(TableEvent::AcceptClaim { seat: Seat::East }).unwrap();
    assert!(t.result().is_none());
    t.apply(TableEvent::ResumePlay).unwrap();
    assert!(t.pending_claim().is_none());
    assert_eq!(t.to_act(), Some(Seat::East));
    play(&mut t, "HA").unwrap();
}

#[test]
fn law_70_director_rules_a_contested_claim() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    assert_eq!(t.apply(TableEvent::DirectorRuling { declarer_tricks: 9 }).unwrap_err().law(), "68");
    t.apply(TableEvent::Claim { seat: Seat::North, tricks: 10, statement: String::new() }).unwrap();
    assert_eq!(t.apply(TableEvent::DirectorRuling { declarer_tricks: 9 }).unwrap_err().law(), "68D2");
    t.apply(TableEvent::DoubtClaim { seat: Seat::East }).unwrap();
    assert_eq!(t.apply(TableEvent::DirectorRuling { declarer_tricks: 14 }).unwrap_err().law(), "70");
    t.apply(TableEvent::DirectorRuling { declarer_tricks: 9 }).unwrap();
    let r = t.result().unwrap();
    assert_eq!((r.ending, r.score_ns), (Ending::Ruling, 400));
}

#[test]
fn law_68b2_defender_may_object_to_partners_concession() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    t.apply(TableEvent::Claim { seat: Seat::East, tricks: 0, statement: "the rest are yours".into() }).unwrap();
    t.apply(TableEvent::DoubtClaim { seat: Seat::West }).unwrap();
    t.apply(TableEvent::AcceptClaim { seat: Seat::North }).unwrap();
    assert!(t.result().is_none());
    // But declarer cannot doubt their own claim.
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    t.apply(TableEvent::Claim { seat: Seat::North, tricks: 9, statement: String::new() }).unwrap();
    assert_eq!(t.apply(TableEvent::DoubtClaim { seat: Seat::North }).unwrap_err().law(), "68D2");
}

#[test]
fn undo_restores_the_previous_state_and_replay_rebuilds() {
    let mut t = table(DEAL2, 1);
    call(&mut t, "1NT P 3NT P P P").unwrap();
    play(&mut t, "HA H6").unwrap();
    let events = t.events().to_vec();
    let rebuilt = Table::replay(t.board().clone(), events).unwrap();
    assert_eq!(rebuilt, t);
    let mut before = t.clone();
    before.undo();
    assert_eq!(t.undo(), Some(TableEvent::Play { seat: Seat::South, card: card("H6") }));
    assert_eq!(t.to_act(), Some(Seat::South));
    assert_eq!(t, before);
}

#[test]
fn apply_as_refuses_acting_for_another_player() {
    let mut t = table(DEAL2, 1);
    let e = t.apply_as(Seat::South, TableEvent::Call { seat: Seat::North, call: Call::Pass, alert: false, explanation: None }).unwrap_err();
    assert_eq!(e.law(), "17C");
    call(&mut t, "1NT P 3NT P P P").unwrap();
    let e = t.apply_as(Seat::West, TableEvent::Claim { seat: Seat::East, tricks: 4, statement: String::new() }).unwrap_err();
    assert_eq!(e.law(), "68");
}

#[test]
fn law_6_table_refuses_an_incomplete_deal() {
    let deal = Deal::from_pbn("N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 -").unwrap();
    let mut deal = deal;
    deal.hands[3] = Default::default();
    let e = Table::new(Board::numbered(BoardNumber::new(1).unwrap(), deal)).unwrap_err();
    assert_eq!(e.law(), "6");
}
