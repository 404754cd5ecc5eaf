use std::fs;
use std::path::{Path, PathBuf};

use fairdeal_conformance::VectorFile;

/// The vectors folder, found from this crate (not from the working directory).
pub fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

/// Every committed vector file: its path, its text and its parsed form.
pub fn vector_files() -> Vec<(PathBuf, String, VectorFile)> {
    let mut paths: Vec<PathBuf> = fs::read_dir(vectors_dir())
        .expect("the vectors folder is readable")
        .map(|e| e.expect("the vectors folder is readable").path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "json")
                && p.file_name().is_some_and(|n| n != "schema.json")
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).expect("a vector file is readable");
            let file = VectorFile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, text, file)
        })
        .collect()
}

/// The registered scheme of `file`.
pub fn scheme_of(file: &VectorFile) -> &'static dyn fairdeal::DynScheme {
    fairdeal::scheme(&file.scheme)
        .unwrap_or_else(|| panic!("scheme {:?} is not registered", file.scheme))
}
