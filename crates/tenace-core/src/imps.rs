//! The International Match Point scale of Law 78B.

/// Upper ends of the point-difference bands of Law 78B: a difference up to `IMP_BANDS[i]` points
/// is worth `i` IMPs; 4000 and more is worth 24.
const IMP_BANDS: [u32; 24] = [10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990];

/// IMPs for a point difference (Law 78B), signed like the difference.
pub fn imps(difference: i32) -> i32 {
    let d = difference.unsigned_abs();
    let imps = IMP_BANDS.iter().position(|&top| d <= top).unwrap_or(24) as i32;
    if difference < 0 {
        -imps
    } else {
        imps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Law 78B's table, as printed: (from, to, IMPs).
    const LAW_78B: [(i32, i32, i32); 24] = [
        (20, 40, 1),
        (50, 80, 2),
        (90, 120, 3),
        (130, 160, 4),
        (170, 210, 5),
        (220, 260, 6),
        (270, 310, 7),
        (320, 360, 8),
        (370, 420, 9),
        (430, 490, 10),
        (500, 590, 11),
        (600, 740, 12),
        (750, 890, 13),
        (900, 1090, 14),
        (1100, 1290, 15),
        (1300, 1490, 16),
        (1500, 1740, 17),
        (1750, 1990, 18),
        (2000, 2240, 19),
        (2250, 2490, 20),
        (2500, 2990, 21),
        (3000, 3490, 22),
        (3500, 3990, 23),
        (4000, 100_000, 24),
    ];

    #[test]
    fn law_78b_every_multiple_of_ten() {
        assert_eq!(imps(0), 0);
        assert_eq!(imps(10), 0);
        for (from, to, expected) in LAW_78B {
            let mut d = from;
            while d <= to.min(8000) {
                assert_eq!(imps(d), expected, "{d} points");
                assert_eq!(imps(-d), -expected, "-{d} points");
                d += 10;
            }
        }
    }
}
