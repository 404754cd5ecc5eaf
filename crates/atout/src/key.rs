//! The text that joins the secret and every seat's number, and the key it
//! hashes to (docs/schemes/atout-v1.md, step 2: the text and the key).

use fairdeal_core::hash::{Sha256, digest_parts};

use crate::Input;

/// What the text starts with: the scheme's name and version.
pub const TAG: &str = "atout-v1";
/// Joins the tag, the secret and the numbers; no input may hold one.
pub const SEPARATOR: char = '|';

/// Returns the text's parts in order: the tag, then a separator and the
/// secret, and a separator and each seat's number.
fn parts(input: &Input) -> impl Iterator<Item = &[u8]> + Clone {
    const SEPARATOR_BYTES: &[u8] = &[SEPARATOR as u8];
    let fields = std::iter::once(input.secret()).chain(input.numbers().iter().map(String::as_str));
    std::iter::once(TAG.as_bytes())
        .chain(fields.flat_map(|field| [SEPARATOR_BYTES, field.as_bytes()]))
}

/// Returns `atout-v1|secret|number 0|number 1|...`: a robot's empty number
/// leaves two separators side by side.
pub fn text(input: &Input) -> String {
    String::from_utf8_lossy(&parts(input).collect::<Vec<_>>().concat()).into_owned()
}

/// Returns the key: the 64 lowercase hex digits of SHA-256([`text`]). The
/// stream hashes these 64 characters, not the 32 bytes they spell.
pub fn key(input: &Input) -> String {
    String::from_utf8_lossy(&key_digits(input)).into_owned()
}

/// Returns the key's 64 hex digits as bytes, hashing the text's parts
/// without joining them: nothing is allocated (the stream is made once per
/// deal), and a text of one block is hashed in one go (`digest_parts`).
pub fn key_digits(input: &Input) -> [u8; 64] {
    let digest = digest_parts::<Sha256>(parts(input));
    let mut digits = [0; 64];
    // OK because the buffer is exactly twice the digest's 32 bytes.
    let _ = hex::encode_to_slice(digest, &mut digits);
    digits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robots_leave_separators_side_by_side() {
        // The example of docs/schemes/atout-v1.md, step 2.
        let input = Input::new("s", "belote", &["12", "", "7", ""], Some(0), None).unwrap();
        assert_eq!(text(&input), "atout-v1|s|12||7|");
        // `printf '%s' 'atout-v1|s|12||7|' | sha256sum`
        assert_eq!(
            key(&input),
            "b7c5a6281022f194714a080be2519e3832ee7b3e1ac0c47eb6992e5dac0dd309"
        );
    }
}
