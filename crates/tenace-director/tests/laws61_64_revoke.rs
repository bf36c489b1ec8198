//! Laws 61-64: revokes recorded, established, and the automatic trick adjustment.

mod common;

use common::*;
use tenace_core::{Seat, Side};
use tenace_director::{Choice, FaceEvent, FaceTable, Irregularity};

fn adjusted_and_raw(t: &FaceTable) -> (u8, u8) {
    let r = t.result().expect("board over");
    (r.declarer_tricks, t.play().unwrap().tricks_won(Side::NorthSouth))
}

#[test]
fn law_61a_revoke_is_recorded_not_refused_and_63a1_established() {
    let mut t = north_declares();
    // East leads the HA; West, holding hearts, discards a club.
    play(&mut t, "HA H6");
    assert!(t.check_card(Seat::West, card("C4")).is_err(), "check_card still says 44C");
    assert!(!t.legal_cards().contains(card("C4")));
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.revokes().len(), 1);
    assert!(!p.revokes()[0].established);
    play(&mut t, "H4 HK");
    // East (the offender's partner) played to the next trick: established (63A1).
    assert!(t.play().unwrap().revokes()[0].established);
}

#[test]
fn law_64a2_revoke_trick_not_won_by_offender_one_trick_transferred() {
    let mut t = north_declares();
    play(&mut t, "HA H6 C4 H4");
    play_out(&mut t);
    let (adjusted, raw) = adjusted_and_raw(&t);
    assert_eq!(adjusted, raw + 1);
    assert!(note_laws(&t).contains(&"64A2".to_string()));
}

#[test]
fn law_64a1_revoke_trick_won_by_offender_that_trick_and_one_more() {
    let mut t = table();
    auction(&mut t, "1S P P P");
    // West ruffs the heart lead although he holds hearts, and wins the trick.
    play(&mut t, "HA H6 S4 H4");
    assert_eq!(t.to_play(), Some(Seat::West));
    play_out(&mut t);
    let p = t.play().unwrap();
    let later_ew = p.tricks()[1..].iter().filter(|tr| tr.winner(p.trump()).is_some_and(|w| w.side() == Side::EastWest)).count();
    let (adjusted, raw) = adjusted_and_raw(&t);
    assert_eq!(adjusted, raw + 1 + u8::from(later_ew > 0));
    assert!(note_laws(&t).contains(&"64A1".to_string()));
}

#[test]
fn law_64b2_second_revoke_in_the_same_suit_by_the_same_player_not_adjusted() {
    let mut t = north_declares();
    play(&mut t, "HA H6 C4 H4 HK H9 C5 H5");
    play_out(&mut t);
    let (adjusted, raw) = adjusted_and_raw(&t);
    assert_eq!(adjusted, raw + 1);
    assert_eq!(note_laws(&t)[note_laws(&t).len() - 2..], ["64A2".to_string(), "64B2".to_string()]);
}

#[test]
fn law_64b3_revoke_by_dummy_no_adjustment() {
    let mut t = north_declares();
    // South is dummy; declarer plays a club from dummy on the heart lead.
    play(&mut t, "HA C3 H8 H4");
    play_out(&mut t);
    let (adjusted, raw) = adjusted_and_raw(&t);
    assert_eq!(adjusted, raw);
    assert!(note_laws(&t).contains(&"64B3".to_string()));
}

#[test]
fn law_64b7_both_sides_revoked_no_adjustment() {
    let mut t = north_declares();
    // West revokes on trick 1; North (declarer) revokes on trick 2.
    play(&mut t, "HA H6 C4 H4 H2 H9 H7 C7");
    play_out(&mut t);
    let (adjusted, raw) = adjusted_and_raw(&t);
    assert_eq!(adjusted, raw);
    assert!(note_laws(&t).iter().filter(|l| *l == "64B7").count() == 2);
}

#[test]
fn law_62b1_defenders_revoke_corrected_card_becomes_major_penalty_card() {
    let mut t = north_declares();
    play(&mut t, "HA H6 C4");
    // Only the offender, and only with a legal card.
    refused(&mut t, FaceEvent::CorrectRevoke { seat: Seat::East, card: card("HK") }, "62A");
    refused(&mut t, FaceEvent::CorrectRevoke { seat: Seat::West, card: card("C5") }, "44C");
    t.apply(FaceEvent::CorrectRevoke { seat: Seat::West, card: card("H7") }).unwrap();
    let p = t.play().unwrap();
    assert!(p.revokes().is_empty());
    assert_eq!(p.tricks()[0].cards, vec![card("HA"), card("H6"), card("H7")]);
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("C4"))]);
    assert_eq!(t.notes().last().unwrap().law, "62B1");
    assert_eq!(t.to_play(), Some(Seat::North));
}

#[test]
fn law_62b2_declarers_revoke_corrected_without_further_rectification() {
    let mut t = north_declares();
    play(&mut t, "HA H6 H8 H4 H2 H9 H7 C7");
    // North's C7 completed the trick; it is withdrawn and the trick is played again from there.
    t.apply(FaceEvent::CorrectRevoke { seat: Seat::North, card: card("H5") }).unwrap();
    let p = t.play().unwrap();
    assert!(p.revokes().is_empty());
    assert_eq!(p.tricks()[1].cards.last(), Some(&card("H5")));
    assert!(t.penalty_cards().is_empty());
    assert_eq!(t.notes().last().unwrap().law, "62B2");
}

#[test]
fn law_63b_established_revoke_may_not_be_corrected() {
    let mut t = north_declares();
    play(&mut t, "HA H6 C4 H4 HK");
    refused(&mut t, FaceEvent::CorrectRevoke { seat: Seat::West, card: card("H7") }, "62A");
}

#[test]
fn law_62d1_revoke_on_trick_twelve_corrected_after_play_even_though_established() {
    // Play eleven tricks (picking legal cards by a varying rule) until some hand reaches trick
    // twelve with the suit led and another card; it revokes.
    let mut found = None;
    for k in 0..200usize {
        let mut t = table();
        auction(&mut t, "1NT P P P");
        let mut step = 0;
        while t.play().unwrap().completed_tricks() < 11 {
            let seat = t.to_play().unwrap();
            let legal: Vec<_> = t.legal_cards().iter().collect();
            step += 1;
            t.apply(FaceEvent::Play { seat, card: legal[(k * 7 + step * (k + 3)) % legal.len()] }).unwrap();
        }
        let mut revoker = None;
        while t.play().unwrap().completed_tricks() < 12 {
            let seat = t.to_play().unwrap();
            let hand = t.play().unwrap().remaining(seat);
            let led = t.play().unwrap().current_trick().unwrap().suit_led();
            let off_suit = led.and_then(|s| hand.iter().find(|c| c.suit() != s && hand.suit_len(s) > 0));
            let card = match off_suit {
                Some(c) if revoker.is_none() => {
                    revoker = Some((seat, c));
                    c
                }
                _ => t.legal_cards().iter().next().unwrap(),
            };
            t.apply(FaceEvent::Play { seat, card }).unwrap();
        }
        if revoker.is_some() {
            found = Some((t, revoker));
            break;
        }
    }
    let (mut t, revoker) = found.expect("some line of play lets a hand revoke on trick twelve");
    let (seat, revoke_card) = revoker.expect("somebody can revoke on trick twelve of this deal");
    play_out(&mut t);
    assert!(t.result().is_some());
    assert!(t.play().unwrap().revokes()[0].established);
    let last = t.play().unwrap().tricks()[12].card_of(seat).unwrap();
    // A card that is not his last one, or the wrong player: refused, nothing changes.
    refused(&mut t, FaceEvent::CorrectRevoke { seat: seat.lho(), card: last }, "62A");
    t.apply(FaceEvent::CorrectRevoke { seat, card: last }).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[11].card_of(seat), Some(last));
    assert_eq!(p.tricks()[12].card_of(seat), Some(revoke_card));
    assert!(p.revokes().is_empty());
    assert!(t.result().is_some(), "re-scored");
    assert!(note_laws(&t).contains(&"62D1".to_string()));
}

#[test]
fn law_62c1_non_offender_withdraws_the_card_played_after_the_revoke() {
    let mut t = north_declares();
    // West revokes on the heart lead; declarer plays after him; then the revoke is corrected.
    play(&mut t, "HA H6 C4 H4");
    t.apply(FaceEvent::CorrectRevoke { seat: Seat::West, card: card("H7") }).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("C4"))]);
    let n = player(Seat::North);
    assert_eq!(options(&t), vec![(n, Choice::KeepCard, "62C1".to_string()), (n, Choice::WithdrawCard, "62C1".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::West), choice: Choice::WithdrawCard }, "62C1");
    choose(&mut t, n, Choice::WithdrawCard).unwrap();
    assert_eq!(t.to_play(), Some(Seat::North));
    play(&mut t, "HQ");
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("HA"), card("H6"), card("H7"), card("HQ")]);
    assert!(p.remaining(Seat::North).contains(card("H4")));
    assert!(p.revokes().is_empty());
}

/// North wins the first trick and leads the H4; East revokes with the D4; dummy and West play.
fn east_revokes_after_a_heart_lead() -> FaceTable {
    let mut t = north_declares();
    play(&mut t, "C2 C3 C4 CA H4 D4 H6 H7");
    t.apply(FaceEvent::CorrectRevoke { seat: Seat::East, card: card("HA") }).unwrap();
    t
}

#[test]
fn law_62c2_after_a_non_offender_withdraws_the_offenders_partner_may_withdraw_a_penalty_card() {
    let mut t = east_revokes_after_a_heart_lead();
    // Dummy's card: declarer decides (62C1).
    assert_eq!(options(&t)[1], (player(Seat::North), Choice::WithdrawCard, "62C1".to_string()));
    choose(&mut t, player(Seat::North), Choice::WithdrawCard).unwrap();
    play(&mut t, "H9");
    // Now West, of the offending side, may withdraw his card: it becomes a penalty card.
    let w = player(Seat::West);
    assert_eq!(options(&t), vec![(w, Choice::KeepCard, "62C2".to_string()), (w, Choice::WithdrawCard, "62C2".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::WithdrawCard }, "62C2");
    choose(&mut t, w, Choice::WithdrawCard).unwrap();
    let mut pcs = t.penalty_cards().to_vec();
    pcs.sort_by_key(|(s, _)| s.index());
    assert_eq!(pcs, vec![(Seat::East, card("D4")), (Seat::West, card("H7"))]);
    // A major penalty card: played at the first legal opportunity (50D1) — this one.
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("H7")]);
    assert_eq!(t.check_card(Seat::West, card("H8")).unwrap_err().law(), "50D1", "Law 52 if played anyway");
    play(&mut t, "H7");
    assert_eq!(t.play().unwrap().tricks()[1].cards, vec![card("H4"), card("HA"), card("H9"), card("H7")]);
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("D4"))]);
}

#[test]
fn law_62c2_the_offending_sides_card_stands_when_no_non_offender_withdrew() {
    let mut t = east_revokes_after_a_heart_lead();
    choose(&mut t, player(Seat::North), Choice::KeepCard).unwrap();
    // West may not withdraw: his H7 is played again.
    assert!(t.rectification().is_none());
    assert_eq!(t.play().unwrap().tricks()[1].cards, vec![card("H4"), card("HA"), card("H6"), card("H7")]);
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("D4"))]);
}

#[test]
fn law_62c3_both_sides_revoked_on_the_trick_both_revokes_are_corrected() {
    let mut t = north_declares();
    // On the heart lead dummy (South) and West both discard a club; East wins and leads again,
    // which establishes West's revoke (63A1) — only East-West have played to the next trick.
    play(&mut t, "HA C3 C4 H4 HK");
    assert!(t.play().unwrap().revokes().iter().any(|r| r.offender == Seat::West && r.established));
    // The earlier revoke in rotation (dummy's) is corrected first.
    refused(&mut t, FaceEvent::CorrectRevoke { seat: Seat::West, card: card("H7") }, "62C3");
    t.apply(FaceEvent::CorrectRevoke { seat: Seat::South, card: card("H6") }).unwrap();
    // West's revoke card is withdrawn — a penalty card, a defender's — and he plays again.
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("C4"))]);
    assert_eq!(t.to_play(), Some(Seat::West));
    play(&mut t, "H8");
    // Every other card played after the revoke may be withdrawn by its player.
    let n = player(Seat::North);
    assert_eq!(options(&t), vec![(n, Choice::KeepCard, "62C3".to_string()), (n, Choice::WithdrawCard, "62C3".to_string())]);
    choose(&mut t, n, Choice::KeepCard).unwrap();
    let e = player(Seat::East);
    assert_eq!(options(&t)[1], (e, Choice::WithdrawCard, "62C3".to_string()));
    refused(&mut t, FaceEvent::Choose { by: n, choice: Choice::WithdrawCard }, "62C3");
    // A card the defending side withdraws becomes a penalty card.
    choose(&mut t, e, Choice::WithdrawCard).unwrap();
    assert!(t.penalty_cards().contains(&(Seat::East, card("HK"))));
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("HA"), card("H6"), card("H8"), card("H4")]);
    assert!(p.revokes().is_empty(), "both corrected: no trick adjustment (64B8)");
    // East is to lead again, with West's penalty card on the table: declarer's 50D2 option.
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PenaltyCardLead { holder: Seat::West, leader: Seat::East })));
    choose(&mut t, n, Choice::NoProhibition).unwrap();
    // East's own penalty card is his lead (50D1).
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("HK")]);
}
