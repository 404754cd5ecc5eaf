//! Deals per second for every stage, beside raw SHA-256 blocks: the bound
//! every hash-based scheme is read against. Run with `cargo bench -p
//! fairdeal-benches`.

// criterion_group! generates undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fairdeal_benches::{
    EUCHREMASTER_CUT, EUCHREMASTER_SEED, HMAC_CLIENT_SEED, HMAC_SERVER_SEED, SFC32_LOCK_NONCE,
    SFC32_LOCK_SEED,
};
use fairdeal_core::DealScheme;
use fairdeal_euchremaster::{EuchreMaster, Input};
use fairdeal_hmac_blackjack as hmac;
use fairdeal_sfc32_lock::{Sfc32, Sfc32Lock};
use sha2::{Digest, Sha256};

fn sha256(c: &mut Criterion) {
    let mut group = c.benchmark_group("sha256");
    group.throughput(Throughput::Elements(1));
    // 55 bytes: the longest message that SHA-256 pads into one 64-byte block.
    let message = [0x61u8; 55];
    group.bench_function("64B", |b| b.iter(|| Sha256::digest(black_box(&message))));
    group.finish();
}

fn euchremaster(c: &mut Criterion) {
    let input =
        Input::new(EUCHREMASTER_SEED, EUCHREMASTER_CUT, 1, false).expect("a valid sample input");
    let mut group = c.benchmark_group("euchremaster");
    group.throughput(Throughput::Elements(1));
    group.bench_function("trace", |b| {
        b.iter(|| EuchreMaster::trace(black_box(&input)));
    });
    group.bench_function("commitment", |b| {
        b.iter(|| EuchreMaster::commitment(black_box(&input)));
    });
    group.bench_function("stream", |b| {
        b.iter(|| {
            EuchreMaster::stream(black_box(&input), 1)
                .take(23)
                .fold(0, u32::wrapping_add)
        });
    });
    let draws: Vec<u32> = EuchreMaster::stream(&input, 1).take(23).collect();
    group.bench_function("shuffle", |b| {
        b.iter(|| EuchreMaster::shuffle(&input, 1, &mut black_box(&draws).iter().copied()));
    });
    let deck = EuchreMaster::shuffle(&input, 1, &mut draws.iter().copied())
        .expect("23 numbers shuffle 24 cards");
    group.bench_function("deal", |b| {
        b.iter(|| EuchreMaster::deal(&input, &(), black_box(deck.cards())));
    });
    group.finish();
}

fn sfc32_lock(c: &mut Criterion) {
    let input = fairdeal_sfc32_lock::Input::new(SFC32_LOCK_SEED, SFC32_LOCK_NONCE)
        .expect("a valid sample input");
    let mut group = c.benchmark_group("sfc32-lock");
    group.throughput(Throughput::Elements(1));
    group.bench_function("trace", |b| {
        b.iter(|| Sfc32Lock::trace(black_box(&input)));
    });
    group.bench_function("commitment", |b| {
        b.iter(|| Sfc32Lock::commitment(black_box(&input)));
    });
    // Seeding (the 16 discarded draws) and the 23 draws a shuffle takes.
    group.bench_function("stream", |b| {
        b.iter(|| {
            Sfc32::from_seed(black_box(SFC32_LOCK_SEED))
                .map(|g| g.take(23).fold(0, u32::wrapping_add))
        });
    });
    let draws: Vec<u32> = Sfc32Lock::stream(&input, 1).take(23).collect();
    group.bench_function("shuffle", |b| {
        b.iter(|| Sfc32Lock::shuffle(&input, 1, &mut black_box(&draws).iter().copied()));
    });
    let deck = Sfc32Lock::shuffle(&input, 1, &mut draws.iter().copied())
        .expect("23 numbers shuffle 24 cards");
    group.bench_function("deal", |b| {
        b.iter(|| Sfc32Lock::deal(&input, &(), black_box(deck.cards())));
    });
    group.finish();
}

fn hmac_blackjack(c: &mut Criterion) {
    let input =
        hmac::Input::new(HMAC_SERVER_SEED, HMAC_CLIENT_SEED, 0).expect("a valid sample input");
    let mut group = c.benchmark_group("hmac-blackjack");
    group.throughput(Throughput::Elements(1));
    group.bench_function("trace", |b| {
        b.iter(|| hmac::HmacBlackjack::trace(black_box(&input)));
    });
    group.bench_function("stream", |b| {
        b.iter(|| {
            hmac::HmacStream::new(black_box(&input))
                .take(hmac::SHOE_SIZE)
                .fold(0, u32::wrapping_add)
        });
    });
    let shoe = hmac::HmacBlackjack::trace(&input)
        .expect("an endless stream")
        .deals
        .remove(0)
        .deck;
    let actions = hmac::Actions::parse("S").expect("a known letter");
    group.bench_function("replay", |b| {
        b.iter(|| hmac::replay(black_box(&actions), black_box(shoe.cards())));
    });
    group.finish();
}

criterion_group!(benches, sha256, euchremaster, sfc32_lock, hmac_blackjack);
criterion_main!(benches);
