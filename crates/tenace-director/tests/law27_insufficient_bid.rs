//! Law 27 (insufficient bid), with Laws 23 (comparable call, 2017) and 26B (lead restrictions).

mod common;

use common::*;
use tenace_core::{Call, Seat, Suit};
use tenace_director::{Choice, Chooser, FaceEvent, Irregularity, Law, Obligation, RestrictionState, Spoken};

#[test]
fn law_27a_insufficient_bid_accepted_by_lho() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::InsufficientBid { offender: Seat::East, .. }));
    assert_eq!(options(&t), vec![(player(Seat::South), Choice::Accept, "27A1".to_string()), (player(Seat::South), Choice::Refuse, "27B".to_string())]);
    // Only South, the offender's LHO, may accept.
    refused(&mut t, FaceEvent::Choose { by: player(Seat::West), choice: Choice::Accept }, "27A1");
    refused(&mut t, FaceEvent::Choose { by: Chooser::Director, choice: Choice::Comparable }, "27A1");
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    // 1S is treated as legal: South may now bid 1NT over it.
    assert_eq!(t.to_call(), Some(Seat::South));
    assert!(t.legal_calls().contains(&c("1NT")));
    auction(&mut t, "P P P");
    let fc = t.final_contract().unwrap();
    assert_eq!((fc.contract.to_string(), fc.declarer), ("1S".to_string(), Seat::East));
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
    play_out(&mut t);
    let r = t.result().unwrap();
    assert_eq!(r.contract.unwrap().declarer, Seat::East);
}

#[test]
fn law_27b1a_insufficient_bid_corrected_by_lowest_sufficient_bid_same_denomination() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    // The auction reverts to East, who must correct.
    assert_eq!(t.to_call(), Some(Seat::East));
    say(&mut t, Seat::East, "2S").unwrap();
    let opts = options(&t);
    assert_eq!(opts[0], (Chooser::Director, Choice::LowestSufficientSameDenomination, "27B1(a)".to_string()));
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::LowestSufficientSameDenomination }, "27B1(a)");
    choose(&mut t, Chooser::Director, Choice::LowestSufficientSameDenomination).unwrap();
    assert!(t.obligations().is_empty());
    assert!(t.lead_restrictions().is_empty(), "27B1(a): Law 26B does not apply");
    assert_eq!(t.notes().last().unwrap().law, "27D");
    assert_eq!(t.to_call(), Some(Seat::South));
    auction(&mut t, "P 3S P P P");
    assert_eq!(t.final_contract().unwrap().contract.to_string(), "3S");
}

#[test]
fn law_27b1a_not_offered_for_a_higher_bid() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "3S").unwrap();
    let choices: Vec<Choice> = options(&t).into_iter().map(|o| o.1).collect();
    assert_eq!(choices, vec![Choice::Comparable, Choice::NotComparable]);
    refused(&mut t, FaceEvent::Choose { by: Chooser::Director, choice: Choice::LowestSufficientSameDenomination }, "27B1(b)");
}

#[test]
fn law_27b1b_2017_comparable_call_double_replaces_insufficient_bid_without_rectification() {
    // 2017: a comparable call (Law 23A), even a double, corrects an insufficient bid with no
    // further rectification.
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1C").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "X").unwrap();
    assert_eq!(options(&t)[0], (Chooser::Director, Choice::Comparable, "27B1(b)".to_string()));
    choose(&mut t, Chooser::Director, Choice::Comparable).unwrap();
    assert_eq!(t.calls().last().unwrap().call, Call::Double);
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
    auction(&mut t, "P");
    // West is free to bid.
    assert!(t.legal_calls().contains(&c("2H")));
}

#[test]
fn law_27b2_insufficient_bid_corrected_by_other_bid_partner_must_pass() {
    let mut t = table();
    auction(&mut t, "1H");
    corrected_not_comparable(&mut t, Seat::East, "1C", "3C");
    assert_eq!(t.obligations(), &[Obligation::PassThroughout { seat: Seat::West, law: Law::new("27B2") }]);
    auction(&mut t, "3NT");
    // West must pass throughout: legal_calls says so, and check_call names the Law.
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::West, c("4C")).unwrap_err().law(), "27B2");
    auction(&mut t, "P P P");
    let fc = t.final_contract().unwrap();
    assert_eq!((fc.contract.to_string(), fc.declarer), ("3NT".to_string(), Seat::South));
    // Law 26B: at West's first turn to lead (the opening lead) declarer may prohibit one suit not
    // specified by East in the legal auction (East named clubs; the withdrawn 1C does not count).
    let r = t.rectification().unwrap();
    assert!(matches!(r.irregularity, Irregularity::LeadRestriction { offender: Seat::East, leader: Seat::West }));
    let opts = options(&t);
    assert!(opts.iter().all(|o| o.0 == player(Seat::South) && o.2 == "26B"));
    assert!(!opts.iter().any(|o| o.1 == Choice::ProhibitLead(Suit::Clubs)));
    assert!(opts.iter().any(|o| o.1 == Choice::NoProhibition));
    refused(&mut t, FaceEvent::Choose { by: player(Seat::South), choice: Choice::ProhibitLead(Suit::Clubs) }, "26B");
    refused(&mut t, FaceEvent::Play { seat: Seat::West, card: card("S6") }, "9B2");
    choose(&mut t, player(Seat::South), Choice::ProhibitLead(Suit::Hearts)).unwrap();
    assert!(t.legal_cards().iter().all(|c| c.suit() != Suit::Hearts));
    assert_eq!(t.legal_cards().len(), 10);
    // Leading the prohibited suit anyway would be a revoke (61A, see laws61_64_revoke.rs).
    assert_eq!(t.check_card(Seat::West, card("HT")).unwrap_err().law(), "26B");
    play(&mut t, "S6");
    play_out(&mut t);
    assert!(t.result().is_some());
}

#[test]
fn law_27b2_insufficient_bid_corrected_by_pass_partner_must_pass() {
    let mut t = table();
    auction(&mut t, "1H");
    say(&mut t, Seat::East, "1C").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "P").unwrap();
    let choices: Vec<(Choice, String)> = options(&t).into_iter().map(|o| (o.1, o.2)).collect();
    assert_eq!(choices, vec![(Choice::Comparable, "27B1(b)".into()), (Choice::NotComparable, "27B2".into())]);
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    auction(&mut t, "1S");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
}

#[test]
fn law_27b3_double_substituted_is_cancelled_partner_passes_throughout() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "X").unwrap();
    assert_eq!(options(&t)[1], (Chooser::Director, Choice::NotComparable, "27B3".to_string()));
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    // The double is cancelled; East must replace it with a sufficient bid or a pass.
    assert_eq!(t.calls().len(), 1);
    assert_eq!(t.to_call(), Some(Seat::East));
    assert!(!t.legal_calls().contains(&Call::Double));
    refused(&mut t, FaceEvent::Call { seat: Seat::East, call: Spoken::Call(Call::Double) }, "27B3");
    auction(&mut t, "2S P");
    assert_eq!(t.to_call(), Some(Seat::West));
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::West, c("3S")).unwrap_err().law(), "27B3");
    assert_eq!(t.lead_restrictions()[0].law, "27B3");
}

#[test]
fn law_27b4_second_insufficient_bid_not_accepted_ruled_as_27b3() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "1H").unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::InsufficientSubstitute { .. }));
    assert_eq!(options(&t).iter().map(|o| (o.0, o.2.as_str())).collect::<Vec<_>>(), vec![(player(Seat::South), "27B4"); 2]);
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    assert_eq!(t.to_call(), Some(Seat::East));
    assert!(!t.legal_calls().contains(&Call::Double));
    auction(&mut t, "P P");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
}

#[test]
fn law_27b4_second_insufficient_bid_accepted() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "1H").unwrap();
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    assert_eq!(t.calls().last().unwrap().call, c("1H"));
    assert!(t.pending().is_empty());
    assert_eq!(t.to_call(), Some(Seat::South));
}

#[test]
fn law_27b_correction_must_be_a_legal_call() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    // A redouble is not legal here.
    refused(&mut t, FaceEvent::Call { seat: Seat::East, call: Spoken::Call(Call::Redouble) }, "27B");
}

#[test]
fn law_26b_prohibition_lasts_while_offenders_partner_retains_the_lead() {
    let mut t = table_with(SPADES_WEST);
    // North passes, East opens 1H, South 1NT, West passes, North 3NT; East's 2C is insufficient,
    // corrected by a pass judged not comparable (27B2).
    auction(&mut t, "P 1H 1NT P 3NT");
    corrected_not_comparable(&mut t, Seat::East, "2C", "P");
    auction(&mut t, "P P");
    assert_eq!(t.final_contract().unwrap().declarer, Seat::South);
    // East named hearts in the legal auction: hearts may not be prohibited.
    assert!(!options(&t).iter().any(|o| o.1 == Choice::ProhibitLead(Suit::Hearts)));
    choose(&mut t, player(Seat::South), Choice::ProhibitLead(Suit::Diamonds)).unwrap();
    assert_eq!(t.lead_restrictions()[0].state, RestrictionState::Prohibited(Suit::Diamonds));
    play(&mut t, "SA S3 S8 S5");
    // West won the trick and retains the lead: still no diamond.
    assert_eq!(t.to_play(), Some(Seat::West));
    assert_eq!(t.check_card(Seat::West, card("DT")).unwrap_err().law(), "26B");
    play(&mut t, "SK S4 S9 S6 SQ SJ ST S7 S2 C2 C4 C5 H8 HA H6 H2");
    // North won: West has lost the lead and the prohibition ends.
    assert_eq!(t.lead_restrictions()[0].state, RestrictionState::Spent);
    play_out(&mut t);
    assert!(t.result().is_some());
}

#[test]
fn law_26b_no_restriction_when_offender_becomes_declarer() {
    let mut t = table();
    auction(&mut t, "1H");
    corrected_not_comparable(&mut t, Seat::East, "1C", "3C");
    auction(&mut t, "P P P");
    assert_eq!(t.final_contract().unwrap().declarer, Seat::East);
    assert!(t.rectification().is_none());
    assert_eq!(t.lead_restrictions()[0].state, RestrictionState::Spent);
    assert_eq!(t.legal_cards().len(), 13);
}

#[test]
fn law_27a1_lho_calling_accepts_the_insufficient_bid() {
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    // South calls over it instead of choosing: that is acceptance.
    say(&mut t, Seat::South, "2C").unwrap();
    assert!(t.rectification().is_none());
    let calls: Vec<String> = t.calls().iter().map(|m| m.call.to_string()).collect();
    assert_eq!(calls, vec!["1NT", "1S", "2C"]);
    assert_eq!(t.notes().last().unwrap().law, "27A1");
    // Anyone else must wait for the Director (Law 9B2).
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    refused(&mut t, FaceEvent::Call { seat: Seat::West, call: c("2S").into() }, "9B2");
    refused(&mut t, FaceEvent::Call { seat: Seat::North, call: c("2S").into() }, "9B2");
}

#[test]
fn law_27c_premature_replacement_stands_unless_lho_accepts_the_insufficient_bid() {
    // Not accepted: the substitution is the correction, and Law 27B applies to it.
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    say(&mut t, Seat::East, "2S").unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::PrematureReplacement { .. }));
    assert_eq!(options(&t), vec![(player(Seat::South), Choice::Accept, "27A1".into()), (player(Seat::South), Choice::Refuse, "27C".into())]);
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    assert_eq!(t.calls().last().unwrap().call, c("2S"));
    assert_eq!(options(&t)[0].2, "27B1(a)");
    choose(&mut t, Chooser::Director, Choice::LowestSufficientSameDenomination).unwrap();
    assert!(t.obligations().is_empty());

    // Accepted: the insufficient bid stands and the substitution is withdrawn.
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    say(&mut t, Seat::East, "3C").unwrap();
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    assert_eq!(t.calls().last().unwrap().call, c("1S"));
    assert_eq!(t.to_call(), Some(Seat::South));

    // An illegal substitution is not made.
    let mut t = table();
    auction(&mut t, "1NT");
    say(&mut t, Seat::East, "1S").unwrap();
    refused(&mut t, FaceEvent::Call { seat: Seat::East, call: Spoken::Call(Call::Redouble) }, "27B");
}
