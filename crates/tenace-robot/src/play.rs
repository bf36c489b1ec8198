//! Card play: Monte Carlo double dummy, from the opening lead on. The unseen cards are dealt at
//! random many times, consistently with everything the robot knows (its own hand, dummy once
//! faced, the cards played, the suits in which a player has shown out, and what each player
//! showed in the auction, read with the robots' system), and each legal card is scored by the
//! contract's score (declarer's side's view, vulnerability included) at the tricks the
//! double-dummy solver says it yields, averaged over the samples: making or defeating the
//! contract weighs more than an overtrick. The work per card is a budget of solver nodes, so
//! that a seed always gives the same card.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_core::{rules, Card, Hand, Seat, Suit};
use tenace_dds::Position;

use crate::meaning::{self, Eval, Meaning};
use crate::signals::{self, Moment, Signal};
use crate::{AuctionHeard, PlayView};

/// The most samples drawn for one card: beyond this the average hardly moves.
const MAX_SAMPLES: usize = 200;
/// The default time budget for one card, in milliseconds.
pub const BUDGET_MS: f64 = 1000.0;
/// The solver's speed on this project's 2-core machine, release build, in search nodes per
/// millisecond (16,000-27,000 measured with `examples/solver_cost.rs`; the slowest stage, the
/// first tricks, is taken). The budget is counted in nodes, not read off the clock, so that a
/// seed always gives the same card on any machine and under any load.
const NODES_PER_MS: f64 = 16_000.0;
/// The wall-clock limit of one card's sampling, as a multiple of its budget (and never below
/// [`MIN_WALL_MS`]): the budget counts solver nodes, not the dealing of samples that fit the
/// auction and the signals, nor a machine slower than this one. Dealing stops at the limit
/// too, no new sample is started when the longest sample of the card so far would end past
/// it ([`time_for_another_sample`]), and a solve still running at the limit is given up
/// (`tenace_dds::analyse_until`) with its sample; when not one sample was solved the play rules
/// choose the card. Only a card that comes near the limit can differ from one machine to another.
const WALL_FACTOR: f64 = 2.0;
/// The least wall-clock limit of a card's sampling, in milliseconds.
const MIN_WALL_MS: f64 = 2000.0;
/// Attempts to deal a sample that respects every known void before giving voids up.
const DEAL_ATTEMPTS: usize = 40;
/// Attempts to deal a sample that fits the auction and the defenders' signals before the
/// signals are set aside for the rest of the decision (a signal may have been forced).
const SIGNAL_ATTEMPTS: usize = 1000;
/// Attempts to deal a sample that fits the auction before the auction is set aside for the
/// rest of the decision (a player may have bid off the system, or the system's reading may be
/// too narrow).
const AUCTION_ATTEMPTS: usize = 3000;

/// Sample searches that find no sample replaying the auction ([`Heard::replays`]) before a card's
/// samples stop trying: the auction then has a call off the robots' system, and each such
/// search costs all its attempts.
const REPLAY_MISSES: usize = 3;

/// What the robot can reconstruct of the play so far.
struct Known {
    /// Who leads the trick in progress (or the next trick when none is in progress).
    leader: Seat,
    /// Cards already played to the trick in progress, in order.
    trick: Vec<Card>,
    /// How many cards each seat has played.
    played_by: [usize; 4],
    /// Every card played so far.
    played: Hand,
    /// `void[seat][suit]`: the seat failed to follow to a lead of that suit.
    void: [[bool; 4]; 4],
    /// The cards each seat has played.
    played_from: [Hand; 4],
    /// Tricks won so far by declarer's side.
    declarer_tricks: u8,
    /// The suits led to completed tricks.
    rounds_led: [bool; 4],
    /// The players who have discarded (failed to follow with a card that is not a trump).
    discarded: [bool; 4],
    /// The defenders' signals so far (crate::signals).
    signals: Vec<Signal>,
}

impl Known {
    /// The trick in progress, as the signals read it.
    fn moment(&self, view: &PlayView) -> Moment<'_> {
        Moment {
            declarer: view.declarer,
            trump: view.contract.strain().trump(),
            leader: self.leader,
            trick: &self.trick,
            rounds_led: self.rounds_led,
            discarded: self.discarded,
            void: self.void,
        }
    }
}

fn reconstruct(view: &PlayView) -> Known {
    let trump = view.contract.strain().trump();
    let mut k = Known {
        leader: view.declarer.lho(),
        trick: Vec::with_capacity(4),
        played_by: [0; 4],
        played: Hand::EMPTY,
        void: [[false; 4]; 4],
        played_from: [Hand::EMPTY; 4],
        declarer_tricks: 0,
        rounds_led: [false; 4],
        discarded: [false; 4],
        signals: Vec::new(),
    };
    for (i, &(seat, card)) in view.played.iter().enumerate() {
        if i % 4 == 0 {
            // The first card of each trick is led by the winner of the previous one.
            k.trick.clear();
            k.leader = seat;
        }
        if let Some(kind) = k.moment(view).kind(seat, card.suit()) {
            k.signals.push(Signal { seat, kind, card, before: k.played_from[seat.index()] });
        }
        if let Some(led) = k.trick.first() {
            if led.suit() != card.suit() {
                k.void[seat.index()][led.suit().index()] = true;
                k.discarded[seat.index()] |= Some(card.suit()) != trump;
            }
        }
        k.trick.push(card);
        k.played_by[seat.index()] += 1;
        k.played.insert(card);
        k.played_from[seat.index()].insert(card);
        if k.trick.len() == 4 {
            k.rounds_led[k.trick[0].suit().index()] = true;
            k.leader = rules::trick_winner(k.leader, &k.trick, trump).unwrap_or(k.leader);
            k.declarer_tricks = k.declarer_tricks.saturating_add(u8::from(k.leader.side() == view.declarer.side()));
            k.trick.clear();
        }
    }
    k
}

/// The cards the hand to play may legally play (Law 44C: follow suit when able).
fn legal_cards(hand: Hand, trick: &[Card]) -> Hand {
    rules::legal_cards(hand, trick.first().map(|c| c.suit()))
}

/// Lowest card first: by rank, then by suit. Used for tie-breaks and fallbacks.
pub(crate) fn lowest(cards: Hand) -> Option<Card> {
    cards.iter().min_by_key(|c| (c.rank(), c.suit()))
}

/// Chooses the card for `view.to_play`. Never panics: with too little information to sample it
/// plays the lowest legal card.
pub fn choose_card(view: &PlayView, seed: u64) -> Card {
    choose_card_within(view, seed, BUDGET_MS)
}

/// [`choose_card`] with a time budget for the sampled solves, in milliseconds of this machine's
/// solver (counted in search nodes, see [`NODES_PER_MS`]). A budget of 0 (or less) samples
/// nothing: the card is chosen by the play rules alone (for load tests and the weakest robots).
pub fn choose_card_within(view: &PlayView, seed: u64, budget_ms: f64) -> Card {
    let known = reconstruct(view);
    let me = view.to_play;
    let Some(hand) = view.hands[me.index()] else {
        // Nothing sensible to do without the hand: name the lowest card not yet seen.
        return lowest(Hand::FULL.difference(known.played)).unwrap_or(Card::new(Suit::Clubs, tenace_core::Rank::Two));
    };
    let legal = legal_cards(hand, &known.trick);
    let Some(fallback) = lowest(legal).or_else(|| lowest(hand)) else {
        return Card::new(Suit::Clubs, tenace_core::Rank::Two);
    };
    // Cards on the table in the trick in progress still decide this trick: not "gone" yet.
    let gone = known.played.difference(known.trick.iter().copied().collect());
    if legal.len() <= 1 {
        return fallback;
    }
    if equivalence_classes(legal, hand, gone) <= 1 {
        return signals::give(&known.moment(view), me, hand, legal).unwrap_or(fallback);
    }
    // Cards equal in rank order within a suit (touching honours, or touching after the cards
    // in between have gone) are interchangeable; the solver result is the same, and ties go
    // to the lowest.
    if budget_ms <= 0.0 {
        return crate::heuristic::choose(view, hand, &known.trick, known.played).unwrap_or(fallback);
    }
    let budget_nodes = (budget_ms * NODES_PER_MS) as u64;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64((budget_ms * WALL_FACTOR).max(MIN_WALL_MS) / 1000.0);
    let heard = Heard::of(view);
    let shown = heard.as_ref().map(Heard::shown_hands);
    let mut fit_auction = shown.is_some();
    let replay = heard.as_ref().filter(|_| replays_the_auction(view));
    let mut replay_misses = 0;
    let mut read_signals = !known.signals.is_empty();
    let vulnerable = view.auction.as_ref().is_some_and(|a| a.vulnerability.is_vulnerable(view.declarer.side()));
    let on_declarer_side = me.side() == view.declarer.side();
    // Saturating: a malformed view (a card played twice, too many cards) must not panic.
    let tricks_left = 13usize.saturating_sub(view.played.len().saturating_sub(known.trick.len()) / 4);
    let mut totals: Vec<(Card, i64)> = legal.iter().map(|c| (c, 0)).collect();
    // The opening lead is scored in IMPs against the sample's best lead (setting the contract
    // counts, an overtrick hardly); later cards by the average score (docs/robot-system.md).
    let imps_mode = view.played.is_empty();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut solved = 0;
    let mut spent = 0u64;
    let mut longest = std::time::Duration::ZERO;
    while solved < MAX_SAMPLES && spent <= budget_nodes && time_for_another_sample(std::time::Instant::now(), longest, deadline) {
        let sample_started = std::time::Instant::now();
        // Fit the signals and the auction; failing that, set the signals aside first, then the
        // auction.
        let fitting = match &shown {
            Some(shown) if fit_auction => Some(shown),
            _ => None,
        };
        // The auction is replayed only while its meanings are fitted, and no longer once
        // [`REPLAY_MISSES`] searches have found no sample that replays it (a call off the
        // system).
        let replayed = replay.filter(|_| fitting.is_some() && replay_misses < REPLAY_MISSES);
        let hands = if read_signals || fitting.is_some() {
            match sample_fitting(view, &known, fitting, replayed, read_signals, deadline, &mut rng) {
                Some((h, replays)) => {
                    replay_misses += usize::from(replayed.is_some() && !replays);
                    Some(h)
                }
                None if read_signals => {
                    read_signals = false;
                    continue;
                }
                None => {
                    fit_auction = false;
                    continue;
                }
            }
        } else {
            sample_hands(view, &known, &mut rng)
        };
        let Some(hands) = hands else { break };
        let Ok(pos) = Position::from_hands(hands, view.contract.strain(), known.leader, known.trick.clone()) else {
            break;
        };
        if pos.to_play() != me {
            break;
        }
        // A solve still running at the limit is given up, and its sample with it.
        let Some((results, nodes)) = tenace_dds::analyse_until(&pos, deadline) else { break };
        let scores: Vec<(Card, i64)> = results
            .iter()
            .map(|r| {
                let ours = usize::from(r.tricks);
                let declarers = usize::from(known.declarer_tricks) + if on_declarer_side { ours } else { tricks_left.saturating_sub(ours) };
                let score = i64::from(view.contract.score(declarers.min(13) as u8, vulnerable).unwrap_or(0));
                (r.card, if on_declarer_side { score } else { -score })
            })
            .collect();
        let best_here = scores.iter().map(|(_, s)| *s).max().unwrap_or(0);
        for (card, score) in scores {
            let value = if imps_mode { i64::from(tenace_core::imps((score - best_here) as i32)) } else { score };
            if let Some(t) = totals.iter_mut().find(|(c, _)| *c == card) {
                t.1 += value;
            }
        }
        // A sample costs at least its deal and set-up, even when the search is trivial.
        spent += nodes.max(64);
        solved += 1;
        longest = longest.max(sample_started.elapsed());
    }
    if solved == 0 {
        return crate::heuristic::choose(view, hand, &known.trick, known.played).unwrap_or(fallback);
    }
    // The best average; among the cards the samples find equal, a defender signals
    // (crate::signals), and otherwise the lowest is played.
    let best_total = totals.iter().map(|&(_, t)| t).max().unwrap_or(0);
    let tied: Hand = totals.iter().filter(|&&(_, t)| t == best_total).map(|&(c, _)| c).collect();
    signals::give(&known.moment(view), me, hand, tied).or_else(|| lowest(tied)).unwrap_or(fallback)
}

/// Do this card's samples also replay the auction with the robots' own rules ([`Heard::replays`])?
/// The opening lead's and declarer's do; the defenders' after the lead do not
/// (docs/robot-system.md: for declarer, 250 boards of a `robot eval` decided again by
/// `examples/declarer`, 15 cards better and 5 worse double dummy; for every card, flat).
fn replays_the_auction(view: &PlayView) -> bool {
    view.played.is_empty() || view.to_play.side() == view.declarer.side()
}

/// May a card's sampling start another sample at `now`? Only if one as long as the longest so
/// far (`longest`: its dealing and its solve) would end before the card's wall-clock limit.
fn time_for_another_sample(now: std::time::Instant, longest: std::time::Duration, deadline: std::time::Instant) -> bool {
    now + longest < deadline
}

/// How many distinct cards the robot really has among `legal`: two cards of a suit are the
/// same card for the play when every rank between them is in the robot's hand or already
/// played.
fn equivalence_classes(legal: Hand, hand: Hand, played: Hand) -> usize {
    let mut classes = 0;
    for suit in Suit::ALL {
        let ours_or_gone = hand.union(played).suit(suit);
        let mine = legal.suit(suit);
        let mut in_run = false;
        for r in 0..13 {
            let bit = 1u16 << r;
            if mine & bit != 0 {
                if !in_run {
                    classes += 1;
                    in_run = true;
                }
            } else if ours_or_gone & bit == 0 {
                in_run = false;
            }
        }
    }
    classes
}

/// The auction the robot heard, with the meaning of every call in this system (read once a
/// card). A sample fits the auction's meanings when each hidden hand lies in the ranges its
/// calls showed ([`Heard::shown_hands`]); it *replays* the auction ([`Heard::replays`]) when,
/// besides, each hidden hand's calls are those a robot of the Director's panel
/// ([`crate::PEERS`]: the robot valuing the hand up to two points up or down) would have made
/// with it. That carries what the ranges leave out: the calls not made (no overcall, no 1NT
/// opening, a raise chosen over a new suit). Opponents are read as playing the robots' system,
/// which is what their explanations say; a sample search that finds no sample replaying the
/// auction takes one fitting its meanings.
struct Heard<'a> {
    auction: &'a AuctionHeard,
    /// The meaning of each call (`meaning::meanings_at`).
    meanings: Vec<Meaning>,
}

impl<'a> Heard<'a> {
    /// The auction of `view`, when it has one.
    fn of(view: &'a PlayView) -> Option<Heard<'a>> {
        let auction = view.auction.as_ref()?;
        let meanings = meaning::meanings_at(auction.dealer, auction.vulnerability, &auction.calls);
        Some(Heard { auction, meanings })
    }

    /// What each player showed in the auction, by seat.
    fn shown_hands(&self) -> [Meaning; 4] {
        let a = self.auction;
        let ctx = meaning::Ctx::new(a.dealer, &a.calls, &self.meanings).at(a.vulnerability);
        Seat::ALL.map(|s| meaning::inferred(&ctx, s))
    }

    /// Would the hidden hands of `hands` (all thirteen cards each) have made their calls?
    /// The hands `view` shows are not checked.
    fn replays(&self, view: &PlayView, hands: &[Hand; 4]) -> bool {
        let a = self.auction;
        a.calls.iter().enumerate().all(|(i, &call)| {
            let seat = a.dealer.after(i);
            if view.hands[seat.index()].is_some() {
                return true;
            }
            let ctx = meaning::Ctx::new(a.dealer, &a.calls[..i], &self.meanings[..i]).at(a.vulnerability);
            crate::bidding::a_peer_would_make(&ctx, hands[seat.index()], call)
        })
    }
}

/// A sample whose hidden hands (the cards they hold now and those they played) each fit what
/// the player showed in the auction (`shown`, when given) and, with `read_signals`, the
/// defenders' signals; `None` after [`SIGNAL_ATTEMPTS`] tries when reading signals, else
/// [`AUCTION_ATTEMPTS`], or once `deadline` has passed. With `replay`, the first sample that
/// also replays the auction ([`Heard::replays`]), else the first that fits; the flag says which.
fn sample_fitting(
    view: &PlayView,
    known: &Known,
    shown: Option<&[Meaning; 4]>,
    replay: Option<&Heard<'_>>,
    read_signals: bool,
    deadline: std::time::Instant,
    rng: &mut ChaCha8Rng,
) -> Option<([Hand; 4], bool)> {
    let trump = view.contract.strain().trump();
    let attempts = if read_signals { SIGNAL_ATTEMPTS } else { AUCTION_ATTEMPTS };
    let mut fallback = None;
    for attempt in 0..attempts {
        // The card's wall-clock limit stops the dealing too (checked now and then: cheap).
        if attempt % 64 == 63 && std::time::Instant::now() >= deadline {
            return fallback.map(|h| (h, false));
        }
        let hands = sample_hands(view, known, rng)?;
        let fits = Seat::ALL.iter().filter(|s| view.hands[s.index()].is_none()).all(|s| {
            let original = hands[s.index()].union(known.played_from[s.index()]);
            shown.is_none_or(|shown| shown[s.index()].fits(&Eval::of(original)))
                && (!read_signals || known.signals.iter().filter(|g| g.seat == *s).all(|g| signals::consistent(g, original, trump)))
        });
        if !fits {
            continue;
        }
        let Some(r) = replay else { return Some((hands, false)) };
        let originals = Seat::ALL.map(|s| hands[s.index()].union(known.played_from[s.index()]));
        if r.replays(view, &originals) {
            return Some((hands, true));
        }
        fallback.get_or_insert(hands);
    }
    fallback.map(|h| (h, false))
}

/// Deals the unseen cards among the hidden hands at random, respecting the number of cards each
/// still holds and the suits each has shown out of. `None` when the view is inconsistent.
fn sample_hands(view: &PlayView, known: &Known, rng: &mut ChaCha8Rng) -> Option<[Hand; 4]> {
    let mut hands = [Hand::EMPTY; 4];
    let mut seen = known.played;
    let mut need = [0usize; 4];
    for seat in Seat::ALL {
        let i = seat.index();
        match view.hands[i] {
            Some(h) => {
                hands[i] = h;
                if !seen.intersection(h).is_empty() {
                    return None;
                }
                seen = seen.union(h);
            }
            None => need[i] = 13usize.checked_sub(known.played_by[i])?,
        }
    }
    let unseen: Vec<Card> = Hand::FULL.difference(seen).iter().collect();
    if unseen.len() != need.iter().sum::<usize>() {
        return None;
    }
    for attempt in 0..=DEAL_ATTEMPTS {
        let respect_voids = attempt < DEAL_ATTEMPTS;
        let mut cards = unseen.clone();
        cards.shuffle(rng);
        // Most constrained cards first: those of suits that some hidden hand cannot hold.
        cards.sort_by_key(|c| {
            let blocked = Seat::ALL.iter().filter(|s| need[s.index()] > 0 && known.void[s.index()][c.suit().index()]).count();
            std::cmp::Reverse(blocked)
        });
        let mut room = need;
        let mut dealt = hands;
        let mut ok = true;
        for card in cards {
            let open: Vec<usize> = (0..4).filter(|&i| room[i] > 0 && !(respect_voids && known.void[i][card.suit().index()])).collect();
            let total: usize = open.iter().map(|&i| room[i]).sum();
            if total == 0 {
                ok = false;
                break;
            }
            // Pick a hand in proportion to the room it has left.
            let mut pick = rng.random_range(0..total);
            let mut chosen = open[0];
            for &i in &open {
                if pick < room[i] {
                    chosen = i;
                    break;
                }
                pick -= room[i];
            }
            dealt[chosen].insert(card);
            room[chosen] -= 1;
        }
        if ok {
            return Some(dealt);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_core::{Bid, Contract, Penalty, Strain};

    fn h(s: &str) -> Hand {
        s.parse().unwrap_or(Hand::EMPTY)
    }

    #[test]
    fn legal_cards_follow_suit() {
        let hand = h("AK.Q2.J.T");
        let led = [Card::new(Suit::Hearts, tenace_core::Rank::Three)];
        assert_eq!(legal_cards(hand, &led), h(".Q2.."));
        let led = [Card::new(Suit::Diamonds, tenace_core::Rank::Three)];
        assert_eq!(legal_cards(hand, &led), h("..J."));
        let led = [Card::new(Suit::Clubs, tenace_core::Rank::Three)];
        assert_eq!(legal_cards(hand, &led), h("...T"));
    }

    #[test]
    fn touching_cards_are_one_class() {
        assert_eq!(equivalence_classes(h("KQJ..."), h("KQJ.2.."), Hand::EMPTY), 1);
        assert_eq!(equivalence_classes(h("KJ..."), h("KJ.2.."), Hand::EMPTY), 2);
        assert_eq!(equivalence_classes(h("KJ..."), h("KJ.2.."), h("Q...")), 1);
        assert_eq!(equivalence_classes(h("KJ.2.."), h("KJ.2.."), h("Q...")), 2);
    }

    /// Trick one: West leads the five of spades to dummy's ace, East and South follow; dummy
    /// (North) leads the ace of diamonds at trick two and East plays `east_diamond`. South (the
    /// declarer) to play, seeing North.
    fn count_signal_view(east_diamond: &str) -> PlayView {
        let c = |s: &str| s.parse::<Card>().unwrap_or_else(|_| unreachable!());
        let bid = Bid::new(3, Strain::NoTrump).unwrap_or_else(|_| unreachable!());
        let mut hands = [None; 4];
        hands[Seat::North.index()] = Some(h("72.AK3.K32.543"));
        hands[Seat::South.index()] = Some(h("Q8.QJ5.J4.KQJT9"));
        PlayView {
            declarer: Seat::South,
            contract: Contract::new(bid, Penalty::Undoubled),
            to_play: Seat::South,
            hands,
            played: vec![
                (Seat::West, c("S5")),
                (Seat::North, c("SA")),
                (Seat::East, c("S3")),
                (Seat::South, c("S4")),
                (Seat::North, c("DA")),
                (Seat::East, c(east_diamond)),
            ],
            auction: None,
        }
    }

    /// A deadline no test reaches.
    fn far_deadline() -> std::time::Instant {
        std::time::Instant::now() + std::time::Duration::from_secs(3600)
    }

    #[test]
    fn no_sample_is_started_that_the_longest_so_far_says_would_end_past_the_limit() {
        use std::time::Duration;
        let now = std::time::Instant::now();
        let deadline = now + Duration::from_millis(2000);
        assert!(time_for_another_sample(now, Duration::ZERO, deadline), "the first sample starts");
        assert!(time_for_another_sample(now + Duration::from_millis(1500), Duration::from_millis(400), deadline));
        assert!(!time_for_another_sample(now + Duration::from_millis(1500), Duration::from_millis(600), deadline), "it would end at 2.1 s");
        assert!(!time_for_another_sample(deadline, Duration::ZERO, deadline), "the limit itself has passed");
    }

    #[test]
    fn the_wall_clock_limit_stops_the_dealing_of_samples_too() {
        // No hand holds 38 HCP: no sample fits, so dealing goes on until it gives up.
        let view = count_signal_view("D9");
        let known = reconstruct(&view);
        let impossible = std::array::from_fn(|_| Meaning::new("impossible").hcp(38, 40));
        let words_drawn = |deadline| {
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            assert!(sample_fitting(&view, &known, Some(&impossible), None, false, deadline, &mut rng).is_none());
            rng.get_word_pos()
        };
        let past = words_drawn(std::time::Instant::now());
        let all = words_drawn(far_deadline());
        // Stopped at the first check (64 attempts) rather than after all 3,000.
        assert!(past > 0 && past * 20 < all, "{past} words drawn with the deadline passed, {all} without");
    }

    #[test]
    fn a_defenders_count_signal_is_recorded_and_read_in_the_samples() {
        let view = count_signal_view("D9");
        let known = reconstruct(&view);
        let count: Vec<_> = known.signals.iter().filter(|g| g.kind == signals::Kind::Count).collect();
        assert_eq!(count.len(), 1, "{:?}", known.signals);
        assert_eq!((count[0].seat, count[0].card), (Seat::East, "D9".parse::<Card>().unwrap_or_else(|_| unreachable!())));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut even, mut odd, mut unread_odd) = (0, 0, 0);
        for _ in 0..200 {
            let Some((hands, _)) = sample_fitting(&view, &known, None, None, true, far_deadline(), &mut rng) else { panic!("a sample fits a count signal") };
            let east = hands[Seat::East.index()].union(known.played_from[Seat::East.index()]);
            if signals::read(count[0].card, east.difference(count[0].before)).is_some() {
                if east.suit_len(Suit::Diamonds).is_multiple_of(2) {
                    even += 1;
                } else {
                    odd += 1;
                }
            }
            let Some(free) = sample_hands(&view, &known, &mut rng) else { panic!("a sample") };
            let east = free[Seat::East.index()].union(known.played_from[Seat::East.index()]);
            if signals::read(count[0].card, east.difference(count[0].before)).is_some() && !east.suit_len(Suit::Diamonds).is_multiple_of(2) {
                unread_odd += 1;
            }
        }
        // A high nine shows an even number; samples that ignore signals give East odd ones too.
        assert!(even > 0 && odd == 0, "even {even}, odd {odd}");
        assert!(unread_odd > 0);
    }

    /// North deals and passes, East passes, South opens 1H and North's raise ends the auction;
    /// West, on lead, holds a singleton spade. East's first pass fits "fewer than 12 points"
    /// with six spades and 7-10 HCP, but no robot of the panel passes that hand: it opens a
    /// weak two. Samples that replay the auction never give East that hand; samples that only
    /// fit the meanings do.
    #[test]
    fn the_opening_leaders_samples_replay_the_auction_with_the_robots_rules() {
        let calls: Vec<tenace_core::Call> = "Pass Pass 1H Pass 2H Pass Pass Pass".split(' ').filter_map(|c| c.parse().ok()).collect();
        assert_eq!(calls.len(), 8);
        let bid = Bid::new(2, Strain::Hearts).unwrap_or_else(|_| unreachable!());
        let mut hands = [None; 4];
        hands[Seat::West.index()] = Some(h("3.T52.AJ963.K874"));
        let view = PlayView {
            declarer: Seat::South,
            contract: Contract::new(bid, Penalty::Undoubled),
            to_play: Seat::West,
            hands,
            played: Vec::new(),
            auction: Some(AuctionHeard { dealer: Seat::North, vulnerability: tenace_core::Vulnerability::None, calls }),
        };
        let known = reconstruct(&view);
        let replay = Heard::of(&view).unwrap_or_else(|| unreachable!());
        let shown = replay.shown_hands();
        let weak_two = |hands: &[Hand; 4]| {
            let east = hands[Seat::East.index()];
            east.suit_len(Suit::Spades) == 6 && (7..=10).contains(&east.hcp())
        };
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut replayed, mut replayed_weak_two, mut fitting_weak_two) = (0, 0, 0);
        for _ in 0..150 {
            let Some((hands, replays)) = sample_fitting(&view, &known, Some(&shown), Some(&replay), false, far_deadline(), &mut rng) else {
                panic!("a sample")
            };
            if replays {
                replayed += 1;
                replayed_weak_two += usize::from(weak_two(&hands));
                assert!(replay.replays(&view, &hands));
            }
            let Some((hands, replays)) = sample_fitting(&view, &known, Some(&shown), None, false, far_deadline(), &mut rng) else { panic!("a sample") };
            assert!(!replays);
            fitting_weak_two += usize::from(weak_two(&hands));
        }
        assert!(replayed > 130, "{replayed} of 150 searches found a sample that replays the auction");
        assert_eq!(replayed_weak_two, 0);
        assert!(fitting_weak_two > 0, "no sample fitting the meanings alone gave East a weak two");
    }

    /// The opening leader and declarer (from hand or dummy) replay the auction; a defender
    /// after the lead does not.
    #[test]
    fn the_opening_leader_and_declarer_replay_the_auction_the_defenders_after_the_lead_do_not() {
        let bid = Bid::new(4, Strain::Spades).unwrap_or_else(|_| unreachable!());
        let c = |s: &str| s.parse::<Card>().unwrap_or_else(|_| unreachable!());
        let view = |to_play: Seat, played: Vec<(Seat, Card)>| PlayView {
            declarer: Seat::South,
            contract: Contract::new(bid, Penalty::Undoubled),
            to_play,
            hands: [None; 4],
            played,
            auction: None,
        };
        assert!(replays_the_auction(&view(Seat::West, Vec::new())));
        let lead = vec![(Seat::West, c("H2"))];
        assert!(replays_the_auction(&view(Seat::North, lead.clone())), "declarer playing from dummy");
        let second = vec![(Seat::West, c("H2")), (Seat::North, c("H3"))];
        assert!(!replays_the_auction(&view(Seat::East, second.clone())), "a defender after the lead");
        let third = [second, vec![(Seat::East, c("H4"))]].concat();
        assert!(replays_the_auction(&view(Seat::South, third)), "declarer");
    }

    #[test]
    fn voids_are_recorded() {
        let bid = Bid::new(3, Strain::NoTrump).unwrap_or_else(|_| unreachable!());
        let c = |s: &str| s.parse::<Card>().unwrap_or_else(|_| unreachable!());
        let view = PlayView {
            declarer: Seat::South,
            contract: Contract::new(bid, Penalty::Undoubled),
            to_play: Seat::West,
            hands: [None; 4],
            played: vec![(Seat::West, c("S2")), (Seat::North, c("S3")), (Seat::East, c("H4")), (Seat::South, c("SA")), (Seat::South, c("C2"))],
            auction: None,
        };
        let k = reconstruct(&view);
        assert!(k.void[Seat::East.index()][Suit::Spades.index()]);
        assert_eq!(k.leader, Seat::South);
        assert_eq!(k.trick.len(), 1);
    }
}
