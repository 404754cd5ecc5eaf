//! Builds the table of `src/embedded.rs` from the vector folder, so that a
//! new `vectors/<id>.json` is built in with no edit: every `*.json` of
//! `vectors/` but the schema, sorted by name, each as an `include_str!`.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("../vectors");
    // The folder for a file added or removed, each file for an edit.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            entry.file_name().to_string_lossy().into_owned()
        })
        .filter(|name| name.ends_with(".json") && name != "schema.json")
        .collect();
    names.sort();
    let mut table = String::from("&[\n");
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        // `{:?}` quotes and escapes both the name and the path.
        let path = path.to_string_lossy();
        writeln!(table, "    ({name:?}, include_str!({path:?})),").expect("a String takes writes");
    }
    table.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("vector_files.rs");
    fs::write(&out, table).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
