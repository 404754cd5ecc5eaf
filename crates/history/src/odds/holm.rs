//! Holm's correction of p-values for the number of tests (Holm 1979): the
//! i-th smallest of m p-values is multiplied by m - i + 1, and each
//! corrected value is at least the one before it. The chance that any test
//! of a fair history falls below a threshold after correction is at most
//! the threshold, whatever the dependence between the tests (the euchre
//! events of one hand are far from independent), and it rejects at least
//! what Bonferroni's multiplication by m rejects.

/// Returns the corrected p-values, in the order of `p`.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut corrected = vec![1.0; m];
    let mut floor = 0.0_f64;
    for (rank, &i) in order.iter().enumerate() {
        floor = floor.max(((m - rank) as f64 * p[i]).min(1.0));
        corrected[i] = floor;
    }
    corrected
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_multiplies_by_the_tests_left_and_keeps_the_order() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")
        // = 0.030 0.060 0.060 0.020
        let corrected = holm(&[0.01, 0.04, 0.03, 0.005]);
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (c, e) in corrected.iter().zip(expected) {
            assert!((c - e).abs() < 1e-12, "{corrected:?}");
        }
        assert_eq!(holm(&[0.9, 0.8]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }
}
