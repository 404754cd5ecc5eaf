//! The odds tests as SVG pictures (`fairdeal history --plot DIR`), drawn
//! in memory with `plotters` (SVG only, as the audit's plots): what was
//! seen against what a fair deal gives, with the range a fair deal keeps
//! to in 95% of histories.
//!
//! Each row is one class of a test, as observed / expected - 1 in percent
//! (a dot), its fair range as a bar, the exact value at 0: a row whose dot
//! lies off its bar is a class the deal moved. Per group of hands (scheme,
//! deck, hand size): one picture of the events (one row per binomial test,
//! and the longest run against its median), and one per test over classes
//! (the counts of trumps, the totals, each card).
//!
//! Where the pictures are written, and how, is the caller's.

use std::collections::HashSet;

use plotters::prelude::*;

use crate::odds::{Method, Test};

/// One row of a picture.
struct Row {
    label: String,
    /// Observed / expected - 1, in percent.
    seen: f64,
    /// The fair range, the same way.
    low: f64,
    high: f64,
}

/// The tests as SVG pictures, drawn in memory (observed against expected,
/// with intervals): (file name, svg text). A picture that cannot be drawn
/// is an SVG that says why.
pub fn plot(tests: &[Test]) -> Vec<(String, String)> {
    let mut pictures = Vec::new();
    let mut names = HashSet::new();
    let mut start = 0;
    while start < tests.len() {
        let first = &tests[start];
        let end = tests[start..]
            .iter()
            .position(|t| t.scheme != first.scheme || t.deck != first.deck)
            .map_or(tests.len(), |i| start + i);
        let group = &tests[start..end];
        let stem = slug(&format!("{}-{}", first.scheme, first.deck));
        let events: Vec<&Test> = group
            .iter()
            .filter(|t| t.method != Method::ChiSquared)
            .collect();
        if !events.is_empty() {
            let rows = events
                .iter()
                .filter_map(|t| {
                    let class = t.classes.first()?;
                    Some(row(
                        t.name.clone(),
                        class.observed,
                        class.expected,
                        class.low,
                        class.high,
                    ))
                })
                .collect();
            let caption = format!(
                "{}, {}: {} hands, observed / expected - 1 (%), 95% fair range; exact at 0",
                first.scheme, first.deck, first.hands
            );
            let name = unique(&mut names, format!("{stem}-events.svg"));
            pictures.push((name, draw(&caption, rows)));
        }
        for test in group.iter().filter(|t| t.method == Method::ChiSquared) {
            let rows = test
                .classes
                .iter()
                .map(|c| row(c.label.clone(), c.observed, c.expected, c.low, c.high))
                .collect();
            let caption = format!(
                "{}, {}: {} in {} hands (p = {}, corrected {}), observed / expected - 1 (%), 95% fair range",
                first.scheme,
                first.deck,
                test.name,
                test.hands,
                shown(test.p_value),
                shown(test.p_corrected)
            );
            let name = unique(&mut names, format!("{stem}-{}.svg", test.name));
            pictures.push((name, draw(&caption, rows)));
        }
        start = end;
    }
    pictures
}

/// Returns a p-value as a caption shows it: 3 decimals, or 2 significant
/// digits below 0.001.
fn shown(p: f64) -> String {
    if p < 0.001 {
        format!("{p:.1e}")
    } else {
        format!("{p:.3}")
    }
}

/// Returns a class as a row, relative to what is expected.
fn row(label: String, observed: u64, expected: f64, low: f64, high: f64) -> Row {
    let relative = |x: f64| {
        if expected > 0.0 {
            (x / expected - 1.0) * 100.0
        } else {
            0.0
        }
    };
    Row {
        label,
        seen: relative(observed as f64),
        low: relative(low),
        high: relative(high),
    }
}

/// Returns `text` as a file name's part: lower-case letters and digits,
/// runs of anything else one `-`.
fn slug(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_matches('-').to_owned()
}

/// Returns `name`, or it with `-2`, `-3`, ... before its extension when it
/// is taken.
fn unique(taken: &mut HashSet<String>, name: String) -> String {
    let mut candidate = name.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        let stem = name.trim_end_matches(".svg");
        candidate = format!("{stem}-{n}.svg");
        n += 1;
    }
    taken.insert(candidate.clone());
    candidate
}

/// Draws the rows, or an SVG that says why they could not be.
fn draw(caption: &str, rows: Vec<Row>) -> String {
    match draw_rows(caption, &rows) {
        Ok(svg) => svg,
        Err(e) => {
            let escaped: String = format!("{caption}: {e}")
                .chars()
                .map(|c| match c {
                    '<' => "&lt;".to_owned(),
                    '>' => "&gt;".to_owned(),
                    '&' => "&amp;".to_owned(),
                    c => c.to_string(),
                })
                .collect();
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"40\"><text x=\"10\" y=\"24\">could not draw {escaped}</text></svg>"
            )
        }
    }
}

type Drawn = Result<String, Box<dyn std::error::Error>>;

fn draw_rows(caption: &str, rows: &[Row]) -> Drawn {
    let lines = rows.len().max(1);
    let reach = rows
        .iter()
        .flat_map(|r| [r.seen, r.low, r.high])
        .filter(|x| x.is_finite())
        .fold(1.0, |m: f64, x| m.max(x.abs()))
        * 1.1;
    let height = u32::try_from(90 + 20 * lines).unwrap_or(u32::MAX);
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, (860, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 13))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(150)
        .build_cartesian_2d(-reach..reach, 0f64..lines as f64)?;
    let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
    chart
        .configure_mesh()
        .x_desc("observed / expected - 1, %")
        .y_labels(lines * 2 + 1)
        .y_label_formatter(&|y| {
            // Row i is centred at lines - 1 - i + 0.5.
            let from_top = lines as f64 - y - 0.5;
            labels
                .iter()
                .enumerate()
                .find(|&(i, _)| (i as f64 - from_top).abs() < 1e-6)
                .map(|(_, l)| (*l).to_owned())
                .unwrap_or_default()
        })
        .label_style(("sans-serif", 11))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, 0.0), (0.0, lines as f64)],
        BLACK.stroke_width(2),
    )))?;
    let grey = RGBColor(170, 170, 170);
    for (i, r) in rows.iter().enumerate() {
        let y = (lines - 1 - i) as f64 + 0.5;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(r.low, y), (r.high, y)],
            grey.stroke_width(6),
        )))?;
        let inside = r.seen >= r.low && r.seen <= r.high;
        let colour = if inside { BLUE } else { RED };
        chart.draw_series(std::iter::once(Circle::new(
            (r.seen, y),
            4,
            colour.filled(),
        )))?;
    }
    root.present()?;
    // The drawing borrows the text until it is dropped.
    drop((chart, root));
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::Card;
    use fairdeal::core::cards::decks::{EUCHRE, STANDARD};

    use super::*;
    use crate::odds::{Deck, Odds};

    #[test]
    fn every_group_is_drawn_with_every_row() {
        let mut odds = Odds::new();
        let euchre = Deck::of(&EUCHRE);
        let shoe: Vec<Card> = (0..8).flat_map(|_| STANDARD).collect();
        let shoe_deck = Deck::of(&shoe);
        for i in 0..400 {
            let hand: Vec<Card> = (0..5).map(|j| EUCHRE[(i * 7 + j * 5) % 24]).collect();
            odds.add("sfc32-lock", &euchre, &hand);
            odds.add(
                "hmac-blackjack",
                &shoe_deck,
                &[shoe[i % 416], shoe[(i * 31 + 7) % 416]],
            );
        }
        let tests = odds.tests();
        let pictures = plot(&tests);
        let names: Vec<&str> = pictures.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "hmac-blackjack-shoe-of-8-decks-416-cards-2-cards-a-hand-events.svg",
                "hmac-blackjack-shoe-of-8-decks-416-cards-2-cards-a-hand-two-card-total.svg",
                "hmac-blackjack-shoe-of-8-decks-416-cards-2-cards-a-hand-card-frequency.svg",
                "sfc32-lock-euchre-deck-24-cards-9-to-a-5-cards-a-hand-events.svg",
                "sfc32-lock-euchre-deck-24-cards-9-to-a-5-cards-a-hand-card-frequency.svg",
            ]
        );
        for (name, svg) in &pictures {
            assert!(svg.starts_with("<svg") && svg.contains("</svg>"), "{name}");
        }
        // Each row is labelled: the events, the cards.
        let events = texts(&pictures[3].1);
        for label in ["weak-hand", "weak-hand-run", "farmers-hand"] {
            assert!(events.iter().any(|t| t == label), "{label}");
        }
        let cards = texts(&pictures[4].1);
        assert!(cards.iter().any(|t| t == "Jc") && cards.iter().any(|t| t == "As"));
        let totals = texts(&pictures[1].1);
        assert!(totals.iter().any(|t| t.ends_with("natural")), "{totals:?}");
        assert!(plot(&[]).is_empty());
    }

    /// The texts of an SVG document, trimmed.
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                Some(
                    t.split_once('>')?
                        .1
                        .split_once("</text>")?
                        .0
                        .trim()
                        .to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn names_are_slugs_and_unique() {
        assert_eq!(slug("a, B (24 cards)"), "a-b-24-cards");
        let mut taken = HashSet::new();
        assert_eq!(unique(&mut taken, "x.svg".to_owned()), "x.svg");
        assert_eq!(unique(&mut taken, "x.svg".to_owned()), "x-2.svg");
    }
}
