//! Every fairdeal scheme behind one registry, and the table a person reads.
//!
//! The CLI and the conformance suite see schemes only through [`SCHEMES`];
//! registering a scheme here is what makes `fairdeal deal`, `fairdeal verify`,
//! `fairdeal vectors` and the conformance tests pick it up.

pub mod render;

pub use fairdeal_atout as atout;
pub use fairdeal_core as core;
pub use fairdeal_core::{DynScheme, Error, ErrorKind};
pub use fairdeal_euchremaster as euchremaster;
pub use fairdeal_sfc32_lock as sfc32_lock;
pub use fairdeal_showdown as showdown;

/// Every scheme this build knows, in the order `fairdeal schemes` lists them.
///
/// Adding a scheme is one line here (see docs/adding-a-scheme.md).
pub static SCHEMES: &[&dyn DynScheme] = &[
    &euchremaster::EuchreMaster,
    &sfc32_lock::Sfc32Lock,
    &atout::AtoutV1,
    &showdown::Showdown,
];

/// Returns the registered scheme called `id`.
pub fn scheme(id: &str) -> Option<&'static dyn DynScheme> {
    SCHEMES.iter().copied().find(|s| s.id() == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_found() {
        for s in SCHEMES {
            assert_eq!(scheme(s.id()).map(DynScheme::id), Some(s.id()));
            assert_eq!(SCHEMES.iter().filter(|t| t.id() == s.id()).count(), 1);
        }
        assert!(scheme("nope").is_none());
    }
}
