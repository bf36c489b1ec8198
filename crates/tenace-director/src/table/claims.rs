//! Claims and concessions at the face-to-face table (Laws 68-71): a claim stops play (68D1);
//! the claimer's opponents agree (69A) or dispute it, and a disputed claim goes to the Director
//! (70) with the tricks the claimer's side wins by its worst normal line ([`crate::claim`]); all
//! four may instead agree to play on (68D2(b)). An agreed claim can come back once: acquiescence
//! withdrawn (69B) or a concession cancelled (71).

use crate::law::Law;
use tenace_core::{Card, Seat};
use tenace_table::{Ending, LawError};

use super::{option, FaceTable};
use crate::claim::{normal_line_tricks, ClaimPosition, Statement};
use crate::error::DirectorError;
use crate::rectification::{Choice, Chooser, ClaimMade, Irregularity, RectOption};

impl FaceTable {
    /// The claim awaiting the opponents' answer, if any (play has ceased, Law 68D1).
    pub fn pending_claim(&self) -> Option<&ClaimMade> {
        self.awaiting.claim.as_ref()
    }

    pub(super) fn claim_error(&self) -> Result<(), DirectorError> {
        match &self.awaiting.claim {
            Some(c) => Err(DirectorError::ClaimPending { claimer: c.claimer }),
            None => Ok(()),
        }
    }

    /// Who must agree to `claimer`'s claim: his opponents, not dummy (Law 69A).
    fn answerers(&self, claimer: Seat) -> Vec<Seat> {
        let dummy = self.play.as_ref().map(|p| p.dummy());
        [claimer.lho(), claimer.rho()].into_iter().filter(|s| Some(*s) != dummy).collect()
    }

    pub(super) fn on_claim(&mut self, seat: Seat, tricks: u8, statement: &str, order: &[Card], mentions_trumps: bool) -> Result<(), DirectorError> {
        self.pending_error()?;
        self.claim_error()?;
        if self.result.is_some() {
            return Err(DirectorError::BoardOver);
        }
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        if seat == play.dummy() {
            return Err(DirectorError::DummyClaims);
        }
        let remaining = 13 - play.completed_tricks() as u8;
        if tricks > remaining {
            return Err(DirectorError::TooManyTricks { tricks, remaining });
        }
        if let Some(card) = order.iter().find(|c| ![seat, seat.partner()].iter().any(|s| play.remaining(*s).contains(**c))) {
            return Err(LawError::CardNotHeld { seat, card: *card }.into());
        }
        self.awaiting.claim =
            Some(ClaimMade { claimer: seat, tricks, remaining, statement: statement.to_string(), order: order.to_vec(), mentions_trumps, agreed: Vec::new() });
        if let Some(play) = self.play.as_mut() {
            play.establish_revokes();
        }
        let side = if tricks == 0 { "concedes the rest" } else { "claims" };
        self.note(Law::new("68"), format!("{seat:?} {side}: {tricks} of the {remaining} remaining tricks. {statement}"));
        Ok(())
    }

    pub(super) fn on_answer_claim(&mut self, seat: Seat, agree: bool) -> Result<(), DirectorError> {
        self.pending_error()?;
        let claim = self.awaiting.claim.clone().ok_or(DirectorError::NoClaim)?;
        // Law 68B2: a defender's concession to which his partner objects at once is neither a
        // claim nor a concession.
        let defender = self.final_contract().is_some_and(|fc| fc.declarer.side() != claim.claimer.side());
        if seat == claim.claimer.partner() && defender && !agree && claim.tricks < claim.remaining {
            self.awaiting.claim = None;
            self.note(Law::new("68B2"), format!("{seat:?} objects to his partner's concession: no claim or concession has occurred (Law 16 may apply)."));
            return Ok(());
        }
        // Law 68D2: a claim doubted by any other player, dummy included, stops play for the
        // Director; only the claimer's opponents agree to it (Law 69A).
        let may_answer = if agree { self.answerers(claim.claimer).contains(&seat) } else { seat != claim.claimer };
        if !may_answer {
            return Err(DirectorError::NotAnOpponent { seat, claimer: claim.claimer });
        }
        if !agree {
            let normal_line = self.normal_line(&claim, claim.claimer);
            let mut options = award_options(0..=claim.tricks, &claim, normal_line, Law::new("70"));
            options.push(option(
                Chooser::Director,
                Choice::PlayOn,
                Law::new("68D2(b)"),
                "All four players agree that play continues: the claim is void (Law 16 for the information).",
            ));
            self.open(Irregularity::ContestedClaim { claimer: claim.claimer, tricks: claim.tricks, disputed_by: seat, normal_line }, options);
            return Ok(());
        }
        let claim = self.awaiting.claim.as_mut().ok_or(DirectorError::NoClaim)?;
        if !claim.agreed.contains(&seat) {
            claim.agreed.push(seat);
        }
        let claim = claim.clone();
        if self.answerers(claim.claimer).iter().all(|s| claim.agreed.contains(s)) {
            self.note(Law::new("69A"), format!("The claim is agreed: {} trick(s) to {:?}'s side.", claim.tricks, claim.claimer));
            self.awaiting.claim = None;
            self.awaiting.agreed_claim = Some(claim.clone());
            self.end_by_claim(&claim, claim.tricks, Ending::Claim);
        }
        Ok(())
    }

    pub(super) fn on_review_claim(&mut self, seat: Seat) -> Result<(), DirectorError> {
        self.pending_error()?;
        let agreed = self.awaiting.agreed_claim.clone().ok_or(DirectorError::NoAgreedClaim)?;
        if self.result.as_ref().map(|r| r.ending) != Some(Ending::Claim) {
            return Err(DirectorError::NoAgreedClaim);
        }
        let normal_line = self.normal_line(&agreed, agreed.claimer);
        let options = if seat.side() == agreed.claimer.side() {
            // Law 71: the conceding side gets back a trick it could not lose by any normal play.
            let mut options = vec![option(Chooser::Director, Choice::Refuse, Law::new("71"), "The concession stands.")];
            options.extend(award_options(agreed.tricks + 1..=agreed.remaining, &agreed, normal_line, Law::new("71")));
            options
        } else {
            // Law 69B: acquiescence withdrawn: a trick the side would likely have won.
            let mut options = vec![option(Chooser::Director, Choice::Refuse, Law::new("69B"), "The agreement stands.")];
            options.extend(award_options(0..=agreed.tricks.saturating_sub(1), &agreed, normal_line, Law::new("69B")));
            options
        };
        self.open(Irregularity::ClaimReviewed { claimer: agreed.claimer, tricks: agreed.tricks, by: seat, normal_line }, options);
        Ok(())
    }

    /// The Director's choice on a disputed or reviewed claim.
    pub(super) fn rule_on_claim(&mut self, irregularity: &Irregularity, choice: Choice, law: Law) -> Result<(), DirectorError> {
        match (irregularity, choice) {
            (Irregularity::ContestedClaim { .. }, Choice::PlayOn) => {
                self.awaiting.claim = None;
                self.note(Law::new("68D2(b)"), "Play continues; the claim is void.");
            }
            (Irregularity::ContestedClaim { .. }, Choice::AwardTricks(k)) => {
                let claim = self.awaiting.claim.take().ok_or(DirectorError::NoClaim)?;
                self.note(law, format!("The Director awards {k} of the remaining tricks to {:?}'s side.", claim.claimer));
                self.end_by_claim(&claim, k, Ending::Ruling);
            }
            (Irregularity::ClaimReviewed { .. }, Choice::AwardTricks(k)) => {
                let claim = self.awaiting.agreed_claim.take().ok_or(DirectorError::NoAgreedClaim)?;
                self.note(law, format!("The Director cancels the agreement: {k} of the remaining tricks to {:?}'s side.", claim.claimer));
                self.result = None;
                self.end_by_claim(&claim, k, Ending::Ruling);
            }
            (Irregularity::ClaimReviewed { .. }, _) => {
                self.awaiting.agreed_claim = None;
                self.note(law, "The agreed claim stands.");
            }
            _ => {}
        }
        Ok(())
    }

    /// The board ends with `claimer`'s side winning `tricks` of the tricks that remained.
    fn end_by_claim(&mut self, claim: &ClaimMade, tricks: u8, ending: Ending) {
        let (Some(fc), Some(play)) = (self.final_contract(), self.play.as_ref()) else { return };
        let declaring = fc.declarer.side();
        let won = play.tricks_won(declaring);
        let to_declarer = if claim.claimer.side() == declaring { tricks } else { claim.remaining - tricks };
        self.finish(won + to_declarer, ending);
    }

    /// Law 70: what the claimer's side wins by its worst normal line from the position where play
    /// ceased, `None` when the search cannot decide.
    fn normal_line(&self, claim: &ClaimMade, claimer: Seat) -> Option<u8> {
        let play = self.play.as_ref()?;
        let trick = play.current_trick()?;
        let position = ClaimPosition {
            hands: Seat::ALL.map(|s| play.remaining(s)),
            leader: trick.leader,
            trick: trick.cards.clone(),
            trump: play.trump(),
            claimer_side: claimer.side(),
        };
        let statement = Statement { order: claim.order.clone(), mentions_trumps: claim.mentions_trumps };
        normal_line_tricks(&position, &statement)
    }
}

/// The Director's options: award `range` tricks to the claimer's side, marking the claim as
/// stated and the worst normal line.
fn award_options(range: std::ops::RangeInclusive<u8>, claim: &ClaimMade, normal_line: Option<u8>, law: Law) -> Vec<RectOption> {
    range
        .map(|k| {
            let mut text = format!("{k} of the {} remaining tricks to {:?}'s side", claim.remaining, claim.claimer);
            if k == claim.tricks {
                text.push_str(" (the claim as stated)");
            }
            if Some(k) == normal_line {
                text.push_str(" (the claimer's worst normal line, 70A-70D)");
            }
            option(Chooser::Director, Choice::AwardTricks(k), law, text + ".")
        })
        .collect()
}
