//! Generated docs: docs/porting.md's table of inputs is written from the
//! registry, so a new scheme's row needs no hand edit. The test fails when
//! the committed table differs; `UPDATE_DOCS=1 cargo test -p
//! fairdeal-conformance docs` writes it.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use fairdeal::core::input::Field;

const START: &str = "<!-- inputs:start -->\n";
const END: &str = "<!-- inputs:end -->";

fn porting_md() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/porting.md")
}

/// A cell of names: `` `a`, `b` ``, empty for none.
fn names<'a>(fields: impl Iterator<Item = &'a Field>) -> String {
    let names: Vec<String> = fields.map(|f| format!("`{}`", f.name)).collect();
    names.join(", ")
}

/// The table: a row for each scheme in registry order, then each game; the
/// "to know" column is prose, kept from the committed row of the same name
/// (empty for a new one).
fn inputs_table(committed: &str) -> String {
    let notes: BTreeMap<&str, &str> = committed
        .lines()
        .skip(2)
        .filter_map(|line| {
            // The note is the last cell and may hold anything but a newline.
            let inner = line.strip_prefix('|')?.strip_suffix('|')?;
            let cells: Vec<&str> = inner.splitn(4, '|').map(str::trim).collect();
            Some((*cells.first()?, *cells.get(3)?))
        })
        .collect();
    let mut rows: Vec<(String, &[Field])> = Vec::new();
    for scheme in fairdeal::SCHEMES {
        rows.push((format!("`{}`", scheme.id()), scheme.info().fields));
    }
    for (scheme, game) in fairdeal::games() {
        rows.push((
            format!("`{}` game `{}`", scheme.id(), game.name),
            game.fields,
        ));
    }
    let mut out =
        String::from("| scheme or game | required | optional | to know |\n|---|---|---|---|\n");
    for (name, fields) in rows {
        let required = names(fields.iter().filter(|f| f.required));
        let optional = names(fields.iter().filter(|f| !f.required));
        let note = notes.get(name.as_str()).copied().unwrap_or_default();
        // An empty cell is written as the committed table writes it: `| |`.
        let cell = |c: &str| {
            if c.is_empty() {
                String::new()
            } else {
                format!(" {c}")
            }
        };
        out.push_str(&format!(
            "| {name} |{} |{} |{} |\n",
            cell(&required),
            cell(&optional),
            cell(note)
        ));
    }
    out
}

#[test]
fn the_porting_guides_inputs_table_is_generated_from_the_registry() {
    let path = porting_md();
    let text = fs::read_to_string(&path).expect("docs/porting.md");
    let from = text.find(START).expect("the start marker") + START.len();
    let to = from + text[from..].find(END).expect("the end marker");
    let table = inputs_table(&text[from..to]);
    if table == text[from..to] {
        return;
    }
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let updated = format!("{}{table}{}", &text[..from], &text[to..]);
        // Written whole, then renamed: an interrupted run leaves the page.
        let tmp = path.with_extension("md.tmp");
        fs::write(&tmp, updated).expect("docs/porting.md.tmp is writable");
        fs::rename(&tmp, &path).expect("docs/porting.md is writable");
        return;
    }
    panic!(
        "docs/porting.md's inputs table differs from the registry; run\n  \
         UPDATE_DOCS=1 cargo test -p fairdeal-conformance the_porting_guides_inputs_table\n\
         and fill in any empty \"to know\" cell. It should read:\n{table}"
    );
}
