#![no_main]
//! Any bytes: the LIN reader (strict and lenient) must not panic, and what it reads must write and read back with the
//! same boards, deals, auctions and contracts. (Play is compared in the crate's tests on legal
//! games: a garbled card sequence, such as one player playing twice to a trick, has no place in
//! the PBN-column play table and is kept only up to the first trick that cannot be completed.)

use libfuzzer_sys::fuzz_target;
use tenace_formats::{decode, lin};

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    // Read leniently, the boards given write and read back.
    let reading = lin::read(&text);
    let again = lin::parse(&lin::write(&reading.games)).expect("what the lenient reader gives must write and read back");
    assert_eq!(again.len(), reading.games.len());
    if let Ok(games) = lin::parse(&text) {
        let again = lin::parse(&lin::write(&games)).expect("our own LIN output must read back");
        assert_eq!(again.len(), games.len());
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(
                (a.board, a.dealer, a.vulnerability, a.deal),
                (b.board, b.dealer, b.vulnerability, b.deal)
            );
            assert_eq!(a.auction, b.auction);
            assert_eq!((a.contract, a.declarer), (b.contract, b.declarer));
            assert_eq!(a.players, b.players);
        }
    }
});
