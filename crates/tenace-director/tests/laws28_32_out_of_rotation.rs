//! Laws 28-32: calls out of rotation; Law 25: changes of call.

mod common;

use common::*;
use tenace_core::{Call, Seat};
use tenace_director::{Choice, Chooser, FaceEvent, Irregularity, Law, Obligation, Pending};

#[test]
fn law_29a_bid_out_of_rotation_accepted_by_lho() {
    let mut t = table();
    // North deals; East bids at North's turn.
    say(&mut t, Seat::East, "1H").unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::OutOfRotation { offender: Seat::East, turn_of: Seat::North, .. }));
    assert_eq!(options(&t), vec![(player(Seat::South), Choice::Accept, "29A".to_string()), (player(Seat::South), Choice::Refuse, "31A".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::Accept }, "29A");
    choose(&mut t, player(Seat::South), Choice::Accept).unwrap();
    // The auction continues from the offender's left; North lost his turn.
    assert_eq!(t.to_call(), Some(Seat::South));
    auction(&mut t, "P P P");
    let fc = t.final_contract().unwrap();
    assert_eq!((fc.contract.to_string(), fc.declarer), ("1H".to_string(), Seat::East));
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
}

#[test]
fn law_31a1_bid_out_of_rotation_at_rhos_turn_rho_passes_offender_repeats() {
    let mut t = table();
    say(&mut t, Seat::East, "1H").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    // Law 29B: cancelled, the auction reverts to North.
    assert!(t.calls().is_empty());
    assert_eq!(t.to_call(), Some(Seat::North));
    assert!(matches!(t.pending()[0], Pending::AwaitRho { offender: Seat::East, .. }));
    auction(&mut t, "P");
    assert_eq!(t.legal_calls(), vec![c("1H")]);
    assert_eq!(t.check_call(Seat::East, c("1S")).unwrap_err().law(), "31A1");
    refused(&mut t, FaceEvent::Call { seat: Seat::East, call: c("2H").into() }, "31A1");
    auction(&mut t, "1H");
    // Repeated: no rectification.
    assert!(t.obligations().is_empty() && t.pending().is_empty() && t.lead_restrictions().is_empty());
    assert!(t.legal_calls().len() > 30);
}

#[test]
fn law_31a2_bid_out_of_rotation_at_rhos_turn_rho_bids_not_comparable_partner_passes_next_turn() {
    let mut t = table();
    say(&mut t, Seat::East, "1H").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    auction(&mut t, "1S");
    // East may make any legal call: the Director then judges comparability (2017 Law 23A).
    assert!(t.legal_calls().contains(&c("1NT")));
    say(&mut t, Seat::East, "2C").unwrap();
    assert_eq!(
        options(&t),
        vec![(Chooser::Director, Choice::Comparable, "31A2(a)".to_string()), (Chooser::Director, Choice::NotComparable, "31A2(b)".to_string())]
    );
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    assert_eq!(t.obligations(), &[Obligation::PassAtNextTurn { seat: Seat::West, law: Law::new("31A2(b)") }]);
    auction(&mut t, "P");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    auction(&mut t, "P");
    // Only at his next turn.
    assert!(t.obligations().is_empty());
    auction(&mut t, "2S P P");
    assert_eq!(t.to_call(), Some(Seat::West));
    assert!(t.legal_calls().contains(&c("3C")));
    assert_eq!(t.lead_restrictions()[0].law, "31A2(b)");
}

#[test]
fn law_31a2a_bid_out_of_rotation_replaced_by_comparable_call_no_rectification() {
    let mut t = table();
    say(&mut t, Seat::East, "1H").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    auction(&mut t, "1C");
    say(&mut t, Seat::East, "1H").unwrap();
    choose(&mut t, Chooser::Director, Choice::Comparable).unwrap();
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
    assert_eq!(t.notes().last().unwrap().law, "23C");
}

#[test]
fn law_31b_bid_out_of_rotation_at_partners_turn_not_comparable_partner_passes_next_turn() {
    let mut t = table();
    // South bids at North's (his partner's) turn.
    say(&mut t, Seat::South, "1NT").unwrap();
    assert_eq!(options(&t)[1], (player(Seat::West), Choice::Refuse, "31B".to_string()));
    choose(&mut t, player(Seat::West), Choice::Refuse).unwrap();
    // Partner may make any legal call (16C2 aside).
    assert_eq!(t.to_call(), Some(Seat::North));
    assert!(t.legal_calls().contains(&c("1C")));
    auction(&mut t, "1C P");
    say(&mut t, Seat::South, "1D").unwrap();
    assert_eq!(options(&t)[1].2, "31B(b)");
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    auction(&mut t, "P");
    assert_eq!(t.to_call(), Some(Seat::North));
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::North, c("1H")).unwrap_err().law(), "31B(b)");
}

#[test]
fn law_31b_bid_out_of_rotation_at_lhos_turn_before_offender_has_called() {
    let mut t = table();
    // West bids at North's turn: North is West's LHO and West has not called.
    say(&mut t, Seat::West, "1S").unwrap();
    assert_eq!(options(&t)[1], (player(Seat::North), Choice::Refuse, "31B".to_string()));
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    auction(&mut t, "P P P");
    say(&mut t, Seat::West, "1S").unwrap();
    choose(&mut t, Chooser::Director, Choice::Comparable).unwrap();
    assert!(t.obligations().is_empty());
}

#[test]
fn law_30a_pass_out_of_rotation_at_rhos_turn_offender_passes_at_next_turn() {
    let mut t = table();
    say(&mut t, Seat::East, "P").unwrap();
    assert_eq!(options(&t)[1].2, "30A");
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    // Law 30C: the Director judges whether the pass was artificial.
    assert_eq!(options(&t), vec![(Chooser::Director, Choice::Natural, "30A".to_string()), (Chooser::Director, Choice::Artificial, "30C".to_string())]);
    choose(&mut t, Chooser::Director, Choice::Natural).unwrap();
    auction(&mut t, "1C");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::East, c("1H")).unwrap_err().law(), "30A");
    auction(&mut t, "P 1H P");
    // The obligation is for one turn only; no lead restriction.
    auction(&mut t, "2H");
    assert!(t.legal_calls().contains(&c("3C")));
    assert!(t.lead_restrictions().is_empty());
}

#[test]
fn law_30b1_pass_out_of_rotation_at_partners_turn_not_comparable() {
    let mut t = table();
    say(&mut t, Seat::South, "P").unwrap();
    assert_eq!(options(&t)[1], (player(Seat::West), Choice::Refuse, "30B1".to_string()));
    choose(&mut t, player(Seat::West), Choice::Refuse).unwrap();
    assert_eq!(options(&t)[0], (Chooser::Director, Choice::Natural, "30B1".to_string()));
    choose(&mut t, Chooser::Director, Choice::Natural).unwrap();
    auction(&mut t, "1C P");
    say(&mut t, Seat::South, "1H").unwrap();
    assert_eq!(
        options(&t),
        vec![(Chooser::Director, Choice::Comparable, "30B1(b)(i)".to_string()), (Chooser::Director, Choice::NotComparable, "30B1(b)(ii)".to_string())]
    );
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    auction(&mut t, "P");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.lead_restrictions()[0].law, "30B1(b)(ii)");
}

#[test]
fn law_32a1_double_out_of_rotation_at_rhos_turn_rho_passes_offender_repeats() {
    let mut t = table();
    auction(&mut t, "1H P");
    // West doubles at South's turn (South is West's RHO).
    say(&mut t, Seat::West, "X").unwrap();
    assert_eq!(options(&t), vec![(player(Seat::North), Choice::Accept, "29A".into()), (player(Seat::North), Choice::Refuse, "32A".into())]);
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    auction(&mut t, "P");
    assert_eq!(t.legal_calls(), vec![Call::Double]);
    assert_eq!(t.check_call(Seat::West, Call::Pass).unwrap_err().law(), "32A1");
    auction(&mut t, "X");
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
}

#[test]
fn law_32a2_double_out_of_rotation_rho_bids_offender_not_comparable() {
    let mut t = table();
    auction(&mut t, "1H P");
    say(&mut t, Seat::West, "X").unwrap();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    auction(&mut t, "2H");
    say(&mut t, Seat::West, "P").unwrap();
    assert_eq!(options(&t)[1].2, "32A2(b)");
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    auction(&mut t, "P");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
}

#[test]
fn law_32b_double_out_of_rotation_at_partners_turn() {
    let mut t = table();
    auction(&mut t, "1H");
    // West doubles at East's (his partner's) turn.
    say(&mut t, Seat::West, "X").unwrap();
    assert_eq!(options(&t)[1], (player(Seat::North), Choice::Refuse, "32B".into()));
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    auction(&mut t, "P P");
    say(&mut t, Seat::West, "X").unwrap();
    choose(&mut t, Chooser::Director, Choice::Comparable).unwrap();
    assert!(t.obligations().is_empty());
}

#[test]
fn law_32_inadmissible_double_out_of_rotation_may_never_be_accepted_law_36b4() {
    let mut t = table();
    // West doubles at North's turn, with no bid to double.
    say(&mut t, Seat::West, "X").unwrap();
    assert_eq!(options(&t), vec![(Chooser::Director, Choice::Rectify, "36B4".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::Accept }, "36B4");
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    assert_eq!(t.to_call(), Some(Seat::North));
    auction(&mut t, "1C");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::East, c("1D")).unwrap_err().law(), "36B4");
}

#[test]
fn law_28a_call_at_rhos_turn_when_rho_must_pass_is_in_rotation() {
    let mut t = table();
    auction(&mut t, "1H");
    corrected_not_comparable(&mut t, Seat::East, "1C", "3C");
    auction(&mut t, "3H");
    // West must pass; North calls at West's turn: in rotation, West's pass taken as made.
    say(&mut t, Seat::North, "4H").unwrap();
    assert!(t.rectification().is_none());
    let tail: Vec<(Seat, Call)> = t.calls()[t.calls().len() - 2..].iter().map(|m| (m.seat, m.call)).collect();
    assert_eq!(tail, vec![(Seat::West, Call::Pass), (Seat::North, c("4H"))]);
    assert_eq!(t.to_call(), Some(Seat::East));
}

#[test]
fn law_25b2_change_of_call_not_accepted_original_stands() {
    let mut t = table();
    auction(&mut t, "1C");
    // North changes his mind at East's turn.
    say(&mut t, Seat::North, "1NT").unwrap();
    assert_eq!(
        options(&t),
        vec![
            (Chooser::Director, Choice::Unintended, "25A".to_string()),
            (player(Seat::East), Choice::Accept, "25B1".to_string()),
            (player(Seat::East), Choice::Refuse, "25B2".to_string())
        ]
    );
    choose(&mut t, player(Seat::East), Choice::Refuse).unwrap();
    assert_eq!(t.calls().len(), 1);
    assert_eq!(t.calls()[0].call, c("1C"));
    assert_eq!(t.to_call(), Some(Seat::East));
    assert!(t.lead_restrictions().is_empty());
}

#[test]
fn law_25b1_change_of_call_accepted_by_lho_law_26_may_apply() {
    let mut t = table();
    auction(&mut t, "1C");
    say(&mut t, Seat::North, "1NT").unwrap();
    choose(&mut t, player(Seat::East), Choice::Accept).unwrap();
    assert_eq!(t.calls()[0].call, c("1NT"));
    assert_eq!(options(&t)[1], (Chooser::Director, Choice::NotComparable, "26B".to_string()));
    choose(&mut t, Chooser::Director, Choice::NotComparable).unwrap();
    // Law 25B1 puts no pass obligation on partner; only Law 26B.
    assert!(t.obligations().is_empty());
    assert_eq!(t.lead_restrictions()[0].law, "26B");
}

#[test]
fn law_25a_unintended_call_judged_by_director_at_lhos_turn() {
    let mut t = table();
    auction(&mut t, "1C");
    say(&mut t, Seat::North, "1NT").unwrap();
    choose(&mut t, Chooser::Director, Choice::Unintended).unwrap();
    assert_eq!(t.calls().len(), 1);
    assert_eq!(t.calls()[0].call, c("1NT"));
    assert!(t.lead_restrictions().is_empty(), "Law 25A1: no Law 26 restrictions");
}

#[test]
fn law_25a_unintended_call_replaced_before_partner_calls() {
    let mut t = table();
    auction(&mut t, "1C");
    t.apply(FaceEvent::UnintendedCall { seat: Seat::North, intended: c("1NT") }).unwrap();
    assert_eq!(t.calls()[0].call, c("1NT"));
    assert_eq!(t.to_call(), Some(Seat::East));
    assert_eq!(t.notes().last().unwrap().law, "25A");
}

#[test]
fn law_25a6_lho_may_withdraw_his_call_over_the_unintended_call() {
    let mut t = table();
    auction(&mut t, "1C 1D");
    t.apply(FaceEvent::UnintendedCall { seat: Seat::North, intended: c("1NT") }).unwrap();
    // 1D is now insufficient, so only withdrawal is offered.
    assert_eq!(options(&t), vec![(player(Seat::East), Choice::WithdrawCall, "25A6".to_string())]);
    choose(&mut t, player(Seat::East), Choice::WithdrawCall).unwrap();
    assert_eq!(t.to_call(), Some(Seat::East));

    let mut t = table();
    auction(&mut t, "1C X");
    t.apply(FaceEvent::UnintendedCall { seat: Seat::North, intended: c("1NT") }).unwrap();
    assert_eq!(options(&t)[0].1, Choice::KeepCall);
    choose(&mut t, player(Seat::East), Choice::KeepCall).unwrap();
    assert_eq!(t.calls()[1].call, Call::Double);
    assert_eq!(t.to_call(), Some(Seat::South));
}

#[test]
fn law_25a4_no_substitution_after_partner_has_called() {
    let mut t = table();
    auction(&mut t, "1C P 1H");
    refused(&mut t, FaceEvent::UnintendedCall { seat: Seat::North, intended: c("1NT") }, "25A4");
    refused(&mut t, FaceEvent::UnintendedCall { seat: Seat::West, intended: c("1NT") }, "25A1");
}

#[test]
fn law_25a5_no_substitution_after_the_auction_period() {
    let mut t = north_declares();
    // Before the opening lead the last pass may still be corrected...
    let mut before = t.clone();
    before.apply(FaceEvent::UnintendedCall { seat: Seat::West, intended: c("2C") }).unwrap();
    assert!(before.play().is_none());
    assert_eq!(before.to_call(), Some(Seat::North));
    // ...but not once the opening lead is faced (Law 17D1).
    play(&mut t, "HA");
    refused(&mut t, FaceEvent::UnintendedCall { seat: Seat::West, intended: c("2C") }, "17D1");
    refused(&mut t, FaceEvent::Call { seat: Seat::West, call: c("2C").into() }, "17D1");
}

#[test]
fn law_29a_lho_calling_accepts_the_call_out_of_rotation() {
    let mut t = table();
    say(&mut t, Seat::East, "1H").unwrap();
    say(&mut t, Seat::South, "1S").unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.calls().iter().map(|m| m.seat).collect::<Vec<_>>(), vec![Seat::East, Seat::South]);
    assert_eq!(t.to_call(), Some(Seat::West));
}

#[test]
fn law_28b_call_by_the_player_whose_turn_it_was_cancels_without_rectification() {
    let mut t = table();
    say(&mut t, Seat::East, "1H").unwrap();
    // North, whose turn it was, calls before rectification.
    say(&mut t, Seat::North, "1C").unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.calls().len(), 1);
    assert!(t.pending().is_empty() && t.obligations().is_empty());
    assert_eq!(t.notes().last().unwrap().law, "28B");
    assert_eq!(t.to_call(), Some(Seat::East));
    assert!(t.legal_calls().contains(&c("2D")));
}

#[test]
fn law_17d3_and_34_pass_out_of_rotation_deprived_a_player_of_his_turn() {
    let mut t = table();
    auction(&mut t, "1H");
    // South passes at East's turn; West accepts; West and North pass: three passes, but East
    // never called.
    say(&mut t, Seat::South, "P").unwrap();
    choose(&mut t, player(Seat::West), Choice::Accept).unwrap();
    auction(&mut t, "P");
    say(&mut t, Seat::North, "P").unwrap();
    assert!(t.play().is_none(), "the auction has not ended");
    assert_eq!(t.calls().len(), 1, "the passes after East's missed turn are cancelled");
    assert_eq!(t.to_call(), Some(Seat::East));
    assert_eq!(t.notes().last().unwrap().law, "17D3");
    auction(&mut t, "P P P");
    assert_eq!(t.final_contract().unwrap().contract.to_string(), "1H");
}

#[test]
fn law_30c_artificial_pass_out_of_rotation_law_31_applies() {
    let mut t = table();
    // East passes at North's turn; the pass is artificial (e.g. a strong pass): Law 31A, not 30A.
    say(&mut t, Seat::East, "P").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    choose(&mut t, Chooser::Director, Choice::Artificial).unwrap();
    assert!(matches!(t.pending()[0], Pending::AwaitRho { offender: Seat::East, withdrawn: Call::Pass, .. }));
    // North passes: East must repeat his pass (31A1), and there is no further rectification.
    auction(&mut t, "P");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::East, c("1C")).unwrap_err().law(), "31A1");
    auction(&mut t, "P 1H");
    assert!(t.obligations().is_empty() && t.lead_restrictions().is_empty());
}

#[test]
fn law_25a_replacing_a_compulsory_pass_keeps_the_obligation() {
    let mut t = table();
    // East passes out of rotation at North's turn: he must pass at his next turn (30A).
    say(&mut t, Seat::East, "P").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    choose(&mut t, Chooser::Director, Choice::Natural).unwrap();
    auction(&mut t, "1C P");
    assert!(t.obligations().is_empty());
    // His pass is "replaced" under Law 25A: the duty to pass is owed again.
    t.apply(FaceEvent::UnintendedCall { seat: Seat::East, intended: c("1H") }).unwrap();
    assert_eq!(t.rectification().unwrap().options[0].law, "37B");
}

/// Law 25 (issue 19, item 7): the same call said again by the player who has just made it is no
/// change of call (no "1H replaced by 1H" ruling): refused, naming whose turn it is; the table
/// is unchanged.
#[test]
fn law_25_the_same_call_said_again_is_no_change_of_call() {
    let mut t = table();
    say(&mut t, Seat::North, "1H").unwrap();
    let before = t.calls().len();
    let err = say(&mut t, Seat::North, "1H").unwrap_err();
    assert_eq!(err.law(), "25");
    assert!(err.to_string().contains("changes nothing") && err.to_string().contains("East's turn"), "{err}");
    assert!(t.rectification().is_none());
    assert_eq!(t.calls().len(), before);
    // A different call is still a change of call (25A/25B).
    say(&mut t, Seat::North, "2H").unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::ChangeOfCall { offender: Seat::North, .. }));
}

/// Law 9B2 (issue 19, item 7): a call refused while a rectification waits names the
/// irregularity in words, not as an internal dump.
#[test]
fn law_9b2_a_refusal_names_the_irregularity_in_words() {
    let mut t = table();
    say(&mut t, Seat::North, "1S").unwrap();
    say(&mut t, Seat::East, "1H").unwrap();
    let err = say(&mut t, Seat::West, "Pass").unwrap_err();
    let text = err.to_string();
    assert_eq!(err.law(), "9B2");
    assert!(text.contains("insufficient bid (bid=1H, offender=East)") && !text.contains('{'), "{text}");
}
