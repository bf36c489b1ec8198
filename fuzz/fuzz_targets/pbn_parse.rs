#![no_main]
//! Any bytes: the PBN reader must not panic, and what it reads must write and read back the same.

use libfuzzer_sys::fuzz_target;
use tenace_formats::{decode, pbn};

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    if let Ok(games) = pbn::parse(&text) {
        let again = pbn::parse(&pbn::write(&games)).expect("our own PBN output must read back");
        assert_eq!(again, games);
    }
});
