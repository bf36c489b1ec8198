//! Tenace's double-dummy solver: the number of tricks each side takes with all four hands in
//! view and best play throughout, for full deals and for positions part-way through the play;
//! double-dummy tables (4 declarers x 5 strains) and par scores.
//!
//! Pure Rust, no C or C++ solver linked. See `search` for the techniques. Serde support for the
//! results is the `serde` feature.
//!
//! ```
//! use tenace_core::{Deal, Seat, Strain, Vulnerability};
//!
//! let deal = Deal::from_pbn("N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654").unwrap();
//! let table = tenace_dds::dd_table(&deal).unwrap();
//! // Tricks for each declarer in each strain, all hands in view.
//! let north_nt = table.get(Seat::North, Strain::NoTrump);
//! assert!(north_nt <= 13);
//! // Par (the DDS convention): the score both sides reach with perfect bidding.
//! let par = tenace_dds::par(&table, Vulnerability::None, Seat::North);
//! println!("North in no trump: {north_nt} tricks; par {} ({})", par.score, par.contracts[0]);
//! ```

mod bits;
mod par;
mod search;

use std::sync::atomic::{AtomicUsize, Ordering};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use tenace_core::{rules, Card, Deal, Hand, Seat, Strain, Suit};

pub use par::{par, Par, ParContract};
use search::{Engine, TrickState, NO_TRUMP};

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("{0}")]
    Deal(#[from] tenace_core::DealError),
    #[error("the hands hold different numbers of cards ({0:?}) for a position with {1} card(s) on the table")]
    UnevenHands([usize; 4], usize),
    #[error("the {card} is not in {seat:?}'s hand")]
    NotHeld { seat: Seat, card: Card },
    #[error("Law 44C: {seat:?} must follow suit to the {led} led, not play the {card}")]
    Revoke { seat: Seat, card: Card, led: Card },
    #[error("a position needs at least one card in each hand")]
    Empty,
}

/// A position to solve: the cards each hand still holds, the strain, who led to the trick in
/// progress and the cards already played to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    hands: [Hand; 4],
    strain: Strain,
    leader: Seat,
    trick: Vec<Card>,
}

impl Position {
    /// The start of the play of a full deal: `leader` is on lead (declarer's left-hand opponent).
    pub fn new(deal: &Deal, strain: Strain, leader: Seat) -> Result<Position, SolveError> {
        deal.validate()?;
        Ok(Position { hands: deal.hands, strain, leader, trick: Vec::new() })
    }

    /// A position given directly: the hands as they are now and the cards already played to the
    /// current trick (in order from `leader`). Hands may be partial (an ending), but the players
    /// still to play to the trick must each hold one card more than those who have played.
    pub fn from_hands(hands: [Hand; 4], strain: Strain, leader: Seat, trick: Vec<Card>) -> Result<Position, SolveError> {
        Deal::new(hands).check_disjoint()?;
        let pos = Position { hands, strain, leader, trick };
        if pos.trick.len() > 3 {
            return Err(SolveError::UnevenHands(pos.lengths(), pos.trick.len()));
        }
        let lengths = pos.lengths();
        let after = lengths[leader.index()];
        for i in 0..4 {
            let seat = leader.after(i);
            let expected = if i < pos.trick.len() { after } else { after + 1 };
            let expected = if pos.trick.is_empty() { after } else { expected };
            if lengths[seat.index()] != expected {
                return Err(SolveError::UnevenHands(lengths, pos.trick.len()));
            }
        }
        if lengths.iter().all(|&l| l == 0) {
            return Err(SolveError::Empty);
        }
        Ok(pos)
    }

    /// The position reached from a full deal after `played` cards (from the opening lead by
    /// `first_leader`), checking each card is held and follows suit (Law 44C).
    pub fn after_play(deal: &Deal, strain: Strain, first_leader: Seat, played: &[Card]) -> Result<Position, SolveError> {
        let mut pos = Position::new(deal, strain, first_leader)?;
        for &card in played {
            pos.play(card)?;
        }
        Ok(pos)
    }

    /// Plays a card for the hand to play.
    pub fn play(&mut self, card: Card) -> Result<(), SolveError> {
        let seat = self.to_play();
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return Err(SolveError::NotHeld { seat, card });
        }
        if let Some(&led) = self.trick.first() {
            if rules::fails_to_follow(hand, Some(led.suit()), card) {
                return Err(SolveError::Revoke { seat, card, led });
            }
        }
        self.hands[seat.index()].remove(card);
        self.trick.push(card);
        if self.trick.len() == 4 {
            // Four cards are on the table, so the trick has a winner.
            self.leader = rules::trick_winner(self.leader, &self.trick, self.strain.trump()).unwrap_or(self.leader);
            self.trick.clear();
        }
        Ok(())
    }

    fn lengths(&self) -> [usize; 4] {
        self.hands.map(|h| h.len())
    }

    /// The hand to play next.
    pub fn to_play(&self) -> Seat {
        self.leader.after(self.trick.len())
    }

    /// Tricks still to be decided, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.leader.index()].len() as u8 + u8::from(!self.trick.is_empty())
    }

    pub fn strain(&self) -> Strain {
        self.strain
    }

    /// Cards the hand to play may play (Law 44C).
    pub fn legal_cards(&self) -> Hand {
        rules::legal_cards(self.hands[self.to_play().index()], self.trick.first().map(|c| c.suit()))
    }

    fn engine_parts(&self) -> ([[u16; 4]; 4], usize, TrickState) {
        let hands = self.hands.map(|h| Suit::ALL.map(|s| h.suit(s)));
        let trump = self.strain.trump().map(|s| s.index()).unwrap_or(NO_TRUMP);
        let mut trick = TrickState::new(self.leader.index());
        for card in &self.trick {
            trick = trick.after_card(card.suit().index() as u8, card.rank().index() as u8, trump);
        }
        (hands, trump, trick)
    }
}

/// Whether the search runs in its copy compiled for the x86-64-v3 bit instructions (`popcnt`,
/// `lzcnt`, `tzcnt`, `pext`, `pdep`), chosen at run time; false on other CPUs and when
/// `TENACE_DDS_PORTABLE=1` is set. Both copies give the same results.
pub fn uses_fast_instructions() -> bool {
    bits::fast_cpu()
}

/// The most tricks the side to play can take from the position (the trick in progress
/// included), with best play by both sides.
pub fn solve(position: &Position) -> u8 {
    let (hands, trump, trick) = position.engine_parts();
    let n = position.tricks_left();
    let mut engine = Engine::new(hands, trump);
    let ns = engine.ns_tricks(&trick, n, n / 2);
    if position.to_play().index() & 1 == 0 {
        ns
    } else {
        n - ns
    }
}

/// One card of the hand to play and the tricks its side then takes with best play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct CardResult {
    pub card: Card,
    pub tricks: u8,
}

/// Every legal card of the hand to play, with the tricks the side to play takes after it (the
/// trick in progress included); best cards first, then by suit and rank.
pub fn analyse(position: &Position) -> Vec<CardResult> {
    analyse_nodes(position).0
}

/// [`analyse`] with the number of search nodes visited: a measure of the work done that does
/// not depend on the machine or its load (the robots budget their sampling in nodes).
pub fn analyse_nodes(position: &Position) -> (Vec<CardResult>, u64) {
    let (results, nodes, _) = analyse_in(position, None);
    (results, nodes)
}

/// [`analyse_nodes`], given up when the clock passes `deadline`: `None` then (the search cannot
/// give a partial answer worth having). For callers with a wall-clock limit, such as a robot
/// that must play within seconds whatever the position.
pub fn analyse_until(position: &Position, deadline: std::time::Instant) -> Option<(Vec<CardResult>, u64)> {
    let (results, nodes, stopped) = analyse_in(position, Some(deadline));
    (!stopped).then_some((results, nodes))
}

/// The work of [`analyse_nodes`] (stopped at `deadline` when one is given): the results, the
/// nodes searched, and whether the search was given up.
#[inline(always)]
fn analyse_in(position: &Position, deadline: Option<std::time::Instant>) -> (Vec<CardResult>, u64, bool) {
    let (hands, trump, trick) = position.engine_parts();
    let mut engine = Engine::new(hands, trump);
    if let Some(deadline) = deadline {
        engine.stop_at(deadline);
    }
    let n = position.tricks_left();
    let seat = position.to_play().index();
    let ns_side = seat & 1 == 0;
    let mut results: Vec<CardResult> = Vec::new();
    let mut guess = n / 2;
    // Cards of one run (adjacent among the cards still held and those on the table) are
    // equivalent: each run is solved once, for its lowest card, and the rest share the result.
    // Lower runs of a suit share it too when the result rests on no card as low as the run
    // (small-card skipping, see `search::skip_floor`): `shared[suit]` is then the floor below
    // which runs share the result, and the result. Cards come highest first in each suit.
    let on_table = trick.table;
    let mut shared: [(u8, u8); 4] = [(0, 0); 4];
    let legal = position.legal_cards();
    for (s, held) in Suit::ALL.map(|suit| (suit.index(), legal.suit(suit))).into_iter().rev() {
        if held == 0 {
            continue;
        }
        let present = (0..4).fold(on_table[s], |acc, h| acc | engine.hand(h)[s]);
        let (mut bottoms, mut tops) = search::runs(held, present);
        while tops != 0 {
            // Highest run first.
            let top = 15 - tops.leading_zeros() as u8;
            let rank = 15 - bottoms.leading_zeros() as u8;
            tops &= !(1 << top);
            bottoms &= !(1 << rank);
            let ns = match shared[s] {
                (floor, ns) if top < floor => ns,
                _ => {
                    let next = trick.after_card(s as u8, rank, trump);
                    engine.play(seat, s, rank);
                    let (ns, rel) = if next.count == 4 {
                        let winner = next.win_seat as usize;
                        let won = u8::from(winner & 1 == 0);
                        let (ns, rel) = engine.ns_tricks_relevant(&TrickState::new(winner), n - 1, guess.saturating_sub(won));
                        (won + ns, rel | search::trick_relevant(&next))
                    } else {
                        engine.ns_tricks_relevant(&next, n, guess)
                    };
                    engine.unplay(seat, s, rank);
                    guess = ns;
                    if shared[s].0 == 0 {
                        shared[s] = (search::skip_floor(search::for_run(rel, s, rank, top), s, top), ns);
                    }
                    ns
                }
            };
            let tricks = if ns_side { ns } else { n - ns };
            for r in (rank..=top).filter(|&r| held & (1 << r) != 0) {
                results.push(CardResult { card: Card::new(Suit::ALL[s], tenace_core::Rank::ALL[r as usize]), tricks });
            }
        }
    }
    results.sort_by(|a, b| b.tricks.cmp(&a.tricks).then(b.card.suit().cmp(&a.card.suit())).then(b.card.rank().cmp(&a.card.rank())));
    (results, engine.nodes, engine.stopped())
}

/// One card of a played board, analysed: what every legal card of the hand to play was worth.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PlayStep {
    pub to_play: Seat,
    /// The card played here; `None` for the position left after the last card (a claim).
    pub played: Option<Card>,
    /// Tricks declarer's side had won before this card.
    pub declarer_won: u8,
    /// Every legal card with the tricks declarer's side ends the board with after it, best play
    /// from then on; the best cards for the side to play first.
    pub cards: Vec<CardResult>,
}

impl PlayStep {
    /// Declarer's final tricks with best play from here.
    pub fn best(&self) -> Option<u8> {
        self.cards.first().map(|r| r.tricks)
    }

    /// The tricks `card` costs the side that plays it (0 for a best card), `None` when it is not
    /// a legal card here.
    pub fn cost(&self, card: Card) -> Option<u8> {
        let value = self.cards.iter().find(|r| r.card == card)?.tricks;
        let best = self.best()?;
        Some(best.abs_diff(value))
    }
}

/// A played board card by card, as hand viewers show it: for each card in `played` (from the
/// opening lead by declarer's left-hand opponent, Law 54A), [`analyse`] of the position before
/// it, counted as declarer's final tricks; when tricks remain after the last card (a claim), the
/// position left too. Each card is checked as it is played (held, follows suit: Law 44C); the
/// first that is not is the error.
pub fn analyse_play(deal: &Deal, strain: Strain, declarer: Seat, played: &[Card]) -> Result<Vec<PlayStep>, SolveError> {
    let mut position = Position::new(deal, strain, declarer.after(1))?;
    let mut out = Vec::with_capacity(played.len() + 1);
    let mut declarer_won = 0u8;
    let mut step = |position: &Position, played: Option<Card>, declarer_won: u8| {
        let to_play = position.to_play();
        let left = position.tricks_left();
        let for_declarer = to_play.side() == declarer.side();
        let cards = analyse(position)
            .into_iter()
            .map(|r| CardResult { card: r.card, tricks: declarer_won + if for_declarer { r.tricks } else { left - r.tricks } })
            .collect();
        out.push(PlayStep { to_play, played, declarer_won, cards });
    };
    for &card in played {
        step(&position, Some(card), declarer_won);
        let left = position.tricks_left();
        position.play(card)?;
        if position.tricks_left() < left {
            // The trick is complete: its winner is on lead.
            declarer_won += u8::from(position.to_play().side() == declarer.side());
        }
    }
    if position.hands.iter().any(|h| !h.is_empty()) {
        step(&position, None, declarer_won);
    }
    Ok(out)
}

/// Double-dummy tricks for each declarer and strain: `tricks[declarer][strain]`, strains in the
/// order clubs, diamonds, hearts, spades, no trump.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct DdTable {
    pub tricks: [[u8; 5]; 4],
}

impl DdTable {
    pub fn get(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer.index()][strain.index()]
    }
}

/// North-South's tricks with each seat on lead, for one strain: `[leader]`.
fn strain_results(engine: &mut Engine) -> [u8; 4] {
    let mut ns = [0u8; 4];
    let mut guess = 7;
    for (leader, tricks) in ns.iter_mut().enumerate() {
        *tricks = engine.ns_tricks(&TrickState::new(leader), 13, guess);
        guess = *tricks;
    }
    ns
}

fn fill_strain(table: &mut DdTable, strain: usize, ns: [u8; 4]) {
    for declarer in 0..4 {
        let leader = (declarer + 1) & 3;
        table.tricks[declarer][strain] = if declarer & 1 == 0 { ns[leader] } else { 13 - ns[leader] };
    }
}

fn engine_hands(deal: &Deal) -> [[u16; 4]; 4] {
    deal.hands.map(|h| Suit::ALL.map(|s| h.suit(s)))
}

/// The double-dummy table of a full deal, on one thread.
pub fn dd_table(deal: &Deal) -> Result<DdTable, SolveError> {
    deal.validate()?;
    let mut table = DdTable::default();
    for strain in 0..5 {
        let mut engine = Engine::new(engine_hands(deal), strain);
        let ns = strain_results(&mut engine);
        fill_strain(&mut table, strain, ns);
    }
    Ok(table)
}

/// The double-dummy table of a full deal on one thread, with the number of search nodes visited
/// (for the solver's own benchmarks).
#[doc(hidden)]
pub fn dd_table_nodes(deal: &Deal) -> Result<(DdTable, u64), SolveError> {
    deal.validate()?;
    let mut table = DdTable::default();
    let mut nodes = 0;
    for strain in 0..5 {
        let mut engine = Engine::new(engine_hands(deal), strain);
        let ns = strain_results(&mut engine);
        nodes += engine.nodes;
        fill_strain(&mut table, strain, ns);
    }
    Ok((table, nodes))
}

/// Double-dummy tables for many deals, spread over `threads` threads (at least one), one deal
/// at a time per thread. Results are in the order of `deals`;
/// `progress` is called once per finished deal (from any thread).
pub fn dd_tables(deals: &[Deal], threads: usize, progress: &(dyn Fn() + Sync)) -> Result<Vec<DdTable>, SolveError> {
    for d in deals {
        d.validate()?;
    }
    let next = AtomicUsize::new(0);
    let threads = threads.max(1).min(deals.len().max(1));
    let mut results = vec![DdTable::default(); deals.len()];
    let chunks: Vec<Vec<(usize, DdTable)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(deal) = deals.get(i) else { break };
                        let mut table = DdTable::default();
                        for strain in 0..5 {
                            let mut engine = Engine::new(engine_hands(deal), strain);
                            fill_strain(&mut table, strain, strain_results(&mut engine));
                        }
                        done.push((i, table));
                        progress();
                    }
                    done
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    for (i, t) in chunks.into_iter().flatten() {
        results[i] = t;
    }
    Ok(results)
}

/// The double-dummy table of one deal using up to `threads` threads (the five strains are shared
/// out among them).
pub fn dd_table_threads(deal: &Deal, threads: usize) -> Result<DdTable, SolveError> {
    deal.validate()?;
    let next = AtomicUsize::new(0);
    let parts: Vec<Vec<(usize, [u8; 4])>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.clamp(1, 5))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let strain = next.fetch_add(1, Ordering::Relaxed);
                        if strain >= 5 {
                            break;
                        }
                        let mut engine = Engine::new(engine_hands(deal), strain);
                        done.push((strain, strain_results(&mut engine)));
                    }
                    done
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    let mut table = DdTable::default();
    for (strain, ns) in parts.into_iter().flatten() {
        fill_strain(&mut table, strain, ns);
    }
    Ok(table)
}
