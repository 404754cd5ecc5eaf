//! The byte stream and its numbers (docs/schemes/hmac-blackjack.md, step 2:
//! the byte stream, and step 3: the numbers).

use fairdeal_core::{HmacSha256, decimal};

use crate::Input;

/// Numbers per round: a 32-byte HMAC-SHA256 digest read as eight u32 BE.
pub const PER_ROUND: usize = 8;

/// HMAC-SHA256(key = server seed text, message = `client_seed:nonce:round`)
/// for round = 0, 1, 2, ..., each digest read as eight u32 big-endian
/// numbers, in order.
///
/// The site's float is f = b0/256 + b1/256^2 + b2/256^3 + b3/256^4, which is
/// exactly u / 2^32 for the u32 BE u of the same four bytes: the stream
/// yields u, and every game works on u with integers.
///
/// The key schedule and `client_seed:nonce:` are absorbed once; each round
/// finishes a copy of that state with only the round number, written into
/// a stack buffer: two compressions a round, and the stream never
/// allocates.
#[derive(Clone, Debug)]
pub struct HmacStream {
    after_prefix: HmacSha256,
    round: u64,
    block: [u32; PER_ROUND],
    next: usize,
}

impl HmacStream {
    /// Returns the stream of `input`.
    pub fn new(input: &Input) -> Self {
        // The key is the seed's TEXT, never its hex-decoded bytes: the key
        // pitfall of docs/schemes/hmac-blackjack.md.
        let mut after_prefix = HmacSha256::new(input.server_seed().as_bytes());
        let mut buf = [0; 20];
        after_prefix.update(input.client_seed().as_bytes());
        after_prefix.update(b":");
        after_prefix.update(decimal(input.nonce(), &mut buf));
        after_prefix.update(b":");
        Self {
            after_prefix,
            round: 0,
            block: [0; PER_ROUND],
            next: PER_ROUND,
        }
    }

    /// Returns the message of `round`: what a port must MAC.
    pub fn message(input: &Input, round: u64) -> Vec<u8> {
        let mut buf = [0; 20];
        let nonce = decimal(input.nonce(), &mut buf).to_vec();
        let mut buf = [0; 20];
        [
            input.client_seed().as_bytes(),
            b":",
            &nonce,
            b":",
            decimal(round, &mut buf),
        ]
        .concat()
    }

    // Out of line: once a round, while `next` is inlined into the shuffle.
    #[inline(never)]
    fn refill(&mut self) {
        let mut buf = [0; 20];
        self.block = self.after_prefix.words_with(decimal(self.round, &mut buf));
        self.round += 1;
        self.next = 0;
    }
}

impl Iterator for HmacStream {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.next == PER_ROUND {
            self.refill();
        }
        let u = self.block[self.next];
        self.next += 1;
        Some(u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_messages_are_client_seed_nonce_round() {
        let input = Input::new("server", "client", 7).unwrap();
        assert_eq!(HmacStream::message(&input, 0), b"client:7:0");
        assert_eq!(HmacStream::message(&input, 12), b"client:7:12");
    }

    // Value stability: these break whenever the method changes, and a
    // changed method is a new scheme id. The words are those of
    // `printf '%s' 'client:0:0' | openssl dgst -sha256 -hmac server`
    // (e0d8048b e5b3823a ... f9f8da06) and of 'client:0:1' (e849db52 ...):
    // openssl, like the site, keys the HMAC with the seed's text.
    #[test]
    fn the_ninth_number_is_the_first_of_round_one() {
        let input = Input::new("server", "client", 0).unwrap();
        let words: Vec<u32> = HmacStream::new(&input).take(9).collect();
        assert_eq!(words[..2], [0xe0d8_048b, 0xe5b3_823a]);
        assert_eq!(words[7], 0xf9f8_da06);
        assert_eq!(words[8], 0xe849_db52);
    }
}
