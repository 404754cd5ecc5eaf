use std::collections::BTreeSet;

use crate::util::{vector_files, vectors_dir};

/// Adding a scheme means adding its vector file too, and a vector file must
/// belong to a scheme: docs/adding-a-scheme.md.
#[test]
fn every_registered_scheme_has_a_vector_file_and_back() {
    let registered: BTreeSet<&str> = fairdeal::SCHEMES.iter().map(|s| s.id()).collect();
    let files = vector_files();
    for (path, _, file) in &files {
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(
            stem,
            file.scheme,
            "{} names scheme {:?}: the file name must be the scheme id",
            path.display(),
            file.scheme
        );
        assert!(
            registered.contains(stem),
            "{} names no registered scheme (crates/fairdeal/src/lib.rs)",
            path.display()
        );
    }
    let with_files: BTreeSet<String> = files.iter().map(|(_, _, f)| f.scheme.clone()).collect();
    for id in registered {
        assert!(
            with_files.contains(id),
            "scheme {id:?} is registered but {} has no {id}.json",
            vectors_dir().display()
        );
    }
}
