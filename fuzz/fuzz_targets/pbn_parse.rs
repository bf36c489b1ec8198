#![no_main]
//! Any bytes: the PBN reader must not panic, and what it reads must write and read back the same,
//! both all-or-nothing (`parse`) and leniently (`read`: every board it gives is sound).

use libfuzzer_sys::fuzz_target;
use tenace_formats::{decode, pbn};

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    if let Ok(games) = pbn::parse(&text) {
        let again = pbn::parse(&pbn::write(&games)).expect("our own PBN output must read back");
        assert_eq!(again, games);
    }
    let reading = pbn::read(&text);
    let again = pbn::parse(&pbn::write(&reading.games)).expect("what the lenient reader gives must write and read back");
    assert_eq!(again, reading.games);
    for d in &reading.diagnostics {
        assert!(d.line > 0 && !d.message.is_empty(), "{d}");
    }
});
