//! The secure generator's output: the form each scheme's page gives its
//! secret, and hex digits that are uniform (a chi-squared test with a
//! threshold so generous that a good generator fails it once in a million
//! runs).

use fairdeal::core::info::Draw;
use fairdeal_dealer::{OsEntropy, draw};
use statrs::distribution::{ChiSquared, ContinuousCDF};

#[test]
fn each_schemes_secret_has_its_pages_form() {
    for scheme in fairdeal::SCHEMES {
        let info = scheme.info();
        let field = info
            .fields
            .iter()
            .find(|f| f.name == info.history.secret)
            .expect("the secret's field");
        for _ in 0..20 {
            let secret = draw(info.dealer.secret, 1, &mut OsEntropy).expect("drawn");
            field
                .check(&serde_json::Value::from(secret.clone()))
                .unwrap_or_else(|e| panic!("{}: {e}", info.id));
            if let Draw::Hex { digits } = info.dealer.secret {
                assert_eq!(secret.len(), digits);
                assert!(
                    secret
                        .bytes()
                        .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
                );
            }
        }
        // What the commitment covers is drawn or set by the dealer alone.
        for covered in info.commitment.covers {
            assert!(
                *covered == info.history.secret
                    || info.dealer.drawn.iter().any(|d| d.field == *covered),
                "{}: {covered}",
                info.id
            );
        }
    }
}

#[test]
fn hex_digits_are_uniform_and_secrets_distinct() {
    const SEEDS: usize = 4000;
    let mut counts = [0u64; 16];
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..SEEDS {
        let seed = draw(Draw::Hex { digits: 64 }, 0, &mut OsEntropy).expect("drawn");
        for c in seed.chars() {
            counts[c.to_digit(16).expect("a hex digit") as usize] += 1;
        }
        assert!(seen.insert(seed), "a seed drawn twice");
    }
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / 16.0;
    let statistic: f64 = counts
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    let p = ChiSquared::new(15.0).expect("15 degrees").sf(statistic);
    assert!(p > 1e-6, "chi-squared {statistic} over {counts:?}: p = {p}");
    // And by position: the first digit of the seeds alone.
    let mut first = [0u64; 16];
    for _ in 0..SEEDS {
        let seed = draw(Draw::Hex { digits: 1 }, 0, &mut OsEntropy).expect("drawn");
        first[seed
            .chars()
            .next()
            .and_then(|c| c.to_digit(16))
            .expect("a digit") as usize] += 1;
    }
    let expected = SEEDS as f64 / 16.0;
    let statistic: f64 = first
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    let p = ChiSquared::new(15.0).expect("15 degrees").sf(statistic);
    assert!(p > 1e-6, "first digits {first:?}: p = {p}");
}
