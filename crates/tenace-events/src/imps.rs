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
}

/// Rounds to the nearest 10, halves away from zero (a datum of 425 is 430, -425 is -430).
pub fn round_to_ten(x: f64) -> i32 {
    ((x / 10.0).round() * 10.0) as i32
}

/// The mean North-South score of an entry (a weighted score's weighted mean).
fn mean_of(entry: &Entry) -> f64 {
    entry.iter().map(|&(w, s)| w * f64::from(s)).sum()
}

/// The Butler datum: the mean of the North-South scores rounded to the nearest 10.
pub fn datum(entries: &[Entry], how: Datum) -> i32 {
    if entries.is_empty() {
        return 0;
    }
    let mut means: Vec<f64> = entries.iter().map(mean_of).collect();
    if how == Datum::MeanWithoutExtremes && means.len() >= 3 {
        means.sort_by(f64::total_cmp);
        means.pop();
        means.remove(0);
    }
    round_to_ten(means.iter().sum::<f64>() / means.len() as f64)
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
                .map(|(_, o)| {
                    e.iter()
                        .flat_map(|&(w, s)| o.iter().map(move |&(w2, s2)| w * w2 * f64::from(imps(s - s2))))
                        .sum::<f64>()
                })
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
    first
        .iter()
        .flat_map(|&(w, s)| second.iter().map(move |&(w2, s2)| w * w2 * f64::from(imps(s - s2))))
        .sum()
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
