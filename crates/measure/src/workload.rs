//! What one deal is, per scheme: the work `fairdeal bench` and the criterion
//! benches time, and the blocks it compresses, per hash function. Every workload comes from
//! a registered scheme's bench cases ([`SchemeInfo::bench`]), so a new
//! scheme needs no edit here.
//!
//! [`SchemeInfo::bench`]: fairdeal::core::info::SchemeInfo::bench

use std::fmt;

use fairdeal::DynScheme;
use fairdeal::core::bench::Work;
use fairdeal::core::hash::Blocks;
use fairdeal::core::info::BenchCase;
use serde_json::Value;

/// One deal of one scheme, from a checked input, ready to run again and
/// again (on several threads at once: each runner has its own buffers).
pub struct Workload {
    /// The scheme id.
    pub scheme: &'static str,
    /// What one deal is, for the table (`trace of dealer-1`).
    pub deal: String,
    /// The blocks one deal compresses, per hash function.
    pub blocks: Blocks,
    /// Whether the deal goes into reused buffers (no allocation).
    pub into_buffers: bool,
    source: &'static dyn DynScheme,
    input: Value,
    work: Work,
}

/// Runs one deal each time it is called, with buffers of its own: one a
/// thread.
pub type Runner = Box<dyn FnMut()>;

impl Workload {
    /// Returns a runner of this workload, with buffers of its own.
    ///
    /// # Panics
    ///
    /// Never in practice: [`all`] made a runner of the same input and work
    /// before returning the workload.
    pub fn runner(&self) -> Runner {
        // OK because `all` made a runner of this input and work before
        // returning the workload: it is a checked input.
        self.source
            .runner(&self.input, self.work)
            .unwrap_or_else(|e| panic!("{} ({}): {e}", self.scheme, self.deal))
    }

    /// Runs one deal.
    pub fn run(&self) {
        self.runner()();
    }
}

impl fmt::Debug for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Workload")
            .field("scheme", &self.scheme)
            .field("deal", &self.deal)
            .field("blocks", &self.blocks)
            .finish_non_exhaustive()
    }
}

/// Returns every workload of every registered scheme, in registry order:
/// for each bench case the deal as `trace` returns it (new lists every
/// deal) and the same deal into reused buffers (no allocation).
///
/// # Panics
///
/// When a registered bench case is not a valid input of its scheme: the
/// cases are fixed, and this crate's tests read every one.
pub fn all() -> Vec<Workload> {
    fairdeal::SCHEMES
        .iter()
        .flat_map(|s| s.info().bench.iter().map(move |case| (*s, case)))
        .flat_map(|(scheme, case)| pair(scheme, case))
        .collect()
}

/// Returns the two workloads of `case`.
fn pair(scheme: &'static dyn DynScheme, case: &BenchCase) -> [Workload; 2] {
    let id = scheme.id();
    let input: Value = serde_json::from_str(case.input)
        .unwrap_or_else(|e| panic!("{id}/{}: the bench input is not JSON: {e}", case.case));
    let trace = scheme
        .trace_json(&input)
        .unwrap_or_else(|e| panic!("{id}/{}: {e}", case.case));
    let consumed = consumed(&trace, case.hand);
    let blocks =
        (case.blocks)(&input, consumed).unwrap_or_else(|e| panic!("{id}/{}: {e}", case.case));
    let make = |deal: String, work, into_buffers| {
        let w = Workload {
            scheme: id,
            deal,
            blocks,
            into_buffers,
            source: scheme,
            input: input.clone(),
            work,
        };
        w.run();
        w
    };
    match case.hand {
        None => [
            make(format!("trace of {}", case.case), Work::Trace, false),
            make(
                format!("{} into a table", case.case),
                Work::IntoBuffers,
                true,
            ),
        ],
        Some(n) => [
            make(format!("hand {n} of {}", case.case), Work::Hand(n), false),
            make(
                format!("hand {n} of {} into a table", case.case),
                Work::HandIntoBuffers(n),
                true,
            ),
        ],
    }
}

/// Returns how many numbers the shuffles of `trace` consumed: deal `hand`'s
/// alone, or every deal's.
fn consumed(trace: &Value, hand: Option<usize>) -> usize {
    let count = |deal: &Value| deal["randoms"].as_array().map_or(0, Vec::len);
    match (trace.get("deals").and_then(Value::as_array), hand) {
        (Some(deals), Some(n)) => deals.get(n - 1).map_or(0, count),
        (Some(deals), None) => deals.iter().map(count).sum(),
        (None, _) => count(trace),
    }
}

#[cfg(test)]
mod tests {
    use fairdeal::core::hash::Algorithm;

    use super::*;

    #[test]
    fn every_registered_scheme_has_a_workload_into_buffers() {
        let workloads = all();
        for scheme in fairdeal::SCHEMES {
            assert!(
                workloads
                    .iter()
                    .any(|w| w.scheme == scheme.id() && w.into_buffers),
                "{} has no bench case: add one to its SchemeInfo",
                scheme.id()
            );
        }
    }

    // Each scheme's blocks.rs pins its own count, with the arithmetic; here,
    // only what holds for every scheme.
    #[test]
    fn a_hand_alone_hashes_no_more_than_its_whole_input() {
        let workloads = all();
        for w in &workloads {
            for algorithm in Algorithm::ALL {
                let whole = workloads
                    .iter()
                    .filter(|v| v.scheme == w.scheme && v.deal.starts_with("trace of "))
                    .map(|v| v.blocks.get(algorithm))
                    .max();
                if let Some(whole) = whole {
                    assert!(
                        w.blocks.get(algorithm) <= whole,
                        "{} ({}): {algorithm}",
                        w.scheme,
                        w.deal
                    );
                }
            }
        }
    }

    #[test]
    fn every_bench_input_is_its_trace_case_in_the_vectors() {
        for scheme in fairdeal::SCHEMES {
            let path = format!(
                "{}/../../vectors/{}.json",
                env!("CARGO_MANIFEST_DIR"),
                scheme.id()
            );
            let file: Value =
                serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            for case in scheme.info().bench {
                let found: Vec<&Value> = file["groups"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|g| g["kind"] == "trace")
                    .flat_map(|g| g["cases"].as_array().unwrap())
                    .filter(|c| c["id"] == case.case)
                    .collect();
                assert_eq!(found.len(), 1, "{}/{}", scheme.id(), case.case);
                let given: Value = serde_json::from_str(case.input).unwrap();
                assert_eq!(found[0]["input"], given, "{}/{}", scheme.id(), case.case);
            }
        }
    }
}
