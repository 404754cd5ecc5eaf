//! Criterion benches: every stage of every scheme in deals per second,
//! beside raw SHA-256 and SHA-512 blocks and HMAC messages, the bounds the
//! hash-based schemes are read against. Run with `cargo bench -p
//! fairdeal-benches`; docs/performance.md reads the numbers.
//!
//! Every bench of a scheme's group (`euchremaster/shuffle`) has a throughput
//! of one deal, so criterion reports deals per second; the inputs are the
//! bench cases of each registered scheme (`SchemeInfo::bench`), the same
//! deals that `fairdeal bench` times.

// criterion_group! generates undocumented public functions.
#![allow(missing_docs)]

mod hashes;

use criterion::{criterion_group, criterion_main};

criterion_group!(
    benches,
    hashes::sha256,
    hashes::hmac,
    hashes::sha512,
    fairdeal_benches::schemes,
);
criterion_main!(benches);
