//! `atout-v1`: a coinche deal; the stream bench includes the key (one more
//! SHA-256 of the joined text) and the 4 counter hashes of 31 numbers.

use criterion::Criterion;
use fairdeal_atout::AtoutV1;
use fairdeal_benches::inputs::ATOUT_V1;

use crate::stages;

pub fn bench(c: &mut Criterion) {
    let input = ATOUT_V1.input::<AtoutV1>();
    let mut group = stages::group(c, "atout-v1");
    stages::single_deal::<AtoutV1>(&mut group, &input);
    group.finish();
}
