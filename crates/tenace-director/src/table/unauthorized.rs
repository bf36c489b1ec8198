//! Law 16B: unauthorized information from partner (a hesitation, an alert, a remark). The
//! Director records what the information was and the call made after it; the engine polls the
//! robots on the same hand and auction without the information (`tenace_robot::poll`): their
//! own call, each call's share of a panel of robot peers (`tenace_robot::PEERS`: the robot
//! valuing the hand from two points below to two above), and the calls the hand fits in their
//! system up to the level of the higher of the call taken and theirs — the candidates for the
//! logical alternatives of 16B1(b), with the frequencies a Director would get from a poll. Whether the information demonstrably suggested the call taken over
//! an alternative is the Director's judgement (16B1(a)); the note states the question and what
//! follows (16B3: an adjusted score, Law 12C1, with `adjust` to score the alternatives).

use tenace_core::Call;

use super::FaceTable;
use crate::error::DirectorError;
use crate::law::Law;

impl FaceTable {
    /// Law 16B: `source` (what partner conveyed) came before call number `number` of the
    /// auction (1 for the dealer's first call); the robots are polled on that call's hand.
    pub(super) fn on_unauthorized(&mut self, number: usize, source: &str) -> Result<(), DirectorError> {
        let (index, made) = self.call_numbered(number)?;
        let before: Vec<Call> = self.calls[..index].iter().map(|c| c.call).collect();
        let view = tenace_robot::BiddingView {
            seat: made.seat,
            hand: self.board.deal.hand(made.seat),
            dealer: self.board.dealer,
            vulnerability: self.board.vulnerability,
            calls: &before,
        };
        // The candidates: Pass, and the calls up to the level of the higher of the call taken
        // and the robots' (the question of 16B is whether to do less than was done); the
        // robots' meanings of later-round bids are too loose to rule out a jump to slam.
        let level = |c: Call| match c {
            Call::Bid(b) => b.level(),
            _ => 0,
        };
        let poll = tenace_robot::poll(&view);
        let robot = poll.iter().find(|p| p.robot).map_or(Call::Pass, |p| p.call);
        let top = level(made.call).max(level(robot));
        let poll: Vec<_> = poll.into_iter().filter(|p| p.robot || p.share > 0 || level(p.call) <= top).collect();
        let alternatives: Vec<String> = poll.iter().filter(|p| p.fits).map(|p| format!("{} ({})", p.call, p.meaning)).collect();
        let mut panel: Vec<&tenace_robot::Polled> = poll.iter().filter(|p| p.share > 0).collect();
        panel.sort_by_key(|p| std::cmp::Reverse(p.share));
        let panel: Vec<String> = panel.iter().map(|p| format!("{} {} %", p.call, p.share)).collect();
        let others: Vec<Call> = poll.iter().filter(|p| (p.fits || p.share > 0) && p.call != made.call).map(|p| p.call).collect();
        let seat = made.seat;
        let taken = made.call;
        let verdict = if others.is_empty() {
            format!("the hand fits no call but {taken}: no logical alternative, so no adjustment under 16B1(a)")
        } else {
            let list: Vec<String> = others.iter().map(|c| c.to_string()).collect();
            format!(
                "did the information demonstrably suggest {taken} over {} (16B1(a))? If so, and a significant share of {seat:?}'s \
                 peers would have seriously considered one of them (16B1(b)), the score is adjusted to the likely result after it \
                 (16B3, 12C1: `adjust` scores the outcomes)",
                list.join(" or ")
            )
        };
        self.note(
            Law::new("16B"),
            format!(
                "Unauthorized information ({source}) before {seat:?}'s {taken} (call {number}). Without it the robots call {robot}; \
                 a panel of robot peers valuing the hand from 2 points below to 2 above calls {}; calls the hand fits in their \
                 system: {}. Question for the Director: {verdict}.",
                panel.join(", "),
                if alternatives.is_empty() { "none".to_string() } else { alternatives.join("; ") }
            ),
        );
        Ok(())
    }

    /// Call number `number` of the auction (1 for the dealer's first), with its index, or why
    /// there is none (Laws 16B, 21B: the Director names the call he examines).
    pub(super) fn call_numbered(&self, number: usize) -> Result<(usize, crate::auction::MadeCall), DirectorError> {
        let index = number.checked_sub(1).filter(|i| *i < self.calls.len()).ok_or(DirectorError::CallNotInAuction { number, calls: self.calls.len() })?;
        Ok((index, self.calls[index]))
    }
}
