//! Laws 35-39: inadmissible calls.

mod common;

use common::*;
use tenace_core::{Call, Seat, Strain};
use tenace_director::{Choice, Chooser, FaceEvent, Irregularity, Law, Obligation, RestrictionState, Spoken};

#[test]
fn law_36b_inadmissible_double_in_rotation_partner_passes_throughout() {
    let mut t = table();
    auction(&mut t, "1H P");
    // South doubles his partner's bid (Law 19A1).
    say(&mut t, Seat::South, "X").unwrap();
    assert_eq!(options(&t), vec![(Chooser::Director, Choice::Rectify, "36B".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::West), choice: Choice::Rectify }, "36B");
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    // Cancelled; South substitutes a legal call; North passes throughout.
    assert_eq!(t.calls().len(), 2);
    assert_eq!(t.to_call(), Some(Seat::South));
    auction(&mut t, "2H P");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::North, c("4H")).unwrap_err().law(), "36B");
    assert_eq!(t.lead_restrictions()[0].offender, Seat::South);
}

#[test]
fn law_36b_inadmissible_redouble() {
    let mut t = table();
    auction(&mut t, "1H");
    say(&mut t, Seat::East, "XX").unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::InadmissibleDouble { offender: Seat::East, .. }));
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    assert_eq!(t.obligations(), &[Obligation::PassThroughout { seat: Seat::West, law: Law::new("36B") }]);
}

#[test]
fn law_37b_bid_by_player_required_to_pass_offending_side_passes_throughout() {
    let mut t = table();
    auction(&mut t, "1H");
    corrected_not_comparable(&mut t, Seat::East, "1C", "3C");
    auction(&mut t, "3H");
    // West, required to pass, bids.
    say(&mut t, Seat::West, "4C").unwrap();
    assert_eq!(options(&t), vec![(Chooser::Director, Choice::Rectify, "37B".to_string())]);
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    // Cancelled, a pass substituted; both East and West pass throughout.
    assert_eq!(t.calls().last().unwrap().call, Call::Pass);
    assert!(t.obligations().contains(&Obligation::PassThroughout { seat: Seat::East, law: Law::new("37B2") }));
    auction(&mut t, "P");
    assert_eq!(t.to_call(), Some(Seat::East));
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::East, c("4C")).unwrap_err().law(), "37B2");
}

#[test]
fn law_38_bid_above_seven_cancelled_pass_substituted_offending_side_passes() {
    let mut t = table();
    auction(&mut t, "1H");
    t.apply(FaceEvent::Call { seat: Seat::East, call: Spoken::BidAboveSeven { level: 8, strain: Strain::Spades } }).unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::BidAboveSeven { level: 8, .. }));
    assert_eq!(options(&t), vec![(Chooser::Director, Choice::Rectify, "38".to_string())]);
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    assert_eq!(t.calls().len(), 2);
    assert_eq!(t.calls()[1].call, Call::Pass);
    auction(&mut t, "2H");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    auction(&mut t, "P 4H");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::East, Call::Double).unwrap_err().law(), "38C");
    auction(&mut t, "P P P");
    assert_eq!(t.final_contract().unwrap().contract.to_string(), "4H");
    // 38D: East becomes a defender; West (his partner) is not the opening leader here.
    assert_eq!(t.lead_restrictions()[0].law, "38D");
}

#[test]
fn law_38_bid_above_seven_when_the_substituted_pass_ends_the_auction() {
    let mut t = table();
    auction(&mut t, "1H P P");
    t.apply(FaceEvent::Call { seat: Seat::West, call: Spoken::BidAboveSeven { level: 9, strain: Strain::NoTrump } }).unwrap();
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    let fc = t.final_contract().unwrap();
    assert_eq!((fc.contract.to_string(), fc.declarer), ("1H".to_string(), Seat::North));
    // West offended; East, his partner, makes the opening lead: declarer may prohibit any suit
    // (West named none in the legal auction).
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::LeadRestriction { offender: Seat::West, leader: Seat::East }));
    assert_eq!(options(&t).len(), 5);
}

#[test]
fn law_39c_bid_after_the_final_pass_by_a_defender_lead_restriction() {
    let mut t = table();
    auction(&mut t, "1H P P P");
    assert!(t.play().is_some());
    say(&mut t, Seat::West, "2S").unwrap();
    assert_eq!(options(&t), vec![(Chooser::Director, Choice::Rectify, "39A".to_string())]);
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    assert_eq!(t.calls().len(), 4, "Law 39A: cancelled");
    // East, West's partner, makes the opening lead: declarer North chooses under 26B.
    let r = t.rectification().unwrap();
    assert!(matches!(r.irregularity, Irregularity::LeadRestriction { offender: Seat::West, leader: Seat::East }));
    choose(&mut t, player(Seat::North), Choice::NoProhibition).unwrap();
    assert_eq!(t.lead_restrictions()[0].state, RestrictionState::Spent);
    assert_eq!(t.legal_cards().len(), 13);
}

#[test]
fn law_39b_pass_by_defender_or_call_by_declaring_side_no_further_rectification() {
    for (seat, call) in [(Seat::West, "P"), (Seat::South, "4H"), (Seat::North, "X")] {
        let mut t = table();
        auction(&mut t, "1H P P P");
        say(&mut t, seat, call).unwrap();
        choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
        assert!(t.lead_restrictions().is_empty(), "{seat:?} {call}");
        assert_eq!(t.notes().last().unwrap().law, "39B");
        assert_eq!(t.to_play(), Some(Seat::East));
    }
}

#[test]
fn law_39_call_after_a_passed_out_auction() {
    let mut t = table();
    auction(&mut t, "P P P P");
    assert!(t.result().is_some());
    say(&mut t, Seat::North, "1C").unwrap();
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    assert_eq!(t.calls().len(), 4);
    assert_eq!(t.result().unwrap().score_ns, 0);
}

#[test]
fn law_36a_lho_calls_before_rectification_both_cancelled_no_restriction() {
    let mut t = table();
    auction(&mut t, "1H P");
    say(&mut t, Seat::South, "X").unwrap();
    say(&mut t, Seat::West, "1S").unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.calls().len(), 2);
    assert_eq!(t.to_call(), Some(Seat::South));
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
}

#[test]
fn law_37a_lho_calls_before_rectification_calls_stand_offender_still_passes() {
    let mut t = table();
    auction(&mut t, "1H");
    t.apply(FaceEvent::Call { seat: Seat::East, call: Spoken::BidAboveSeven { level: 8, strain: Strain::Clubs } }).unwrap();
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    auction(&mut t, "2H");
    // West must pass throughout, but bids; North calls before the Director rules.
    say(&mut t, Seat::West, "3C").unwrap();
    say(&mut t, Seat::North, "3H").unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.calls().iter().rev().nth(1).unwrap().call, c("3C"));
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.notes().last().unwrap().law, "37A");
}

#[test]
fn law_38d_lho_calls_before_rectification_no_lead_restriction() {
    let mut t = table();
    auction(&mut t, "1H");
    t.apply(FaceEvent::Call { seat: Seat::East, call: Spoken::BidAboveSeven { level: 8, strain: Strain::Spades } }).unwrap();
    say(&mut t, Seat::South, "2H").unwrap();
    assert!(t.rectification().is_none());
    // Both cancelled, a pass substituted for East; East-West pass throughout; no Law 26B.
    assert_eq!(t.calls().len(), 2);
    assert_eq!(t.to_call(), Some(Seat::South));
    assert!(t.lead_restrictions().is_empty());
    auction(&mut t, "2H");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
}
