//! `hmac-blackjack`: the 416-card shoe of the worked example (52 HMAC
//! rounds, each card removed from what remains), and a blackjack replay.

use std::hint::black_box;

use criterion::Criterion;
use fairdeal_benches::inputs::HMAC_BLACKJACK;
use fairdeal_core::DealScheme;
use fairdeal_hmac_blackjack::{Actions, HmacBlackjack, replay};

use crate::stages;

pub fn bench(c: &mut Criterion) {
    let input = HMAC_BLACKJACK.input::<HmacBlackjack>();
    let mut group = stages::group(c, "hmac-blackjack");
    stages::single_deal::<HmacBlackjack>(&mut group, &input);
    let shoe = HmacBlackjack::trace(&input)
        .expect("an endless stream never runs out")
        .deals
        .remove(0)
        .deck;
    let actions = Actions::parse("S").expect("a known letter");
    group.bench_function("replay", |b| {
        b.iter(|| replay(black_box(&actions), black_box(shoe.cards())));
    });
    group.finish();
}
