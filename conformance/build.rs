//! Builds the tables of `src/embedded.rs` from the vector folder, so that a
//! new `vectors/<id>.json` or `vectors/sweeps/<id>.json` is built in with no
//! edit: every `*.json` of `vectors/` but the schema, and every `*.json` of
//! `vectors/sweeps/`, sorted by name, each as an `include_str!`.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let vectors = Path::new(&manifest).join("../vectors");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).to_owned();
    table(&vectors, &out.join("vector_files.rs"), |name| {
        name != "schema.json"
    });
    // A sweep folder not made yet is a table of none.
    table(&vectors.join("sweeps"), &out.join("sweep_files.rs"), |_| {
        true
    });
}

/// Writes to `out` the table of the `*.json` files of `dir` that `keep`
/// takes: `(name, include_str!(path))`, sorted by name.
fn table(dir: &Path, out: &Path, keep: fn(&str) -> bool) {
    // The folder for a file added or removed, each file for an edit.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|entry| {
                let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
                entry.file_name().to_string_lossy().into_owned()
            })
            .filter(|name| name.ends_with(".json") && keep(name))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => panic!("{}: {e}", dir.display()),
    };
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
    fs::write(out, table).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
