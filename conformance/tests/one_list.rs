//! The registry is the one list of schemes (docs/adding-a-scheme.md): no
//! scheme id is written in the workspace's non-test Rust code outside the
//! scheme's own crate and the registry, so that adding a scheme edits no
//! other code. Comments may name schemes (as examples); code may not.

use std::fs;
use std::path::{Path, PathBuf};

/// Where an id must appear in code, each with why: (file, id).
const ALLOWED: &[(&str, &str, &str)] = &[
    // The registry itself: a `pub use` of each crate and its line in
    // SCHEMES (docs/adding-a-scheme.md, step 3).
    ("crates/fairdeal/src/lib.rs", "*", "the registry"),
    // An example id in the wasm API's description of an argument.
    (
        "crates/wasm/src/lib.rs",
        "euchremaster",
        "an example in a message",
    ),
    // `fairdeal odds` reproduces one site's published page of odds, which
    // it names; it is not a per-scheme list.
    (
        "crates/cli/src/cmd/odds.rs",
        "sfc32-lock",
        "the page `fairdeal odds` reproduces",
    ),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, but `tests/` folders and `tests.rs` files
/// (test code), and `target/`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "tests" && name != "target" && name != "snapshots" {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" {
            out.push(path);
        }
    }
}

/// The code of a source file, line by line with its number: comments left
/// out, and nothing from a `#[cfg(test)]` module on (the workspace keeps
/// its test module last in a file).
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let next = lines.get(i + 1).map_or("", |l| l.trim());
            if next.starts_with("mod ") && next.ends_with('{') {
                break;
            }
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        // A comment after code; a `//` inside a string is rare enough in
        // this code base that cutting there only hides text, never adds.
        let code = line.split_once(" // ").map_or(*line, |(code, _)| code);
        out.push((i + 1, code));
    }
    out
}

/// The crate folder whose `src/lib.rs` declares `id` as its INFO's id.
fn own_crate(id: &str) -> Option<PathBuf> {
    let needle = format!("id: \"{id}\",");
    fs::read_dir(root().join("crates"))
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|dir| {
            fs::read_to_string(dir.join("src/lib.rs")).is_ok_and(|lib| lib.contains(&needle))
        })
}

#[test]
fn no_scheme_is_named_in_code_outside_its_crate_and_the_registry() {
    let root = root();
    let mut files = Vec::new();
    for dir in ["crates", "conformance", "benches"] {
        sources(&root.join(dir), &mut files);
    }
    files.sort();
    let mut found = Vec::new();
    for scheme in fairdeal::SCHEMES {
        let id = scheme.id();
        let own = own_crate(id).unwrap_or_else(|| panic!("{id}: no crate declares it"));
        // The id as written, and as a Rust path (`sfc32_lock`).
        let forms = [id.to_owned(), id.replace('-', "_")];
        for file in &files {
            if file.starts_with(&own) {
                continue;
            }
            let rel = file.strip_prefix(&root).unwrap_or(file);
            let rel = rel.to_string_lossy().replace('\\', "/");
            if ALLOWED
                .iter()
                .any(|(path, allowed, _)| *path == rel && (*allowed == "*" || *allowed == id))
            {
                continue;
            }
            let text = fs::read_to_string(file).unwrap();
            for (n, code) in code_lines(&text) {
                if forms.iter().any(|f| code.contains(f.as_str())) {
                    found.push(format!("{rel}:{n}: {id}: {}", code.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "scheme ids in code outside their crate and the registry (read them from \
         fairdeal::SCHEMES or the scheme's INFO instead):\n{}",
        found.join("\n")
    );
}

/// The filter sees code and only code.
#[test]
fn code_lines_leave_out_comments_and_the_test_module() {
    let text = "//! about x\nlet a = \"x\"; // x\n/// x\nfn f() {}\n#[cfg(test)]\nuse y;\n#[cfg(test)]\nmod tests {\n    x\n}\n";
    let code: Vec<&str> = code_lines(text).into_iter().map(|(_, c)| c).collect();
    assert_eq!(code, ["let a = \"x\";", "fn f() {}", "use y;"]);
}
