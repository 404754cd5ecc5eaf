//! The bounds: raw SHA-256 blocks and HMAC-SHA256 of short messages, on the
//! same machine and in the same run as the schemes; each both as the deals
//! compute it (`fairdeal_core::hash::Midstate`, `HmacSha256`) and through the
//! `sha2`/`hmac` crates' generic API, to show what that API costs; and the
//! same for SHA-512, which no registered scheme uses yet.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use fairdeal::core::hash::{HmacSha256, HmacSha512, Midstate, Sha2, Sha256, Sha512};
use fairdeal_measure::measure::{BLOCK_MESSAGE, BLOCK_MESSAGE_512, compress_one_block};
use hmac::{Hmac, Mac};
use sha2::Digest;

/// A 64-character seed: one whole block (euchremaster's seed, showdown's
/// house seed, the hmac-blackjack worked example's server seed).
const SEED: &[u8; 64] = b"a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
/// A counter hash's tail after the seed (euchremaster, cut K7, k = 0).
const COUNTER_TAIL: &[u8] = b":K7 cut:0";
/// A round's message of the hmac-blackjack worked example.
const MESSAGE: &[u8] = b"lucky:0:12";
/// 4087 bytes pad to exactly 64 blocks (4087 + 9 = 64 x 64).
const LONG: usize = 64 * 64 - 9;

/// `sha256/compress`: the compression function on one block, alone;
/// `sha256/64B`: a one-block message from a new hasher to its digest with
/// `sha2::Sha256::digest` (the baseline `fairdeal bench` measures),
/// `sha256/64B-midstate` the same with `Midstate`;
/// `sha256/after-shared-block`: a counter hash, one block from the
/// `Midstate` after a 64-byte seed (`.../digest-api` from a clone of a
/// `sha2` hasher); `sha256/4087B`: 64 blocks in one message, per block.
pub fn sha256(c: &mut Criterion) {
    let mut group = c.benchmark_group("sha256");
    group.throughput(Throughput::Elements(1));
    let mut state = Sha256::IV;
    group.bench_function("compress", |b| {
        b.iter(|| compress_one_block::<Sha256>(black_box(&mut state)));
    });
    group.bench_function("64B", |b| {
        b.iter(|| sha2::Sha256::digest(black_box(&BLOCK_MESSAGE)));
    });
    group.bench_function("64B-midstate", |b| {
        b.iter(|| Midstate::<Sha256>::new().digest_with(black_box(&BLOCK_MESSAGE)));
    });
    let after_seed = Midstate::<Sha256>::new().chain(SEED);
    group.bench_function("after-shared-block", |b| {
        b.iter(|| black_box(&after_seed).words_with(COUNTER_TAIL));
    });
    let after_seed = sha2::Sha256::new().chain_update(SEED);
    group.bench_function("after-shared-block-digest-api", |b| {
        b.iter(|| {
            black_box(&after_seed)
                .clone()
                .chain_update(COUNTER_TAIL)
                .finalize()
        });
    });
    let long = vec![b'a'; LONG];
    group.throughput(Throughput::Elements(64));
    group.bench_function("4087B", |b| {
        b.iter(|| Midstate::<Sha256>::new().digest_with(black_box(&long)));
    });
    group.finish();
}

/// `hmac/keyed`: HMAC-SHA256 of a round's message from the keyed states
/// (the key schedule done once: 2 blocks a message), `hmac/keyed-hmac-api`
/// the same from a clone of an `hmac` crate MAC; `hmac/new-key`: keying
/// each time (4 blocks a message).
pub fn hmac(c: &mut Criterion) {
    let mut group = c.benchmark_group("hmac");
    group.throughput(Throughput::Elements(1));
    let keyed = HmacSha256::new(SEED);
    group.bench_function("keyed", |b| {
        b.iter(|| black_box(&keyed).words_with(MESSAGE));
    });
    let keyed = Hmac::<sha2::Sha256>::new_from_slice(SEED).expect("HMAC takes a key of any length");
    group.bench_function("keyed-hmac-api", |b| {
        b.iter(|| {
            let mut mac = black_box(&keyed).clone();
            mac.update(MESSAGE);
            mac.finalize().into_bytes()
        });
    });
    group.bench_function("new-key", |b| {
        b.iter(|| HmacSha256::new(black_box(SEED)).words_with(MESSAGE));
    });
    group.finish();
}

/// `sha512/compress`: SHA-512's compression function on one 128-byte block,
/// alone; `sha512/128B`: a one-block message (111 bytes) from a new hasher
/// to its digest with `sha2::Sha512::digest` (the SHA-512 baseline of
/// `fairdeal bench`), `.../128B-midstate` the same with `Midstate`;
/// `sha512/after-shared-block`: a counter hash from the `Midstate` after a
/// 128-byte prefix; `hmac-sha512/keyed`: HMAC-SHA512 of a round's message
/// from the keyed states (2 blocks).
pub fn sha512(c: &mut Criterion) {
    let mut group = c.benchmark_group("sha512");
    group.throughput(Throughput::Elements(1));
    let mut state = Sha512::IV;
    group.bench_function("compress", |b| {
        b.iter(|| compress_one_block::<Sha512>(black_box(&mut state)));
    });
    group.bench_function("128B", |b| {
        b.iter(|| sha2::Sha512::digest(black_box(&BLOCK_MESSAGE_512)));
    });
    group.bench_function("128B-midstate", |b| {
        b.iter(|| Midstate::<Sha512>::new().digest_with(black_box(&BLOCK_MESSAGE_512)));
    });
    let after_prefix = Midstate::<Sha512>::new().chain(SEED).chain(SEED);
    group.bench_function("after-shared-block", |b| {
        b.iter(|| black_box(&after_prefix).words_with(COUNTER_TAIL));
    });
    group.finish();
    let mut group = c.benchmark_group("hmac-sha512");
    group.throughput(Throughput::Elements(1));
    let keyed = HmacSha512::new(SEED);
    group.bench_function("keyed", |b| {
        b.iter(|| black_box(&keyed).words_with(MESSAGE));
    });
    group.finish();
}
