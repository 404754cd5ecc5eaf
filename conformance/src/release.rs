//! Versioned releases of the vectors (docs/vectors.md, "Versions and
//! releases"): the version a binary holds, the files a release is made of,
//! their `SHA256SUMS`, and the check that ties the files to their version:
//! `vectors/CHANGES.md` records, under each version, every file's case count
//! and digest, so a file that changes without a new version and its
//! changelog entry no longer matches the entry of the version it claims.

use std::path::Path;
use std::{fs, io};

use sha2::{Digest, Sha256};

use crate::{VectorFile, embedded};

/// The name of the digest list in a release folder.
pub const SUMS: &str = "SHA256SUMS";

/// The fence that opens a version's digest list in `CHANGES.md`.
const SUMS_FENCE: &str = "```sha256sums";

/// Returns the version of the vectors built into this binary
/// (`vectors/VERSION`), e.g. `1.0.0`.
pub fn vectors_version() -> &'static str {
    embedded::VERSION.trim_end()
}

/// Returns the files of the built-in release, by their path in a release
/// folder, sorted: the data ([`data_files`]), then `VERSION` and
/// `CHANGES.md`.
pub fn files() -> Vec<(String, &'static str)> {
    let mut files = data_files();
    files.push(("CHANGES.md".to_owned(), embedded::CHANGES));
    files.push(("VERSION".to_owned(), embedded::VERSION));
    files.sort();
    files
}

/// Returns the built-in files whose digests `CHANGES.md` records: every
/// vector file, the schema, and every sweep (as `sweeps/<id>.json`).
pub fn data_files() -> Vec<(String, &'static str)> {
    let mut files: Vec<(String, &'static str)> = embedded::FILES
        .iter()
        .map(|(name, text)| ((*name).to_owned(), *text))
        .collect();
    files.push(("schema.json".to_owned(), embedded::SCHEMA));
    files.extend(
        embedded::SWEEPS
            .iter()
            .map(|(name, text)| (format!("sweeps/{name}"), *text)),
    );
    files.sort();
    files
}

/// Returns the SHA-256 of `bytes` as 64 lowercase hexadecimal digits.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Returns `files` in `sha256sum` format, as `sha256sum -c` reads it: one
/// line `<digest>  <path>` a file, in the order given.
pub fn sha256sums<T: AsRef<str>>(files: &[(String, T)]) -> String {
    files
        .iter()
        .map(|(name, text)| format!("{}  {name}\n", sha256_hex(text.as_ref().as_bytes())))
        .collect()
}

/// Returns the paths an `sha256sum` list names, in its order; a line that
/// is not `<64 hex digits>  <path>` is skipped.
pub fn listed(sums: &str) -> Vec<&str> {
    sums.lines()
        .filter_map(|line| {
            let (digest, path) = line.split_once("  ")?;
            (digest.len() == 64 && digest.bytes().all(|b| b.is_ascii_hexdigit())).then_some(path)
        })
        .collect()
}

/// Reads `text` as a version: `MAJOR.MINOR.PATCH`, each a decimal number
/// without a leading zero, then one newline.
///
/// # Errors
///
/// What is wrong, and what is expected.
pub fn parse_version(text: &str) -> Result<[u64; 3], String> {
    let wrong = || {
        format!("{text:?} is not a version, expected MAJOR.MINOR.PATCH (e.g. 1.0.0) and a newline")
    };
    let body = text.strip_suffix('\n').ok_or_else(wrong)?;
    let parts: Vec<&str> = body.split('.').collect();
    let mut version = [0; 3];
    if parts.len() != 3 {
        return Err(wrong());
    }
    for (slot, part) in version.iter_mut().zip(parts) {
        let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if !digits || (part.len() > 1 && part.starts_with('0')) {
            return Err(wrong());
        }
        *slot = part.parse().map_err(|_| wrong())?;
    }
    Ok(version)
}

/// Returns the section of `changes` for `version`: from its heading
/// `## [version]` to the next `## ` heading.
pub fn section<'a>(changes: &'a str, version: &str) -> Option<&'a str> {
    let heading = format!("## [{version}]");
    let start = changes
        .match_indices(&heading)
        .map(|(i, _)| i)
        .find(|&i| i == 0 || changes[..i].ends_with('\n'))?;
    let body = &changes[start + heading.len()..];
    let end = body.find("\n## ").map_or(body.len(), |i| i + 1);
    Some(&body[..end])
}

/// What a version's section of `CHANGES.md` must hold of `files` (the
/// data files, by release path), as it must be written: a heading
/// `### Files`, a line `` - `<file>`: N cases `` for each vector file, and
/// the digest list of every file in a block fenced as `sha256sums`.
///
/// # Errors
///
/// A vector file that does not parse.
pub fn expected_record(files: &[(String, &str)]) -> Result<String, String> {
    let mut out = String::from("### Files\n\n");
    for (name, text) in files {
        if name.contains('/') || name == "schema.json" {
            continue;
        }
        let file = VectorFile::parse(text).map_err(|e| format!("{name}: {e}"))?;
        let cases = file.cases().count();
        out.push_str(&format!("- `{name}`: {cases} cases\n"));
    }
    out.push('\n');
    out.push_str(SUMS_FENCE);
    out.push('\n');
    out.push_str(&sha256sums(files));
    out.push_str("```\n");
    Ok(out)
}

/// Checks that `changes` has a section for `version` recording exactly the
/// case counts and digests of `files` (the data files, by release path).
///
/// # Errors
///
/// What differs, with what to do: bump `VERSION` and add a section.
pub fn check_record(version: &str, changes: &str, files: &[(String, &str)]) -> Result<(), String> {
    parse_version(version)?;
    let version = version.trim_end();
    let want = expected_record(files)?;
    let bump = format!(
        "the vector files are not those CHANGES.md records for version {version}: \
         if they changed, bump vectors/VERSION (a new case or file: minor; a changed \
         expected value: major, and a new scheme id unless it is a correction) and add a \
         section `## [NEW] - DATE` to vectors/CHANGES.md listing every case added or \
         corrected, ending with these lines:\n{want}"
    );
    let Some(section) = section(changes, version) else {
        return Err(format!(
            "vectors/CHANGES.md has no section `## [{version}]` for vectors/VERSION; {bump}"
        ));
    };
    if section.contains(&want) {
        Ok(())
    } else {
        Err(bump)
    }
}

/// Returns every data file of the vectors folder `dir` by its path in a
/// release, sorted: the vector files and the schema (`*.json`), then the
/// sweeps (`sweeps/*.json`); what [`check_record`] checks of a folder.
///
/// # Errors
///
/// A folder or file that cannot be read (a missing `sweeps/` is none).
pub fn folder_files(dir: &Path) -> io::Result<Vec<(String, String)>> {
    let mut files = Vec::new();
    for (folder, prefix) in [(dir.to_path_buf(), ""), (dir.join("sweeps"), "sweeps/")] {
        let entries = match fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(e) if prefix.is_empty() || e.kind() != io::ErrorKind::NotFound => return Err(e),
            Err(_) => continue,
        };
        for entry in entries {
            let path = entry?.path();
            if path.is_file() && path.extension().is_some_and(|e| e == "json") {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                if let Some(name) = name {
                    files.push((format!("{prefix}{name}"), fs::read_to_string(&path)?));
                }
            }
        }
    }
    files.sort();
    Ok(files)
}

/// What a new version records: cases, files or sweeps `added` (a minor
/// version), and what `changed` for a port that read the files before (a
/// major version: the file format, an expected value), each one line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entries<'a> {
    /// What was added.
    pub added: Option<&'a str>,
    /// What changed.
    pub changed: Option<&'a str>,
}

/// Returns the version after `current` (`VERSION`'s text) and its section
/// of `CHANGES.md`: a major version when `entries` has a change, else a
/// minor one; its `### Added` and `### Changed` lines, and the record of
/// `files` (the data files, by release path).
///
/// # Errors
///
/// A `current` that is not a version, or a vector file that does not parse.
pub fn next_version(
    current: &str,
    date: &str,
    entries: Entries<'_>,
    files: &[(String, &str)],
) -> Result<(String, String), String> {
    let [major, minor, _] = parse_version(current)?;
    let version = match entries.changed {
        Some(_) => format!("{}.0.0", major + 1),
        None => format!("{major}.{}.0", minor + 1),
    };
    let record = expected_record(files)?;
    let mut section = format!("## [{version}] - {date}\n\n");
    if let Some(changed) = entries.changed {
        section.push_str(&format!("### Changed\n\n- {changed}\n\n"));
    }
    if let Some(added) = entries.added {
        section.push_str(&format!("### Added\n\n- {added}\n\n"));
    }
    section.push_str(&record);
    section.push('\n');
    Ok((version, section))
}

/// Returns `changes` with `section` put before its newest version's
/// section (the first `## [` heading), or at its end when it has none.
pub fn with_section(changes: &str, section: &str) -> String {
    let at = changes
        .match_indices("## [")
        .map(|(i, _)| i)
        .find(|&i| i == 0 || changes[..i].ends_with('\n'))
        .unwrap_or(changes.len());
    format!("{}{section}{}", &changes[..at], &changes[at..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_is_three_numbers_without_leading_zeros() {
        assert_eq!(parse_version("1.0.0\n"), Ok([1, 0, 0]));
        assert_eq!(parse_version("12.3.40\n"), Ok([12, 3, 40]));
        for wrong in [
            "1.0.0",
            "1.0\n",
            "1.0.0.0\n",
            "01.0.0\n",
            "1.a.0\n",
            "1..0\n",
            " 1.0.0\n",
        ] {
            assert!(parse_version(wrong).is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn a_section_runs_to_the_next_heading() {
        let changes = "# Changes\n\n## [1.1.0] - d\n\nnew\n\n## [1.0.0] - d\n\nold\n";
        assert_eq!(section(changes, "1.1.0"), Some(" - d\n\nnew\n\n"));
        assert_eq!(section(changes, "1.0.0"), Some(" - d\n\nold\n"));
        assert_eq!(section(changes, "1.0"), None);
    }

    #[test]
    fn a_sums_list_reads_back_its_paths() {
        let files = [("a.json".to_owned(), "x"), ("sweeps/b.json".to_owned(), "")];
        let sums = sha256sums(&files);
        assert_eq!(listed(&sums), ["a.json", "sweeps/b.json"]);
        assert!(sums.starts_with(&format!("{}  a.json\n", sha256_hex(b"x"))));
        assert!(listed("junk\nabc  d\n").is_empty());
    }

    /// The built-in release records itself: a binary's files are those its
    /// changelog lists for its version.
    #[test]
    fn the_built_in_files_are_those_their_version_records() {
        check_record(embedded::VERSION, embedded::CHANGES, &data_files())
            .unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn a_new_minor_section_goes_before_the_newest_and_records_the_files() {
        let data: Vec<(String, &str)> = data_files();
        let added = Entries {
            added: Some("`x.json`: scheme x"),
            changed: None,
        };
        let (version, written) =
            next_version("1.4.2\n", "2027-01-01", added, &data).expect("a section");
        assert_eq!(version, "1.5.0");
        assert!(written.starts_with(
            "## [1.5.0] - 2027-01-01\n\n### Added\n\n- `x.json`: scheme x\n\n### Files\n"
        ));
        let changes = "# Changes\n\nintro\n\n## [1.4.2] - 2026-01-01\n\nold\n";
        let new = with_section(changes, &written);
        assert!(new.starts_with("# Changes\n\nintro\n\n## [1.5.0]"));
        assert!(new.ends_with("## [1.4.2] - 2026-01-01\n\nold\n"));
        assert_eq!(section(&new, "1.5.0"), section(&written, "1.5.0"));
        check_record("1.5.0\n", &new, &data).expect("the section records the files");
        assert!(next_version("1.x", "d", added, &data).is_err());
    }

    #[test]
    fn a_change_is_a_new_major_version() {
        let data: Vec<(String, &str)> = data_files();
        let entries = Entries {
            added: Some("cases"),
            changed: Some("format 2"),
        };
        let (version, written) =
            next_version("1.4.2\n", "2027-01-01", entries, &data).expect("a section");
        assert_eq!(version, "2.0.0");
        assert!(written.starts_with(
            "## [2.0.0] - 2027-01-01\n\n### Changed\n\n- format 2\n\n### Added\n\n- cases\n\n### Files\n"
        ));
    }
}
