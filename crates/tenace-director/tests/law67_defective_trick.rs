//! Law 67: defective tricks — a player omitted to play to a trick, or played too many cards to
//! it — found before (67A) or after (67B) a player of each side has played to the next trick.

mod common;

use common::*;
use tenace_core::{Seat, Side};
use tenace_director::{Choice, Chooser, FaceEvent, FaceTable, Irregularity};

/// 1NT by North (South dummy); East leads the HA, South H6, West H8, North H4: East wins.
fn after_trick_one() -> FaceTable {
    let mut t = north_declares();
    play(&mut t, "HA H6 H8 H4");
    assert_eq!(t.to_play(), Some(Seat::East));
    t
}

fn defective(seat: Seat, trick: u8, extra: &[&str]) -> FaceEvent {
    FaceEvent::DefectiveTrick { trick, seat, extra: extra.iter().map(|c| card(c)).collect() }
}

#[test]
fn law_67a1_omission_found_in_time_the_offender_supplies_a_legal_card() {
    let mut t = after_trick_one();
    // West did not in fact play the H8: found before anyone has played to trick two.
    t.apply(defective(Seat::West, 1, &[])).unwrap();
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::DefectiveTrick { offender: Seat::West, trick: 0, timely: true, .. })));
    let w = player(Seat::West);
    let mut offered = options(&t);
    offered.sort_by_key(|o| format!("{:?}", o.1));
    assert_eq!(
        offered,
        vec![
            (w, Choice::Designate(card("H7")), "67A1".to_string()),
            (w, Choice::Designate(card("H8")), "67A1".to_string()),
            (w, Choice::Designate(card("HT")), "67A1".to_string()),
        ]
    );
    // Only West chooses, only a card he can legally play (he holds hearts).
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::Designate(card("HT")) }, "67A1");
    refused(&mut t, FaceEvent::Choose { by: w, choice: Choice::Designate(card("S6")) }, "67A1");
    choose(&mut t, w, Choice::Designate(card("HT"))).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("HA"), card("H6"), card("HT"), card("H4")]);
    assert!(p.remaining(Seat::West).contains(card("H8")));
    assert!(!p.remaining(Seat::West).contains(card("HT")));
    assert!(p.revokes().is_empty());
    assert_eq!(t.to_play(), Some(Seat::East));
    assert!(note_laws(&t).contains(&"67A1".to_string()));
}

#[test]
fn law_67a1_the_card_supplied_wins_the_trick_and_the_lead_made_goes_back() {
    let mut t = north_declares();
    // East H3, dummy H6, West H7 (wins), North H4; West leads the C4 to trick two.
    play(&mut t, "H3 H6 H7 H4 C4");
    // Dummy's H6 was never played. Declarer supplies dummy's card (45B).
    t.apply(defective(Seat::South, 1, &[])).unwrap();
    let n = player(Seat::North);
    assert!(options(&t).iter().all(|o| o.0 == n && o.2 == "67A1"));
    refused(&mut t, FaceEvent::Choose { by: player(Seat::South), choice: Choice::Designate(card("HJ")) }, "67A1");
    choose(&mut t, n, Choice::Designate(card("HJ"))).unwrap();
    let p = t.play().unwrap();
    // Dummy's jack wins trick one: West's lead to trick two goes back to his hand (47A).
    assert_eq!(p.trick_winner(0), Some(Seat::South));
    assert!(p.tricks()[1].cards.is_empty());
    assert!(p.remaining(Seat::West).contains(card("C4")));
    assert!(p.remaining(Seat::South).contains(card("H6")));
    assert_eq!(t.to_play(), Some(Seat::South));
    assert!(note_laws(&t).contains(&"47A".to_string()));
}

#[test]
fn law_67b1a_omission_found_late_card_placed_ownership_unchanged_deemed_revoke() {
    let mut t = after_trick_one();
    // Trick two has begun with a card from each side: too late for 67A.
    play(&mut t, "HK H9");
    t.apply(defective(Seat::West, 1, &[])).unwrap();
    let w = player(Seat::West);
    let offered = options(&t);
    assert_eq!(offered.len(), 3, "his hearts T, 8, 7: {offered:?}");
    assert!(offered.iter().all(|o| o.0 == w && o.2 == "67B1(a)"));
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::Designate(card("HT")) }, "67B1(a)");
    refused(&mut t, FaceEvent::Choose { by: w, choice: Choice::Designate(card("C4")) }, "67B1(a)");
    choose(&mut t, w, Choice::Designate(card("HT"))).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].card_of(Seat::West), Some(card("HT")));
    assert!(p.remaining(Seat::West).contains(card("H8")));
    assert_eq!(p.trick_winner(0), Some(Seat::East), "ownership does not change");
    let r = &p.revokes()[0];
    assert!(r.defective && r.established && r.offender == Seat::West && r.trick == 0);
    assert_eq!(t.to_play(), Some(Seat::West));
    play_out(&mut t);
    // East-West won trick one: one trick transferred to declarer, as in 64A2.
    let raw = t.play().unwrap().tricks_won(Side::NorthSouth);
    assert_eq!(t.result().unwrap().declarer_tricks, raw + 1);
    assert!(note_laws(&t).contains(&"67B1".to_string()));
}

#[test]
fn law_67b1_found_after_play_ended_the_board_is_rescored() {
    let mut t = after_trick_one();
    play_out(&mut t);
    let before = t.result().unwrap().declarer_tricks;
    // The card West "played" to trick three is the one left in his hand at the end.
    let third = t.play().unwrap().tricks()[2].card_of(Seat::West).unwrap();
    t.apply(defective(Seat::West, 3, &[])).unwrap();
    assert!(t.result().is_none(), "the ruling reopens the board");
    let offered = options(&t);
    assert_eq!(offered.len(), 1);
    assert_eq!(offered[0].1, Choice::Designate(third));
    choose(&mut t, player(Seat::West), Choice::Designate(third)).unwrap();
    let r = t.result().expect("rescored");
    let p = t.play().unwrap();
    let ew_later = (2..13).any(|i| p.trick_winner(i).is_some_and(|w| w.side() == Side::EastWest));
    assert_eq!(r.declarer_tricks, before + u8::from(ew_later));
    assert_eq!(note_laws(&t).iter().filter(|l| *l == "67B1" || *l == "64B1").count(), 1, "one adjustment note: {:?}", note_laws(&t));
}

#[test]
fn law_67a2_extra_card_in_time_45e1_a_defenders_fifth_card_is_a_penalty_card() {
    let mut t = after_trick_one();
    t.apply(defective(Seat::West, 1, &["H7"])).unwrap();
    let d = Chooser::Director;
    assert_eq!(
        options(&t),
        vec![(d, Choice::FifthCard, "45E1".to_string()), (d, Choice::FifthCardLed, "45E1".to_string()), (d, Choice::Simultaneous, "58B".to_string()),]
    );
    refused(&mut t, FaceEvent::Choose { by: player(Seat::West), choice: Choice::FifthCard }, "45E1");
    refused(&mut t, FaceEvent::Choose { by: d, choice: Choice::Designate(card("H7")) }, "45E1");
    choose(&mut t, d, Choice::FifthCard).unwrap();
    // A single card below an honour: a minor penalty card (50B).
    assert_eq!(t.minor_penalty_cards(), &[(Seat::West, card("H7"))]);
    assert_eq!(t.to_play(), Some(Seat::East));
}

#[test]
fn law_67a2_45e1_the_fifth_card_deemed_led_is_a_lead_out_of_turn() {
    let mut t = after_trick_one();
    t.apply(defective(Seat::West, 1, &["H7"])).unwrap();
    choose(&mut t, Chooser::Director, Choice::FifthCardLed).unwrap();
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::LeadOutOfTurn { offender: Seat::West, turn_of: Seat::East, .. })));
}

#[test]
fn law_67a2_58b2_played_simultaneously_the_offender_designates_his_card() {
    let mut t = after_trick_one();
    t.apply(defective(Seat::West, 1, &["H7"])).unwrap();
    choose(&mut t, Chooser::Director, Choice::Simultaneous).unwrap();
    let w = player(Seat::West);
    assert_eq!(options(&t), vec![(w, Choice::Designate(card("H7")), "58B2".to_string()), (w, Choice::Designate(card("H8")), "58B2".to_string()),]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::Designate(card("H7")) }, "58B2");
    choose(&mut t, w, Choice::Designate(card("H7"))).unwrap();
    assert_eq!(t.play().unwrap().tricks()[0].card_of(Seat::West), Some(card("H7")));
    // The other card he showed, the H8, is a (minor) penalty card.
    assert_eq!(t.minor_penalty_cards(), &[(Seat::West, card("H8"))]);
    // 58B3: declarer, who played after the card West changed, may change his card.
    let n = player(Seat::North);
    assert_eq!(options(&t), vec![(n, Choice::KeepCard, "58B3".to_string()), (n, Choice::WithdrawCard, "58B3".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: w, choice: Choice::WithdrawCard }, "58B3");
    choose(&mut t, n, Choice::WithdrawCard).unwrap();
    assert_eq!(t.to_play(), Some(Seat::North));
    play(&mut t, "HQ");
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("HA"), card("H6"), card("H7"), card("HQ")]);
    assert!(p.remaining(Seat::North).contains(card("H4")));
    assert!(t.penalty_cards().is_empty(), "no rectification for declarer's change");
    assert_eq!(t.to_play(), Some(Seat::East));
}

#[test]
fn law_67b2_extra_card_found_late_restored_the_highest_legal_card_stays() {
    let mut t = after_trick_one();
    play(&mut t, "HK H9");
    t.apply(defective(Seat::West, 1, &["HT"])).unwrap();
    let d = Chooser::Director;
    assert_eq!(options(&t), vec![(d, Choice::Designate(card("H8")), "67B2(a)".to_string()), (d, Choice::Designate(card("HT")), "67B2(a)".to_string()),]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::West), choice: Choice::Designate(card("HT")) }, "67B2(a)");
    // The Director cannot tell which card was faced: the highest West could legally play stays.
    choose(&mut t, d, Choice::Designate(card("HT"))).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].card_of(Seat::West), Some(card("HT")));
    assert!(p.remaining(Seat::West).contains(card("H8")));
    assert_eq!(p.trick_winner(0), Some(Seat::East));
    assert!(t.penalty_cards().is_empty() && t.minor_penalty_cards().is_empty());
}

#[test]
fn law_67b2b_a_restored_card_not_played_to_a_later_trick_is_a_revoke() {
    let mut t = after_trick_one();
    // West really put the H7 on trick one with the H8; at trick three, "void", he discards.
    play(&mut t, "HK H9 HT H5 H2 HJ C4");
    assert_eq!(t.play().unwrap().revokes().len(), 1, "the record already shows the discard as a revoke");
    t.apply(defective(Seat::West, 1, &["H7"])).unwrap();
    choose(&mut t, Chooser::Director, Choice::Designate(card("H8"))).unwrap();
    let p = t.play().unwrap();
    assert!(p.remaining(Seat::West).contains(card("H7")));
    let r = &p.revokes()[0];
    assert_eq!((r.offender, r.trick, r.card), (Seat::West, 2, card("C4")));
}

#[test]
fn law_67_only_a_quitted_trick_can_be_defective() {
    let mut t = after_trick_one();
    play(&mut t, "HK");
    refused(&mut t, defective(Seat::West, 2, &[]), "67");
    refused(&mut t, defective(Seat::West, 0, &[]), "67");
    refused(&mut t, defective(Seat::West, 14, &[]), "67");
    // An extra card must be one the record still shows in his hand.
    refused(&mut t, defective(Seat::West, 1, &["HA"]), "45A");
    // Not during a rectification.
    t.apply(defective(Seat::West, 1, &[])).unwrap();
    refused(&mut t, defective(Seat::East, 1, &[]), "9B2");
}
