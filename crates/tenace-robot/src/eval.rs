//! How good are the robots? Four robots bid and play boards dealt from a seed, and every
//! contract and every card is measured double dummy (`tenace robot eval`). Robots are judged by
//! these figures, never by how an auction looks.
//!
//! Definitions (each figure of [`Report`]):
//! - *IMPs from par*: for each board, the final contract scored at its double-dummy tricks,
//!   against the double-dummy par score of the deal (tenace-dds `par`), converted to IMPs; the
//!   mean of the absolute values. A passed-out board scores 0.
//! - *failing contracts*: contracts whose double-dummy tricks fall short.
//! - *games bid*: among boards whose par is a making game (not a slam) for a side, how often
//!   that side's final contract is a game or higher; *slams bid* likewise for a making slam.
//! - *no trump over a major fit*: boards played in no trump by a side with eight or more cards
//!   in a major in which the declarer takes more tricks double dummy than in no trump.
//! - *cost of a card*: the tricks its side takes double dummy with the best card, minus those
//!   it takes after the card played (0 for a card as good as any). Every card counts, forced
//!   ones included (as in the baseline). Declarer's cards are declarer's and dummy's;
//!   the defence's are the defenders' cards after the opening lead.
//! - *time*: the robots' own thinking, per card and per board (calls and cards), wall clock.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Bid, Board, BoardNumber, Call, Card, Contract, Hand, Penalty, Seat, Side, Strain, Suit};
use tenace_dds::{analyse, dd_table, par, DdTable, Par, Position};

use tenace_table::{Auction, AuctionCall, Play};

use crate::{AuctionHeard, BiddingView, PlayView};

/// A bridge robot, as the evaluation drives it: this build's robots, or another build's over a
/// pipe. An error ends the evaluation with its message.
pub trait Player {
    fn call(&mut self, view: &BiddingView<'_>) -> Result<Call, String>;
    fn card(&mut self, view: &PlayView, seed: u64) -> Result<Card, String>;
}

/// The robots of this build, with a time budget per card in milliseconds.
pub struct ThisBuild {
    pub budget_ms: f64,
}

impl Player for ThisBuild {
    fn call(&mut self, view: &BiddingView<'_>) -> Result<Call, String> {
        Ok(crate::choose_call_within(view, self.budget_ms).call)
    }

    fn card(&mut self, view: &PlayView, seed: u64) -> Result<Card, String> {
        Ok(crate::play::choose_card_within(view, seed, self.budget_ms))
    }
}

/// Board `number` of the evaluation dealt from `seed`: the deal depends only on both, and
/// dealer and vulnerability follow the board number (Law 2).
pub fn deal_board(seed: u64, number: u32) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(number));
    let number = BoardNumber::new(number.max(1)).unwrap_or_else(|_| unreachable!("numbers start at 1"));
    Board::numbered(number, random_deal(&mut rng))
}

/// One card as played, with its cost double dummy (when measured) and the robot's time.
#[derive(Clone, Debug)]
pub struct PlayedCard {
    pub seat: Seat,
    pub card: Card,
    pub cost: Option<u8>,
    pub millis: f64,
}

/// A board bid and played at one table.
#[derive(Clone, Debug)]
pub struct TableResult {
    pub calls: Vec<Call>,
    /// The final contract and its declarer; `None` when passed out.
    pub contract: Option<(Contract, Seat)>,
    pub cards: Vec<PlayedCard>,
    /// Tricks declarer took in play.
    pub tricks: u8,
    /// The score, North-South's view.
    pub score_ns: i32,
    /// The robots' time for the whole board (calls and cards), in milliseconds.
    pub millis: f64,
}

/// What the player of `hand` (declarer when `hand` is dummy) may see, from the hands as they
/// now are: their own hand, and dummy once the opening lead is faced (Law 41D); declarer plays
/// dummy's cards from dummy's view plus their own.
pub fn play_view(deal_now: &[Hand; 4], declarer: Seat, contract: Contract, hand: Seat, played: &[(Seat, Card)], auction: &AuctionHeard) -> PlayView {
    let dummy = declarer.partner();
    let player = if hand == dummy { declarer } else { hand };
    let hands = Seat::ALL.map(|s| {
        let sees = s == player || s == hand || (s == dummy && !played.is_empty());
        sees.then(|| deal_now[s.index()])
    });
    PlayView { declarer, contract, to_play: hand, hands, played: played.to_vec(), auction: Some(auction.clone()) }
}

/// The calls four robots of this build make on `board` (the bidding alone, for the examples
/// that measure contracts and leads).
pub fn robot_auction(board: &Board) -> Vec<Call> {
    let mut calls = Vec::new();
    while tenace_core::rules::auction_result(board.dealer, calls.iter().copied()).is_none() {
        let seat = board.dealer.after(calls.len());
        let view = BiddingView { seat, hand: board.deal.hand(seat), dealer: board.dealer, vulnerability: board.vulnerability, calls: &calls };
        calls.push(crate::choose_call(&view).call);
    }
    calls
}

/// Bids and plays `board` with `players[seats[i]]` in seat `i`; measures each card's cost when
/// `measure` is set. Card seeds depend on the board and the card's place only.
pub fn play_board(board: &Board, players: &mut [&mut dyn Player], seats: [usize; 4], measure: bool) -> Result<TableResult, String> {
    let mut millis = 0.0;
    let mut auction = Auction::new(board.dealer);
    let mut calls: Vec<Call> = Vec::new();
    while let Some(seat) = auction.to_call() {
        let view = BiddingView { seat, hand: board.deal.hand(seat), dealer: board.dealer, vulnerability: board.vulnerability, calls: &calls };
        let start = Instant::now();
        let call = players[seats[seat.index()]].call(&view)?;
        millis += start.elapsed().as_secs_f64() * 1000.0;
        auction
            .make(AuctionCall { seat, call, alert: false, explanation: None })
            .map_err(|e| format!("board {}: {seat}'s call {call} is refused: {e}", board.number))?;
        calls.push(call);
    }
    let Some((contract, declarer)) = tenace_core::rules::auction_result(board.dealer, calls.iter().copied()).flatten() else {
        return Ok(TableResult { calls, contract: None, cards: Vec::new(), tricks: 0, score_ns: 0, millis });
    };
    let heard = AuctionHeard { dealer: board.dealer, vulnerability: board.vulnerability, calls: calls.clone() };
    // The one trick engine keeps rotation, holdings and tricks won (Law 44); the solver's
    // position follows it only when the cards are measured.
    let mut play = Play::new(&board.deal, declarer, contract.strain().trump());
    let mut position = if measure { Some(Position::new(&board.deal, contract.strain(), declarer.lho()).map_err(|e| e.to_string())?) } else { None };
    let mut played: Vec<(Seat, Card)> = Vec::new();
    let mut cards = Vec::with_capacity(52);
    while let Some(hand) = play.to_play() {
        let now = Seat::ALL.map(|s| play.remaining(s));
        let view = play_view(&now, declarer, contract, hand, &played, &heard);
        let seed = u64::from(board.number.get()) * 1000 + played.len() as u64;
        let player = if hand == declarer.partner() { declarer } else { hand };
        let start = Instant::now();
        let card = players[seats[player.index()]].card(&view, seed)?;
        let took = start.elapsed().as_secs_f64() * 1000.0;
        millis += took;
        play.play(hand, card).map_err(|e| format!("board {}: {hand} played {card}: {e}", board.number))?;
        let cost = match position.as_mut() {
            Some(position) => {
                let results = analyse(position);
                let best = results.iter().map(|r| r.tricks).max().unwrap_or(0);
                let cost = results.iter().find(|r| r.card == card).map(|r| best - r.tricks);
                position.play(card).map_err(|e| e.to_string())?;
                cost
            }
            None => None,
        };
        played.push((hand, card));
        cards.push(PlayedCard { seat: hand, card, cost, millis: took });
    }
    let declarer_tricks = play.tricks_won(declarer.side());
    let vulnerable = board.vulnerability.is_vulnerable(declarer.side());
    let score = contract.score(declarer_tricks, vulnerable).map_err(|e| e.to_string())?;
    let score_ns = if declarer.side() == Side::NorthSouth { score } else { -score };
    Ok(TableResult { calls, contract: Some((contract, declarer)), cards, tricks: declarer_tricks, score_ns, millis })
}

/// One board of the evaluation: the deal's double-dummy table and par, and the robots' table.
#[derive(Clone, Debug)]
pub struct BoardOutcome {
    pub board: Board,
    pub table: DdTable,
    pub par: Par,
    pub result: TableResult,
}

impl BoardOutcome {
    /// The final contract's score at its double-dummy tricks, North-South's view.
    pub fn contract_score_dd(&self) -> i32 {
        let Some((contract, declarer)) = self.result.contract else { return 0 };
        let tricks = self.table.get(declarer, contract.strain());
        let vulnerable = self.board.vulnerability.is_vulnerable(declarer.side());
        let s = contract.score(tricks, vulnerable).unwrap_or(0);
        if declarer.side() == Side::NorthSouth {
            s
        } else {
            -s
        }
    }

    /// IMPs between the contract (at double-dummy tricks) and par.
    pub fn imps_from_par(&self) -> i32 {
        tenace_core::imps(self.contract_score_dd() - self.par.score).abs()
    }
}

/// Evaluates one board: deal, double-dummy table and par, robots' bidding and play.
pub fn evaluate_board(seed: u64, number: u32, player: &mut dyn Player) -> Result<BoardOutcome, String> {
    let board = deal_board(seed, number);
    let result = play_board(&board, &mut [player], [0; 4], true)?;
    outcome(board, result)
}

/// A board's outcome from the robots' table: the deal's double-dummy table and par are worked
/// out (also for a table read back from a file, `tenace robot eval --resume`).
pub fn outcome(board: Board, result: TableResult) -> Result<BoardOutcome, String> {
    let table = dd_table(&board.deal).map_err(|e| e.to_string())?;
    let par = par(&table, board.vulnerability, board.dealer);
    Ok(BoardOutcome { board, table, par, result })
}

/// A rate: how many of how many.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rate {
    pub hits: usize,
    pub of: usize,
}

impl Rate {
    pub fn percent(self) -> f64 {
        if self.of == 0 {
            0.0
        } else {
            100.0 * self.hits as f64 / self.of as f64
        }
    }

    fn count(&mut self, hit: bool) {
        self.of += 1;
        self.hits += usize::from(hit);
    }
}

/// The figures of an evaluation (see the module docs for each definition).
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub boards: usize,
    pub imps_from_par: f64,
    pub failing_contracts: Rate,
    pub games_bid: Rate,
    pub slams_bid: Rate,
    pub notrump_over_major_fit: usize,
    pub boards_played: usize,
    pub declarer_tricks_lost_per_board: f64,
    pub declarer_cards_costing: Rate,
    pub defence_cards_costing: Rate,
    pub leads_costing_nothing: Rate,
    pub ms_per_card: f64,
    pub max_ms_per_card: f64,
    pub ms_per_board: f64,
}

/// A bid at game level or higher (3NT, four of a major, five of a minor: Law 77's 100 trick
/// points).
pub fn is_game(bid: Bid) -> bool {
    bid.level() >= crate::meaning::game_level(bid.strain())
}

/// The side whose par contract makes, with the contract, if par is a making contract.
pub fn making_par(par: &Par) -> Option<(Side, Contract)> {
    let p = par.contracts.first()?;
    let side = p.declarers.first()?.side();
    (p.result >= 0 && p.contract.penalty == Penalty::Undoubled).then_some((side, p.contract))
}

/// Sums up the outcomes.
pub fn report(outcomes: &[BoardOutcome]) -> Report {
    let mut r = Report { boards: outcomes.len(), ..Report::default() };
    let mut imps = 0i64;
    let mut declarer_lost = 0u64;
    let mut card_ms: Vec<f64> = Vec::new();
    let mut board_ms = 0.0;
    for o in outcomes {
        imps += i64::from(o.imps_from_par());
        board_ms += o.result.millis;
        if let Some((side, p)) = making_par(&o.par) {
            let bid = o.result.contract.filter(|(_, d)| d.side() == side).map(|(c, _)| c.bid);
            if p.level() >= 6 {
                r.slams_bid.count(bid.is_some_and(|b| b.level() >= 6));
            } else if is_game(p.bid) {
                r.games_bid.count(bid.is_some_and(is_game));
            }
        }
        let Some((contract, declarer)) = o.result.contract else { continue };
        let dd = o.table.get(declarer, contract.strain());
        r.failing_contracts.count(dd < contract.tricks_needed());
        if contract.strain() == Strain::NoTrump {
            let holding = |suit: Suit| o.board.deal.hand(declarer).suit_len(suit) + o.board.deal.hand(declarer.partner()).suit_len(suit);
            let better = [Suit::Spades, Suit::Hearts].into_iter().any(|s| holding(s) >= 8 && o.table.get(declarer, Strain::from_suit(s)) > dd);
            r.notrump_over_major_fit += usize::from(better);
        }
        r.boards_played += 1;
        for (i, c) in o.result.cards.iter().enumerate() {
            card_ms.push(c.millis);
            let Some(cost) = c.cost else { continue };
            if c.seat.side() == declarer.side() {
                declarer_lost += u64::from(cost);
                r.declarer_cards_costing.count(cost > 0);
            } else if i == 0 {
                r.leads_costing_nothing.count(cost == 0);
            } else {
                r.defence_cards_costing.count(cost > 0);
            }
        }
    }
    let n = outcomes.len().max(1) as f64;
    r.imps_from_par = imps as f64 / n;
    r.declarer_tricks_lost_per_board = declarer_lost as f64 / r.boards_played.max(1) as f64;
    r.ms_per_card = card_ms.iter().sum::<f64>() / card_ms.len().max(1) as f64;
    r.max_ms_per_card = card_ms.iter().copied().fold(0.0, f64::max);
    r.ms_per_board = board_ms / n;
    r
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rate = |r: Rate| format!("{:5.1} % ({} of {})", r.percent(), r.hits, r.of);
        writeln!(f, "boards                                   {}", self.boards)?;
        writeln!(f, "IMPs from par per board                  {:.2}", self.imps_from_par)?;
        writeln!(f, "contracts failing double dummy           {}", rate(self.failing_contracts))?;
        writeln!(f, "making game par: game bid                {}", rate(self.games_bid))?;
        writeln!(f, "making slam par: slam bid                {}", rate(self.slams_bid))?;
        writeln!(f, "no trump where a major fit takes more    {} boards", self.notrump_over_major_fit)?;
        writeln!(f, "declarer: tricks lost per board          {:.2} ({} boards played)", self.declarer_tricks_lost_per_board, self.boards_played)?;
        writeln!(f, "declarer: cards costing a trick          {}", rate(self.declarer_cards_costing))?;
        writeln!(f, "defence: cards after the lead costing    {}", rate(self.defence_cards_costing))?;
        writeln!(f, "opening leads costing no trick           {}", rate(self.leads_costing_nothing))?;
        writeln!(f, "time per card                            {:.1} ms (worst {:.0} ms)", self.ms_per_card, self.max_ms_per_card)?;
        write!(f, "time per board                           {:.0} ms", self.ms_per_board)
    }
}

/// A duplicate team match on the same boards: `new` sits North-South at one table and
/// East-West at the other, against `old`. Returns, per board, the IMPs to `new`.
pub fn match_board(board: &Board, new: &mut dyn Player, old: &mut dyn Player) -> Result<i32, String> {
    let mut players: [&mut dyn Player; 2] = [new, old];
    let open = play_board(board, &mut players, [0, 1, 0, 1], false)?;
    let closed = play_board(board, &mut players, [1, 0, 1, 0], false)?;
    Ok(tenace_core::imps(open.score_ns - closed.score_ns))
}

/// The mean of `imps` and the half-width of its 95 % confidence interval (normal
/// approximation, 1.96 standard errors).
pub fn mean_and_interval(imps: &[i32]) -> (f64, f64) {
    let n = imps.len() as f64;
    if imps.is_empty() {
        return (0.0, 0.0);
    }
    let mean = imps.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    if imps.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let var = imps.iter().map(|&x| (f64::from(x) - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_depend_on_seed_and_number_only() {
        assert_eq!(deal_board(7, 3), deal_board(7, 3));
        assert_ne!(deal_board(7, 3).deal, deal_board(7, 4).deal);
        assert_ne!(deal_board(7, 3).deal, deal_board(8, 3).deal);
        assert_eq!(deal_board(7, 3).dealer, Seat::South, "Law 2");
    }

    #[test]
    fn law_77_games() {
        let b = |l, s| Bid::new(l, s).unwrap_or_else(|_| unreachable!());
        assert!(is_game(b(3, Strain::NoTrump)));
        assert!(!is_game(b(2, Strain::NoTrump)));
        assert!(is_game(b(4, Strain::Hearts)));
        assert!(!is_game(b(3, Strain::Spades)));
        assert!(is_game(b(5, Strain::Clubs)));
        assert!(!is_game(b(4, Strain::Diamonds)));
    }

    #[test]
    fn confidence_interval() {
        let (m, h) = mean_and_interval(&[2, -2, 2, -2]);
        assert_eq!(m, 0.0);
        assert!((h - 1.96 * (16.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-9);
    }
}
