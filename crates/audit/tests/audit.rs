//! The audit against shuffles known to be biased (schemes of the test's own)
//! and against the registered schemes, and its determinism.

// Test arithmetic on deck indices of a 6-card deck.
#![allow(clippy::cast_possible_truncation)]

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};

use fairdeal::DynScheme;
use fairdeal::core::cards::{Card, decks, identity_into};
use fairdeal::core::info::{BenchCase, Cli, Commitment, Hints, Player, SchemeInfo};
use fairdeal::core::input::Fields;
use fairdeal::core::stream::SplitMix64;
use fairdeal::core::table::TableView;
use fairdeal::core::{DealScheme, Error, Fingerprint, FromJson, OneDeal};
use fairdeal_audit::plan::{Plan, Shuffle, Vary, generator};
use fairdeal_audit::report::{FLAG, Report, audit};
use fairdeal_audit::run::{CHUNK, Options};
use serde_json::{Value, json};

/// How a test scheme's shuffle goes wrong.
trait Flaw: Sync + Send + 'static {
    const ID: &'static str;
    /// Shuffles `deck` with numbers from `g`.
    fn shuffle(deck: &mut [u16], g: &mut SplitMix64);
}

/// Fisher-Yates that skips its last swap (i = 1): the top two cards are
/// never exchanged at the end.
struct SkipsLastSwap;

impl Flaw for SkipsLastSwap {
    const ID: &'static str = "test-skips-last-swap";
    fn shuffle(deck: &mut [u16], g: &mut SplitMix64) {
        for i in (2..deck.len()).rev() {
            let j = (g.next_u64() % (i as u64 + 1)) as usize;
            deck.swap(i, j);
        }
    }
}

/// Fisher-Yates choosing j = u mod n with u a 4-bit number: the smallest
/// choices come up more often.
struct SmallModulo;

impl Flaw for SmallModulo {
    const ID: &'static str = "test-small-modulo";
    fn shuffle(deck: &mut [u16], g: &mut SplitMix64) {
        for i in (1..deck.len()).rev() {
            let j = ((g.next_u64() & 15) % (i as u64 + 1)) as usize;
            deck.swap(i, j);
        }
    }
}

/// Rejection sampling from 64-bit numbers: a correct shuffle, to show the
/// test schemes themselves are not what is flagged.
struct Correct;

impl Flaw for Correct {
    const ID: &'static str = "test-correct";
    fn shuffle(deck: &mut [u16], g: &mut SplitMix64) {
        for i in (1..deck.len()).rev() {
            let n = i as u64 + 1;
            let limit = u64::MAX - u64::MAX % n;
            let u = loop {
                let u = g.next_u64();
                if u < limit {
                    break u;
                }
            };
            deck.swap(i, (u % n) as usize);
        }
    }
}

/// A 6-card test scheme: its input is a 16-digit hex seed, its stream
/// SplitMix64 from it.
struct Test<F>(std::marker::PhantomData<F>);

#[derive(Debug)]
struct Input(u64);

impl FromJson for Input {
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        let seed = f.text("seed", "16 hex digits")?;
        Ok(Self(u64::from_str_radix(seed, 16).unwrap_or(0)))
    }
}

const FIELDS: &[fairdeal::core::input::Field] = &[fairdeal::core::input::Field {
    name: "seed",
    kind: fairdeal::core::input::FieldKind::Text,
    required: true,
    help: "",
    expected: "16 hex digits",
    rule: fairdeal::core::input::Rule::Hex { digits: 16 },
}];

const CARDS: usize = 6;

impl<F: Flaw> DealScheme for Test<F> {
    const INFO: SchemeInfo = SchemeInfo {
        id: F::ID,
        summary: "",
        method: "",
        site: "",
        commitment: Commitment {
            hashes: "",
            aliases: &[],
            covers: &[],
        },
        fields: FIELDS,
        player: Player::Positions(&[0]),
        seat_names: fairdeal::core::info::SeatNames::Numbered,
        cli: Cli::FLAGS,
        forms: fairdeal::core::info::Forms::NONE,
        games: &[],
        bench: &[] as &[BenchCase],
        hints: Hints::NONE,
        audit: fairdeal::core::audit::Audit::NONE,
        slips: &[],
        history: fairdeal::core::info::History {
            secret: "seed",
            period: fairdeal::core::info::Period::Receipt,
            uniform: fairdeal::core::info::History::EVERY_DEAL,
        },
        dealer: fairdeal::core::info::DealerSide {
            secret: fairdeal::core::info::Draw::Hex { digits: 16 },
            drawn: &[],
            variant: None,
        },
    };
    type Input = Input;
    type Draw = u32;
    type Stream = std::iter::Empty<u32>;
    type Deal = Vec<Card>;
    type Series = OneDeal;

    fn commitment(_: &Input) -> Fingerprint {
        Fingerprint::of(b"")
    }
    fn stream(_: &Input, _: usize) -> Self::Stream {
        std::iter::empty()
    }
    fn starting_deck(_: &Input, _: usize) -> Cow<'static, [Card]> {
        Cow::Borrowed(&decks::EUCHRE[..CARDS])
    }
    fn shuffle<I: Iterator<Item = u32>>(
        input: &Input,
        _: usize,
        _: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        identity_into(positions, CARDS);
        F::shuffle(positions, &mut SplitMix64::new(input.0));
        Ok(())
    }
    fn deal(_: &Input, _: usize, deck: &[Card], out: &mut Vec<Card>) {
        out.clear();
        out.extend_from_slice(deck);
    }
    fn view(_: &Input, _: usize, _: &Vec<Card>) -> TableView {
        TableView::default()
    }
}

fn test_plan(scheme: &'static dyn DynScheme) -> Plan {
    Plan {
        scheme,
        shuffle: Shuffle::FisherYates,
        template: json!({"seed": ""}),
        vary: vec![Vary::Hex {
            pointer: "/seed".to_owned(),
            digits: 16,
        }],
        first: 1,
        per_input: 1,
    }
}

fn run(plan: &Plan, deals: u64, threads: usize) -> Report {
    let options = Options {
        deals,
        seed: 7,
        threads,
    };
    audit(plan, &options, &AtomicBool::new(false), &|_| {}).expect("the audit runs")
}

static SKIPS: Test<SkipsLastSwap> = Test(std::marker::PhantomData);
static MODULO: Test<SmallModulo> = Test(std::marker::PhantomData);
static CORRECT: Test<Correct> = Test(std::marker::PhantomData);

#[test]
fn biased_shuffles_are_flagged_and_a_correct_one_is_not() {
    for scheme in [&SKIPS as &dyn DynScheme, &MODULO] {
        let report = run(&test_plan(scheme), 20_000, 2);
        assert!(report.flagged, "{}: {:?}", scheme.id(), report.uniformity);
        assert!(report.uniformity.p_value < FLAG);
    }
    let report = run(&test_plan(&CORRECT), 20_000, 2);
    assert!(!report.flagged, "{:?}", report.uniformity);
    assert_eq!(report.uniformity.df, 25);
}

#[test]
fn the_registered_schemes_are_not_flagged() {
    for (id, deals) in [
        ("euchremaster", 30_000),
        ("sfc32-lock", 30_000),
        ("atout-v1", 30_000),
        ("showdown", 30_000),
        ("hmac-blackjack", 3_000),
    ] {
        let plan = Plan::of(fairdeal::scheme(id).unwrap(), Shuffle::FisherYates).unwrap();
        let report = run(&plan, deals, 2);
        assert_eq!(report.deals, deals, "{id}");
        assert!(
            !report.flagged,
            "{id}: {:?} {:?}",
            report.uniformity, report.rising_sequences
        );
        // The euchre schemes' odds are near the exact values; the others
        // have none.
        let euchre = matches!(id, "euchremaster" | "sfc32-lock" | "showdown");
        assert_eq!(report.odds.len(), if euchre { 7 } else { 0 }, "{id}");
        for o in &report.odds {
            assert!(o.z.abs() < 5.0, "{id}: {o:?}");
        }
        assert!(!report.draw_bias.is_empty(), "{id}");
    }
}

#[test]
fn showdowns_kitchen_table_hand_is_flagged() {
    let plan = Plan::of(fairdeal::scheme("showdown").unwrap(), Shuffle::KitchenTable).unwrap();
    // Where each card ends up is nearly uniform (the cut spreads the cards
    // round the deck): the rising sequences give the riffles away.
    let report = run(&plan, 3_000, 2);
    assert!(report.flagged, "{:?}", report.rising_sequences);
    assert!(report.rising_sequences.p_value < FLAG);
    assert!(
        report.rising_sequences.mean < 9.0,
        "{:?}",
        report.rising_sequences
    );
    assert_eq!(report.shuffle, Some("kitchen-table"));
    assert!(
        Plan::of(
            fairdeal::scheme("sfc32-lock").unwrap(),
            Shuffle::KitchenTable
        )
        .is_err()
    );
}

#[test]
fn the_same_seed_gives_the_same_counts_on_1_and_2_threads() {
    for (id, shuffle) in [
        ("sfc32-lock", Shuffle::FisherYates),
        ("showdown", Shuffle::FisherYates),
        ("showdown", Shuffle::KitchenTable),
    ] {
        let plan = Plan::of(fairdeal::scheme(id).unwrap(), shuffle).unwrap();
        // Not a multiple of the chunk, nor of showdown's 60 hands a game.
        let one = run(&plan, 2 * CHUNK + 1234, 1);
        let two = run(&plan, 2 * CHUNK + 1234, 2);
        assert_eq!(one.tally, two.tally, "{id}");
        assert_eq!(one.uniformity.statistic, two.uniformity.statistic, "{id}");
        assert_eq!(one.deals, 2 * CHUNK + 1234);
        let other = run(&plan, 2 * CHUNK + 1234, 2);
        assert_eq!(other.tally, one.tally, "{id}: runs repeat");
    }
}

/// What a sampler hands over of each deal, kept.
type Dealt = (usize, Vec<Card>, Vec<u16>, Vec<Card>);

/// Deals `input` through `sampler`, saying that only `changed` changed.
fn deal(
    sampler: &mut fairdeal::core::bench::Sampler,
    input: &Value,
    changed: &[&str],
    first: usize,
) -> Result<Vec<Dealt>, Error> {
    let mut dealt = Vec::new();
    sampler(input, changed, first, &mut |d| {
        dealt.push((
            d.deal,
            d.start.to_vec(),
            d.positions.to_vec(),
            d.cards.to_vec(),
        ));
    })?;
    Ok(dealt)
}

/// Returns `vary`'s field in `input` with a value its rule refuses.
fn spoil(input: &mut Value, vary: &Vary) {
    let bad = match vary {
        Vary::Hex { .. } => json!("not hex"),
        Vary::Text { .. } => json!(""),
        Vary::Integer { .. } | Vary::Seat { .. } => json!(99),
    };
    *input
        .pointer_mut(vary.pointer())
        .expect("the drawn field is in the template") = bad;
}

#[test]
fn reading_only_the_drawn_fields_deals_what_reading_the_whole_input_deals() {
    let mut plans: Vec<Plan> = fairdeal::SCHEMES
        .iter()
        .map(|&s| Plan::of(s, Shuffle::FisherYates).unwrap())
        .collect();
    plans.push(Plan::of(fairdeal::scheme("showdown").unwrap(), Shuffle::KitchenTable).unwrap());
    for plan in &plans {
        let id = plan.scheme.id();
        let changed = plan.changed();
        // One sampler keeps its input and reads only the drawn fields again
        // (`FromJson::reread`); a new one each time reads it whole.
        let mut kept = plan.scheme.sampler();
        let inputs = if id == "hmac-blackjack" { 4 } else { 40 };
        for i in 0..inputs {
            let mut input = plan.template.clone();
            plan.fill(&mut input, &mut generator(9, i));
            let whole = deal(&mut plan.scheme.sampler(), &input, &[], plan.first);
            let reread = deal(&mut kept, &input, &changed, plan.first);
            assert_eq!(reread.unwrap(), whole.unwrap(), "{id}, input {i}");
            // A refused field is refused in the same words, and the input
            // after it is read whole again.
            if i % 10 == 9 {
                for vary in &plan.vary {
                    let mut bad = input.clone();
                    spoil(&mut bad, vary);
                    let whole = deal(&mut plan.scheme.sampler(), &bad, &[], plan.first);
                    let reread = deal(&mut kept, &bad, &changed, plan.first);
                    assert_eq!(
                        reread.unwrap_err().to_string(),
                        whole.unwrap_err().to_string(),
                        "{id}, {}",
                        vary.pointer()
                    );
                }
            }
        }
    }
}

#[test]
fn a_stopped_run_is_a_shorter_run() {
    let plan = Plan::of(
        fairdeal::scheme("sfc32-lock").unwrap(),
        Shuffle::FisherYates,
    )
    .unwrap();
    let stop = AtomicBool::new(false);
    let options = Options {
        deals: 100 * CHUNK,
        seed: 7,
        threads: 2,
    };
    // Stop as soon as the first chunk is in.
    let stopped = audit(&plan, &options, &stop, &|_| {
        stop.store(true, Ordering::Relaxed);
    })
    .unwrap();
    assert!(stopped.interrupted);
    assert_eq!(stopped.deals % CHUNK, 0);
    assert!(stopped.deals < options.deals);
    let shorter = run(&plan, stopped.deals, 1);
    assert_eq!(shorter.tally, stopped.tally);
}

#[test]
fn plots_are_drawn_as_svg() {
    let plan = Plan::of(
        fairdeal::scheme("sfc32-lock").unwrap(),
        Shuffle::FisherYates,
    )
    .unwrap();
    let report = run(&plan, 3_000, 2);
    let pictures = fairdeal_audit::plot::draw_all(&report).unwrap();
    let names: Vec<&str> = pictures.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "sfc32-lock-positions.svg",
            "sfc32-lock-odds.svg",
            "sfc32-lock-rising.svg",
            "riffles-24.svg"
        ]
    );
    for picture in &pictures {
        assert!(
            picture.svg.starts_with("<svg") && picture.svg.trim_end().ends_with("</svg>"),
            "{}",
            picture.name
        );
    }
}

#[test]
fn a_run_stopped_before_its_first_deal_reports_none_and_draws() {
    for scheme in ["sfc32-lock", "hmac-blackjack"] {
        let plan = Plan::of(fairdeal::scheme(scheme).unwrap(), Shuffle::FisherYates).unwrap();
        let options = Options {
            deals: 100 * CHUNK,
            seed: 7,
            threads: 2,
        };
        let stopped = audit(&plan, &options, &AtomicBool::new(true), &|_| ()).unwrap();
        assert!(stopped.interrupted && stopped.deals == 0, "{scheme}");
        assert!(!stopped.flagged, "{scheme}: no deal flags nothing");
        assert!(
            stopped.text().contains("interrupted: 0 of 300000"),
            "{scheme}"
        );
        serde_json::to_string(&stopped).unwrap();
        fairdeal_audit::plot::draw_all(&stopped).unwrap();
    }
}
