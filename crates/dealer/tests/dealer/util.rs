//! What the test modules share: a fixed entropy for reproducible deals, a
//! store file of the test's own, and each scheme's sample player input.

use std::path::{Path, PathBuf};

use fairdeal::DynScheme;
use fairdeal::core::stream::SplitMix64;
use fairdeal_dealer::{CommitOptions, Entropy, Error};
use serde_json::{Map, Value};

/// A fixed stream of bytes instead of the system's generator, so that a
/// history of the deals is the same on every run (never for play).
pub struct Fixed(pub SplitMix64);

impl Fixed {
    pub fn new(seed: u64) -> Self {
        Self(SplitMix64::new(seed))
    }
}

impl Entropy for Fixed {
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        for chunk in buf.chunks_mut(8) {
            let bytes = self.0.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// A folder of the test's own in the temp folder, removed when dropped.
pub struct Folder(PathBuf);

impl Folder {
    pub fn new(name: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("fairdeal-dealer-{}-{name}", std::process::id()));
        drop(std::fs::remove_dir_all(&path));
        std::fs::create_dir_all(&path).expect("the temp folder is writable");
        Self(path)
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        drop(std::fs::remove_dir_all(&self.0));
    }
}

/// A scheme's first bench case as a JSON object: a valid input.
pub fn sample(scheme: &dyn DynScheme) -> Map<String, Value> {
    let case = scheme.info().bench.first().expect("a bench case");
    match serde_json::from_str(case.input) {
        Ok(Value::Object(map)) => map,
        _ => panic!("{}: the bench case is an object", scheme.id()),
    }
}

/// What the sample gives for the commitment: its variant.
pub fn commit_options(scheme: &dyn DynScheme) -> CommitOptions {
    let info = scheme.info();
    CommitOptions {
        variant: info.dealer.variant.and_then(|v| {
            sample(scheme)
                .get(v)
                .and_then(Value::as_str)
                .map(str::to_owned)
        }),
        rotate_after: None,
    }
}

/// The sample's fields the player and the table give after the
/// commitment: every one but those the dealer draws or sets (and, for a
/// seed pair, the nonce).
pub fn player_input(scheme: &dyn DynScheme) -> Map<String, Value> {
    fairdeal_dealer::player_input(scheme, sample(scheme), true)
}

/// Whether the scheme deals in seed periods.
pub fn pair(scheme: &dyn DynScheme) -> bool {
    fairdeal_dealer::deals_in_periods(scheme)
}
