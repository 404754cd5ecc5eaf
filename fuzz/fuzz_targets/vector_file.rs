//! The vector-file loader (`VectorFile::parse`) on arbitrary text; a file it
//! accepts must read back the same once written canonically, and is then run
//! through the runner and the generator of its scheme, as
//! `fairdeal vectors` would.
#![no_main]

use fairdeal_conformance::generate::regenerate;
use fairdeal_conformance::runner::check;
use fairdeal_conformance::{Filter, VectorFile, to_canonical_string};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = VectorFile::parse(text) else {
        return;
    };
    let written = to_canonical_string(&file);
    let again = VectorFile::parse(&written).expect("a canonical file parses");
    assert_eq!(again, file, "the canonical form reads back the same");
    let Some(scheme) = fairdeal::scheme(&file.scheme) else {
        return;
    };
    let _ = check(&file, scheme, &Filter::default());
    if let Ok(generated) = regenerate(&file, scheme) {
        // What the generator writes, the runner passes.
        let report = check(&generated, scheme, &Filter::default());
        assert_eq!(report.failures().count(), 0, "{report:?}");
    }
});
