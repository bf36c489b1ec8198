//! Robots at an online table (docs/robot-system.md): what a robot seat does next. A robot sees
//! only what its seat may see — [`tenace_robot::PlayView`] is built from the same visibility
//! rule as a person's view ([`Room::sees_hand`]).

use tenace_core::{Call, Seat};
use tenace_table::TableEvent;

use crate::room::{Action, Room};
use crate::view::Viewer;

impl Room {
    fn is_robot(&self, seat: Seat) -> bool {
        self.occupant(seat).is_some_and(|o| o.is_robot())
    }

    /// The next thing a robot does at this table, if any: answer a claim, explain its call to a
    /// question, make its call or play its card, or (at a table of robots only) start the next
    /// board. Robots consent to undo and skip requests implicitly (see `room.rs`). A robot
    /// thinks about a card for `card_budget_ms` milliseconds of solver work at most, and about
    /// a call (game and slam by simulation) up to three times that for each; under 100 ms it
    /// bids by its rules alone, and with 0 it also plays by them.
    pub fn robot_action(&self, card_budget_ms: f64) -> Option<(Seat, Action)> {
        let table = self.table();
        if let Some(claim) = table.pending_claim() {
            let answerer = [claim.claimer.lho(), claim.claimer.rho()]
                .into_iter()
                .find(|s| self.is_robot(*s) && Some(*s) != table.dummy() && !claim.accepted_by.contains(s))?;
            let holds = self.claim_check().is_none_or(|dd| claim.tricks <= dd);
            return Some((answerer, Action::AnswerClaim { accept: holds }));
        }
        for q in self.questions() {
            let Some(made) = table.auction().calls().get(q.call) else { continue };
            if self.is_robot(made.seat) {
                let calls: Vec<Call> = table.auction().calls().iter().map(|c| c.call).collect();
                let text = tenace_robot::explain_call(table.board().dealer, table.board().vulnerability, &calls, q.call);
                return Some((made.seat, Action::Explain { call: q.call, text }));
            }
        }
        if self.board_over() {
            let only_robots = self.people().is_empty() && self.seats().iter().all(|s| s.is_some());
            return (only_robots && !self.set_over()).then_some((Seat::North, Action::NextBoard));
        }
        if self.undo_request().is_some() || self.skip_request().is_some() {
            return None;
        }
        let seat = self.player_to_act()?;
        if !self.is_robot(seat) {
            return None;
        }
        match table.play() {
            None => {
                let calls: Vec<Call> = table.auction().calls().iter().map(|c| c.call).collect();
                let board = table.board();
                let view =
                    tenace_robot::BiddingView { seat, hand: board.deal.hand(seat), dealer: board.dealer, vulnerability: board.vulnerability, calls: &calls };
                let c = tenace_robot::choose_call_within(&view, card_budget_ms);
                Some((seat, Action::Call { call: c.call, alert: c.alert, explanation: Some(c.explanation) }))
            }
            Some(_) => {
                let view = self.robot_play_view(seat)?;
                let seed = self.options().set_seed ^ (u64::from(self.board_number()) << 32) ^ table.events().len() as u64;
                let card = tenace_robot::choose_card_within(&view, seed, card_budget_ms);
                Some((seat, Action::Play { card }))
            }
        }
    }

    /// What the robot in `seat` knows when its side is to play (from its own hand, or dummy's
    /// when it is declarer): the hands its seat may see, by the same rule as a person's view
    /// ([`Room::sees_hand`]), the cards played and the auction. `None` outside the play.
    pub fn robot_play_view(&self, seat: Seat) -> Option<tenace_robot::PlayView> {
        let table = self.table();
        let play = table.play()?;
        let viewer = Viewer::Seat { seat };
        let hands = Seat::ALL.map(|s| self.sees_hand(viewer, s).then(|| play.remaining(s)));
        let played = play.tricks().iter().flat_map(|t| t.cards.iter().enumerate().map(|(i, c)| (t.player(i), *c))).collect();
        let board = table.board();
        let calls: Vec<Call> = table.auction().calls().iter().map(|c| c.call).collect();
        let auction = tenace_robot::AuctionHeard { dealer: board.dealer, vulnerability: board.vulnerability, calls };
        Some(tenace_robot::PlayView { declarer: play.declarer(), contract: table.contract()?, to_play: table.to_act()?, hands, played, auction: Some(auction) })
    }

    /// The table events so far that are calls or cards (what an undo could withdraw).
    pub fn actions_recorded(&self) -> usize {
        self.table().events().iter().filter(|e| matches!(e, TableEvent::Call { .. } | TableEvent::Play { .. })).count()
    }
}
