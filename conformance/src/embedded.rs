//! The committed vector files, built into the binary: the default of
//! `fairdeal conformance` and `fairdeal vectors check`, so that an installed
//! `fairdeal` checks a port from any folder (`--dir` reads a folder
//! instead). The build script lists the folder, so a new vector file is
//! built in with no edit; a test holds the list to `vectors/*.json`.

/// Each vector file of `vectors/` (the schema aside): its file name and its
/// text, sorted by name. `build.rs` writes the list from the folder.
pub const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/vector_files.rs"));

/// How a built-in file is named in messages: `<id>.json (built in)`.
pub fn display(name: &str) -> String {
    format!("{name} (built in)")
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use super::*;
    use crate::VectorFile;

    /// The built-in list is exactly the folder, each text as committed: the
    /// build script missed no file and took no other.
    #[test]
    fn the_built_in_files_are_exactly_those_of_the_vectors_folder() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
        let mut on_disk: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json") && n != "schema.json")
            .collect();
        on_disk.sort();
        let built_in: Vec<&str> = FILES.iter().map(|(name, _)| *name).collect();
        assert_eq!(
            built_in, on_disk,
            "conformance/build.rs must list every vectors/*.json and no other"
        );
        for (name, text) in FILES {
            // Compared without printing both: the files are large.
            let on_disk = fs::read_to_string(dir.join(name)).unwrap();
            assert!(
                *text == on_disk,
                "{name}: the built-in text differs from the file; rebuild"
            );
            let file = VectorFile::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(format!("{}.json", file.scheme), *name);
        }
    }
}
