//! Law 62C: after a revoke is corrected, the cards played after it are taken back and come up
//! again in rotation. Each member of the non-offending side may withdraw his and play another
//! (62C1, Law 16C); once a non-offender has, the offending side's next card may be withdrawn too,
//! and a defender's so withdrawn becomes a penalty card (62C2). A card nobody may, or wants to,
//! withdraw is played again as it was. When the correction changes who is to play (the revoke
//! trick now has another winner), the remaining cards go back to their hands (Law 47A).
//!
//! Law 62C3: when both sides revoked on the trick and only one side has played to the next one,
//! both revokes are corrected: the earlier is the `CorrectRevoke` event, the later one's card is
//! withdrawn at its turn and its player plays again; every other card may be withdrawn by its
//! player, and every card the defending side withdraws becomes a penalty card. (A corrected
//! revoke leaves no revoke record, so there is no trick adjustment, 64B8.)
//!
//! Law 58B3 (via 67A2): only the offender's opponents may change their cards, without further
//! rectification.
//!
//! Law 45D1: dummy placed a card declarer had not named, found before each side has played to
//! the next trick: it is withdrawn and the named card played; a defender may withdraw a card
//! played after it, and once declarer's RHO has changed his play declarer may withdraw his.
//! Found later (45D2), the card stands and play continues normally.
//!
//! Law 45C4(b), 47C, 47D: declarer corrects an unintended designation of dummy's card before he
//! next plays from either hand: the card goes back to dummy's hand and the intended one is
//! played; an opponent who has played in turn since, a legal card, may withdraw it.

use crate::law::Law;
use tenace_core::{Card, Seat};

use super::{option, FaceTable};
use crate::error::DirectorError;
use crate::rectification::{Choice, Chooser, Irregularity};

impl FaceTable {
    /// Plays back the cards that stand and opens the next decision (62C, 58B3); `true` when a
    /// rectification has been opened.
    pub(super) fn advance_after_revoke(&mut self) -> bool {
        loop {
            let Some(mut pending) = self.awaiting.after_revoke.clone() else { return false };
            let Some(play) = self.play.as_ref() else { return false };
            let to_play = play.to_play();
            if pending.waiting.is_some() {
                if to_play == pending.waiting {
                    return false;
                }
                pending.waiting = None;
            }
            let Some(&(seat, card)) = pending.cards.first() else {
                self.awaiting.after_revoke = None;
                return false;
            };
            if to_play != Some(seat) || !play.remaining(seat).contains(card) {
                let shown: Vec<String> = pending.cards.iter().map(|(s, c)| format!("{s:?}'s {c}")).collect();
                self.note(Law::new("47A"), format!("The correction changed the order of play: {} go(es) back to the hand(s).", shown.join(", ")));
                self.awaiting.after_revoke = None;
                return false;
            }
            let offending = seat.side() == pending.revoker.side();
            let declarer = self.final_contract().map_or(seat, |fc| fc.declarer);
            let by = Chooser::Player(if seat == play.dummy() { declarer } else { seat });
            let defender = seat.side() != declarer.side();
            let offender = pending.revoker;
            // Who may withdraw, under which Law, and whether a withdrawn card is a penalty card.
            let decision = match pending.law.to_string().as_str() {
                "62C3" if pending.correct == Some((seat, card)) => {
                    // The other revoke of the trick: its card is withdrawn and corrected.
                    pending.cards.remove(0);
                    pending.waiting = Some(seat);
                    pending.correct = None;
                    self.awaiting.after_revoke = Some(pending);
                    if defender {
                        self.play_duties.penalty_cards.push((seat, card));
                    }
                    let fate = if defender { "a penalty card" } else { "back in the hand" };
                    self.note(Law::new("62C3"), format!("{seat:?}'s revoke card {card} is withdrawn ({fate}); he corrects his revoke."));
                    return false;
                }
                "62C3" => Some(("62C3", defender, Irregularity::CardAfterRevoke { revoker: offender, seat, card })),
                "58B3" if !offending => Some(("58B3", false, Irregularity::CardAfterChange { offender, seat, card })),
                "58B3" => None,
                "45D1" if !offending || pending.non_offender_withdrew => Some(("45D1", false, Irregularity::CardAfterChange { offender, seat, card })),
                "45D1" => None,
                "45C4(b)" if !offending && !pending.stand.contains(&(seat, card)) => {
                    Some(("45C4(b)", false, Irregularity::CardAfterChange { offender, seat, card }))
                }
                "45C4(b)" => None,
                _ if !offending => Some(("62C1", false, Irregularity::CardAfterRevoke { revoker: offender, seat, card })),
                _ if pending.non_offender_withdrew => Some(("62C2", defender, Irregularity::CardAfterRevoke { revoker: offender, seat, card })),
                _ => None,
            };
            if let Some((l, penalty, irregularity)) = decision {
                let withdrawn = if penalty {
                    format!("{seat:?} withdraws the {card}, which becomes a penalty card, and plays again (Law 16C).")
                } else {
                    format!("{seat:?} withdraws the {card} and plays again, without further rectification (Law 16C).")
                };
                self.awaiting.after_revoke = Some(pending);
                self.open(
                    irregularity,
                    vec![
                        option(by, Choice::KeepCard, Law::new(l), format!("{seat:?}'s {card} stands.")),
                        option(by, Choice::WithdrawCard, Law::new(l), withdrawn),
                    ],
                );
                return true;
            }
            // The card stands: its player may not withdraw it (62C2 before a non-offender has
            // withdrawn; 58B3 the offender's side).
            pending.cards.remove(0);
            self.awaiting.after_revoke = Some(pending);
            if !self.replay_card(seat, card) {
                self.awaiting.after_revoke = None;
                return false;
            }
        }
    }

    /// Law 45D: dummy's most recent card was not the one declarer named (`named`).
    pub(super) fn on_dummy_card_not_named(&mut self, named: Card) -> Result<(), DirectorError> {
        self.replace_dummy_card(named, false)
    }

    /// Law 45C4(b), 47C: declarer corrects an unintended designation of dummy's most recent
    /// card (the Director judges it a slip of the tongue) before he has next played a card from
    /// either hand; `card` replaces it, and the one withdrawn goes back to dummy's hand without
    /// further rectification. An opponent who has played in turn since, a card that was legal,
    /// may withdraw it and substitute another (47D, Law 16C1).
    pub(super) fn on_change_of_designation(&mut self, card: Card) -> Result<(), DirectorError> {
        self.replace_dummy_card(card, true)
    }

    /// Dummy's most recent card is replaced by `named`: under Law 45D (`designation` false) or
    /// 45C4(b) (true).
    fn replace_dummy_card(&mut self, named: Card, designation: bool) -> Result<(), DirectorError> {
        let none = if designation { DirectorError::NoDesignationToChange } else { DirectorError::NoUnnamedDummyCard };
        self.pending_error()?;
        self.claim_error()?;
        if self.result.is_some() {
            return Err(DirectorError::BoardOver);
        }
        if self.awaiting.after_revoke.is_some() {
            return Err(none);
        }
        let play = self.play.as_ref().ok_or(tenace_table::LawError::AuctionNotEnded)?;
        let dummy = play.dummy();
        let Some((index, placed)) = play.tricks().iter().enumerate().rev().find_map(|(i, t)| t.card_of(dummy).map(|c| (i, c))) else {
            return Err(none);
        };
        if placed == named {
            return Err(none);
        }
        if !play.remaining(dummy).contains(named) {
            return Err(tenace_table::LawError::CardNotHeld { seat: dummy, card: named }.into());
        }
        // 45D2: each side has played to the next trick: too late, the card stands.
        if !designation && play.tricks().get(index + 1).is_some_and(|t| t.cards.len() >= 2) {
            self.note(
                Law::new("45D2"),
                format!("Dummy's {placed} (declarer named the {named}) stands: play continues normally (a failure to follow suit may be a revoke, 64B3)."),
            );
            return Ok(());
        }
        let mut corrected = play.clone();
        let mut later = Vec::new();
        loop {
            match corrected.take_back() {
                Some((s, c)) if s == dummy && c == placed => break,
                Some(played) => later.push(played),
                None => return Err(none),
            }
        }
        later.reverse();
        // 45C4(b): only until declarer next plays a card from either hand.
        if designation && later.iter().any(|(s, _)| s.side() == dummy.side()) {
            return Err(none);
        }
        // 45C4(b): an opponent's card that was not legal before the change (a revoke) stands.
        let stand: Vec<(Seat, Card)> =
            later.iter().copied().filter(|(s, c)| play.revokes().iter().any(|r| r.offender == *s && r.card == *c && r.trick >= index)).collect();
        corrected.play(dummy, named)?;
        self.play = Some(corrected);
        let (l, text) = if designation {
            ("45C4(b)", format!("Declarer's unintended designation of dummy's {placed} is corrected: the {placed} goes back to dummy's hand without further rectification (47C); the {named} is played."))
        } else {
            ("45D1", format!("Dummy's {placed}, not named by declarer, is withdrawn; the {named} is played."))
        };
        self.note(Law::new(l), text);
        if !later.is_empty() {
            self.awaiting.after_revoke =
                Some(super::AfterRevoke { revoker: dummy, cards: later, non_offender_withdrew: false, waiting: None, law: Law::new(l), correct: None, stand });
        }
        Ok(())
    }

    /// Plays a card taken back under 62C again; `false` if it no longer fits.
    fn replay_card(&mut self, seat: Seat, card: Card) -> bool {
        let Some(play) = self.play.as_mut() else { return false };
        if play.play(seat, card).is_err() {
            return false;
        }
        self.play_duties.penalty_cards.retain(|pc| *pc != (seat, card));
        self.play_duties.minor_penalty_cards.retain(|pc| *pc != (seat, card));
        true
    }

    /// The player's decision on his card played after the corrected revoke.
    pub(super) fn rule_on_card_after_revoke(&mut self, revoker: Seat, seat: Seat, card: Card, choice: Choice, law: Law) -> Result<(), DirectorError> {
        let Some(mut pending) = self.awaiting.after_revoke.clone() else { return Ok(()) };
        pending.cards.retain(|pc| *pc != (seat, card));
        let offending = seat.side() == revoker.side();
        if choice == Choice::KeepCard {
            self.awaiting.after_revoke = Some(pending);
            if !self.replay_card(seat, card) {
                self.awaiting.after_revoke = None;
            }
            return Ok(());
        }
        let defender = self.final_contract().is_some_and(|fc| fc.declarer.side() != seat.side());
        // 62C2: the offending side's card; 62C3: every card withdrawn by the defending side.
        if defender && (law == "62C2" || law == "62C3") {
            self.play_duties.penalty_cards.push((seat, card));
            self.note(law, format!("{seat:?} withdraws the {card}: a penalty card (Law 50); he plays again."));
        } else {
            self.note(law, format!("{seat:?} withdraws the {card} and plays again (Law 16C)."));
        }
        if !offending {
            pending.non_offender_withdrew = true;
        }
        pending.waiting = Some(seat);
        self.awaiting.after_revoke = Some(pending);
        Ok(())
    }
}
