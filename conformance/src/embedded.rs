//! The committed vector files, built into the binary: the default of
//! `fairdeal conformance` and `fairdeal vectors check`, so that an installed
//! `fairdeal` checks a port from any folder (`--dir` reads a folder
//! instead). The build script lists the folder, so a new vector file is
//! built in with no edit; a test holds the list to `vectors/*.json`. The
//! version, the changelog, the schema and the sweeps are built in too, so
//! that a binary knows which release of the vectors it holds and can write
//! that release out (`fairdeal vectors release`).

/// Each vector file of `vectors/` (the schema aside): its file name and its
/// text, sorted by name. `build.rs` writes the list from the folder.
pub const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/vector_files.rs"));

/// Each accumulated sweep of `vectors/sweeps/` (docs/porting.md,
/// "Accumulated sweeps"): its file name and its text, sorted by name.
pub const SWEEPS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/sweep_files.rs"));

/// `vectors/VERSION`: the release of the vectors, as semver text.
pub const VERSION: &str = include_str!("../../vectors/VERSION");

/// `vectors/CHANGES.md`: every release of the vectors and what it changed.
pub const CHANGES: &str = include_str!("../../vectors/CHANGES.md");

/// `vectors/schema.json`: the JSON Schema of a vector file.
pub const SCHEMA: &str = include_str!("../../vectors/schema.json");

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
        for (name, text) in [
            ("VERSION", VERSION),
            ("CHANGES.md", CHANGES),
            ("schema.json", SCHEMA),
        ] {
            let on_disk = fs::read_to_string(dir.join(name)).unwrap();
            assert!(
                text == on_disk,
                "{name}: the built-in text differs; rebuild"
            );
        }
        let mut sweeps: Vec<String> = fs::read_dir(dir.join("sweeps"))
            .map(|entries| {
                entries
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".json"))
                    .collect()
            })
            .unwrap_or_default();
        sweeps.sort();
        let built_in: Vec<&str> = SWEEPS.iter().map(|(name, _)| *name).collect();
        assert_eq!(
            built_in, sweeps,
            "conformance/build.rs must list every sweep"
        );
        for (name, text) in SWEEPS {
            let on_disk = fs::read_to_string(dir.join("sweeps").join(name)).unwrap();
            assert!(
                *text == on_disk,
                "sweeps/{name}: the built-in text differs; rebuild"
            );
        }
    }
}
