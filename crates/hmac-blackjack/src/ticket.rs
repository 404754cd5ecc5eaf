//! The case games' ticket: f * 100000, written exactly
//! (docs/schemes/hmac-blackjack.md, step 6: the roll games).

use std::fmt;

use serde::{Serialize, Serializer};

/// Tickets run from 0 to just under this.
pub const TICKETS: u64 = 100_000;

/// `TICKETS / 2^32 = 3125 / 2^27`: a ticket is u * 3125 / 2^27.
const SCALE: u64 = 3125;
/// The binary places of `SCALE / 2^FRACTION_BITS`.
const FRACTION_BITS: u32 = 27;
/// 5^27: a fraction k / 2^27 is exactly the 27 decimal digits of k * 5^27.
const FIVE_TO_27: u128 = 7_450_580_596_923_828_125;

/// A ticket: the site's f * 100000 for f = u / 2^32, not rounded.
///
/// Its exact value u * 100000 / 2^32 has at most 27 digits after the point;
/// it is written with all of them but trailing zeros, and without a point
/// when whole, so that no port depends on how a language prints floats. (The
/// site's JavaScript prints the same double, f * 100000 being exact in
/// binary64, in its shortest form.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket(pub u32);

impl fmt::Display for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scaled = u64::from(self.0) * SCALE;
        let whole = scaled >> FRACTION_BITS;
        let fraction = scaled & ((1 << FRACTION_BITS) - 1);
        write!(f, "{whole}")?;
        if fraction == 0 {
            return Ok(());
        }
        let digits = format!("{:027}", u128::from(fraction) * FIVE_TO_27);
        write!(f, ".{}", digits.trim_end_matches('0'))
    }
}

impl Serialize for Ticket {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tickets_are_exact_decimals() {
        assert_eq!(FIVE_TO_27, 5u128.pow(27));
        assert_eq!(Ticket(0).to_string(), "0");
        // 2^31 / 2^32 * 100000
        assert_eq!(Ticket(1 << 31).to_string(), "50000");
        // 100000 / 2^32, worked by hand: 0.0000232830643653869628906250.
        assert_eq!(Ticket(1).to_string(), "0.000023283064365386962890625");
        assert_eq!(
            Ticket(u32::MAX).to_string(),
            "99999.999976716935634613037109375"
        );
    }
}
