use std::fs;

use fairdeal_conformance::release::{check_record, folder_files, parse_version, section};

use crate::util::vectors_dir;

/// Every data file of the folder, by its path in a release.
fn data_files() -> Vec<(String, String)> {
    folder_files(&vectors_dir()).expect("the vectors folder is readable")
}

/// A vector file that changes without a new version and its changelog
/// section fails here, saying what to write.
#[test]
fn the_vector_files_are_those_changes_md_records_for_their_version() {
    let dir = vectors_dir();
    let version = fs::read_to_string(dir.join("VERSION")).unwrap();
    let changes = fs::read_to_string(dir.join("CHANGES.md")).unwrap();
    let files = data_files();
    let borrowed: Vec<(String, &str)> =
        files.iter().map(|(n, t)| (n.clone(), t.as_str())).collect();
    check_record(&version, &changes, &borrowed).unwrap_or_else(|e| panic!("{e}"));
}

/// Every version the changelog lists is a version, newest first, and the
/// one in `VERSION` is the newest.
#[test]
fn changes_md_lists_every_version_newest_first_from_the_current_one() {
    let dir = vectors_dir();
    let version = fs::read_to_string(dir.join("VERSION")).unwrap();
    let current = parse_version(&version).unwrap_or_else(|e| panic!("vectors/VERSION: {e}"));
    let changes = fs::read_to_string(dir.join("CHANGES.md")).unwrap();
    let listed: Vec<[u64; 3]> = changes
        .lines()
        .filter_map(|l| l.strip_prefix("## ["))
        .map(|l| {
            let v = l.split(']').next().unwrap();
            parse_version(&format!("{v}\n")).unwrap_or_else(|e| panic!("CHANGES.md: {e}"))
        })
        .collect();
    assert_eq!(
        listed.first(),
        Some(&current),
        "vectors/CHANGES.md must open with the section of vectors/VERSION ({})",
        version.trim()
    );
    assert!(
        listed.windows(2).all(|w| w[0] > w[1]),
        "CHANGES.md: versions newest first, each once: {listed:?}"
    );
    for v in &listed {
        let name = format!("{}.{}.{}", v[0], v[1], v[2]);
        let body = section(&changes, &name).unwrap();
        assert!(
            body.contains("### Files") && body.contains("```sha256sums"),
            "CHANGES.md [{name}]: a section ends with its files and digests"
        );
    }
}
