//! Every line of the Law 77 scoring table, checked for every contract (35 bids x undoubled,
//! doubled, redoubled), both vulnerabilities and every trick count 0-13: 2,940 scores.
//!
//! The expected score is computed here trick by trick, reading the table row by row, a different
//! route from the library's closed formulas.

use tenace_core::{Bid, Contract, Penalty, Strain};

/// Law 77 "Trick score": the value of the n-th odd trick (1-based), undoubled.
fn odd_trick_value(strain: Strain, n: u8) -> i32 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        Strain::Hearts | Strain::Spades => 30,
        Strain::NoTrump if n == 1 => 40,
        Strain::NoTrump => 30,
    }
}

fn times(p: Penalty) -> i32 {
    match p {
        Penalty::Undoubled => 1,
        Penalty::Doubled => 2,
        Penalty::Redoubled => 4,
    }
}

/// Law 77 "Undertrick penalties": the n-th undertrick (1-based).
fn undertrick(n: u8, p: Penalty, vul: bool) -> i32 {
    match (p, vul) {
        (Penalty::Undoubled, false) => 50,
        (Penalty::Undoubled, true) => 100,
        (doubled, false) => {
            let base = match n {
                1 => 100,
                2 | 3 => 200,
                _ => 300,
            };
            base * if doubled == Penalty::Redoubled { 2 } else { 1 }
        }
        (doubled, true) => {
            let base = if n == 1 { 200 } else { 300 };
            base * if doubled == Penalty::Redoubled { 2 } else { 1 }
        }
    }
}

fn expected(c: Contract, tricks: u8, vul: bool) -> i32 {
    let level = c.level();
    if tricks >= level + 6 {
        let trick_score: i32 = (1..=level).map(|n| odd_trick_value(c.strain(), n) * times(c.penalty)).sum();
        let mut total = trick_score;
        // Premiums for game, partscore.
        total += if trick_score >= 100 {
            if vul {
                500
            } else {
                300
            }
        } else {
            50
        };
        // Slams bid and made.
        if level == 6 {
            total += if vul { 750 } else { 500 };
        }
        if level == 7 {
            total += if vul { 1500 } else { 1000 };
        }
        // Overtricks: undoubled at trick value (30 at no trump), doubled 100/200, redoubled 200/400.
        for n in level + 1..=tricks - 6 {
            total += match c.penalty {
                Penalty::Undoubled => odd_trick_value(c.strain(), n.max(2)),
                Penalty::Doubled => {
                    if vul {
                        200
                    } else {
                        100
                    }
                }
                Penalty::Redoubled => {
                    if vul {
                        400
                    } else {
                        200
                    }
                }
            };
        }
        // For making a doubled (50) or redoubled (100) contract.
        total += match c.penalty {
            Penalty::Undoubled => 0,
            Penalty::Doubled => 50,
            Penalty::Redoubled => 100,
        };
        total
    } else {
        -(1..=level + 6 - tricks).map(|n| undertrick(n, c.penalty, vul)).sum::<i32>()
    }
}

#[test]
fn law_77_every_contract_every_result() {
    let mut checked = 0;
    for bid in Bid::all() {
        for penalty in [Penalty::Undoubled, Penalty::Doubled, Penalty::Redoubled] {
            let c = Contract::new(bid, penalty);
            for vul in [false, true] {
                for tricks in 0..=13u8 {
                    assert_eq!(c.score(tricks, vul).unwrap(), expected(c, tricks, vul), "{c} taking {tricks}, vulnerable {vul}");
                    checked += 1;
                }
                assert!(c.score(14, vul).is_err());
            }
        }
    }
    assert_eq!(checked, 35 * 3 * 2 * 14);
}

/// Values printed in common scoring tables (e.g. the ACBL/WBF score cards), one per row kind.
#[test]
fn law_77_published_score_card_values() {
    let cases: &[(&str, u8, bool, i32)] = &[
        ("1C", 7, false, 70),
        ("1NT", 8, false, 120),
        ("2NT", 8, true, 120),
        ("3NT", 9, true, 600),
        ("4H", 11, false, 450),
        ("5D", 11, true, 600),
        ("6NT", 12, false, 990),
        ("6NT", 12, true, 1440),
        ("7C", 13, true, 2140),
        ("7S", 13, false, 1510),
        ("1HX", 7, false, 160),
        ("2SX", 8, true, 670),
        ("1DXX", 7, true, 230),
        ("1DXX", 8, true, 630),
        ("3NTX", 9, false, 550),
        ("3NTX", 10, true, 950),
        ("2CX", 6, false, -300),
        ("2CX", 5, false, -500),
        ("2CX", 4, false, -800),
        ("2CX", 3, false, -1100),
        ("2CX", 5, true, -800),
        ("3HXX", 6, false, -1000),
        ("3HXX", 6, true, -1600),
        ("4S", 9, false, -50),
        ("4S", 8, true, -200),
    ];
    for &(c, tricks, vul, score) in cases {
        let contract: Contract = c.parse().unwrap();
        assert_eq!(contract.score(tricks, vul).unwrap(), score, "{c} {tricks} vul={vul}");
    }
}
