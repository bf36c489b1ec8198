//! Robots at an online table: they fill seats, bid, alert and explain, answer claims and play
//! whole boards, seeing only what their seat may see.

use tenace_core::{Call, Seat};
use tenace_online::{Action, Actor, Occupant, Room, RoomEvent, RoomOptions};

fn options(boards: u32) -> RoomOptions {
    RoomOptions { name: "Robots".into(), set_seed: 11, boards, kibitzers_see_all: false }
}

fn robot() -> Actor {
    Actor { name: "Robot".into(), seat: None }
}

/// Lets the robots act until they have nothing to do; returns how many actions they took.
fn run_robots(room: &mut Room, limit: usize) -> usize {
    for n in 0..limit {
        let Some((seat, action)) = room.robot_action() else { return n };
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
