use fairdeal_conformance::{generate, to_canonical_string};

use crate::util::{scheme_of, vector_files};

/// The committed files are exactly what `fairdeal vectors generate` writes:
/// if the code's output changed, or a file was edited by hand, this fails.
#[test]
fn regenerating_changes_no_committed_file() {
    for (path, text, file) in vector_files() {
        let fresh = generate::regenerate(&file, scheme_of(&file)).unwrap();
        let fresh = to_canonical_string(&fresh);
        assert!(
            fresh == text,
            "{} would change on `fairdeal vectors generate`: a method changed, or the file was edited by hand",
            path.display()
        );
    }
}
