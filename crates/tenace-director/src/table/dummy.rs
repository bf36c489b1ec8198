//! Law 43B: the consequences of dummy's acts after he has violated a limitation of Law 43A2
//! (exchanged hands with declarer, left his seat to watch declarer's play, looked at a
//! defender's cards). Whether dummy did so, and was the first to speak, is the Director's
//! finding; the events record it and the engine applies the consequence:
//!
//! - 43B2(a) ([`FaceEvent::DummyWarnedWrongHand`]): dummy warned declarer not to lead from the wrong
//!   hand: either defender chooses the hand (declarer's or dummy's) from which declarer leads;
//!   that hand leads the trick.
//! - 43B2(b) ([`FaceEvent::DummyAskedRevoke`]): dummy was the first to ask declarer whether his play
//!   was a revoke, and it was: declarer substitutes a correct card (as under Law 62B, with Law
//!   62C for the cards played after it), and Law 64 applies as if the revoke had been
//!   established: the revoke stays on record and its trick transfer is made after play.
//! - 43B3 ([`FaceEvent::DummyDrewAttention`]): dummy was the first to draw attention to a defender's
//!   irregularity: no immediate rectification — the irregularity stands as the declaring side's
//!   acceptance (the simplest faithful model of "play continues as though no irregularity had
//!   occurred") — and a 43B3 note hands the Director the Law 12 question whether the defending
//!   side gained (then only its score is adjusted; declarer keeps the table score).
//!
//! Dummy's liability to a procedural penalty (43B1, Law 90) is left to the Director.

use crate::law::Law;
use tenace_core::{Card, Seat};
use tenace_table::LawError;

use super::statements::WAIVERS;
use super::{option, FaceTable};
use crate::error::DirectorError;
use crate::rectification::*;

impl FaceTable {
    /// Law 43B2(a): dummy warned declarer against leading from the wrong hand; either defender
    /// chooses the hand from which declarer leads.
    pub(super) fn on_dummy_warned_wrong_hand(&mut self) -> Result<(), DirectorError> {
        self.claim_error()?;
        self.pending_error()?;
        if self.result.is_some() {
            return Err(DirectorError::BoardOver);
        }
        let fc = self.final_contract().ok_or(LawError::AuctionNotEnded)?;
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        let leader = play.current_trick().filter(|t| t.cards.is_empty()).map(|t| t.leader);
        let declarer = fc.declarer;
        let Some(leader) = leader.filter(|l| l.side() == declarer.side() && play.opening_lead_made()) else {
            return Err(DirectorError::NoLeadToWarn);
        };
        if self.awaiting.after_revoke.is_some() || self.play_duties.committed.is_some() {
            return Err(DirectorError::NoLeadToWarn);
        }
        let dummy = declarer.partner();
        let mut options = Vec::new();
        for d in [declarer.lho(), declarer.rho()] {
            let by = Chooser::Player(d);
            options.push(option(
                by,
                Choice::LeadFrom(declarer),
                Law::new("43B2(a)"),
                format!("{d:?} chooses: declarer leads from his own hand ({declarer:?})."),
            ));
            options.push(option(by, Choice::LeadFrom(dummy), Law::new("43B2(a)"), format!("{d:?} chooses: declarer leads from dummy ({dummy:?}).")));
        }
        self.note(Law::new("43B2(a)"),
            format!("After violating Law 43A2, dummy warned declarer not to lead from the wrong hand ({leader:?} was to lead): either defender chooses the hand from which declarer leads (dummy is liable to a procedural penalty, 43B1, Law 90)."),
        );
        self.open(Irregularity::DummyWarnedWrongHand { declarer, leader }, options);
        Ok(())
    }

    /// Law 43B2(a): the defender's choice is applied: the chosen hand leads the trick.
    pub(super) fn lead_from_chosen_hand(&mut self, by: Chooser, choice: Choice) -> Result<(), DirectorError> {
        let Choice::LeadFrom(hand) = choice else { return Ok(()) };
        let play = self.play.as_mut().ok_or(LawError::AuctionNotEnded)?;
        play.set_leader(hand);
        self.note(Law::new("43B2(a)"), format!("{by} chooses that declarer leads from {hand:?}'s hand."));
        Ok(())
    }

    /// Law 43B2(b): dummy was the first to ask declarer whether his most recent card from his
    /// own hand was a revoke; it was: `card` is substituted and Law 64 applies as if the revoke
    /// had been established.
    pub(super) fn on_dummy_asked_revoke(&mut self, card: Card) -> Result<(), DirectorError> {
        self.claim_error()?;
        self.pending_error()?;
        if self.result.is_some() {
            return Err(DirectorError::BoardOver);
        }
        let declarer = self.final_contract().ok_or(LawError::AuctionNotEnded)?.declarer;
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        let last = play.tricks().iter().enumerate().rev().find_map(|(i, t)| t.card_of(declarer).map(|c| (i, c)));
        let Some((trick, played)) = last else { return Err(DirectorError::NoRevokeDummyAsked) };
        let revoke = play
            .revokes()
            .iter()
            .find(|r| {
                r.offender == declarer && r.trick == trick && r.card == played && !r.established && !r.defective && !r.dummy_asked && r.required.is_none()
            })
            .cloned()
            .ok_or(DirectorError::NoRevokeDummyAsked)?;
        if self.awaiting.after_revoke.is_some() {
            return Err(DirectorError::NoRevokeDummyAsked);
        }
        let notes = self.notes.len();
        self.on_correct_revoke(declarer, card)?;
        // Not "without further rectification" (62B2): Law 64 applies (43B2(b)).
        let mut k = notes;
        while k < self.notes.len() {
            if self.notes[k].law == "62B2" {
                self.notes.remove(k);
            } else {
                k += 1;
            }
        }
        let mut asked = revoke;
        asked.established = true;
        asked.dummy_asked = true;
        let play = self.play.as_mut().ok_or(LawError::AuctionNotEnded)?;
        play.add_revoke(asked);
        self.note(Law::new("43B2(b)"),
            format!(
                "After violating Law 43A2, dummy was the first to ask declarer about his {played} on trick {}: it was a revoke; the {card} is substituted and Law 64 applies as if the revoke had been established.",
                trick + 1
            ),
        );
        Ok(())
    }

    /// Law 43B3: dummy was the first to draw attention to a defender's irregularity: no
    /// immediate rectification; play continues as though no irregularity had occurred.
    pub(super) fn on_dummy_drew_attention(&mut self) -> Result<(), DirectorError> {
        let rect = self.awaiting.rectification.clone().ok_or(DirectorError::NoDefenderIrregularity)?;
        let fc = self.final_contract().ok_or(DirectorError::NoDefenderIrregularity)?;
        if self.play.is_none() || self.result.is_some() {
            return Err(DirectorError::NoDefenderIrregularity);
        }
        let offender: Seat = match rect.irregularity {
            Irregularity::OpeningLeadOutOfTurn { offender, .. }
            | Irregularity::LeadOutOfTurn { offender, .. }
            | Irregularity::PrematurePlay { offender, .. }
            | Irregularity::PenaltyCardNotPlayed { holder: offender, .. } => offender,
            _ => return Err(DirectorError::NoDefenderIrregularity),
        };
        if offender.side() == fc.declarer.side() {
            return Err(DirectorError::NoDefenderIrregularity);
        }
        let how = if let Irregularity::PrematurePlay { offender, card, lead } = rect.irregularity {
            // As under 57C1: the premature card stands, and is no penalty card.
            self.awaiting.rectification = None;
            self.play_duties.penalty_cards.retain(|pc| *pc != (offender, card));
            self.play_duties.committed = Some((offender, card, lead));
            self.play_duties.committed_law = Some(Law::new("43B3"));
            let what = if lead { "his lead to the next trick" } else { "played at his turn" };
            format!("{offender:?}'s premature {card} stands, {what}, and is no penalty card")
        } else {
            let waiver = WAIVERS
                .iter()
                .find_map(|w| rect.options.iter().find(|o| o.choice == *w && matches!(o.chooser, Chooser::Player(s) if s.side() == fc.declarer.side())))
                .cloned()
                .ok_or(DirectorError::NoDefenderIrregularity)?;
            self.on_choose(waiver.chooser, waiver.choice)?;
            format!("it stands as accepted (Law {}: {})", waiver.law, waiver.description)
        };
        self.note(Law::new("43B3"),
            format!(
                "After violating Law 43A2, dummy was the first to draw attention to {offender:?}'s irregularity: no immediate rectification; play continues as though no irregularity had occurred — {how}. At the end of play, if the defending side gained through its irregularity, the Director adjusts only its score; the declaring side retains the score achieved at the table (Law 12)."
            ),
        );
        Ok(())
    }
}
