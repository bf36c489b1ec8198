//! Matchpoints (Law 78A): each result earns 2 for every result it beats and 1 for every result
//! it ties (PBN 2.1 `MP1`), or 1 and ½ (`MP2`). Neuberg's formula brings a board with fewer
//! results up to the top of the full field.

use serde::{Deserialize, Serialize};

/// The matchpoint scale (PBN 2.1 §3.4.12 modifiers `MP1`, `MP2`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MpScale {
    /// 2 per result beaten, 1 per tie (PBN `MP1`): top is 2(n-1).
    #[default]
    TwoOneZero,
    /// 1 per result beaten, ½ per tie (PBN `MP2`): top is n-1.
    OneHalfZero,
}

impl MpScale {
    /// Converts a value on the 2/1/0 scale to this scale.
    pub fn from_two(self, mp: f64) -> f64 {
        match self {
            MpScale::TwoOneZero => mp,
            MpScale::OneHalfZero => mp / 2.0,
        }
    }

    /// The top on a board with `n` results.
    pub fn top(self, n: usize) -> f64 {
        self.from_two(top_two(n))
    }
}

/// The top on the 2/1/0 scale for `n` results: 2(n-1).
pub fn top_two(n: usize) -> f64 {
    2.0 * (n.max(1) as f64 - 1.0)
}

/// One table's result on a board as the field sees it: one North-South score, or several with
/// weights adding to 1 (a weighted assigned score, Law 12C1(c)).
pub type Entry = Vec<(f64, i32)>;

/// Matchpoints on the 2/1/0 scale for North-South at every table of a board: the sum over the
/// other tables of 2 for a lower score, 1 for an equal score. A weighted entry (Law 12C1(c)) earns
/// the weighted sum of what each of its scores would earn, and is counted by the others with
/// those weights. `O(p log p)` in the number of scores `p`.
pub fn matchpoints_weighted(entries: &[Entry]) -> Vec<f64> {
    let mut parts: Vec<(i32, f64)> = entries.iter().flat_map(|e| e.iter().map(|&(w, s)| (s, w))).collect();
    parts.sort_by_key(|p| p.0);
    // For each distinct score: weight strictly below and weight equal.
    let mut scores: Vec<i32> = Vec::new();
    let mut below: Vec<f64> = Vec::new();
    let mut equal: Vec<f64> = Vec::new();
    let mut acc = 0.0;
    let mut i = 0;
    while i < parts.len() {
        let s = parts[i].0;
        let mut w = 0.0;
        while i < parts.len() && parts[i].0 == s {
            w += parts[i].1;
            i += 1;
        }
        scores.push(s);
        below.push(acc);
        equal.push(w);
        acc += w;
    }
    let earned = |s: i32| -> f64 {
        match scores.binary_search(&s) {
            Ok(k) => 2.0 * below[k] + equal[k],
            Err(_) => 0.0,
        }
    };
    entries
        .iter()
        .map(|e| {
            e.iter()
                .map(|&(w, s)| {
                    let own: f64 = e.iter().map(|&(w2, s2)| w2 * cmp2(s, s2)).sum();
                    w * (earned(s) - own)
                })
                .sum()
        })
        .collect()
}

/// 2 if `a` beats `b`, 1 for a tie, 0 otherwise.
fn cmp2(a: i32, b: i32) -> f64 {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => 2.0,
        std::cmp::Ordering::Equal => 1.0,
        std::cmp::Ordering::Less => 0.0,
    }
}

/// Matchpoints on the 2/1/0 scale for plain North-South scores (one per table).
pub fn matchpoints(scores: &[i32]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&i| scores[i]);
    let mut out = vec![0.0; scores.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end < order.len() && scores[order[end]] == scores[order[start]] {
            end += 1;
        }
        // `start` results below, `end - start - 1` ties.
        let mp = 2.0 * start as f64 + (end - start - 1) as f64;
        for &i in &order[start..end] {
            out[i] = mp;
        }
        start = end;
    }
    out
}

/// Neuberg's formula: matchpoints `mp` (2/1/0 scale) earned on a board with `n` comparable
/// results, scaled to a field of `expected` results: `(mp + 1) * expected / n - 1`.
///
/// Source: Neuberg's formula as published in the EBU *White Book* ("Neuberg's formula") and the
/// WBF/EBL scoring guidance; for the 1/½/0 scale the same formula is `(mp + ½) * N/n - ½`, which
/// is this one halved.
pub fn neuberg(mp: f64, n: usize, expected: usize) -> f64 {
    if n == 0 || n >= expected {
        return mp;
    }
    (mp + 1.0) * expected as f64 / n as f64 - 1.0
}

/// How a board with fewer results than a full one is brought to the full top.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Factoring {
    /// Neuberg's formula ([`neuberg`]): the EBU, WBF and most European scorers.
    #[default]
    Neuberg,
    /// In proportion to the tops ([`proportional`]): a result keeps the percentage of its own
    /// board's top. What a robot individual uses (each entrant's percentage on a board is that of
    /// the results there); PBN `Scoring` modifier `Proportional` (not a predefined modifier).
    Proportional,
}

impl Factoring {
    /// `mp` (2/1/0 scale) earned among `n` results, on the scale of `expected` results.
    pub fn scale(self, mp: f64, n: usize, expected: usize) -> f64 {
        match self {
            Factoring::Neuberg => neuberg(mp, n, expected),
            Factoring::Proportional => proportional(mp, n, expected),
        }
    }
}

/// Matchpoints `mp` (2/1/0 scale) earned among `n` results, scaled to a field of `expected` in
/// proportion to the tops: `mp * 2(expected-1) / 2(n-1)`; a board played once is an average.
/// Source: the proportional "factoring" of the ACBL's scoring before Neuberg, as in the ACBL's
/// *Duplicate Decisions*.
pub fn proportional(mp: f64, n: usize, expected: usize) -> f64 {
    if n == 0 || n >= expected {
        return mp;
    }
    if n == 1 {
        return top_two(expected) / 2.0;
    }
    mp * top_two(expected) / top_two(n)
}

/// A percentage of the top (0-100); 50 when the top is 0 (a board played once).
pub fn percentage(mp_two: f64, n: usize) -> f64 {
    let top = top_two(n);
    if top <= 0.0 {
        50.0
    } else {
        100.0 * mp_two / top
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn law_78a_two_one_zero() {
        // 420, 420, 400, 170, -50: top 8.
        let mp = matchpoints(&[420, 420, 400, 170, -50]);
        assert_eq!(mp, vec![7.0, 7.0, 4.0, 2.0, 0.0]);
        assert_eq!(MpScale::OneHalfZero.from_two(7.0), 3.5);
        assert_eq!(MpScale::TwoOneZero.top(5), 8.0);
        assert_eq!(MpScale::OneHalfZero.top(5), 4.0);
    }

    #[test]
    fn neuberg_by_hand() {
        // 21 results of 22: a score beating 7 and tying 13 others earns 27 on 21 results;
        // (27 + 1) * 22 / 21 - 1 = 28.333... (the FFB traveller shows 28.3).
        assert!((neuberg(27.0, 21, 22) - 28.333_333).abs() < 1e-5);
        // Zero stays above zero: (0 + 1) * 22 / 21 - 1 = 0.0476...
        assert!((neuberg(0.0, 21, 22) - 1.0 / 21.0).abs() < 1e-9);
        // A top of 2(n-1) = 40: 41 * 22 / 21 - 1 = 41.952 (the FFB traveller shows 42.0).
        assert!((neuberg(40.0, 21, 22) - 41.952_381).abs() < 1e-5);
        // 1/½/0: 4 results of 5, a clean top 3 -> (3 + ½) * 5/4 - ½ = 3.875 = 7.75 / 2.
        assert!((MpScale::OneHalfZero.from_two(neuberg(6.0, 4, 5)) - 3.875).abs() < 1e-9);
    }

    #[test]
    fn law_12c1c_weighted_score_earns_the_weighted_matchpoints() {
        // 50% of 420 + 50% of -50 against 420, 170, -50.
        let entries = vec![vec![(0.5, 420), (0.5, -50)], vec![(1.0, 420)], vec![(1.0, 170)], vec![(1.0, -50)]];
        let mp = matchpoints_weighted(&entries);
        // 420 part: vs 420 (1), 170 (2), -50 (2) = 5; -50 part: 0 + 0 + 1 = 1 -> 3.
        assert!((mp[0] - 3.0).abs() < 1e-9);
        // 420 table: vs the weighted entry 0.5*1 + 0.5*2 = 1.5, + 2 + 2 = 5.5.
        assert!((mp[1] - 5.5).abs() < 1e-9);
        let sum: f64 = mp.iter().sum();
        assert!((sum - 12.0).abs() < 1e-9);
    }

    #[test]
    fn proportional_keeps_each_result_s_percentage() {
        // 3 results of 5: a top (4 of 4) is a top of 8; a bottom stays 0; alone it is average.
        assert_eq!(proportional(4.0, 3, 5), 8.0);
        assert_eq!(proportional(0.0, 3, 5), 0.0);
        assert_eq!(proportional(0.0, 1, 5), 4.0);
        assert_eq!(Factoring::Proportional.scale(3.0, 3, 5), 6.0);
        assert_ne!(Factoring::Neuberg.scale(3.0, 3, 5), 6.0);
    }

    proptest! {
        #[test]
        fn proportional_percentage_is_the_board_s_own(scores in prop::collection::vec(-10i32..10, 1..30), missing in 0usize..5) {
            let n = scores.len();
            for mp in matchpoints(&scores) {
                let scaled = proportional(mp, n, n + missing);
                prop_assert!((percentage(scaled, n + missing) - percentage(mp, n)).abs() < 1e-9);
            }
        }

        #[test]
        fn matchpoints_sum_to_n_times_n_minus_1(scores in prop::collection::vec(-20i32..20, 1..60)) {
            let scores: Vec<i32> = scores.into_iter().map(|s| s * 10).collect();
            let mp = matchpoints(&scores);
            let n = scores.len() as f64;
            prop_assert!((mp.iter().sum::<f64>() - n * (n - 1.0)).abs() < 1e-9);
            let entries: Vec<Entry> = scores.iter().map(|&s| vec![(1.0, s)]).collect();
            prop_assert_eq!(matchpoints_weighted(&entries), mp.clone());
            for (i, a) in scores.iter().enumerate() {
                for (j, b) in scores.iter().enumerate() {
                    if a > b { prop_assert!(mp[i] > mp[j]); }
                    if a == b { prop_assert_eq!(mp[i], mp[j]); }
                }
                prop_assert!(mp[i] >= 0.0 && mp[i] <= top_two(scores.len()));
            }
        }

        #[test]
        fn neuberg_keeps_the_board_total(scores in prop::collection::vec(-10i32..10, 2..30), missing in 1usize..5) {
            let n = scores.len();
            let mp = matchpoints(&scores);
            let total: f64 = mp.iter().map(|&m| neuberg(m, n, n + missing)).sum();
            // n results on the full field's scale average half the full top.
            let full_top = top_two(n + missing);
            prop_assert!((total / n as f64 - full_top / 2.0).abs() < 1e-9);
        }
    }
}
