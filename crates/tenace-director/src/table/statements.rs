//! The Director's own statements about an irregularity: the suits a call specified (Laws 26B,
//! 29C), the forfeiture of the right to rectification (Law 11A), and the cancellation of a
//! player's enforcement or waiver of a rectification (Law 10B).

use crate::law::Law;
use tenace_core::{Call, Seat, Suit};

use super::{option, suit_word, FaceTable};
use crate::error::DirectorError;
use crate::rectification::*;

/// The options by which the non-offending side waives a rectification, in order of preference:
/// accepting the irregularity (27A1, 25B1, 29A, 32, 52B1, 53A, 54, 55A, 56), prohibiting or
/// requiring nothing (26B, 50D2(b), 51B), keeping a card played after it (62C1, 47D).
pub(super) const WAIVERS: [Choice; 3] = [Choice::Accept, Choice::NoProhibition, Choice::KeepCard];

impl FaceTable {
    /// Law 26B (29C for an artificial call): the suits `seat` specified in the legal auction:
    /// for each of his calls that stands, the suits the Director stated it specified
    /// ([`FaceEvent::SuitsSpecified`]), or else the suit a bid names.
    pub fn suits_specified(&self, seat: Seat) -> Vec<Suit> {
        let mut suits = Vec::new();
        for (i, made) in self.calls.iter().enumerate().filter(|(_, m)| m.seat == seat) {
            let stated = self.auction.specified.iter().find(|(k, s, c, _)| *k == i && *s == made.seat && *c == made.call);
            let these: Vec<Suit> = match (stated, made.call) {
                (Some((_, _, _, stated)), _) => stated.clone(),
                (None, Call::Bid(b)) => b.strain().trump().into_iter().collect(),
                (None, _) => Vec::new(),
            };
            for s in these {
                if !suits.contains(&s) {
                    suits.push(s);
                }
            }
        }
        suits
    }

    /// Law 26B: declarer's options at the offender's partner's first turn to lead: any one suit
    /// the offender did not specify in the legal auction, or none.
    pub(super) fn lead_restriction_options(&self, offender: Seat, leader: Seat, declarer: Seat) -> Vec<RectOption> {
        let specified = self.suits_specified(offender);
        let d = Chooser::Player(declarer);
        let mut options: Vec<RectOption> = Suit::DESCENDING
            .into_iter()
            .filter(|s| !specified.contains(s))
            .map(|s| {
                option(d, Choice::ProhibitLead(s), Law::new("26B"), format!("{leader:?} may not lead {} for as long as he retains the lead.", suit_word(s)))
            })
            .collect();
        options.push(option(d, Choice::NoProhibition, Law::new("26B"), "Declarer prohibits no suit."));
        options
    }

    /// Laws 26B, 29C: the Director states the suits `seat`'s (most recent) call `call` in the
    /// legal auction specified.
    pub(super) fn on_suits_specified(&mut self, seat: Seat, call: Call, suits: &[Suit]) -> Result<(), DirectorError> {
        let index = self.calls.iter().rposition(|m| m.seat == seat && m.call == call).ok_or(DirectorError::NoSuchCall { seat, call })?;
        let mut stated: Vec<Suit> = Vec::new();
        for s in suits {
            if !stated.contains(s) {
                stated.push(*s);
            }
        }
        self.auction.specified.retain(|(k, _, _, _)| *k != index);
        self.auction.specified.push((index, seat, call, stated.clone()));
        let words: Vec<&str> = stated.iter().map(|s| suit_word(*s)).collect();
        let what = if words.is_empty() { "no suit".to_string() } else { words.join(" and ") };
        self.note(Law::new("26B"), format!("The Director rules that {seat:?}'s {call} specified {what} (Laws 26B, 29C)."));
        // A Law 26B option already on offer for this offender is recomputed.
        let open = match &self.awaiting.rectification {
            Some(Rectification { irregularity: Irregularity::LeadRestriction { offender, leader }, .. }) if *offender == seat => Some(*leader),
            _ => None,
        };
        if let (Some(leader), Some(fc)) = (open, self.final_contract()) {
            let options = self.lead_restriction_options(seat, leader, fc.declarer);
            self.open(Irregularity::LeadRestriction { offender: seat, leader }, options);
        }
        Ok(())
    }

    /// Law 11A: the right to rectification of the pending irregularity is forfeited; it is
    /// resolved as the non-offending side's waiver.
    pub(super) fn on_right_forfeited(&mut self) -> Result<(), DirectorError> {
        let rect = self.awaiting.rectification.clone().ok_or(DirectorError::NothingToForfeit)?;
        let waiver = WAIVERS
            .iter()
            .find_map(|w| rect.options.iter().find(|o| o.choice == *w && matches!(o.chooser, Chooser::Player(_))))
            .cloned()
            .ok_or(DirectorError::NothingToForfeit)?;
        let Chooser::Player(side) = waiver.chooser else { return Err(DirectorError::NothingToForfeit) };
        self.on_choose(waiver.chooser, waiver.choice)?;
        self.note(
            Law::new("11A"),
            format!(
                "The {:?} side acted before summoning the Director: its right to rectification is forfeited and the \
                 irregularity stands as waived (Law {}: {}). If the offending side gained through that action, taken in \
                 ignorance of the Laws, the Director adjusts only its score (11A); a procedural penalty may be \
                 assessed (11B).",
                side.side(),
                waiver.law,
                waiver.description
            ),
        );
        Ok(())
    }

    /// Law 10B: the Director cancels the choice a player has just made without his instructions;
    /// the rectification is offered again.
    pub(super) fn on_cancel_choice(&mut self) -> Result<(), DirectorError> {
        let Some((FaceEvent::Choose { by: Chooser::Player(seat), choice }, before)) = self.events.split_last() else {
            return Err(DirectorError::NoChoiceToCancel);
        };
        let (seat, choice) = (*seat, *choice);
        let mut restored = FaceTable::replay(self.board.clone(), before.iter().cloned())?;
        restored.events = self.events.clone();
        restored.note(
            Law::new("10B"),
            format!(
                "The Director cancels {seat:?}'s {choice:?}, made without his instructions; the rectification is \
                 explained and chosen again."
            ),
        );
        *self = restored;
        Ok(())
    }
}
