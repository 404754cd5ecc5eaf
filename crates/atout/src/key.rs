//! The text that joins the secret and every seat's number, and the key it
//! hashes to (docs/schemes/atout-v1.md, step 2: the text and the key).

use fairdeal_core::hash::{Midstate, Sha256, digest_parts};

use crate::Input;

/// What the text starts with: the scheme's name and version.
pub const TAG: &str = "atout-v1";
/// Joins the tag, the secret and the numbers; no input may hold one.
pub const SEPARATOR: char = '|';

/// Returns `atout-v1|secret|number 0|number 1|...`: a robot's empty number
/// leaves two separators side by side.
pub fn text(input: &Input) -> String {
    let mut text = String::from(TAG);
    for part in std::iter::once(input.secret()).chain(input.numbers().iter().map(String::as_str)) {
        text.push(SEPARATOR);
        text.push_str(part);
    }
    text
}

/// Returns the key: the 64 lowercase hex digits of SHA-256([`text`]). The
/// stream hashes these 64 characters, not the 32 bytes they spell.
pub fn key(input: &Input) -> String {
    String::from_utf8_lossy(&key_digits(input)).into_owned()
}

/// Returns the key's 64 hex digits as bytes, hashing the text's parts one
/// after another: nothing is allocated (the stream is made once per deal).
pub fn key_digits(input: &Input) -> [u8; 64] {
    // The tag, then a separator and a part for the secret and each of the
    // (at most four) seats' numbers, listed on the stack: a text of one
    // block is then hashed in one go (`digest_parts`).
    const SEPARATOR_BYTES: &[u8] = &[SEPARATOR as u8];
    let mut parts: [&[u8]; 11] = [TAG.as_bytes(); 11];
    let mut count = 1;
    for part in std::iter::once(input.secret()).chain(input.numbers().iter().map(String::as_str)) {
        if let Some([separator, text]) = parts.get_mut(count..count + 2) {
            *separator = SEPARATOR_BYTES;
            *text = part.as_bytes();
        }
        count += 2;
    }
    let digest = match parts.get(..count) {
        Some(parts) => digest_parts::<Sha256>(parts),
        // More seats than any variant has: hashed part by part.
        None => {
            let mut hasher = Midstate::<Sha256>::new().chain(TAG.as_bytes());
            for part in
                std::iter::once(input.secret()).chain(input.numbers().iter().map(String::as_str))
            {
                hasher.update(SEPARATOR_BYTES);
                hasher.update(part.as_bytes());
            }
            hasher.digest()
        }
    };
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
