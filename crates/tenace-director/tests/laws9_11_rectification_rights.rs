//! Laws 9C, 10B and 11A: the Director's control over the right to rectification — forfeited by
//! the non-offending side's action before the Director was summoned (11A), a player's
//! enforcement or waiver made without the Director's instructions cancelled (10B).

mod common;

use common::*;
use tenace_core::{Seat, Suit};
use tenace_director::{Choice, Chooser, FaceEvent, FaceTable, Irregularity, RestrictionState};

#[test]
fn law_11a_forfeiture_resolves_the_insufficient_bid_as_accepted_with_a_review_note() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    t.apply(FaceEvent::RightForfeited).unwrap();
    assert!(t.rectification().is_none());
    let calls: Vec<String> = t.calls().iter().map(|m| m.call.to_string()).collect();
    assert_eq!(calls, vec!["1NT", "1S"]);
    assert_eq!(t.to_call(), Some(Seat::South));
    let note = t.notes().last().unwrap();
    assert_eq!(note.law, "11A");
    assert!(note.text.contains("27A1"), "{}", note.text);
    // Law 12: the Director must still consider an adjusted score (11A).
    assert!(t.hand_off().review.iter().any(|n| n.law == "11A"));
    // No obligation, no 26B restriction for East's side.
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
    let rebuilt = FaceTable::replay(t.board().clone(), t.events().to_vec()).unwrap();
    assert_eq!(rebuilt, t);
}

#[test]
fn law_11a_forfeiture_of_a_lead_out_of_turn_and_of_declarers_26b_option() {
    // A lead out of turn: treated as accepted.
    let mut t = north_declares();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::OpeningLeadOutOfTurn { .. }));
    t.apply(FaceEvent::RightForfeited).unwrap();
    assert_eq!(t.notes().last().unwrap().law, "11A");
    assert!(t.rectification().is_none());
    assert_eq!(t.play().unwrap().tricks()[0].cards.len(), 1);
    // Declarer's Law 26B option: no prohibition.
    let mut t = table_with(SPADES_WEST);
    auction(&mut t, "P 1H 1NT P 3NT");
    corrected_not_comparable(&mut t, Seat::East, "2C", "P");
    auction(&mut t, "P P");
    t.apply(FaceEvent::RightForfeited).unwrap();
    assert_eq!(t.lead_restrictions()[0].state, RestrictionState::Spent);
    assert_eq!(t.to_play(), Some(Seat::West));
}

#[test]
fn law_11a_nothing_to_forfeit_is_refused() {
    let mut t = table();
    // No rectification pending.
    refused(&mut t, FaceEvent::RightForfeited, "11A");
    // A judgement left to the Director (23A), not an option of the non-offending side.
    auction(&mut t, "1H");
    say(&mut t, Seat::East, "1C").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "3C").unwrap();
    assert!(options(&t).iter().all(|o| o.0 == Chooser::Director));
    refused(&mut t, FaceEvent::RightForfeited, "11A");
}

#[test]
fn law_10b_the_director_cancels_a_players_waiver_and_the_rectification_is_offered_again() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    let offered = t.rectification().cloned();
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    assert!(t.rectification().is_none());
    t.apply(FaceEvent::CancelChoice).unwrap();
    assert_eq!(t.rectification().cloned(), offered);
    assert_eq!(t.notes().last().unwrap().law, "10B");
    assert_eq!(t.calls().len(), 1);
    // South now chooses as the Director explains: the 1S is not accepted.
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    assert!(t.calls().len() == 1 && t.to_call() == Some(Seat::East));
    // The log, with the cancelled choice, rebuilds the same state.
    let json = serde_json::to_string(t.events()).unwrap();
    let rebuilt = FaceTable::replay(t.board().clone(), serde_json::from_str::<Vec<FaceEvent>>(&json).unwrap()).unwrap();
    assert_eq!(rebuilt, t);
}

#[test]
fn law_10b_cancels_declarers_enforcement_of_a_26b_prohibition() {
    let mut t = table_with(SPADES_WEST);
    auction(&mut t, "P 1H 1NT P 3NT");
    corrected_not_comparable(&mut t, Seat::East, "2C", "P");
    auction(&mut t, "P P");
    choose(&mut t, player(Seat::South), Choice::ProhibitLead(Suit::Diamonds)).unwrap();
    t.apply(FaceEvent::CancelChoice).unwrap();
    assert_eq!(t.lead_restrictions()[0].state, RestrictionState::Waiting);
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::LeadRestriction { .. }));
}

#[test]
fn law_10b_only_a_players_last_choice_can_be_cancelled() {
    let mut t = table();
    refused(&mut t, FaceEvent::CancelChoice, "10B");
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    auction(&mut t, "P");
    // Play went on since: too late.
    refused(&mut t, FaceEvent::CancelChoice, "10B");
    // The Director's own judgement is not a player's enforcement or waiver.
    let mut t = table();
    auction(&mut t, "1H");
    corrected_not_comparable(&mut t, Seat::East, "1C", "3C");
    refused(&mut t, FaceEvent::CancelChoice, "10B");
    // Twice in a row: the cancellation is not a choice.
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    t.apply(FaceEvent::CancelChoice).unwrap();
    refused(&mut t, FaceEvent::CancelChoice, "10B");
}
