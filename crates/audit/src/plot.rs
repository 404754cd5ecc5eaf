//! `fairdeal audit --plot DIR`: the report as SVG pictures (the `plotters`
//! crate, SVG backend only: no system libraries, the viewer lays out the
//! text). Four pictures: where each card ends up, the odds against their
//! exact values, the rising sequences against their exact law, and the
//! exact riffle distance for the deck's size.
//!
//! The pictures are drawn into memory and returned with their file names:
//! where they are written, and how (atomically, never through a link found
//! there), is the caller's.

use plotters::prelude::*;

use crate::exact::to_f64;
use crate::plan::{Shuffle, offered_by};
use crate::report::Report;
use crate::riffles::{MAX_CARDS, distances, eulerian_row};

/// The most rows and columns of the heatmap: a larger deck (the 416-card
/// shoe) is shown in bins of consecutive positions.
const MAX_CELLS: usize = 52;

/// A picture: its file name and its SVG text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The file name, after the scheme: `showdown-kitchen-table-positions.svg`.
    pub name: String,
    /// The SVG document.
    pub svg: String,
}

/// Draws the pictures of `report`, named after the scheme
/// (`showdown-kitchen-table-positions.svg`).
///
/// # Errors
///
/// A picture that could not be drawn, named.
pub fn draw_all(report: &Report) -> Result<Vec<Picture>, String> {
    let label = match report.shuffle {
        Some("kitchen-table") => format!("{}-kitchen-table", report.scheme),
        _ => report.scheme.to_owned(),
    };
    let mut drawn = vec![(format!("{label}-positions.svg"), positions(report, &label))];
    if !report.odds.is_empty() {
        drawn.push((format!("{label}-odds.svg"), odds(report, &label)));
    }
    drawn.push((format!("{label}-rising.svg"), rising(report, &label)));
    drawn.push((
        format!("riffles-{}.svg", report.cards),
        riffles(report.cards),
    ));
    drawn
        .into_iter()
        .map(|(name, svg)| match svg {
            Ok(svg) => Ok(Picture { name, svg }),
            Err(e) => Err(format!("{name}: {e}")),
        })
        .collect()
}

type Drawn = Result<String, Box<dyn std::error::Error>>;

/// The whole number in 0..len that `v` is (a label at a cell's centre).
fn whole_in(v: f64, len: usize) -> Option<usize> {
    (0..len).find(|&i| (i as f64 - v).abs() < 1e-6)
}

/// A colour from blue (-1) through white (0) to red (+1).
fn diverging(t: f64) -> RGBColor {
    let t = t.clamp(-1.0, 1.0);
    let shade = |f: f64| {
        let x = (255.0 * f).round();
        (0..=255u8).find(|&v| f64::from(v) >= x).unwrap_or(255)
    };
    if t >= 0.0 {
        RGBColor(255, shade(1.0 - t), shade(1.0 - t))
    } else {
        RGBColor(shade(1.0 + t), shade(1.0 + t), 255)
    }
}

/// The card x position heatmap of count / expected - 1.
fn positions(report: &Report, label: &str) -> Drawn {
    let n = report.cards;
    let bin = n.div_ceil(MAX_CELLS);
    let bins = n.div_ceil(bin);
    let expected = report.tally.deals as f64 / n as f64;
    let mut cells = vec![(0.0, 0.0); bins * bins];
    for start in 0..n {
        for end in 0..n {
            let cell = &mut cells[(start / bin) * bins + end / bin];
            cell.0 += report.tally.counts[end * n + start] as f64;
            cell.1 += expected;
        }
    }
    let relative: Vec<f64> = cells
        .iter()
        .map(|&(o, e)| o / e.max(1e-300) - 1.0)
        .collect();
    let scale = relative.iter().fold(1e-12, |m: f64, r| m.max(r.abs()));
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, (760, 720)).into_drawing_area();
    root.fill(&WHITE)?;
    let grouped = if bin > 1 {
        format!(", positions in groups of {bin}")
    } else {
        String::new()
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{label}: where each card ends up, {} deals (count / expected - 1; red +{:.1}%, blue -{:.1}%{grouped})",
                report.tally.deals,
                scale * 100.0,
                scale * 100.0
            ),
            ("sans-serif", 14),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(-0.5f64..bins as f64 - 0.5, -0.5f64..bins as f64 - 0.5)?;
    // Cells are centred on whole numbers; row 0 (the top) is drawn at
    // y = bins - 1.
    let whole = |v: f64| whole_in(v, bins);
    let card = |y: &f64| -> String {
        let Some(y) = whole(*y) else {
            return String::new();
        };
        let at = (bins - 1 - y) * bin;
        match (bin, report.start.get(at)) {
            (1, Some(c)) if n <= 32 => format!("{c} ({at})"),
            _ => at.to_string(),
        }
    };
    let position = |x: &f64| whole(*x).map(|x| (x * bin).to_string()).unwrap_or_default();
    let from = if label.ends_with("kitchen-table") {
        "card, by gathered position"
    } else {
        "card, by starting position"
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("final position")
        .y_desc(from)
        .x_labels(bins.min(13))
        .y_labels(bins.min(26))
        .x_label_formatter(&position)
        .y_label_formatter(&card)
        .label_style(("sans-serif", 10))
        .draw()?;
    chart.draw_series(relative.iter().enumerate().map(|(i, &r)| {
        let (row, col) = (i / bins, i % bins);
        let (x, y) = (col as f64, (bins - 1 - row) as f64);
        Rectangle::new(
            [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
            diverging(r / scale).filled(),
        )
    }))?;
    root.present()?;
    // The drawing borrows the text until it is dropped.
    drop((chart, root));
    Ok(svg)
}

/// Each odds line: observed / exact - 1, with its 95% confidence interval.
fn odds(report: &Report, label: &str) -> Drawn {
    let rows: Vec<(String, f64, f64)> = report
        .odds
        .iter()
        .map(|o| {
            let se = (o.observed * (1.0 - o.observed) / o.trials as f64).sqrt();
            let relative = (o.observed / o.exact - 1.0) * 100.0;
            let half = 1.96 * se / o.exact * 100.0;
            (o.id.to_owned(), relative, half)
        })
        .collect();
    let reach = rows
        .iter()
        .fold(1.0, |m: f64, (_, r, h)| m.max(r.abs() + h))
        * 1.1;
    let lines = rows.len();
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, (760, 380)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{label}: the odds in {} deals, observed / exact - 1 (%), 95% intervals; exact at 0",
                report.tally.deals
            ),
            ("sans-serif", 14),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(170)
        .build_cartesian_2d(-reach..reach, 0f64..lines as f64)?;
    let names: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    chart
        .configure_mesh()
        .x_desc("observed / exact - 1, %")
        .y_labels(lines * 2 + 1)
        .y_label_formatter(&|y| {
            whole_in(y - 0.5, lines)
                .map(|i| names[lines - 1 - i].clone())
                .unwrap_or_default()
        })
        .label_style(("sans-serif", 11))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, 0.0), (0.0, lines as f64)],
        BLACK.stroke_width(2),
    )))?;
    for (i, (_, relative, half)) in rows.iter().enumerate() {
        let y = (lines - 1 - i) as f64 + 0.5;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(relative - half, y), (relative + half, y)],
            BLUE.stroke_width(2),
        )))?;
        chart.draw_series(std::iter::once(Circle::new(
            (*relative, y),
            4,
            BLUE.filled(),
        )))?;
    }
    root.present()?;
    // The drawing borrows the text until it is dropped.
    drop((chart, root));
    Ok(svg)
}

/// The share of deals with r rising sequences, against the exact law of a
/// uniform order.
fn rising(report: &Report, label: &str) -> Drawn {
    let n = report.cards;
    let deals = report.tally.deals.max(1) as f64;
    let all = crate::exact::factorial(n);
    let exact: Vec<f64> = eulerian_row(n)
        .into_iter()
        .map(|a| {
            to_f64(&crate::exact::ratio(
                num_bigint::BigInt::from(a),
                num_bigint::BigInt::from(all.clone()),
            ))
        })
        .collect();
    let seen: Vec<f64> = report
        .tally
        .rising
        .iter()
        .map(|&c| c as f64 / deals)
        .collect();
    let shown = |r: usize| exact[r] >= 1e-4 || seen[r] > 0.0;
    let lo = (0..n).find(|&r| shown(r)).unwrap_or(0);
    let hi = (0..n).rev().find(|&r| shown(r)).unwrap_or(n - 1);
    let top = exact.iter().chain(&seen).fold(0.0, |m: f64, &x| m.max(x)) * 1.1;
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, (760, 420)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{label}: rising sequences in {} deals (blue: observed; black: a uniformly random order)",
                report.tally.deals
            ),
            ("sans-serif", 14),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(lo as f64 + 0.5..hi as f64 + 1.5, 0f64..top.max(1e-9))?;
    chart
        .configure_mesh()
        .x_desc("rising sequences r")
        .y_desc("share of deals")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style(("sans-serif", 11))
        .draw()?;
    chart.draw_series(LineSeries::new(
        (lo..=hi).map(|r| ((r + 1) as f64, exact[r])),
        BLACK.stroke_width(2),
    ))?;
    chart
        .draw_series((lo..=hi).map(|r| Circle::new(((r + 1) as f64, seen[r]), 3, BLUE.filled())))?;
    root.present()?;
    // The drawing borrows the text until it is dropped.
    drop((chart, root));
    Ok(svg)
}

/// The exact distance from random after k riffles of `cards` cards, with
/// 52 cards beside it.
fn riffles(cards: usize) -> Drawn {
    let up_to = if cards > 52 { 16 } else { 12 };
    let curve = |n: usize| -> Vec<(f64, f64)> {
        distances(n.clamp(2, MAX_CARDS), up_to)
            .iter()
            .map(|r| (f64::from(r.riffles), to_f64(&r.total_variation)))
            .collect()
    };
    let ours = curve(cards);
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, (760, 420)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "total variation distance from random after k riffles (Gilbert-Shannon-Reeds, exact): {cards} cards (blue), 52 (grey)"
            ),
            ("sans-serif", 14),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(0.5f64..f64::from(up_to) + 0.5, 0f64..1.05)?;
    chart
        .configure_mesh()
        .x_desc("riffles k")
        .y_desc("distance")
        .x_labels(usize::try_from(up_to).unwrap_or(12))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style(("sans-serif", 11))
        .draw()?;
    if cards != 52 {
        let grey = RGBColor(150, 150, 150);
        chart.draw_series(LineSeries::new(curve(52), grey.stroke_width(2)))?;
    }
    chart.draw_series(LineSeries::new(ours.clone(), BLUE.stroke_width(2)))?;
    chart.draw_series(ours.iter().map(|&p| Circle::new(p, 3, BLUE.filled())))?;
    if cards == 24 {
        // The kitchen-table hand of the scheme that offers it: 3 riffles
        // (and a cut).
        let (k, tv) = ours[2];
        let whose =
            offered_by(Shuffle::KitchenTable).map_or(String::new(), |s| format!("{}'s ", s.id()));
        chart.draw_series(std::iter::once(Text::new(
            format!("{whose}3 riffles: {tv:.4}"),
            (k + 0.2, tv - 0.02),
            ("sans-serif", 12),
        )))?;
    }
    root.present()?;
    // The drawing borrows the text until it is dropped.
    drop((chart, root));
    Ok(svg)
}
