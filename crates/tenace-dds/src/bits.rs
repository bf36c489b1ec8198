//! The CPU's bit instructions, chosen at run time, and rank compression for the search: the
//! cards of a suit packed into relative ranks ([`compress`]) and back ([`expand`]).
//!
//! Builds are portable (no `target-cpu=native`), so a binary runs on any x86-64 machine. Where
//! the CPU running it has the bit-manipulation instructions of x86-64-v3 (`popcnt`, `lzcnt`,
//! `tzcnt`, `pext`, `pdep`: every Intel CPU since 2013, AMD since 2015), detected once, the
//! search runs in a copy compiled for them ([`fast_cpu`]; search.rs); elsewhere (older CPUs,
//! other architectures, or `TENACE_DDS_PORTABLE=1` in the environment, which CI uses to test the
//! portable path) in a copy for any CPU, where [`compress`] and [`expand`] are loops over the
//! mask's cards that give the same results.

use std::sync::atomic::{AtomicU8, Ordering};

/// Whether to use the fast instructions: 0 not yet decided, 1 no, 2 yes.
static FAST: AtomicU8 = AtomicU8::new(0);

/// Whether the search runs with the x86-64-v3 bit instructions (decided on the first call).
#[inline(always)]
pub fn fast_cpu() -> bool {
    match FAST.load(Ordering::Relaxed) {
        2 => true,
        1 => false,
        _ => detect(),
    }
}

#[cold]
fn detect() -> bool {
    let forced_portable = std::env::var_os("TENACE_DDS_PORTABLE").is_some_and(|v| v == "1");
    #[cfg(target_arch = "x86_64")]
    let has = std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("sse3")
        && std::arch::is_x86_feature_detected!("ssse3")
        && std::arch::is_x86_feature_detected!("sse4.1")
        && std::arch::is_x86_feature_detected!("sse4.2");
    #[cfg(not(target_arch = "x86_64"))]
    let has = false;
    let use_it = has && !forced_portable;
    FAST.store(if use_it { 2 } else { 1 }, Ordering::Relaxed);
    use_it
}

/// The cards of `bits` at the places of `mask`'s cards, packed into the low bits in rank order.
#[inline(always)]
#[allow(unsafe_code)] // pext where the CPU has it
pub fn compress(bits: u16, mask: u16) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if fast_cpu() {
        // SAFETY: `fast_cpu()` is true only when the CPU has BMI2.
        return unsafe { x86::compress(bits, mask) };
    }
    compress_portable(bits, mask)
}

/// The inverse of [`compress`]: the low bits of `bits` spread over the places of `mask`'s cards.
#[inline(always)]
#[allow(unsafe_code)] // pdep where the CPU has it
pub fn expand(bits: u16, mask: u16) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if fast_cpu() {
        // SAFETY: `fast_cpu()` is true only when the CPU has BMI2.
        return unsafe { x86::expand(bits, mask) };
    }
    expand_portable(bits, mask)
}

fn compress_portable(bits: u16, mask: u16) -> u16 {
    let (mut out, mut m, mut i) = (0u16, mask, 0);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if bits & low != 0 {
            out |= 1 << i;
        }
        i += 1;
        m &= m - 1;
    }
    out
}

fn expand_portable(bits: u16, mask: u16) -> u16 {
    let (mut out, mut m, mut i) = (0u16, mask, 0);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if bits & (1 << i) != 0 {
            out |= low;
        }
        i += 1;
        m &= m - 1;
    }
    out
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    /// `pext`. Safety: the CPU must have BMI2.
    #[target_feature(enable = "bmi2")]
    #[inline]
    pub unsafe fn compress(bits: u16, mask: u16) -> u16 {
        core::arch::x86_64::_pext_u32(bits as u32, mask as u32) as u16
    }

    /// `pdep`. Safety: the CPU must have BMI2.
    #[target_feature(enable = "bmi2")]
    #[inline]
    pub unsafe fn expand(bits: u16, mask: u16) -> u16 {
        core::arch::x86_64::_pdep_u32(bits as u32, mask as u32) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_compress_and_expand_pack_and_spread_in_rank_order() {
        // Mask AQT8 (bits 12, 10, 8, 6); bits AT → places 3 and 1.
        let mask = 1 << 12 | 1 << 10 | 1 << 8 | 1 << 6;
        assert_eq!(compress_portable(1 << 12 | 1 << 8, mask), 0b1010);
        assert_eq!(expand_portable(0b1010, mask), 1 << 12 | 1 << 8);
        assert_eq!(compress_portable(0x1fff, 0), 0);
        assert_eq!(expand_portable(0b1, 0), 0);
    }

    /// Both paths agree wherever the CPU has BMI2 (every pair of 13-card sets would be 2^26;
    /// a dense sample of masks against every `bits` is checked instead).
    #[cfg(target_arch = "x86_64")]
    #[test]
    #[allow(unsafe_code)] // calls the BMI2 functions after checking the CPU
    fn bmi2_and_portable_paths_agree() {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        for mask in (0u16..0x2000).step_by(7) {
            for bits in 0u16..0x2000 {
                // SAFETY: checked above that the CPU has BMI2.
                let (c, e) = unsafe { (x86::compress(bits, mask), x86::expand(bits, mask)) };
                assert_eq!(c, compress_portable(bits, mask), "compress {bits:#x} {mask:#x}");
                assert_eq!(e, expand_portable(bits, mask), "expand {bits:#x} {mask:#x}");
            }
        }
    }
}
