//! Law 12C1: help with an assigned adjusted score. The Director lists the outcomes that "could
//! well have" happened without the infraction (a contract and its declarer, each with a weight
//! if he has one in mind); the engine scores each with the tricks double dummy gives declarer
//! on the board's deal (`tenace-dds`: a second opinion, not the Director's judgement of the
//! play), proposes the weights when he gave none, and writes the weighted score as the scorer
//! takes it (tenace-events' assigned outcome, `60% 4S N = + 40% 3NT S -1`).
//!
//! Decisions where the Laws leave it to the Director:
//! - **Weights.** Given ones must add up to 100 %, in hundredths of a per cent at most (as the
//!   scorer writes them). Without them the proposal is equal weights (thirds as 33.34, 33.33,
//!   33.33);
//!   Law 12C1(c) lets him weight as he sees fit ("to restore equity"), and the engine cannot
//!   judge how likely each outcome was.
//! - **Tricks.** Double-dummy tricks with declarer's left-hand opponent on lead. The Director
//!   may know better (a normal line, the lead actually made): he then enters the result itself
//!   through the scorer's form.
//! - **12C1(b).** The proposal always reminds him that a non-offending side that contributed to
//!   its own damage by a serious error, or a gambling action, does not get relief for that part:
//!   he may then give each side a different score (a split score).

use tenace_core::{Board, Contract, Seat};
use tenace_events::{Outcome, Played, Weighted};

use crate::error::DirectorError;

/// One outcome the Director judges could well have happened.
#[derive(Clone, Debug, PartialEq)]
pub struct Likely {
    pub contract: Contract,
    pub declarer: Seat,
    /// The Director's weight in per cent, if he gave one.
    pub percent: Option<f64>,
}

/// One line of the proposal: the outcome, declarer's double-dummy tricks, North-South's score,
/// and its weight (0 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub played: Played,
    pub ns_score: i32,
    pub weight: f64,
}

/// The proposal: each outcome scored, and the weighted score for the scorer.
#[derive(Clone, Debug, PartialEq)]
pub struct Proposal {
    pub lines: Vec<Scored>,
    pub outcome: Outcome,
    /// North-South's score, weighted (what the weighted score is worth in points).
    pub ns_points: f64,
}

/// Law 12C1: scores each outcome on `board` with double-dummy tricks and weights them (the
/// Director's weights, or equal ones). Refused, naming Law 12C1(c), for no outcome, weights
/// given for some outcomes only, or weights that do not add up to 100 %.
pub fn propose(board: &Board, likely: &[Likely]) -> Result<Proposal, DirectorError> {
    let bad = |message: String| DirectorError::BadAdjustment { message };
    if likely.is_empty() {
        return Err(bad("Law 12C1: name at least one outcome that could well have happened (e.g. 4S N)".into()));
    }
    // Weights in hundredths of a per cent, as the scorer's label writes them, so that what is
    // awarded reads back exactly.
    let given: Vec<f64> = likely.iter().filter_map(|l| l.percent).collect();
    let hundredths: Vec<u32> = match given.len() {
        0 => {
            // Equal weights; the hundredths left over go to the first outcomes (33.34, 33.33, 33.33).
            let n = likely.len() as u32;
            (0..n).map(|i| 10_000 / n + u32::from(i < 10_000 % n)).collect()
        }
        n if n == likely.len() => {
            let total: f64 = given.iter().sum();
            let exact = given.iter().all(|p| (p * 100.0 - (p * 100.0).round()).abs() < 1e-6);
            if (total - 100.0).abs() > 1e-6 || given.iter().any(|p| *p <= 0.0) || !exact {
                return Err(bad(format!(
                    "Law 12C1(c): the weights must be positive, in hundredths of a per cent at most, and add up to 100% (they add up to {total}%)"
                )));
            }
            given.iter().map(|p| (p * 100.0).round() as u32).collect()
        }
        _ => return Err(bad("Law 12C1(c): give a weight to every outcome, or to none (equal weights are then proposed)".into())),
    };
    let weights = hundredths.iter().map(|h| f64::from(*h) / 10_000.0);
    let table = tenace_dds::dd_table(&board.deal).map_err(|e| bad(format!("the deal cannot be solved: {e}")))?;
    let number = board.number.get();
    let mut lines = Vec::with_capacity(likely.len());
    for (l, weight) in likely.iter().zip(weights) {
        let played = Played::new(l.contract, l.declarer, table.get(l.declarer, l.contract.strain()));
        let ns_score = played.ns_score(number, board.vulnerability).map_err(|e| bad(e.to_string()))?;
        lines.push(Scored { played, ns_score, weight });
    }
    let ns_points = lines.iter().map(|l| l.weight * f64::from(l.ns_score)).sum();
    let outcome = Outcome::Assigned(lines.iter().map(|l| Weighted { weight: l.weight, played: l.played }).collect());
    Ok(Proposal { lines, outcome, ns_points })
}

impl Proposal {
    /// The proposal as the Director reads it: each outcome with its tricks and score, the
    /// weighted score, and the Law 12C1(b) reminder.
    pub fn text(&self) -> String {
        let mut out = String::from("Law 12C1: outcomes that could well have happened (declarer's double-dummy tricks):\n");
        for l in &self.lines {
            out.push_str(&format!("  {:>5.1}%  {}  North-South {:+}\n", l.weight * 100.0, l.played, l.ns_score));
        }
        out.push_str(&format!("weighted score (12C1(c)): {}, worth North-South {:+.1}\n", self.outcome.label(), self.ns_points));
        out.push_str(
            "Law 12C1(b): if the non-offending side contributed to its own damage by a serious error or a gamble, it \
             gets no relief for that part: score each side separately (a split score).",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_core::{BoardNumber, Deal};

    fn board() -> Board {
        let deal: Deal = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654".parse().unwrap();
        Board::numbered(BoardNumber::new(1).unwrap(), deal)
    }

    fn likely(contract: &str, declarer: Seat, percent: Option<f64>) -> Likely {
        Likely { contract: contract.parse().unwrap(), declarer, percent }
    }

    /// Law 12C1(c): a weighted score over two contracts: each scored with declarer's
    /// double-dummy tricks, worth the weighted sum, and scorable by the event as it stands.
    #[test]
    fn law_12c1c_weighted_score_over_two_contracts() {
        let b = board();
        let p = propose(&b, &[likely("4S", Seat::North, Some(60.0)), likely("3NT", Seat::South, Some(40.0))]).unwrap();
        let table = tenace_dds::dd_table(&b.deal).unwrap();
        assert_eq!(p.lines[0].played.tricks, table.get(Seat::North, tenace_core::Strain::Spades));
        assert_eq!(p.lines[1].played.tricks, table.get(Seat::South, tenace_core::Strain::NoTrump));
        let expected = 0.6 * f64::from(p.lines[0].ns_score) + 0.4 * f64::from(p.lines[1].ns_score);
        assert!((p.ns_points - expected).abs() < 1e-9);
        p.outcome.check(1, b.vulnerability).unwrap();
        let Outcome::Assigned(parts) = &p.outcome else { panic!("{:?}", p.outcome) };
        assert_eq!(parts.iter().map(|w| w.weight).collect::<Vec<_>>(), [0.6, 0.4]);
        assert!(p.text().contains("12C1(b)"));
    }

    /// Without weights the proposal is equal; weights for some outcomes only, or not adding up
    /// to 100 %, are refused under Law 12C1(c).
    #[test]
    fn law_12c1c_weights_are_the_directors_or_equal() {
        let b = board();
        let p = propose(&b, &[likely("1NT", Seat::North, None), likely("2S", Seat::North, None), likely("2H", Seat::East, None)]).unwrap();
        assert_eq!(p.lines.iter().map(|l| l.weight).collect::<Vec<_>>(), [0.3334, 0.3333, 0.3333], "thirds as the scorer writes them");
        let back: Outcome = p.outcome.label().parse().unwrap();
        back.check(1, b.vulnerability).unwrap();
        for bad in [
            vec![likely("4S", Seat::North, Some(60.0)), likely("3NT", Seat::South, None)],
            vec![likely("4S", Seat::North, Some(60.0)), likely("3NT", Seat::South, Some(30.0))],
            vec![],
        ] {
            let e = propose(&b, &bad).unwrap_err();
            assert!(e.law().is_within(crate::law::Law::new("12C")), "{e}");
        }
    }
}
