//! Laws 20F, 21B, 40B and 75: misinformation. The Director records the explanation a player
//! gave of his partner's call and, when he has it, the partnership's agreement (the system card,
//! or what the partnership says); the engine states the questions of the Laws in their order,
//! fitted to what is recorded and to where the board stands:
//!
//! 1. Was there misinformation or a misbid? The Director presumes a mistaken explanation rather
//!    than a mistaken call, in the absence of evidence to the contrary (21B1(b)); the opponents
//!    are entitled to the agreement, not to a description of the hand (75C). An explanation that
//!    matches the agreement is no infraction, however the hand differs (a misbid, 75C): the note
//!    says so and asks nothing more (it is not a Law 12 review).
//! 2. What the non-offending side may do now: during the auction, change its last call if
//!    partner has not called since (21B1(a)); after it, the offenders correct the explanation —
//!    declarer's side before the opening lead, defenders after play (20F5(b)) — and where it is
//!    too late to change a call, the Director may adjust (21B3, 40B4).
//! 3. Damage: would the non-offending side have done better with the right information (40B4,
//!    12B1)? If so, the likely outcomes are weighed (12C1: `adjust` scores them).
//!
//! The engine does not judge: the agreement and the damage are the Director's findings.

use super::FaceTable;
use crate::error::DirectorError;
use crate::law::Law;

impl FaceTable {
    /// Laws 20F, 21B, 40B, 75: the explanation of call number `number` (1 for the dealer's first)
    /// was `explanation`; the partnership's agreement, when known, is `agreement`.
    pub(super) fn on_misinformation(&mut self, number: usize, explanation: &str, agreement: Option<&str>) -> Result<(), DirectorError> {
        let (index, made) = self.call_numbered(number)?;
        let caller = made.seat;
        let explainer = caller.partner();
        let misinformed: Vec<_> = self.calls[index + 1..].iter().filter(|c| c.seat.side() != caller.side()).collect();
        let mut questions = Vec::new();
        if let Some(a) = agreement.filter(|a| a.trim().eq_ignore_ascii_case(explanation.trim())) {
            self.note(
                Law::new("75C"),
                format!(
                    "{explainer:?} explained {caller:?}'s {} (call {number}) as \"{explanation}\", which is the agreement ({a}): no \
                     misinformation; if {caller:?}'s hand differs, it is a misbid, which is no infraction (75C): the result stands.",
                    made.call
                ),
            );
            return Ok(());
        }
        questions.push(match agreement {
            Some(a) => format!(
                "1. The agreement is \"{a}\", the explanation was \"{explanation}\": misinformation (75B, 40B4), unless the Director finds \
                 that the agreement really was as explained (21B1(b) presumes a mistaken explanation, not a mistaken call)."
            ),
            None => format!(
                "1. What is the partnership's agreement (the system card, the partnership's notes)? The explanation was \
                 \"{explanation}\"; without evidence to the contrary the Director presumes a mistaken explanation rather than a \
                 mistaken call (21B1(b)); the opponents are entitled to the agreement, not to a description of the hand (75C)."
            ),
        });
        let auction_over = self.play.is_some() || self.final_contract().is_some() || self.result.is_some();
        questions.push(if !auction_over {
            match misinformed.last() {
                Some(last) => format!(
                    "2. The auction continues: {:?} may change the last call made after the explanation (21B1(a)) if partner has not \
                     called since; {explainer:?}'s side must not use the correction (16A); the Director may adjust if the change \
                     gives the offenders information (21B1(b), 16C).",
                    last.seat
                ),
                None => "2. The auction continues and no opponent has called since the explanation: the correction is made now, \
                         before the next call (20F5(b)); no call needs changing."
                    .to_string(),
            }
        } else {
            format!(
                "2. The auction is over: {explainer:?}'s side corrects the explanation — as declarer or dummy before the opening lead, \
                 as a defender after play (20F5(b)); too late to change a call, the Director may adjust the score (21B3, 40B4)."
            )
        });
        questions.push(format!(
            "3. Damage: with the right explanation, would {} have done better (40B4, 12B1)? If so, list the outcomes that could \
             well have happened and weigh them (12C1: `adjust 60% 4S N, 40% 3NT S` scores them double dummy); if not, the result stands.",
            if caller.side() == tenace_core::Side::NorthSouth { "East-West" } else { "North-South" }
        ));
        self.note(
            Law::new("21B"),
            format!("Misinformation? {explainer:?} explained {caller:?}'s {} (call {number}) as \"{explanation}\". {}", made.call, questions.join(" ")),
        );
        Ok(())
    }
}
