//! The sfc32 generator and the site's seeding of it
//! (docs/schemes/sfc32-lock.md, step 2: the generator).

use fairdeal_core::Error;
use fairdeal_core::input::text;

/// Draws thrown away after the state is set from the seed. Published seeding
/// routines for sfc32 discard 0, 12 or 15; this site discards 16.
pub const DISCARD: usize = 16;

/// Hex digits in a seed: four 8-digit words, `a` first.
pub const SEED_DIGITS: usize = 32;

/// Hex digits in one word of the seed.
const WORD_DIGITS: usize = 8;

/// What a seed must be, for messages.
pub(crate) const SEED: &str = "32 hexadecimal digits";

/// Chris Doty-Humphrey's sfc32 ("small fast chaotic", 32-bit): four words of
/// state, `d` a counter that makes every cycle at least 2^32 long.
///
/// The state is public so that a test or a vector can start it anywhere;
/// [`Sfc32::from_seed`] is how the site starts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sfc32 {
    /// Word 1.
    pub a: u32,
    /// Word 2.
    pub b: u32,
    /// Word 3.
    pub c: u32,
    /// Word 4, the counter.
    pub d: u32,
}

impl Sfc32 {
    /// Returns the generator in state `a, b, c, d`, nothing discarded.
    pub const fn new(a: u32, b: u32, c: u32, d: u32) -> Self {
        Self { a, b, c, d }
    }

    /// Returns the generator as the site seeds it: `a, b, c, d` are the four
    /// 8-digit words of `seed` read as hexadecimal (either case), then
    /// [`DISCARD`] draws are thrown away.
    ///
    /// # Errors
    ///
    /// `seed` that is not [`SEED_DIGITS`] hex digits: a character error for
    /// the first non-hex character, else a length error, naming `seed`.
    pub fn from_seed(seed: &str) -> Result<Self, Error> {
        text::hex_digits("seed", seed, SEED_DIGITS, SEED)?;
        Ok(Self::from_checked_seed(seed))
    }

    /// Does what [`Sfc32::from_seed`] does with a seed that the field's rule
    /// has already checked, without checking it again (an audit seeds
    /// millions).
    pub(crate) fn from_checked_seed(seed: &str) -> Self {
        let [a, b, c, d] = words(seed);
        let mut generator = Self::new(a, b, c, d);
        generator.discard(DISCARD);
        generator
    }

    /// Throws away the next `n` draws.
    pub fn discard(&mut self, n: usize) {
        for _ in 0..n {
            self.next_u32();
        }
    }

    /// Returns one sfc32 draw (docs/schemes/sfc32-lock.md, step 2: the
    /// generator): the five assignments in the order the method lists them,
    /// every operation wrapping mod 2^32.
    pub fn next_u32(&mut self) -> u32 {
        let t = self.a.wrapping_add(self.b).wrapping_add(self.d); // t = a + b + d
        self.d = self.d.wrapping_add(1); // d = d + 1
        self.a = self.b ^ (self.b >> 9); // a = b XOR (b >> 9)
        self.b = self.c.wrapping_add(self.c << 3); // b = c + (c << 3)
        self.c = self.c.rotate_left(21).wrapping_add(t); // c = rotl(c, 21) + t
        t
    }
}

/// The stream is endless: every call is one draw, with no allocation.
impl Iterator for Sfc32 {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        Some(self.next_u32())
    }
}

/// Returns the four words of `seed` (32 hex digits), digits 1-8 first.
fn words(seed: &str) -> [u32; 4] {
    let mut words = [0; 4];
    for (word, digits) in words
        .iter_mut()
        .zip(seed.as_bytes().chunks_exact(WORD_DIGITS))
    {
        let mut eight = [0; WORD_DIGITS];
        eight.copy_from_slice(digits);
        *word = word_of(u64::from_be_bytes(eight));
    }
    words
}

/// Returns the value of eight hex digits of either case (ASCII, the first
/// in the top byte), all eight at once and without a branch (random digits
/// would make a branch on digit or letter mispredict often). `0`-`9` are
/// 0x30-0x39, `a`-`f` 0x61-0x66 and `A`-`F` 0x41-0x46: a byte's low four
/// bits are a digit's value, or a letter's value less 9, and bit 6 is set
/// for letters only.
fn word_of(digits: u64) -> u32 {
    const LOW: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const BIT6: u64 = 0x4040_4040_4040_4040;
    // One value from 0 to 15 in each byte.
    let letters = (digits & BIT6) >> 6;
    let values = (digits & LOW) + letters * 9;
    // Pack pairs of bytes into bytes, then pairs of those, then of those.
    let pairs = ((values >> 4) | values) & 0x00ff_00ff_00ff_00ff;
    let quads = ((pairs >> 8) | pairs) & 0x0000_ffff_0000_ffff;
    // OK: the mask keeps 32 bits.
    u32::try_from(((quads >> 16) | quads) & 0xffff_ffff).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Value stability: these break whenever the method changes, and a changed
    // method is a new scheme id, not an edit here. Every number is from the
    // node reference: bryc's published JavaScript sfc32 (the variant that
    // returns `t >>> 0`), run in node v20.20.2 from the same a, b, c, d.

    /// `sfc32(0x01234567, 0x89abcdef, 0xfedcba98, 0x76543210)`: draws 1 to 4.
    const HIGH_BITS_FIRST: [u32; 4] = [19_088_742, 4_127_578_482, 1_651_034_390, 799_975_818];
    /// The same state: draw 17, the first kept after the discard.
    const HIGH_BITS_17TH: u32 = 1_588_170_680;
    /// `sfc32(0, 0, 0, 0)`: draws 1 to 4.
    const ZERO_FIRST: [u32; 4] = [0, 1, 2, 12];

    #[test]
    fn value_stability_first_draws_from_a_raw_state() {
        let draws: Vec<u32> = Sfc32::new(0x0123_4567, 0x89ab_cdef, 0xfedc_ba98, 0x7654_3210)
            .take(4)
            .collect();
        assert_eq!(draws, HIGH_BITS_FIRST);
        let zero: Vec<u32> = Sfc32::new(0, 0, 0, 0).take(4).collect();
        assert_eq!(zero, ZERO_FIRST);
    }

    #[test]
    fn seeding_reads_words_in_order_and_discards_sixteen() {
        let mut raw = Sfc32::new(0x0123_4567, 0x89ab_cdef, 0xfedc_ba98, 0x7654_3210);
        raw.discard(DISCARD);
        // Either case: the digits are read as numbers.
        let seeded = Sfc32::from_seed("0123456789ABCDEFfedcba9876543210").unwrap();
        assert_eq!(seeded, raw);
        assert_eq!(seeded.d, 0x7654_3210 + 16, "d counts the draws");
        assert_eq!(seeded.clone().next(), Some(HIGH_BITS_17TH));
    }

    #[test]
    fn every_hex_digit_reads_as_its_value_in_every_place() {
        let digits = "0123456789abcdefABCDEF";
        for (i, c) in digits.chars().enumerate() {
            for place in 0..WORD_DIGITS {
                // c at `place`, the other digits cycling through the rest.
                let word: String = (0..WORD_DIGITS)
                    .map(|k| {
                        if k == place {
                            c
                        } else {
                            digits.chars().nth((i + 3 * k + 1) % 22).unwrap()
                        }
                    })
                    .collect();
                let mut eight = [0; WORD_DIGITS];
                eight.copy_from_slice(word.as_bytes());
                assert_eq!(
                    word_of(u64::from_be_bytes(eight)),
                    u32::from_str_radix(&word, 16).unwrap(),
                    "{word}"
                );
            }
        }
    }

    #[test]
    fn seeds_are_refused_naming_the_field() {
        let e = Sfc32::from_seed(&"0".repeat(31)).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("seed", "length"));
        let e = Sfc32::from_seed(&format!("{}g", "0".repeat(31))).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("seed", "character"));
    }
}
