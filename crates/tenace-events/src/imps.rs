//! IMPs (Law 78B) across a field: Butler (against a datum), cross-IMPs, and team IMPs between the
//! two rooms of a match (PBN 2.1 §3.4.12 `Butler`, `Butler-2`, `Cross`, `Cross1`, `Cross2`).

use tenace_core::imps;

use crate::matchpoints::Entry;

/// How the datum of a Butler board is formed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Datum {
    /// The mean of all scores (PBN `Butler`).
    Mean,
    /// The mean without the highest and the lowest score (PBN `Butler-2`); the plain mean when
    /// fewer than three scores are left to drop from.
    MeanWithoutExtremes,
    /// The mean of the scores left after dropping `each_end` of the highest and as many of the
    /// lowest — fewer when the board has too few scores, so that one (odd count) or two (even
    /// count) are left — truncated toward zero to a multiple of 10. An empirical match, not a
    /// published rule: with `each_end = 19` it reproduces every datum ("średnia rozdania") that
    /// JFR Pary 4.1 published for a PZBS IMP pairs event (Szczyrk 2013, 38-41 scores a board, 30
    /// boards; `tests/published.rs`), and no other `each_end` or rounding does. JFR's own
    /// description of its datum was not available.
    Trimmed { each_end: u32 },
    /// A datum fixed by the scorer, used as it is: a published traveller's datum (JFR Pary prints
    /// it as "średnia rozdania"), or one the Director sets. The IMPs are still Law 78B's.
    Given(i32),
}

/// Rounds to the nearest 10, halves away from zero (a datum of 425 is 430, -425 is -430).
pub fn round_to_ten(x: f64) -> i32 {
    ((x / 10.0).round() * 10.0) as i32
}

/// The mean North-South score of an entry (a weighted score's weighted mean).
fn mean_of(entry: &Entry) -> f64 {
    entry.iter().map(|&(w, s)| w * f64::from(s)).sum()
}

/// The Butler datum of a board, formed as `how` says (PBN `Butler`: the mean of the North-South
/// scores rounded to the nearest 10).
pub fn datum(entries: &[Entry], how: Datum) -> i32 {
    if let Datum::Given(d) = how {
        return d;
    }
    if entries.is_empty() {
        return 0;
    }
    let mut means: Vec<f64> = entries.iter().map(mean_of).collect();
    if how == Datum::MeanWithoutExtremes && means.len() >= 3 {
        means.sort_by(f64::total_cmp);
        means.pop();
        means.remove(0);
    }
    if let Datum::Trimmed { each_end } = how {
        means.sort_by(f64::total_cmp);
        let k = (each_end as usize).min((means.len() - 1) / 2);
        let kept = &means[k..means.len() - k];
        return truncate_to_ten(kept.iter().sum::<f64>() / kept.len() as f64);
    }
    round_to_ten(means.iter().sum::<f64>() / means.len() as f64)
}

/// Truncates toward zero to a multiple of 10 (-76.7 is -70, 459 is 450).
fn truncate_to_ten(x: f64) -> i32 {
    ((x / 10.0).trunc() * 10.0) as i32
}

/// Butler IMPs for North-South at every table: IMPs (Law 78B) of the score against the datum,
/// weighted for a weighted assigned score (Law 12C1(c)).
pub fn butler(entries: &[Entry], how: Datum) -> (i32, Vec<f64>) {
    let d = datum(entries, how);
    let v = entries.iter().map(|e| e.iter().map(|&(w, s)| w * f64::from(imps(s - d))).sum()).collect();
    (d, v)
}

/// Cross-IMPs for North-South at every table: the sum of the IMPs against every other table.
pub fn cross(entries: &[Entry]) -> Vec<f64> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            entries
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, o)| e.iter().flat_map(|&(w, s)| o.iter().map(move |&(w2, s2)| w * w2 * f64::from(imps(s - s2)))).sum::<f64>())
                .sum()
        })
        .collect()
}

/// PBN `Cross1`: cross-IMPs divided by the number of scores on the board.
pub fn cross1(entries: &[Entry]) -> Vec<f64> {
    let n = entries.len().max(1) as f64;
    cross(entries).into_iter().map(|v| v / n).collect()
}

/// PBN `Cross2`: cross-IMPs divided by the number of comparisons (scores less one).
pub fn cross2(entries: &[Entry]) -> Vec<f64> {
    let n = entries.len().saturating_sub(1).max(1) as f64;
    cross(entries).into_iter().map(|v| v / n).collect()
}

/// Team IMPs on one board of a match (Law 78B): the team sitting North-South in the first room
/// scores `ns_first` and, sitting East-West in the second, concedes `ns_second`; it wins the
/// IMPs of the difference. Weighted scores are weighted.
pub fn team(first: &Entry, second: &Entry) -> f64 {
    first.iter().flat_map(|&(w, s)| second.iter().map(move |&(w2, s2)| w * w2 * f64::from(imps(s - s2)))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn plain(scores: &[i32]) -> Vec<Entry> {
        scores.iter().map(|&s| vec![(1.0, s)]).collect()
    }

    #[test]
    fn butler_datum_is_the_mean_rounded_to_ten() {
        // 420, 420, 450, -50: mean 310 -> datum 310; 420 is +110 = 3 IMPs.
        let (d, v) = butler(&plain(&[420, 420, 450, -50]), Datum::Mean);
        assert_eq!(d, 310);
        assert_eq!(v, vec![3.0, 3.0, 4.0, -8.0]);
        // Mean 425 rounds to 430.
        assert_eq!(datum(&plain(&[400, 450]), Datum::Mean), 430);
        assert_eq!(datum(&plain(&[-400, -450]), Datum::Mean), -430);
    }

    #[test]
    fn butler_2_drops_the_extremes() {
        // 1430, 450, 420, 420, -100: without 1430 and -100 the mean is 430.
        assert_eq!(datum(&plain(&[1430, 450, 420, 420, -100]), Datum::MeanWithoutExtremes), 430);
        assert_eq!(datum(&plain(&[1430, 450]), Datum::MeanWithoutExtremes), 940);
    }

    #[test]
    fn trimmed_datum_keeps_the_middle_and_truncates() {
        // Seven scores, two dropped each end: -90, -90, -50 are left, mean -76.7 -> -70.
        let e = plain(&[-620, -500, -90, -90, -50, 90, 100]);
        assert_eq!(datum(&e, Datum::Trimmed { each_end: 2 }), -70);
        // Too few scores to drop 19 each end: the middle one of seven (odd), two of six (even).
        assert_eq!(datum(&e, Datum::Trimmed { each_end: 19 }), -90);
        assert_eq!(datum(&plain(&[-620, -500, -90, -50, 90, 100]), Datum::Trimmed { each_end: 19 }), -70);
        // Nothing dropped: the plain mean, truncated (459 -> 450, where Butler rounds to 460).
        assert_eq!(datum(&plain(&[450, 468]), Datum::Trimmed { each_end: 0 }), 450);
        assert_eq!(datum(&plain(&[450, 468]), Datum::Mean), 460);
    }

    #[test]
    fn a_given_datum_is_used_as_it_is() {
        // Mean 310, but the scorer's datum is 420: 420 scores 0, -50 is -470 = -10.
        let (d, v) = butler(&plain(&[420, 420, 450, -50]), Datum::Given(420));
        assert_eq!(d, 420);
        assert_eq!(v, vec![0.0, 0.0, 1.0, -10.0]);
    }

    #[test]
    fn cross_imps_by_hand() {
        // 420 vs 170 (+250 = 6), vs -50 (+470 = 10): 16. Cross1 = 16/3, Cross2 = 8.
        let e = plain(&[420, 170, -50]);
        assert_eq!(cross(&e), vec![16.0, -6.0 + 6.0, -16.0]);
        assert!((cross1(&e)[0] - 16.0 / 3.0).abs() < 1e-9);
        assert_eq!(cross2(&e)[0], 8.0);
    }

    #[test]
    fn law_78b_team_imps_between_two_rooms() {
        // 4S made (+420) in one room, 4S one down (-50 for NS) in the other: 470 = 10 IMPs.
        assert_eq!(team(&vec![(1.0, 420)], &vec![(1.0, -50)]), 10.0);
        assert_eq!(team(&vec![(1.0, -50)], &vec![(1.0, 420)]), -10.0);
    }

    proptest! {
        #[test]
        fn cross_imps_sum_to_zero(scores in prop::collection::vec(-150i32..150, 1..25)) {
            let e = plain(&scores.iter().map(|s| s * 10).collect::<Vec<_>>());
            let total: f64 = cross(&e).iter().sum();
            prop_assert!(total.abs() < 1e-9);
        }

        #[test]
        fn butler_imps_are_monotone_and_bounded(scores in prop::collection::vec(-150i32..150, 1..25)) {
            let scores: Vec<i32> = scores.iter().map(|s| s * 10).collect();
            let (d, v) = butler(&plain(&scores), Datum::Mean);
            for (i, a) in scores.iter().enumerate() {
                prop_assert!(v[i].abs() <= 24.0);
                prop_assert_eq!(v[i], f64::from(imps(a - d)));
                for (j, b) in scores.iter().enumerate() {
                    if a >= b { prop_assert!(v[i] >= v[j]); }
                }
            }
            // The datum lies between the lowest and the highest score (to the rounding).
            let lo = *scores.iter().min().unwrap();
            let hi = *scores.iter().max().unwrap();
            prop_assert!(d >= lo - 5 && d <= hi + 5);
        }
    }
}
