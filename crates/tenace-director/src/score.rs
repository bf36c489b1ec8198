//! Law 12: the hand-off to the scorer (`tenace-events`). A finished board goes to the event as
//! the result obtained at the table, together with the notes in which a Law the engine applied
//! tells the Director to consider an adjusted score (the engine cannot judge damage); the
//! Director's adjusted score, if he awards one, replaces the table result after a check that the
//! event can score it.

use tenace_events::{Outcome, Played};

use crate::error::DirectorError;
use crate::law::Law;
use crate::rectification::Note;
use crate::table::FaceTable;

/// Laws whose application leaves an adjusted score to the Director's judgement (12A1, 12B1):
/// unauthorized information from partner (16B), information from withdrawn calls and plays (16C2),
/// misinformation (21B, 40B4), a comparable call that helped the
/// offenders (23C, 27D), information from a penalty card (50E3), equity after a revoke (64C), and a
/// forfeited right to rectification (11A: a side that gained through its opponents' action in
/// ignorance of the law), and a defenders' irregularity left unrectified because dummy, after a
/// Law 43A2 violation, drew attention to it (43B3: only the defending side's score is adjusted).
pub const REVIEW_LAWS: [Law; 9] =
    [Law::new("11A"), Law::new("16B"), Law::new("16C"), Law::new("21B"), Law::new("23C"), Law::new("27D"), Law::new("43B3"), Law::new("50E"), Law::new("64C")];

/// What the Director hands to the scorer for one board.
#[derive(Clone, Debug, PartialEq)]
pub struct HandOff {
    /// The result obtained at the table; `None` until the board is over.
    pub outcome: Option<Outcome>,
    /// Notes asking the Director to consider an adjusted score (Law 12A1).
    pub review: Vec<Note>,
}

impl FaceTable {
    /// Law 12: the table result and the matters the Director must still consider.
    pub fn hand_off(&self) -> HandOff {
        let table = self.result().map(|r| {
            Outcome::Played(match r.contract {
                Some(fc) => Played::new(fc.contract, fc.declarer, r.declarer_tricks),
                None => Played::passed_out(),
            })
        });
        // Law 12C: the Director's adjusted score replaces the result obtained at the table.
        let outcome = self.adjusted.as_deref().and_then(|label| label.parse().ok()).or(table);
        let review = self.notes().iter().filter(|n| REVIEW_LAWS.iter().any(|l| n.law.is_within(*l))).cloned().collect();
        HandOff { outcome, review }
    }

    /// Law 12C: the Director awards `label` (an outcome as the scorer writes it), checked as
    /// [`FaceTable::adjusted_score`] checks it; it replaces the table result in the hand-off.
    pub(crate) fn on_adjusted_score(&mut self, label: &str) -> Result<(), DirectorError> {
        let outcome: Outcome = label.parse().map_err(|e: tenace_events::EventError| DirectorError::BadAdjustment { message: e.to_string() })?;
        let outcome = self.adjusted_score(outcome)?;
        self.adjusted = Some(outcome.label());
        self.note(Law::new("12C"), format!("The Director awards an adjusted score: {}; it replaces the result obtained at the table.", outcome.label()));
        Ok(())
    }

    /// Law 12C: the Director's adjusted score for this board, checked so that the event can
    /// score it (tricks, weights, declarer); refused naming Law 12C otherwise.
    pub fn adjusted_score(&self, outcome: Outcome) -> Result<Outcome, DirectorError> {
        let board = self.board();
        outcome.check(board.number.get(), board.vulnerability).map_err(|e| DirectorError::BadAdjustment { message: e.to_string() })?;
        Ok(outcome)
    }
}
