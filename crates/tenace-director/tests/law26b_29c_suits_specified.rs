//! Laws 26B and 29C: the suits a call of the legal auction specified, as the Director states
//! them for an artificial call; the 26B options leave out exactly those suits.

mod common;

use common::*;
use tenace_core::{Seat, Suit};
use tenace_director::{Choice, Chooser, FaceEvent, FaceTable, Irregularity, RestrictionState};

fn prohibitable(t: &FaceTable) -> Vec<Suit> {
    options(t)
        .iter()
        .filter_map(|o| match o.1 {
            Choice::ProhibitLead(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// East opens 1H; his insufficient 2C is corrected by a pass judged not comparable (27B2);
/// South declares 3NT and West is on lead.
fn east_offends() -> FaceTable {
    let mut t = table_with(SPADES_WEST);
    auction(&mut t, "P 1H 1NT P 3NT");
    corrected_not_comparable(&mut t, Seat::East, "2C", "P");
    t
}

#[test]
fn law_26b_the_director_states_that_an_artificial_call_specified_other_suits() {
    let mut t = east_offends();
    auction(&mut t, "P P");
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::LeadRestriction { offender: Seat::East, .. }));
    // Read as named, East's 1H specified hearts.
    assert_eq!(prohibitable(&t), vec![Suit::Spades, Suit::Diamonds, Suit::Clubs]);
    // The Director rules that East's 1H was artificial, showing spades: hearts may now be
    // prohibited, spades may not. The options on offer are recomputed.
    t.apply(FaceEvent::SuitsSpecified { seat: Seat::East, call: c("1H"), suits: vec![Suit::Spades] }).unwrap();
    assert_eq!(prohibitable(&t), vec![Suit::Hearts, Suit::Diamonds, Suit::Clubs]);
    assert_eq!(t.suits_specified(Seat::East), vec![Suit::Spades]);
    assert_eq!(t.notes().last().unwrap().law, "26B");
    choose(&mut t, player(Seat::South), Choice::ProhibitLead(Suit::Hearts)).unwrap();
    assert_eq!(t.lead_restrictions()[0].state, RestrictionState::Prohibited(Suit::Hearts));
    assert_eq!(t.check_card(Seat::West, card("HT")).unwrap_err().law(), "26B");
    // Spades was never on offer.
    let mut t = east_offends();
    auction(&mut t, "P P");
    t.apply(FaceEvent::SuitsSpecified { seat: Seat::East, call: c("1H"), suits: vec![Suit::Spades] }).unwrap();
    refused(&mut t, FaceEvent::Choose { by: player(Seat::South), choice: Choice::ProhibitLead(Suit::Spades) }, "26B");
}

#[test]
fn law_26b_a_call_that_specified_no_suit_leaves_every_suit_to_declarer() {
    // Stated during the auction (a relay specifying no suit), it holds when the option opens.
    let mut t = east_offends();
    t.apply(FaceEvent::SuitsSpecified { seat: Seat::East, call: c("1H"), suits: vec![] }).unwrap();
    auction(&mut t, "P P");
    assert_eq!(prohibitable(&t), vec![Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]);
    // The old event logs (without `suits`) still read.
    let mut json = serde_json::to_value(FaceEvent::SuitsSpecified { seat: Seat::East, call: c("1H"), suits: vec![Suit::Spades] }).unwrap();
    json.as_object_mut().unwrap().remove("suits");
    let e: FaceEvent = serde_json::from_value(json).unwrap();
    assert!(matches!(e, FaceEvent::SuitsSpecified { ref suits, .. } if suits.is_empty()));
    let rebuilt = FaceTable::replay(t.board().clone(), t.events().to_vec()).unwrap();
    assert_eq!(rebuilt, t);
}

#[test]
fn law_26b_only_calls_of_the_legal_auction_specify_suits() {
    let mut t = east_offends();
    // The withdrawn insufficient 2C is not in the legal auction ("specified in the legal
    // auction"): the Director cannot state suits for it; nor for a call East never made.
    refused(&mut t, FaceEvent::SuitsSpecified { seat: Seat::East, call: c("2C"), suits: vec![Suit::Hearts] }, "26B");
    refused(&mut t, FaceEvent::SuitsSpecified { seat: Seat::West, call: c("1H"), suits: vec![Suit::Hearts] }, "26B");
    // A statement about another player's call does not change East's suits.
    t.apply(FaceEvent::SuitsSpecified { seat: Seat::South, call: c("1NT"), suits: vec![Suit::Clubs] }).unwrap();
    auction(&mut t, "P P");
    assert_eq!(prohibitable(&t), vec![Suit::Spades, Suit::Diamonds, Suit::Clubs]);
}

#[test]
fn law_29c_artificial_call_made_in_place_of_a_call_out_of_rotation_specifies_its_denominations() {
    let mut t = table();
    // East's 2C at North's (his RHO's) turn is cancelled (31A); North opens 1C.
    say(&mut t, Seat::East, "2C").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    auction(&mut t, "1C");
    // East's 2D is artificial (hearts): not comparable (31A2(b)); West passes at his next turn.
    say(&mut t, Seat::East, "2D").unwrap();
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    // The cancelled 2C is not in the legal auction: 29C's denominations count through the
    // Director's comparable-call judgement, not as suits specified for 26B.
    refused(&mut t, FaceEvent::SuitsSpecified { seat: Seat::East, call: c("2C"), suits: vec![Suit::Spades] }, "26B");
    t.apply(FaceEvent::SuitsSpecified { seat: Seat::East, call: c("2D"), suits: vec![Suit::Hearts] }).unwrap();
    auction(&mut t, "2S P 4S P P P");
    assert_eq!(t.final_contract().unwrap().declarer, Seat::South);
    // West's opening lead: declarer may prohibit diamonds (named, not specified), not hearts.
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::LeadRestriction { offender: Seat::East, leader: Seat::West }));
    assert_eq!(prohibitable(&t), vec![Suit::Spades, Suit::Diamonds, Suit::Clubs]);
}

#[test]
fn law_29c_accepted_artificial_call_out_of_rotation_specifies_its_denominations() {
    let mut t = table();
    // East's artificial 2C (both majors) at North's turn is accepted (29A): it is a call of the
    // legal auction, and the denominations it specified are East's.
    say(&mut t, Seat::East, "2C").unwrap();
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    assert_eq!(t.suits_specified(Seat::East), vec![Suit::Clubs]);
    t.apply(FaceEvent::SuitsSpecified { seat: Seat::East, call: c("2C"), suits: vec![Suit::Hearts, Suit::Spades] }).unwrap();
    assert_eq!(t.suits_specified(Seat::East), vec![Suit::Hearts, Suit::Spades]);
}
