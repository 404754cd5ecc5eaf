//! Criterion benches of every registered scheme, driven by the registry:
//! each bench case of each scheme's `SchemeInfo` (the deals `fairdeal bench`
//! times) stage by stage, so that a new scheme needs no edit here.

use criterion::{Criterion, Throughput};
use fairdeal::core::bench::Work;
use fairdeal::core::info::BenchCase;
use serde_json::Value;

/// Benches, for every bench case of every registered scheme, in the group
/// of the scheme's id (`euchremaster/dealer-1/shuffle`): a whole input's
/// `commitment`, then of its deal (or of hand n alone: `hand-2/...`) the
/// `stream` (the numbers its shuffle consumes), the `shuffle` fed those
/// numbers, the `deal` of the shuffled deck, `trace` (every step, new lists)
/// and `into-buffers` (every step into reused buffers, no allocation). Each
/// has a throughput of one deal, so criterion reports deals per second.
///
/// # Panics
///
/// When a registered bench case is refused by its scheme (the measure
/// crate's tests read every one).
pub fn schemes(c: &mut Criterion) {
    for scheme in fairdeal::SCHEMES {
        let mut group = c.benchmark_group(scheme.id());
        group.throughput(Throughput::Elements(1));
        for case in scheme.info().bench {
            let input: Value = serde_json::from_str(case.input)
                .unwrap_or_else(|e| panic!("{}/{}: {e}", scheme.id(), case.case));
            for (stage, work) in stages(case) {
                let mut run = scheme
                    .runner(&input, work)
                    .unwrap_or_else(|e| panic!("{}/{}: {e}", scheme.id(), case.case));
                group.bench_function(format!("{}/{stage}", name(case)), |b| b.iter(&mut run));
            }
        }
        group.finish();
    }
}

/// Returns the bench's name for `case`: its id, and the hand for a hand
/// alone.
fn name(case: &BenchCase) -> String {
    match case.hand {
        Some(n) => format!("{}/hand-{n}", case.case),
        None => case.case.to_owned(),
    }
}

/// Returns the stages benched for `case`.
fn stages(case: &BenchCase) -> Vec<(&'static str, Work)> {
    let n = case.hand.unwrap_or(1);
    let (trace, into_buffers) = match case.hand {
        Some(n) => (Work::Hand(n), Work::HandIntoBuffers(n)),
        None => (Work::Trace, Work::IntoBuffers),
    };
    let mut stages = Vec::new();
    if case.hand.is_none() {
        stages.push(("commitment", Work::Commitment));
    }
    stages.extend([
        ("stream", Work::Stream(n)),
        ("shuffle", Work::Shuffle(n)),
        ("deal", Work::Deal(n)),
        ("trace", trace),
        ("into-buffers", into_buffers),
    ]);
    stages
}
