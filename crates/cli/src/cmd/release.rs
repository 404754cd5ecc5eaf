//! `fairdeal vectors release DIR`: the built-in vectors written out as a
//! release (docs/vectors.md, "Versions and releases"), checkable with
//! `cd DIR && sha256sum -c SHA256SUMS`.
//!
//! The folder is made if missing. Into a folder that holds files already,
//! a release is written only when each of them is a release's own: one the
//! new release writes, or one the folder's `SHA256SUMS` lists (a previous
//! release, whose files the new one drops are removed). Anything else is
//! refused before a byte is written, so a release never mixes with or
//! deletes files it did not write.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use fairdeal::core::input::text::quoted;
use fairdeal_conformance::release::{self, SUMS};

use crate::error::{CliError, Outcome};
use crate::files::{display, read_text, write_atomic};
use crate::output::print;

/// The one subfolder a release has.
const SWEEPS: &str = "sweeps";

/// The most a previous release's `SHA256SUMS` may hold: a line a file.
const SUMS_LIMIT: u64 = 1 << 20;

pub fn run(dir: &Path) -> Result<Outcome, CliError> {
    let files = release::files();
    let sums = release::sha256sums(&files);
    if fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(CliError::Usage(format!(
            "{}: not a folder, expected a folder to write the release into",
            display(dir)
        )));
    }
    let io = |path: &Path| {
        let path = display(path);
        move |source| CliError::Io { path, source }
    };
    let present = present(dir)?;
    let previous = if present.contains(SUMS) {
        read_text(&dir.join(SUMS), SUMS_LIMIT)?
    } else {
        String::new()
    };
    let previous: BTreeSet<&str> = release::listed(&previous).into_iter().collect();
    let ours: BTreeSet<&str> = files
        .iter()
        .map(|(name, _)| name.as_str())
        .chain([SUMS])
        .collect();
    let others: Vec<String> = present
        .iter()
        .filter(|name| !ours.contains(name.as_str()) && !previous.contains(name.as_str()))
        .map(|name| quoted(name))
        .collect();
    if !others.is_empty() {
        return Err(CliError::Usage(format!(
            "{}: holds {} that no vectors release wrote, expected a new or empty folder \
             or one holding a previous release (its files as its SHA256SUMS lists them)",
            display(dir),
            others.join(", ")
        )));
    }
    fs::create_dir_all(dir.join(SWEEPS)).map_err(io(dir))?;
    for (name, text) in &files {
        write_atomic(&dir.join(name), text.as_bytes())?;
    }
    // Only names read from the folder itself: a path in the old list is
    // never followed.
    for stale in present.iter().filter(|n| !ours.contains(n.as_str())) {
        let path = dir.join(stale);
        fs::remove_file(&path).map_err(io(&path))?;
    }
    // Last: a release cut short leaves a list its files do not match.
    write_atomic(&dir.join(SUMS), sums.as_bytes())?;
    Outcome::Ok.after(print(&format!(
        "{}: vectors {}, {} files and {SUMS}; check with `sha256sum -c {SUMS}` in that folder\n",
        display(dir),
        release::vectors_version(),
        files.len()
    )))
}

/// Returns every entry of `dir` and of its `sweeps/` by its path in a
/// release (`sweeps/<name>`); another folder is named as `<name>/`, which no
/// release holds. A folder not made yet holds none.
fn present(dir: &Path) -> Result<BTreeSet<String>, CliError> {
    let mut names = BTreeSet::new();
    for (folder, prefix) in [(dir.to_path_buf(), ""), (dir.join(SWEEPS), "sweeps/")] {
        let io = |source| CliError::Io {
            path: display(&folder),
            source,
        };
        let entries = match fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(io(e)),
        };
        for entry in entries {
            let entry = entry.map_err(io)?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_dir = entry.file_type().map_err(io)?.is_dir();
            match (is_dir, prefix) {
                (true, "") if name == SWEEPS => {}
                (true, _) => {
                    names.insert(format!("{prefix}{name}/"));
                }
                (false, _) => {
                    names.insert(format!("{prefix}{name}"));
                }
            }
        }
    }
    Ok(names)
}

/// The most `VERSION` or `CHANGES.md` may hold.
const RECORD_LIMIT: u64 = 4 << 20;

/// `fairdeal vectors bump [--added TEXT] [--changed TEXT]`: records a
/// change to the folder `dir` as a new version (minor for additions, major
/// when something changed for a port that read the files before):
/// `VERSION` and, before the newest section of `CHANGES.md`, the new
/// version's section listing what was added and changed and every file as
/// it is now (what `conformance/tests/release.rs` then holds the folder to).
///
/// # Errors
///
/// An entry that is not one printable line (or neither given), a `date` not
/// YYYY-MM-DD, a folder whose `VERSION` or files cannot be read, a vector
/// file that does not parse; a file that cannot be written.
pub fn bump(
    dir: &Path,
    added: Option<&str>,
    changed: Option<&str>,
    date: Option<String>,
) -> Result<Outcome, CliError> {
    for (flag, text, what) in [
        ("--added", added, "what was added"),
        ("--changed", changed, "what changed"),
    ] {
        if let Some(text) = text.filter(|t| t.trim().is_empty() || t.chars().any(char::is_control))
        {
            return Err(CliError::Usage(format!(
                "{flag}: {}, expected one line saying {what}",
                quoted(text)
            )));
        }
    }
    if added.is_none() && changed.is_none() {
        return Err(CliError::Usage(
            "nothing to record: expected --added TEXT, --changed TEXT or both".to_owned(),
        ));
    }
    let date = match date {
        Some(d) if is_date(&d) => d,
        Some(d) => {
            return Err(CliError::Usage(format!(
                "--date: {}, expected YYYY-MM-DD",
                quoted(&d)
            )));
        }
        None => today(),
    };
    let version_path = dir.join("VERSION");
    let changes_path = dir.join("CHANGES.md");
    let current = read_text(&version_path, RECORD_LIMIT)?;
    let changes = read_text(&changes_path, RECORD_LIMIT)?;
    let files = release::folder_files(dir).map_err(|source| CliError::Io {
        path: display(dir),
        source,
    })?;
    let files: Vec<(String, &str)> = files.iter().map(|(n, t)| (n.clone(), t.as_str())).collect();
    let entries = release::Entries { added, changed };
    let (version, section) = release::next_version(&current, &date, entries, &files)
        .map_err(|e| CliError::Usage(format!("{}: {e}", display(&version_path))))?;
    write_atomic(
        &changes_path,
        release::with_section(&changes, &section).as_bytes(),
    )?;
    write_atomic(&version_path, format!("{version}\n").as_bytes())?;
    Outcome::Ok.after(print(&format!(
        "vectors {version}: {} and {} written\n",
        display(&version_path),
        display(&changes_path)
    )))
}

/// Returns whether `text` is a date written YYYY-MM-DD.
fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// Returns today's date in UTC, YYYY-MM-DD (the civil date of the days
/// since 1970-01-01, by Howard Hinnant's `civil_from_days`).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = i64::try_from(secs / 86_400).unwrap_or(0) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_four_two_two_digits() {
        assert!(is_date("2026-12-03"));
        assert!(!is_date("2026-1-03"));
        assert!(!is_date("2026/12/03"));
        assert!(is_date(&today()));
    }
}
