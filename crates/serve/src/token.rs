//! The operator's bearer token: read from a file or the environment,
//! kept only as its SHA-256, compared in constant time, and never shown
//! (its `Debug` prints `[hidden]`).

use std::fmt;
use std::io::Read;
use std::path::Path;

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The environment variable holding the token when no `--token-file` is
/// given.
pub const TOKEN_ENV: &str = "FAIRDEAL_SERVE_TOKEN";

/// The fewest characters a token may have: a token a person could guess
/// is no lock.
pub const MIN_TOKEN_CHARS: usize = 16;

/// The most characters a token may have (a header's worth).
const MAX_TOKEN_CHARS: usize = 1024;

/// The operator's bearer token.
#[derive(Clone)]
pub struct Token {
    digest: [u8; 32],
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token([hidden])")
    }
}

impl Token {
    /// Returns the token `text`, without the white space around it (a
    /// file's final line break).
    ///
    /// # Errors
    ///
    /// A token shorter than [`MIN_TOKEN_CHARS`] or longer than 1024
    /// characters, or with a character that is not printable ASCII (it
    /// travels in a header). The message never quotes the token.
    pub fn new(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if let Some(at) = text.chars().position(|c| !c.is_ascii_graphic()) {
            return Err(format!(
                "character {} of the token is not printable ASCII: a token is sent in a \
                 header, expected letters, digits and punctuation (`openssl rand -hex 32` \
                 makes one)",
                at + 1
            ));
        }
        if !(MIN_TOKEN_CHARS..=MAX_TOKEN_CHARS).contains(&text.len()) {
            return Err(format!(
                "the token has {} characters, expected {MIN_TOKEN_CHARS} to {MAX_TOKEN_CHARS} \
                 (`openssl rand -hex 32` makes one)",
                text.len()
            ));
        }
        Ok(Self {
            digest: Sha256::digest(text.as_bytes()).into(),
        })
    }

    /// Reads the token from the file `path` (at most 4 KiB are read).
    ///
    /// # Errors
    ///
    /// The file cannot be read or holds no valid token.
    pub fn from_file(path: &Path) -> Result<Self, String> {
        let at = |why: String| format!("--token-file {}: {why}", path.display());
        let file = std::fs::File::open(path).map_err(|e| at(e.to_string()))?;
        let mut text = String::new();
        file.take(4096)
            .read_to_string(&mut text)
            .map_err(|e| at(format!("{e}: expected the token as text")))?;
        Self::new(&text).map_err(at)
    }

    /// Reads the token from [`TOKEN_ENV`]; `None` when it is unset or
    /// empty.
    ///
    /// # Errors
    ///
    /// The variable holds no valid token.
    pub fn from_env() -> Option<Result<Self, String>> {
        let value = std::env::var_os(TOKEN_ENV).filter(|v| !v.is_empty())?;
        Some(match value.into_string() {
            Ok(text) => Self::new(&text).map_err(|why| format!("{TOKEN_ENV}: {why}")),
            Err(_) => Err(format!("{TOKEN_ENV}: not UTF-8; expected printable ASCII")),
        })
    }

    /// Returns whether `given` is the token, in time that does not depend
    /// on where the two differ: the digests are compared, in constant time.
    pub fn matches(&self, given: &[u8]) -> bool {
        let digest: [u8; 32] = Sha256::digest(given).into();
        digest.ct_eq(&self.digest).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_itself_only_and_is_never_shown() {
        let token = Token::new("  correct-horse-battery-staple\n").expect("a token");
        assert!(token.matches(b"correct-horse-battery-staple"));
        assert!(!token.matches(b"correct-horse-battery-stapl"));
        assert!(!token.matches(b"correct-horse-battery-staple "));
        assert!(!token.matches(b""));
        assert_eq!(format!("{token:?}"), "Token([hidden])");
    }

    #[test]
    fn a_short_or_unprintable_token_is_refused_without_being_quoted() {
        for bad in [
            "short",
            "",
            "with a space in the middle",
            "tab\tinside-the-token",
        ] {
            let e = Token::new(bad).expect_err(bad);
            assert!(bad.is_empty() || !e.contains(bad), "{e}");
        }
        assert!(Token::new(&"x".repeat(MAX_TOKEN_CHARS + 1)).is_err());
        assert!(Token::new(&"x".repeat(MIN_TOKEN_CHARS)).is_ok());
    }
}
