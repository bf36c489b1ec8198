//! Robots at an online table: they fill seats, bid, alert and explain, answer claims and play
//! whole boards, seeing only what their seat may see.

use tenace_core::{Call, Seat};
use tenace_online::{Action, Actor, Occupant, Room, RoomEvent, RoomOptions};

fn options(boards: u32) -> RoomOptions {
    RoomOptions { name: "Robots".into(), set_seed: 11, boards, kibitzers_see_all: false, first: 1 }
}

fn robot() -> Actor {
    Actor { name: "Robot".into(), seat: None }
}

/// Lets the robots act until they have nothing to do; returns how many actions they took.
fn run_robots(room: &mut Room, limit: usize) -> usize {
    for n in 0..limit {
        let Some((seat, action)) = room.robot_action(5.0) else { return n };
        room.act(&Actor { seat: Some(seat), ..robot() }, action.clone()).unwrap_or_else(|e| panic!("robot {seat:?} {action:?} refused: {e}"));
    }
    limit
}

#[test]
fn four_robots_play_a_whole_set() {
    let mut room = Room::new(options(3));
    for seat in Seat::ALL {
        room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).unwrap();
    }
    run_robots(&mut room, 2_000);
    assert!(room.set_over(), "robots finish the set by themselves");
    assert_eq!(room.board_number(), 3);
    assert!(room.outcome().is_some());
}

#[test]
fn one_person_and_three_robots_play_a_board_and_robots_explain_their_calls() {
    let mut room = Room::new(options(1));
    let me = Actor { name: "ann".into(), seat: Some(Seat::South) };
    room.act(&Actor { seat: None, ..me.clone() }, Action::Sit { seat: Seat::South }).unwrap();
    for seat in [Seat::North, Seat::East, Seat::West] {
        room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).unwrap();
    }
    let mut asked = false;
    for _ in 0..400 {
        run_robots(&mut room, 50);
        if room.board_over() {
            break;
        }
        let Some(seat) = room.player_to_act() else { continue };
        assert!(seat == Seat::South || room.table().dummy() == Some(Seat::South) || room.table().declarer() == Some(Seat::South));
        let action = match room.table().play() {
            None => {
                // Ask about the last robot bid once, at our turn (Law 20F).
                let bids: Vec<usize> = room
                    .table()
                    .auction()
                    .calls()
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.call != Call::Pass && c.seat.side() != Seat::South.side())
                    .map(|(i, _)| i)
                    .collect();
                if let (false, Some(i)) = (asked, bids.last()) {
                    asked = true;
                    room.act(&me, Action::Ask { call: *i }).unwrap();
                    run_robots(&mut room, 5);
                    let explained = room.table().auction().calls()[*i].call;
                    let view = room.view("t", tenace_online::Viewer::Seat { seat: Seat::South }, &[]);
                    assert!(
                        view.auction[*i].explanation.as_deref().is_some_and(|e| !e.is_empty()),
                        "the robot explains its {explained}: {:?}",
                        view.auction[*i]
                    );
                }
                Action::Call { call: Call::Pass, alert: false, explanation: None }
            }
            Some(_) => Action::Play { card: room.table().legal_cards().iter().next().unwrap() },
        };
        room.act(&me, action).unwrap();
    }
    assert!(room.board_over(), "the board finished");
}

/// A robot's picture of the deal holds no card its seat may not see: at every card of a whole
/// board, the hands in its view are exactly those its seat sees (its own; dummy once the
/// opening lead is faced; dummy's own to the declarer playing from it), each as it stands now.
#[test]
fn law_16_a_robot_sees_only_what_its_seat_may_see() {
    let mut room = Room::new(options(2));
    for seat in Seat::ALL {
        room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).unwrap();
    }
    let mut cards = 0;
    for _ in 0..400 {
        let Some((seat, action)) = room.robot_action(5.0) else { break };
        if let Some(view) = room.robot_play_view(seat) {
            let play = room.table().play().unwrap();
            let viewer = tenace_online::Viewer::Seat { seat };
            for s in Seat::ALL {
                let expected = room.sees_hand(viewer, s).then(|| play.remaining(s));
                assert_eq!(view.hands[s.index()], expected, "{seat:?}'s robot and {s:?}'s hand, card {cards}");
            }
            let dummy = play.declarer().partner();
            if play.opening_lead_made() {
                assert!(view.hands[dummy.index()].is_some(), "dummy is faced");
            }
            let hidden = Seat::ALL.iter().filter(|s| view.hands[s.index()].is_none()).count();
            assert_eq!(hidden, if play.opening_lead_made() { 2 } else { 3 }, "only its own hand, and dummy once faced");
            assert!(view.hands[seat.partner().index()].is_none() || seat.partner() == dummy || seat == dummy, "partner's hand is hidden");
            cards += 1;
        }
        room.act(&Actor { seat: Some(seat), ..robot() }, action).unwrap();
        if room.board_over() {
            break;
        }
    }
    assert_eq!(cards, 52, "the robots played the board out");
}
