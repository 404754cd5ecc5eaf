//! The byte stream and its numbers (docs/schemes/hmac-blackjack.md, step 2:
//! the byte stream, and step 3: the numbers).

use fairdeal_core::hash::{HmacSha256Counter, Sha2, Sha256};
use fairdeal_core::stream::decimal;

use crate::Input;

/// Numbers per round: a 32-byte HMAC-SHA256 digest read as eight u32 BE.
pub const PER_ROUND: usize = Sha256::DIGEST / 4;

/// HMAC-SHA256(key = server seed text, message = `client_seed:nonce:round`)
/// for round = 0, 1, 2, ..., each digest read as eight u32 big-endian
/// numbers, in order: core's keyed counter stream, with the prefix
/// `client_seed:nonce`.
///
/// The site's float is f = b0/256 + b1/256^2 + b2/256^3 + b3/256^4, which is
/// exactly u / 2^32 for the u32 BE u of the same four bytes: the stream
/// yields u, and every game works on u with integers.
///
/// The key schedule and `client_seed:nonce:` are absorbed once; each round
/// finishes a copy of that state with only the round number, written into
/// a stack buffer: two compressions a round, and the stream never
/// allocates.
pub type HmacStream = HmacSha256Counter;

/// Returns the stream of `input`.
pub fn of(input: &Input) -> HmacStream {
    let mut buf = [0; 20];
    // The key is the seed's TEXT, never its hex-decoded bytes: the key
    // pitfall of docs/schemes/hmac-blackjack.md.
    HmacStream::keyed(
        input.server_seed().as_bytes(),
        &[
            input.client_seed().as_bytes(),
            b":",
            decimal(input.nonce(), &mut buf),
        ],
    )
}

/// Returns the message of `round`: what a port must MAC.
pub fn message(input: &Input, round: u64) -> Vec<u8> {
    let mut buf = [0; 20];
    let prefix = [
        input.client_seed().as_bytes(),
        b":",
        decimal(input.nonce(), &mut buf),
    ]
    .concat();
    HmacStream::preimage(&prefix, round)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_messages_are_client_seed_nonce_round() {
        let input = Input::new("server", "client", 7).unwrap();
        assert_eq!(message(&input, 0), b"client:7:0");
        assert_eq!(message(&input, 12), b"client:7:12");
    }

    // Value stability: these break whenever the method changes, and a
    // changed method is a new scheme id. The words are those of
    // `printf '%s' 'client:0:0' | openssl dgst -sha256 -hmac server`
    // (e0d8048b e5b3823a ... f9f8da06) and of 'client:0:1' (e849db52 ...):
    // openssl, like the site, keys the HMAC with the seed's text.
    #[test]
    fn the_ninth_number_is_the_first_of_round_one() {
        let input = Input::new("server", "client", 0).unwrap();
        let words: Vec<u32> = of(&input).take(9).collect();
        assert_eq!(words[..2], [0xe0d8_048b, 0xe5b3_823a]);
        assert_eq!(words[7], 0xf9f8_da06);
        assert_eq!(words[8], 0xe849_db52);
    }
}
