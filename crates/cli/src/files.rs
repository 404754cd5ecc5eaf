//! Reading and writing files the way every command must: reads bounded in
//! size before anything is held, writes atomic (a temp file in the same
//! folder, synced, then renamed over the target), so that a crash or a full
//! disk never leaves half a file where a whole one was.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use fairdeal::core::input::text::printable_lines;

use crate::error::CliError;

/// The most a receipt or input file may hold, the web page's and the
/// package's limit too.
pub use fairdeal::receipt::INPUT_LIMIT;
/// The most a vector file may hold (docs/vectors.md): the largest is under
/// 1 MiB.
pub const VECTOR_LIMIT: u64 = 256 << 20;

/// Returns the text of `path` (`-` for standard input), refusing one over
/// `limit` bytes before reading it all, and one that is not UTF-8. A leading
/// UTF-8 byte-order mark is dropped.
///
/// # Errors
///
/// [`CliError::Io`] naming the path, or [`CliError::Usage`] for a file over
/// the limit or not UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, CliError> {
    let name = display(path);
    let io_error = |source| CliError::Io {
        path: name.clone(),
        source,
    };
    let mut bytes = Vec::new();
    if name == "-" {
        io::stdin()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
    } else {
        File::open(path)
            .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
            .map_err(io_error)?;
    }
    if bytes.len() as u64 > limit {
        return Err(CliError::Usage(format!(
            "{name}: more than {limit} bytes, expected a file of at most {} MiB",
            limit >> 20
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::Usage(format!(
            "{name}: byte {} is not UTF-8, expected a UTF-8 text file",
            e.utf8_error().valid_up_to() + 1
        ))
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// Writes `bytes` to `path` atomically: into a new temp file beside it,
/// synced to disk, then renamed over `path`. On any failure the temp file
/// is removed and `path` is as it was.
///
/// # Errors
///
/// [`CliError::Io`] naming `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let temp = temp_beside(path);
    let written = File::create_new(&temp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|()| fs::rename(&temp, path));
    written.map_err(|source| {
        // The temp file may not exist (create failed): nothing to clean.
        let _ = fs::remove_file(&temp);
        CliError::Io {
            path: display(path),
            source,
        }
    })
}

/// Makes the folder `dir` (and its parents) if it is missing, and checks
/// that a file can be made in it as [`write_atomic`] makes one: so that a
/// run that writes there at its end can be refused before it starts.
///
/// # Errors
///
/// [`CliError::Usage`] naming `flag` and `dir`: a file in the way, a
/// folder that cannot be made or written to.
pub fn writable_dir(flag: &str, dir: &Path) -> Result<(), CliError> {
    let refuse = |why: &str| {
        CliError::Usage(format!(
            "{flag} {}: {why}, expected a folder that can be made and written to",
            display(dir)
        ))
    };
    if fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(refuse("not a folder"));
    }
    fs::create_dir_all(dir).map_err(|e| refuse(&e.to_string()))?;
    let probe = temp_beside(&dir.join("probe"));
    File::create_new(&probe).map_err(|e| refuse(&e.to_string()))?;
    // Made by this call: removing it cannot touch anything else.
    let _ = fs::remove_file(&probe);
    Ok(())
}

/// Returns a temp path in `path`'s folder (a rename is atomic only within
/// one file system), unique to this process and call.
fn temp_beside(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

/// Opens `path` for streaming (`-` for standard input), with its size when
/// it is a file: what `verify --batch` and `history` read, a chunk at a
/// time.
///
/// # Errors
///
/// A file that cannot be opened.
pub fn open_stream(path: &Path) -> Result<(Box<dyn Read>, Option<u64>), CliError> {
    if display(path) == "-" {
        return Ok((Box::new(io::stdin()), None));
    }
    let file = File::open(path).map_err(|source| CliError::Io {
        path: display(path),
        source,
    })?;
    let size = file.metadata().ok().map(|m| m.len());
    Ok((Box::new(file), size))
}

/// Returns `path` as a message shows it: whole, but with every character
/// that could act on a terminal escaped (a file name may hold ESC or a line
/// break).
pub fn display(path: &Path) -> String {
    printable_lines(&path.display().to_string()).replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fairdeal-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn a_write_replaces_the_whole_file_and_leaves_no_temp() {
        let path = scratch("a.json");
        fs::write(&path, "old contents, longer than the new").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        let left: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn a_failed_write_leaves_the_target_alone() {
        let path = scratch("no-such-folder").join("b.json");
        assert!(write_atomic(&path, b"x").is_err());
        assert!(!path.exists());
    }

    #[test]
    fn reads_are_bounded_and_drop_a_byte_order_mark() {
        let path = scratch("c.json");
        fs::write(&path, "\u{feff}{}").unwrap();
        assert_eq!(read_text(&path, 16).unwrap(), "{}");
        fs::write(&path, "x".repeat(17)).unwrap();
        let Err(CliError::Usage(m)) = read_text(&path, 16) else {
            panic!("a file over the limit is refused");
        };
        assert!(m.contains("more than 16 bytes"), "{m}");
        fs::write(&path, b"{\xff}").unwrap();
        assert!(matches!(read_text(&path, 16), Err(CliError::Usage(_))));
    }
}
