//! The commitment published before play: a SHA-256 fingerprint.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::hash::{Sha256, digest_parts};
use crate::input::text;
use crate::{Error, ErrorKind};

/// A SHA-256 digest shown as 64 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint([u8; 32]);

impl Fingerprint {
    /// Returns the fingerprint of `text`: SHA-256 of its bytes, as given.
    pub fn of(text: &[u8]) -> Self {
        Self::of_parts(&[text])
    }

    /// Returns the fingerprint of the text made of `parts` joined, without
    /// joining them (nothing is allocated).
    pub fn of_parts(parts: &[&[u8]]) -> Self {
        Self(digest_parts::<Sha256>(parts.iter().copied()))
    }

    /// Returns the fingerprint whose digest is `bytes`.
    pub const fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// Parses a fingerprint as a receipt shows it: 64 hex digits, either case.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Character`] or [`ErrorKind::Length`] naming `field`;
    /// whitespace copied around the digits is named in a hint
    /// ([`text::around`]), never trimmed.
    pub fn parse(field: &str, hex_text: &str) -> Result<Self, Error> {
        text::hex_digits(
            field,
            hex_text,
            64,
            "64 hexadecimal digits (a SHA-256 digest)",
        )
        .map_err(
            |e| match (e.hints().is_empty(), text::around(field, hex_text)) {
                // The fingerprint's own reason: it is not hashed, but compared.
                (false, Some(hint)) => Error::new(e.field(), e.kind().clone()).with_hint(format!(
                    "{hint}; nothing is trimmed: a fingerprint is exactly its 64 digits"
                )),
                _ => e,
            },
        )?;
        let mut bytes = [0; 32];
        hex::decode_to_slice(hex_text, &mut bytes).map_err(|e| {
            Error::new(
                field,
                ErrorKind::Value {
                    got: hex_text.to_owned(),
                    expected: e.to_string(),
                },
            )
        })?;
        Ok(Self(bytes))
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0; 64];
        // OK because the buffer is exactly twice the digest's length.
        hex::encode_to_slice(self.0, &mut buf).map_err(|_| fmt::Error)?;
        f.write_str(std::str::from_utf8(&buf).map_err(|_| fmt::Error)?)
    }
}

impl Serialize for Fingerprint {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprint_of_abc() {
        // FIPS 180-2, appendix B.1; also `printf abc | sha256sum`.
        let f = Fingerprint::of(b"abc");
        assert_eq!(
            f.to_string(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            Fingerprint::parse("fingerprint", &f.to_string().to_uppercase()).unwrap(),
            f
        );
        assert_eq!(
            Fingerprint::parse("fingerprint", "ba78")
                .unwrap_err()
                .kind()
                .code(),
            "length"
        );
    }

    #[test]
    fn whitespace_around_a_fingerprint_is_named_in_a_hint() {
        let f = Fingerprint::of(b"abc").to_string();
        let e = Fingerprint::parse("fingerprint", &format!("{f}\t")).unwrap_err();
        assert_eq!(e.kind().code(), "character");
        assert_eq!(
            e.hints(),
            [
                "the fingerprint ends with a tab (0x09): remove it; nothing is trimmed: a \
              fingerprint is exactly its 64 digits"
            ]
        );
    }
}
