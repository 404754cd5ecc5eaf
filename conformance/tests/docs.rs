//! Generated docs: each scheme's page (docs/schemes/<id>.md) holds a table
//! of its inputs and its games' inputs, written from the registry, so that
//! a new scheme's table is in its own page and no other page lists schemes.
//! The test fails when a committed table differs; `UPDATE_DOCS=1 cargo test
//! -p fairdeal-conformance inputs_table` writes them.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use fairdeal::DynScheme;
use fairdeal::core::input::Field;

const START: &str = "<!-- inputs:start -->\n";
const END: &str = "<!-- inputs:end -->";

fn page(id: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../docs/schemes/{id}.md"))
}

/// A cell of names: `` `a`, `b` ``, empty for none.
fn names<'a>(fields: impl Iterator<Item = &'a Field>) -> String {
    let names: Vec<String> = fields.map(|f| format!("`{}`", f.name)).collect();
    names.join(", ")
}

/// The table of `scheme`: a row for the scheme, then one for each of its
/// games; the "to know" column is prose, kept from the committed row of the
/// same name (empty for a new one).
fn inputs_table(scheme: &dyn DynScheme, committed: &str) -> String {
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
    let mut rows: Vec<(String, &[Field])> =
        vec![(format!("`{}`", scheme.id()), scheme.info().fields)];
    for game in scheme.info().games {
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

/// Each registered scheme's page holds its inputs table between the
/// markers, as the registry's field lists write it.
#[test]
fn every_scheme_pages_inputs_table_is_generated_from_the_registry() {
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    for scheme in fairdeal::SCHEMES {
        let id = scheme.id();
        let path = page(id);
        let text =
            fs::read_to_string(&path).unwrap_or_else(|e| panic!("docs/schemes/{id}.md: {e}"));
        let (Some(start), Some(end)) = (text.find(START), text.find(END)) else {
            stale.push(format!(
                "docs/schemes/{id}.md: no inputs table; put the two lines\n  {}  {END}\n  \
                 at the end of its Inputs section",
                START
            ));
            continue;
        };
        let from = start + START.len();
        let table = inputs_table(*scheme, &text[from..end]);
        if table == text[from..end] {
            continue;
        }
        if update {
            let updated = format!("{}{table}{}", &text[..from], &text[end..]);
            // Written whole, then renamed: an interrupted run leaves the page.
            let tmp = path.with_extension("md.tmp");
            fs::write(&tmp, updated).expect("docs/schemes/ is writable");
            fs::rename(&tmp, &path).expect("docs/schemes/ is writable");
            continue;
        }
        stale.push(format!(
            "docs/schemes/{id}.md: its inputs table should read:\n{table}"
        ));
    }
    assert!(
        stale.is_empty(),
        "scheme pages whose inputs table differs from the registry; run\n  \
         UPDATE_DOCS=1 cargo test -p fairdeal-conformance inputs_table\n\
         and fill in any empty \"to know\" cell:\n{}",
        stale.join("\n")
    );
}
