//! Random sequences of legal and irregular events: no panic, a refused event changes nothing,
//! the event log rebuilds the state, and the legal-move generators agree with `apply`.

mod common;

use common::*;
use proptest::prelude::*;
use tenace_core::{Bid, Call, Card, Seat, Strain, Suit};
use tenace_director::{Choice, Chooser, FaceEvent, FaceTable, Spoken};

fn any_call(i: usize) -> Call {
    match i % 38 {
        0 => Call::Pass,
        1 => Call::Double,
        2 => Call::Redouble,
        n => Call::Bid(Bid::from_index(n - 3).unwrap()),
    }
}

const CHOICES: [Choice; 24] = [
    Choice::RequireLead(Suit::Spades),
    Choice::Natural,
    Choice::Artificial,
    Choice::SpreadHand,
    Choice::Accept,
    Choice::Refuse,
    Choice::LowestSufficientSameDenomination,
    Choice::Comparable,
    Choice::NotComparable,
    Choice::Unintended,
    Choice::Rectify,
    Choice::KeepCall,
    Choice::WithdrawCall,
    Choice::ProhibitLead(Suit::Hearts),
    Choice::ProhibitLead(Suit::Spades),
    Choice::NoProhibition,
    Choice::FifthCard,
    Choice::FifthCardLed,
    Choice::Simultaneous,
    Choice::KeepCard,
    Choice::WithdrawCard,
    Choice::NoRectification,
    Choice::LeadFrom(Seat::North),
    Choice::LeadFrom(Seat::East),
];

/// Turns random numbers into an event, biased towards what the table is waiting for.
fn event(t: &FaceTable, kind: u8, a: usize, b: usize) -> FaceEvent {
    let seat = Seat::from_index(a);
    match kind % 25 {
        // The option on offer, by the right chooser.
        0..=3 if t.rectification().is_some() => {
            let opts = &t.rectification().unwrap().options;
            let o = &opts[b % opts.len()];
            FaceEvent::Choose { by: o.chooser, choice: o.choice }
        }
        // A legal call by the player to call.
        0..=5 if t.to_call().is_some() && !t.legal_calls().is_empty() => {
            let calls = t.legal_calls();
            FaceEvent::Call { seat: t.to_call().unwrap(), call: Spoken::Call(calls[b % calls.len()]) }
        }
        // A legal card.
        0..=7 if t.to_play().is_some() => {
            let cards: Vec<Card> = t.legal_cards().iter().collect();
            FaceEvent::Play { seat: t.to_play().unwrap(), card: cards[b % cards.len()] }
        }
        8..=10 => FaceEvent::Call { seat, call: Spoken::Call(any_call(b)) },
        11 => FaceEvent::Call { seat, call: Spoken::BidAboveSeven { level: 8 + (b % 3) as u8, strain: Strain::ALL[b % 5] } },
        12 => FaceEvent::Choose {
            by: if b % 5 == 4 { Chooser::Director } else { Chooser::Player(Seat::from_index(b)) },
            choice: CHOICES[(a + b / 7) % CHOICES.len()],
        },
        13 if b % 3 == 1 => FaceEvent::CardsExposed { seat, cards: vec![Card::from_index((b / 3 % 52) as u8).unwrap()], prematurely_led: b % 4 > 1 },
        13 => FaceEvent::UnintendedCall { seat, intended: any_call(b) },
        14 => FaceEvent::Play { seat, card: Card::from_index((b % 52) as u8).unwrap() },
        // Law 67: a defective trick (some numbers are not quitted tricks), with an extra card
        // from the player's hand or none.
        16 => {
            let held: Vec<Card> = t.play().map_or(Vec::new(), |p| p.remaining(seat).iter().collect());
            let extra = match (held.len(), b % 3) {
                (0, _) | (_, 0) => Vec::new(),
                (n, _) => vec![held[b / 3 % n]],
            };
            // Mostly a quitted trick (1..=completed); sometimes any number 0..=14.
            let completed = t.play().map_or(0, |p| p.completed_tricks()).max(1);
            let trick = match b % 7 {
                0 => (b / 7 % 15) as u8,
                _ => (completed - b / 5 % completed) as u8,
            };
            FaceEvent::DefectiveTrick { trick, seat, extra }
        }
        // Law 45D: dummy's last card was not the one declarer named; Law 45C4(b): declarer
        // changes an unintended designation (one dummy holds, mostly).
        18 => {
            let held: Vec<Card> = t.play().map_or(Vec::new(), |p| p.remaining(p.dummy()).iter().collect());
            let named = match held.len() {
                0 => Card::from_index((b % 52) as u8).unwrap(),
                n => held[b / 2 % n],
            };
            match b % 2 {
                0 => FaceEvent::DummyCardNotNamed { named },
                _ => FaceEvent::ChangeOfDesignation { card: named },
            }
        }
        // A card the player holds, whoever is to play (premature plays, Laws 53B, 53C, 57, 60B).
        17 => {
            let held: Vec<Card> = t.play().map_or(Vec::new(), |p| p.remaining(seat).iter().collect());
            match held.len() {
                0 => FaceEvent::Play { seat, card: Card::from_index((b % 52) as u8).unwrap() },
                n => FaceEvent::Play { seat, card: held[b % n] },
            }
        }
        // Laws 26B, 29C: the suits a call specified (mostly a call the seat made).
        19 => {
            let made: Vec<Call> = t.calls().iter().filter(|m| m.seat == seat).map(|m| m.call).collect();
            let call = match made.len() {
                0 => any_call(b),
                n => made[b % n],
            };
            let suits = Suit::ALL.into_iter().filter(|s| b >> (s.index() + 3) & 1 == 1).collect();
            FaceEvent::SuitsSpecified { seat, call, suits }
        }
        // Law 11A: forfeiture; Law 10B: the Director cancels a player's last choice.
        20 => FaceEvent::RightForfeited,
        21 => FaceEvent::CancelChoice,
        // Law 43B2(a), 43B2(b), 43B3: consequences of dummy's acts after a Law 43A2 violation.
        22 => FaceEvent::DummyWarnedWrongHand,
        23 => {
            // Mostly a card of the suit declarer's last card failed to follow, from his hand.
            let declarer = t.final_contract().map_or(seat, |fc| fc.declarer);
            let cards: Vec<Card> = t.play().map_or(Vec::new(), |p| {
                let hand = p.remaining(declarer);
                let led = p.revokes().iter().rev().find(|r| r.offender == declarer).map(|r| r.suit_led);
                match led {
                    Some(led) if !b.is_multiple_of(4) => hand.cards_in(led).iter().chain(hand.iter()).collect(),
                    _ => hand.iter().collect(),
                }
            });
            let card = match cards.len() {
                0 => Card::from_index((b % 52) as u8).unwrap(),
                n => cards[b / 4 % n],
            };
            FaceEvent::DummyAskedRevoke { card }
        }
        24 => FaceEvent::DummyDrewAttention,
        // Correcting the last revoke, with a card of the suit led when the offender has one (for a
        // Law 61A second-part revoke, mostly a card that complies with the requirement broken).
        _ => match t.play().and_then(|p| p.revokes().last().map(|r| (r.offender, r.suit_led, r.required.clone(), p.remaining(r.offender)))) {
            Some((offender, led, required, hand)) if a != 1 && a != 3 && !hand.is_empty() => {
                let cards: Vec<Card> = match required {
                    Some(q) => hand.iter().filter(|c| q.allows(*c)).chain(hand.iter()).collect(),
                    None => hand.cards_in(led).iter().chain(hand.iter()).collect(),
                };
                FaceEvent::CorrectRevoke { seat: offender, card: cards[b % cards.len()] }
            }
            _ => FaceEvent::CorrectRevoke { seat, card: Card::from_index((b % 52) as u8).unwrap() },
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_events_never_panic_and_refusals_change_nothing(
        steps in proptest::collection::vec((any::<u8>(), 0usize..4, any::<usize>()), 1..260)
    ) {
        let mut t = table();
        for (kind, a, b) in steps {
            let e = event(&t, kind, a, b);
            let before = t.clone();
            let legal_call = match &e {
                FaceEvent::Call { seat, call: Spoken::Call(c) } => t.to_call() == Some(*seat) && t.legal_calls().contains(c),
                _ => false,
            };
            let legal_card = match &e {
                FaceEvent::Play { seat, card } => t.to_play() == Some(*seat) && t.legal_cards().contains(*card),
                _ => false,
            };
            match t.apply(e.clone()) {
                Ok(()) => {
                    prop_assert_eq!(t.events().len(), before.events().len() + 1);
                    // A call the generator offers is a regular call: it opens no rectification
                    // for itself (a Law 26B option or a pending judgement may follow).
                    if legal_call {
                        let reverted = t.notes().last().is_some_and(|n| n.law == "17D3") && t.notes().len() > before.notes().len();
                        prop_assert!(t.calls().len() == before.calls().len() + 1 || reverted);
                    }
                }
                Err(err) => {
                    prop_assert!(!legal_call && !legal_card, "generator offered a refused event {:?}: {}\n{:?}\n{:?}", e, err, t.events(), t.notes());
                    prop_assert!(err.to_string().starts_with("Law "), "{}", err);
                    prop_assert_eq!(&t, &before);
                }
            }
            // Never stuck: someone is to act, or the board is over.
            prop_assert!(t.result().is_some() || t.rectification().is_some() || t.to_call().is_some() || t.to_play().is_some());
            if t.to_play().is_some() {
                prop_assert!(!t.legal_cards().is_empty(), "stuck in play: {:?}\n{:?}\n{:?}", t.events(), t.notes(), t.penalty_cards());
            }
            if let Some(seat) = t.to_call() {
                prop_assert!(!t.legal_calls().is_empty(), "stuck: {:?}\n{:?}\n{:?}\n{:?}", t.events(), t.calls(), t.obligations(), t.pending());
                for c in t.legal_calls() {
                    prop_assert!(t.check_call(seat, c).is_ok());
                }
            }
        }
        // The event log is the truth.
        let json = serde_json::to_string(t.events()).unwrap();
        let events: Vec<FaceEvent> = serde_json::from_str(&json).unwrap();
        let rebuilt = FaceTable::replay(t.board().clone(), events).unwrap();
        prop_assert_eq!(rebuilt, t);
    }
}

/// The event log is what is stored (the table itself is not serializable: it is rebuilt).
#[test]
fn event_log_serializes_and_replays() {
    let mut t = table();
    auction(&mut t, "1H");
    say(&mut t, Seat::East, "1C").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    let log = serde_json::to_string(t.events()).unwrap();
    assert!(log.contains(r#""type":"choose""#), "{log}");
    let rebuilt = FaceTable::replay(t.board().clone(), serde_json::from_str::<Vec<FaceEvent>>(&log).unwrap()).unwrap();
    assert_eq!(rebuilt, t);
}
