//! The `ParContract` tag: the par contracts of a deal. PBN 2.1 does not define it (only
//! `OptimumScore`, §4.2.7); this is the form hand-record programs such as BridgeComposer write
//! and the readers of their files expect:
//!
//! - each contract as `<declarer> <level><strain><doubles><result>`: the declarer a seat (`N`)
//!   or a side whose both players make it (`NS`); the strain `S`, `H`, `D`, `C` or `N` (no
//!   trump); `X` or `XX`; the result `=` made exactly, `+2` two overtricks, `-3` three down;
//! - several contracts separated by `; ` (`NS 4S=; NS 4H=`);
//! - `Pass` when par is to pass the deal out.
//!
//! Reading also takes the form Tenace wrote before (`4S-N 3NT-NS 5DX-EW`, no result given),
//! `NT` for no trump, `,` between contracts, no result mark (the result is then unknown, not
//! assumed) and `NS Pass`.

use tenace_core::{Contract, Seat, Strain};

/// One par contract as a file states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParEntry {
    pub contract: Contract,
    /// One seat, or both seats of a side.
    pub declarers: Vec<Seat>,
    /// Tricks over (positive) or under (negative) the contract; `None` when the file does not
    /// say.
    pub result: Option<i8>,
}

/// The tag value for a list of par contracts (empty: `Pass`).
pub fn write_par_contracts(entries: &[ParEntry]) -> String {
    if entries.is_empty() {
        return "Pass".into();
    }
    let text: Vec<String> = entries
        .iter()
        .map(|e| {
            let seats: String = e.declarers.iter().map(|s| s.letter()).collect();
            let strain = if e.contract.strain() == Strain::NoTrump { "N".to_string() } else { e.contract.strain().to_string() };
            let result = match e.result {
                Some(0) => "=".to_string(),
                Some(r) => format!("{r:+}"),
                None => String::new(),
            };
            format!("{seats} {}{strain}{}{result}", e.contract.level(), e.contract.penalty.suffix())
        })
        .collect();
    text.join("; ")
}

/// Reads a `ParContract` value in either form; an empty list for a pass-out.
pub fn read_par_contracts(value: &str) -> Result<Vec<ParEntry>, String> {
    let v = value.trim();
    if v.is_empty() {
        return Err("ParContract: empty value".into());
    }
    let words: Vec<&str> = v.split_whitespace().collect();
    if matches!(words.as_slice(), [p] | [_, p] if p.eq_ignore_ascii_case("pass")) {
        return Ok(Vec::new());
    }
    // The older form: every word `<contract>-<seats>`.
    if words.iter().all(|w| w.contains('-') && !w.starts_with(['N', 'E', 'S', 'W', 'n', 'e', 's', 'w'])) {
        return words.iter().map(|w| old_entry(w)).collect();
    }
    v.split([';', ',']).map(str::trim).filter(|e| !e.is_empty()).map(entry).collect()
}

/// `4S-N`, `3NT-NS`, `5DX-EW`.
fn old_entry(word: &str) -> Result<ParEntry, String> {
    let (contract, seats) = word.rsplit_once('-').ok_or_else(|| format!("ParContract: {word:?} is not a par contract"))?;
    Ok(ParEntry { contract: contract_of(contract, word)?, declarers: seats_of(seats, word)?, result: None })
}

/// `NS 4S=`, `N 4H+1`, `EW 6DX-5`, `E 3NT`.
fn entry(text: &str) -> Result<ParEntry, String> {
    let bad = || format!("ParContract: {text:?} is not a par contract (expected like \"NS 4S=\" or \"E 5DX-2\")");
    let (seats, rest) = text.split_once(char::is_whitespace).ok_or_else(bad)?;
    let rest = rest.trim();
    let cut = rest.find(['=', '+', '-']).unwrap_or(rest.len());
    let (contract, mark) = rest.split_at(cut);
    let result = match mark {
        "" => None,
        "=" => Some(0),
        m => Some(m.parse::<i8>().map_err(|_| bad())?),
    };
    Ok(ParEntry { contract: contract_of(contract, text)?, declarers: seats_of(seats, text)?, result })
}

fn contract_of(text: &str, whole: &str) -> Result<Contract, String> {
    let t = text.trim().to_ascii_uppercase();
    // `3N` as well as `3NT`.
    let t = match t.find('N') {
        Some(i) if !t[i..].starts_with("NT") => format!("{}NT{}", &t[..i], &t[i + 1..]),
        _ => t,
    };
    t.parse::<Contract>().map_err(|e| format!("ParContract: {whole:?}: {e}"))
}

fn seats_of(text: &str, whole: &str) -> Result<Vec<Seat>, String> {
    let seats: Option<Vec<Seat>> = text.chars().map(Seat::from_char).collect();
    match seats {
        Some(s) if (1..=2).contains(&s.len()) && (s.len() == 1 || s[0].partner() == s[1]) => Ok(s),
        _ => Err(format!("ParContract: {whole:?}: {text:?} is not a declarer (a seat like N, or a side: NS or EW)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry_of(contract: &str, seats: &[Seat], result: Option<i8>) -> ParEntry {
        ParEntry { contract: contract.parse().unwrap(), declarers: seats.to_vec(), result }
    }

    #[test]
    fn the_written_form_reads_back() {
        let entries = vec![entry_of("4S", &[Seat::North, Seat::South], Some(0)), entry_of("3NT", &[Seat::North], Some(1))];
        let text = write_par_contracts(&entries);
        assert_eq!(text, "NS 4S=; N 3N+1");
        assert_eq!(read_par_contracts(&text).unwrap(), entries);
        let sacrifice = vec![entry_of("6DX", &[Seat::East, Seat::West], Some(-5))];
        assert_eq!(write_par_contracts(&sacrifice), "EW 6DX-5");
        assert_eq!(read_par_contracts("EW 6DX-5").unwrap(), sacrifice);
        assert_eq!(write_par_contracts(&[]), "Pass");
        assert_eq!(read_par_contracts("NS Pass").unwrap(), vec![]);
    }

    #[test]
    fn the_older_form_and_other_spellings_read() {
        assert_eq!(
            read_par_contracts("4S-N 3NT-NS 5DX-EW").unwrap(),
            vec![entry_of("4S", &[Seat::North], None), entry_of("3NT", &[Seat::North, Seat::South], None), entry_of("5DX", &[Seat::East, Seat::West], None)]
        );
        assert_eq!(read_par_contracts("NS 4S").unwrap(), vec![entry_of("4S", &[Seat::North, Seat::South], None)]);
        assert_eq!(read_par_contracts("S 3NT+2, S 5C=").unwrap().len(), 2);
        assert!(read_par_contracts("NE 4S=").unwrap_err().contains("not a declarer"));
        assert!(read_par_contracts("NS 8S=").is_err());
        assert!(read_par_contracts("").is_err());
        assert!(read_par_contracts("nonsense").is_err());
    }
}
