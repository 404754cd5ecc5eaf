//! `fairdeal vectors check|generate|sweep|bump|release`.

use std::fs;
use std::path::{Path, PathBuf};

use fairdeal::core::input::text::{printable_lines, quoted};
use fairdeal_conformance::format::FormatError;
use fairdeal_conformance::sweep::{self, SweepFile};
use fairdeal_conformance::{Filter, VectorFile, embedded, generate, runner, to_canonical_string};

use crate::args::VectorsCommand;
use crate::error::{CliError, Outcome};
use crate::files::{VECTOR_LIMIT, display, read_text, write_atomic};
use crate::output::print;

pub fn run(command: VectorsCommand) -> Result<Outcome, CliError> {
    match command {
        VectorsCommand::Check { files, dir, case } => {
            let sources = if files.is_empty() {
                sources(dir.dir.as_deref())?
            } else {
                files.into_iter().map(Source::File).collect()
            };
            let filter = case.as_deref().map_or_else(Filter::from_env, Filter::parse);
            check(&sources, &filter)
        }
        VectorsCommand::Generate { dir, scheme, check } => {
            registered(&scheme)?;
            let files = if scheme.is_empty() {
                vector_files(&dir.dir)?
            } else {
                scheme
                    .iter()
                    .map(|id| dir.dir.join(format!("{id}.json")))
                    .collect()
            };
            regenerate(&files, check)
        }
        VectorsCommand::Sweep { dir, scheme, check } => {
            registered(&scheme)?;
            let schemes: Vec<&'static dyn fairdeal::DynScheme> = if scheme.is_empty() {
                fairdeal::SCHEMES.to_vec()
            } else {
                scheme
                    .iter()
                    .filter_map(|id| fairdeal::scheme(id))
                    .collect()
            };
            sweep(&dir.dir.join("sweeps"), &schemes, check)
        }
        VectorsCommand::Bump {
            dir,
            added,
            changed,
            date,
        } => super::release::bump(&dir.dir, added.as_deref(), changed.as_deref(), date),
        VectorsCommand::Release { dir } => super::release::run(&dir),
    }
}

/// Refuses an id that is not registered: only a registered id names a
/// file, so `--scheme ../x` or an absolute path cannot write outside --dir.
fn registered(ids: &[String]) -> Result<(), CliError> {
    if let Some(unknown) = ids.iter().find(|id| fairdeal::scheme(id).is_none()) {
        let known: Vec<&str> = fairdeal::SCHEMES.iter().map(|s| s.id()).collect();
        return Err(CliError::Usage(format!(
            "--scheme: {} is not a registered scheme, expected one of {}",
            quoted(unknown),
            known.join(", ")
        )));
    }
    Ok(())
}

/// Where a vector file's text comes from.
#[derive(Debug)]
pub enum Source {
    /// Built into the binary: its file name and text.
    BuiltIn(&'static str, &'static str),
    /// A file.
    File(PathBuf),
}

impl Source {
    /// How messages name it: the path, or `NAME.json (built in)`.
    pub fn name(&self) -> String {
        match self {
            Self::BuiltIn(name, _) => embedded::display(name),
            Self::File(path) => display(path),
        }
    }

    /// The file read, when it is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::BuiltIn(..) => None,
            Self::File(path) => Some(path),
        }
    }

    /// Returns the parsed file.
    ///
    /// # Errors
    ///
    /// The file cannot be read, or is not a vector file.
    pub fn load(&self) -> Result<VectorFile, CliError> {
        let text = match self {
            Self::BuiltIn(_, text) => (*text).to_owned(),
            Self::File(path) => read_text(path, VECTOR_LIMIT)?,
        };
        VectorFile::parse(&text).map_err(|e| CliError::Usage(format!("{}: {e}", self.name())))
    }
}

/// Returns the vector files to read: every `*.json` of `dir` but the
/// schema, sorted, when a folder is given; the built-in files otherwise.
pub fn sources(dir: Option<&Path>) -> Result<Vec<Source>, CliError> {
    Ok(match dir {
        Some(dir) => vector_files(dir)?.into_iter().map(Source::File).collect(),
        None => embedded::FILES
            .iter()
            .map(|(name, text)| Source::BuiltIn(name, text))
            .collect(),
    })
}

/// Returns every `*.json` of `dir` but the schema, sorted.
pub fn vector_files(dir: &Path) -> Result<Vec<PathBuf>, CliError> {
    let io = |source| CliError::Io {
        path: display(dir),
        source,
    };
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.extension().is_some_and(|e| e == "json")
            && path.file_name().is_some_and(|n| n != "schema.json")
        {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Reads a vector file and finds its scheme.
fn load(source: &Source) -> Result<(VectorFile, &'static dyn fairdeal::DynScheme), CliError> {
    let file = source.load()?;
    let scheme = fairdeal::scheme(&file.scheme).ok_or_else(|| {
        CliError::Usage(format!(
            "{}: scheme {} is not registered",
            source.name(),
            quoted(&file.scheme)
        ))
    })?;
    Ok((file, scheme))
}

fn check(sources: &[Source], filter: &Filter) -> Result<Outcome, CliError> {
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let mut out = String::new();
    for source in sources {
        let (file, scheme) = load(source)?;
        let report = runner::check(&file, scheme, filter);
        for failure in report.failures() {
            out.push_str(&format!("FAIL {}: {failure}\n", report.scheme));
        }
        let (p, f, s) = report.counts();
        out.push_str(&format!(
            "{}: {p} passed, {f} failed, {s} skipped\n",
            source.name()
        ));
        (passed, failed, skipped) = (passed + p, failed + f, skipped + s);
    }
    out.push_str(&format!(
        "{passed} passed, {failed} failed, {skipped} skipped\n"
    ));
    // A failure may quote a case's id or values from the file.
    let outcome = if failed == 0 {
        Outcome::Ok
    } else {
        Outcome::Failed
    };
    outcome.after(print(&printable_lines(&out)))
}

fn regenerate(files: &[PathBuf], check_only: bool) -> Result<Outcome, CliError> {
    let mut changed = 0;
    let mut out = String::new();
    for path in files {
        let source = Source::File(path.clone());
        let (file, scheme) = load(&source)?;
        let name = source.name();
        let fresh = generate::regenerate(&file, scheme)
            .map_err(|e| CliError::Usage(format!("{name}: {e}")))?;
        let text = to_canonical_string(&fresh);
        let old = read_text(path, VECTOR_LIMIT)?;
        let status = if old == text {
            "unchanged"
        } else if check_only {
            changed += 1;
            "would change"
        } else {
            changed += 1;
            write_atomic(path, text.as_bytes())?;
            "updated"
        };
        out.push_str(&format!("{name}: {status}\n"));
    }
    let outcome = if check_only && changed > 0 {
        Outcome::Failed
    } else {
        Outcome::Ok
    };
    outcome.after(print(&out))
}

/// Recomputes each scheme's sweep file in `dir` from its recipe, or writes
/// its first from its audit plans (docs/porting.md, "Accumulated sweeps").
fn sweep(
    dir: &Path,
    schemes: &[&'static dyn fairdeal::DynScheme],
    check_only: bool,
) -> Result<Outcome, CliError> {
    let mut changed = 0;
    let mut out = String::new();
    for scheme in schemes {
        let path = dir.join(format!("{}.json", scheme.id()));
        let name = display(&path);
        let usage = |e: FormatError| CliError::Usage(format!("{name}: {e}"));
        let old = if path.exists() {
            Some(read_text(&path, VECTOR_LIMIT)?)
        } else {
            None
        };
        let fresh = match &old {
            Some(text) => {
                let file = SweepFile::parse(text).map_err(usage)?;
                if file.scheme != scheme.id() {
                    return Err(CliError::Usage(format!(
                        "{name}: scheme {}, expected {}",
                        quoted(&file.scheme),
                        scheme.id()
                    )));
                }
                sweep::regenerate(&file, *scheme).map_err(usage)?
            }
            None => sweep::new_file(*scheme).map_err(usage)?,
        };
        let text = fresh.to_text();
        let status = if old.as_deref() == Some(text.as_str()) {
            "unchanged"
        } else if check_only {
            changed += 1;
            if old.is_some() {
                "would change"
            } else {
                "missing"
            }
        } else {
            changed += 1;
            fs::create_dir_all(dir).map_err(|source| CliError::Io {
                path: display(dir),
                source,
            })?;
            write_atomic(&path, text.as_bytes())?;
            if old.is_some() { "updated" } else { "written" }
        };
        out.push_str(&format!("{name}: {status}\n"));
    }
    let outcome = if check_only && changed > 0 {
        Outcome::Failed
    } else {
        Outcome::Ok
    };
    outcome.after(print(&out))
}
