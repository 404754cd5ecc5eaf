use std::fs;

use fairdeal_conformance::sweep::{SweepFile, regenerate};

use crate::util::vectors_dir;

/// Every registered scheme has its accumulated sweep, and the committed
/// digests are what the code computes from each recipe: if a method's
/// output changed, or a file was edited by hand, this fails.
#[test]
fn every_scheme_has_a_sweep_and_regenerating_changes_none() {
    for scheme in fairdeal::SCHEMES {
        let path = vectors_dir().join(format!("sweeps/{}.json", scheme.id()));
        let text = fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; write it with `fairdeal vectors sweep`",
                path.display()
            )
        });
        let file = SweepFile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(file.scheme, scheme.id(), "{}", path.display());
        assert!(!file.sweeps.is_empty(), "{}: no sweep", path.display());
        let fresh = regenerate(&file, *scheme).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            fresh.to_text() == text,
            "{} would change on `fairdeal vectors sweep`: a method changed, or the file was edited by hand",
            path.display()
        );
    }
}
