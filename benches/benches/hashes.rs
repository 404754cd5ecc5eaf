//! The bounds: raw SHA-256 blocks and HMAC-SHA256 of short messages, on the
//! same machine and in the same run as the schemes.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use fairdeal_benches::measure::BLOCK_MESSAGE;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// A 64-character seed: one whole block (euchremaster's seed, showdown's
/// house seed, the hmac-blackjack worked example's server seed).
const SEED: &[u8; 64] = b"a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
/// A round's message of the hmac-blackjack worked example.
const MESSAGE: &[u8] = b"lucky:0:12";
/// 4087 bytes pad to exactly 64 blocks (4087 + 9 = 64 x 64).
const LONG: usize = 64 * 64 - 9;

/// `sha256/64B`: one block, from a new hasher to the digest (the baseline
/// `fairdeal bench` measures); `sha256/after-shared-block`: a counter
/// hash, from a clone of the state after a 64-byte seed, one block;
/// `sha256/4087B`: 64 blocks in one message, per block (the compression
/// function alone, without a hash's set-up and finish).
pub fn sha256(c: &mut Criterion) {
    let mut group = c.benchmark_group("sha256");
    group.throughput(Throughput::Elements(1));
    group.bench_function("64B", |b| {
        b.iter(|| Sha256::digest(black_box(&BLOCK_MESSAGE)));
    });
    let after_seed = Sha256::new().chain_update(SEED);
    group.bench_function("after-shared-block", |b| {
        b.iter(|| {
            black_box(&after_seed)
                .clone()
                .chain_update(b":K7 cut:0")
                .finalize()
        });
    });
    let long = vec![b'a'; LONG];
    group.throughput(Throughput::Elements(64));
    group.bench_function("4087B", |b| b.iter(|| Sha256::digest(black_box(&long))));
    group.finish();
}

/// `hmac/keyed-clone`: HMAC-SHA256 of a round's message from a clone of
/// the keyed state (the key schedule done once: 2 blocks a message);
/// `hmac/new-key`: keying each time (4 blocks a message).
pub fn hmac(c: &mut Criterion) {
    let mut group = c.benchmark_group("hmac");
    group.throughput(Throughput::Elements(1));
    let keyed = Hmac::<Sha256>::new_from_slice(SEED).expect("HMAC takes a key of any length");
    group.bench_function("keyed-clone", |b| {
        b.iter(|| {
            let mut mac = black_box(&keyed).clone();
            mac.update(MESSAGE);
            mac.finalize().into_bytes()
        });
    });
    group.bench_function("new-key", |b| {
        b.iter(|| {
            let mut mac = Hmac::<Sha256>::new_from_slice(black_box(SEED))
                .expect("HMAC takes a key of any length");
            mac.update(MESSAGE);
            mac.finalize().into_bytes()
        });
    });
    group.finish();
}
