//! `fairdeal verify SCHEME`: a receipt checked by the facade's verdict
//! (fairdeal::verdict), said plainly: VERIFIED only of a matched
//! fingerprint, with the inputs it does not cover named; NOT VERIFIED with
//! the slips that would explain it, and no deal shown.

use fairdeal::DynScheme;
use fairdeal::core::TracedView;
use fairdeal::core::table::{Seat, TableView};
use fairdeal::receipt::forms::FINGERPRINT_ASK;
use fairdeal::render::{self, Reader, Style};
use fairdeal::verdict::{Claim, Failure, NotVerified, Verdict, Verified, verify};
use serde_json::{Map, Value, json};

use crate::args::{ReceiptArgs, SchemeCall};
use crate::error::{CliError, Outcome};
use crate::input::{Gathered, gather, gather_read, hint, read_any};
use crate::output::{print, print_json};

pub fn run(call: &SchemeCall<true>, style: Style) -> Result<Outcome, CliError> {
    show(call.scheme, gather(call)?, call.json, style)
}

/// `fairdeal verify --input FILE`: a receipt in any form, of the scheme (or
/// game) its fields fit, with the flags given over it.
pub fn run_read(args: &ReceiptArgs, style: Style) -> Result<Outcome, CliError> {
    let Some(path) = &args.input else {
        return Err(CliError::Usage(
            "verify needs a scheme (fairdeal verify SCHEME ...), --input FILE or --batch FILE.jsonl"
                .to_owned(),
        ));
    };
    let read = read_any(path)?;
    let gathered = gather_read(&read, args)?;
    let Some(game) = read.game else {
        return show(read.scheme, gathered, args.json, style);
    };
    if gathered.hand.is_some() || gathered.seat.is_some() {
        return Err(CliError::Usage(format!(
            "the receipt is a {} game's: it has no hand or seat to check",
            game.name
        )));
    }
    if gathered.fingerprint.is_none() {
        let e = fairdeal::Error::new(
            "fingerprint",
            fairdeal::ErrorKind::Missing {
                expected: "the fingerprint shown before play: 64 hexadecimal digits",
            },
        );
        return Err(missing_fingerprint(read.scheme, e));
    }
    super::game::show(
        read.scheme,
        game,
        &gathered.input,
        gathered.fingerprint,
        args.json,
    )
}

/// Shows the verdict on a receipt's gathered parts.
fn show(
    scheme: &'static dyn DynScheme,
    gathered: Gathered,
    json: bool,
    style: Style,
) -> Result<Outcome, CliError> {
    let input = &gathered.input;
    let claim = Claim {
        fingerprint: gathered.fingerprint.as_deref(),
        hand: gathered.hand.as_ref(),
        seat: gathered.seat.as_ref(),
    };
    let verdict = verify(scheme, input, &claim).map_err(|e| match e.field() {
        "fingerprint" => missing_fingerprint(scheme, e),
        _ => hint(scheme, e),
    })?;
    match verdict {
        Verdict::Verified(v) => {
            // What the verdict dealt is what is shown: nothing is dealt again.
            let computed = v
                .computed
                .as_ref()
                .ok_or_else(|| CliError::Usage("a verified deal without its trace".to_owned()))?;
            if json {
                let mut out = verified_json(&v, computed.trace_json());
                if let (Some(next), Some(o)) = (&gathered.next_fingerprint, out.as_object_mut()) {
                    o.insert(
                        "next_fingerprint".to_owned(),
                        serde_json::json!({ "value": next, "checked": false }),
                    );
                }
                print_json(&out)?;
            } else {
                let reader = Reader { seat: v.seat };
                let next = gathered
                    .next_fingerprint
                    .as_ref()
                    .map_or(String::new(), |n| {
                        format!(
                            "The next period's fingerprint ({n}) is not checked by one receipt: \
                         `fairdeal history` checks it against the seed the next period reveals.\n"
                        )
                    });
                print(&format!(
                    "{}{next}\n{}",
                    said(scheme, &v, &computed.view, style),
                    render::trace(scheme, &computed.view, style, reader)
                ))?;
            }
            Ok(Outcome::Ok)
        }
        Verdict::NotVerified(n) => {
            let printed = if json {
                print_json(&not_verified_json(&n))
            } else {
                print(&failed(scheme, &n, style))
            };
            Outcome::Failed.after(printed)
        }
    }
}

/// A missing fingerprint, with where to give it and where the player saw
/// it (the scheme's `INFO.forms.seen`).
fn missing_fingerprint(scheme: &dyn DynScheme, e: fairdeal::Error) -> CliError {
    match e.kind() {
        fairdeal::ErrorKind::Missing { .. } => CliError::Usage(format!(
            "{e} (give --fingerprint HEX, or \"fingerprint\" in the --input file; \
             `fairdeal deal` shows a deal without checking it)\n\
             Give {FINGERPRINT_ASK}: you saw it {}.",
            scheme.info().forms.seen
        )),
        _ => CliError::Input(e),
    }
}

/// Returns what a verified receipt says before its table.
fn said(scheme: &dyn DynScheme, v: &Verified, view: &TracedView, style: Style) -> String {
    let covered: Vec<String> = v
        .covered
        .iter()
        .map(|(name, _)| name.replace('_', " "))
        .collect();
    let mut out = format!("VERIFIED: the fingerprint matches {}.\n", v.commitment);
    out.push_str(&wrap(&format!(
        "The revealed {} {} the one{} committed to before play.",
        covered.join(" and "),
        if covered.len() > 1 { "are" } else { "is" },
        if covered.len() > 1 { "s" } else { "" },
    )));
    if !v.not_covered.is_empty() {
        let inputs: Vec<String> = v
            .not_covered
            .iter()
            .map(|(name, value)| format!("{name} {}", render::value(value)))
            .collect();
        out.push_str(&wrap(&format!(
            "Not covered by the fingerprint: {}. The cards below follow from these inputs; only you can vouch for them.",
            inputs.join(", ")
        )));
    }
    for check in &v.checks {
        out.push_str(&format!(
            "Also checked: {} is {}, as drawn.\n",
            check.what, check.expected
        ));
    }
    for hand in &v.hands {
        let whose = whose(scheme, table(view, hand.deal), hand.seat);
        let of = if v.hands.len() > 1 || hand.deal > 1 {
            format!(" of hand {}", hand.deal)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "Your cards{of}{whose} are the ones you recorded: {}.\n",
            cards(&hand.dealt, style)
        ));
    }
    out
}

/// Returns `text` wrapped between words to lines of at most 100 columns.
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 100 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        } else if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Returns a hand sorted for reading.
fn cards(cards: &[fairdeal::core::cards::Card], style: Style) -> String {
    render::hand(cards, style).join(" ")
}

/// Returns whose cards they are, when the seat is not simply "you":
/// ` (seat 2)`, as `table` names its seats.
fn whose(scheme: &dyn DynScheme, table: Option<&TableView>, seat: Option<Seat>) -> String {
    match (table, seat) {
        (Some(t), Some(s)) if render::named(scheme, t, s) != Some("you") => {
            format!(" ({})", render::seat_name(scheme, t, s))
        }
        _ => String::new(),
    }
}

/// Returns the table of deal `deal` (from 1) of `view`.
fn table(view: &TracedView, deal: usize) -> Option<&TableView> {
    view.deals.get(deal.checked_sub(1)?).map(|(t, _)| t)
}

/// Returns what a receipt that is not verified says: the check that
/// failed, the slips that explain it, and that no deal is shown.
fn failed(scheme: &dyn DynScheme, n: &NotVerified, style: Style) -> String {
    let mut out = match &n.failure {
        Failure::Fingerprint {
            commitment,
            given,
            computed,
        } => {
            // The two values line up under each other, however long the
            // commitment's name.
            let width = commitment.len().max(18);
            format!(
                "NOT VERIFIED: the fingerprint does not match {commitment}.\n\
                 \x20 {:<width$}  {given}\n\
                 \x20 {commitment:<width$}  {computed}\n",
                "fingerprint given"
            )
        }
        Failure::Record(check) => format!(
            "NOT VERIFIED: {} does not match.\n\
             \x20 given               {}\n\
             \x20 drawn by the method {}\n",
            check.what, check.given, check.expected
        ),
        Failure::Hand {
            deal,
            seat,
            dealt,
            recorded,
            dealt_differs,
            recorded_differs,
        } => {
            let view = n.computed.as_ref().map(|c| &c.view);
            let whose = whose(scheme, view.and_then(|v| table(v, *deal)), *seat);
            let of = if *deal > 1 {
                format!(" in hand {deal}")
            } else {
                String::new()
            };
            let (dealt, recorded) =
                render::compared(dealt, dealt_differs, recorded, recorded_differs);
            format!(
                "NOT VERIFIED: these inputs deal you{whose}{of} {}; you recorded {}.\n{}",
                render::marked(&dealt, style),
                render::marked(&recorded, style),
                differing(&dealt, &recorded, style),
            )
        }
    };
    for hint in &n.hints {
        out.push_str(&format!("Hint: {hint}.\n"));
    }
    out.push_str(match n.failure {
        Failure::Fingerprint { .. } => {
            "The deal is not shown: inputs that do not match what was committed prove nothing about the game.\n"
        }
        Failure::Record(_) => {
            "The fingerprint matches, so the difference is in the inputs it does not cover, or in the record.\n\
             The deal is not shown: a record that is not what these inputs draw proves nothing about the game.\n"
        }
        Failure::Hand { .. } => {
            "The fingerprint matches, so the difference is in the inputs it does not cover, or in the cards recorded.\n"
        }
    });
    out
}

/// Returns what a person reads of the cards that differ, `dealt` and
/// `recorded` as [`render::compared`] puts them side by side: the one that
/// differs named, else how many.
fn differing(dealt: &[render::Marked], recorded: &[render::Marked], style: Style) -> String {
    let differ = |cards: &[render::Marked]| -> Vec<String> {
        cards
            .iter()
            .filter(|&&(_, differs)| differs)
            .map(|&(card, _)| render::card(card, style))
            .collect()
    };
    match (differ(dealt).as_slice(), differ(recorded).as_slice()) {
        ([one], [other]) => format!(
            "One card differs, in brackets: these inputs deal you {one} where you recorded {other}.\n"
        ),
        (some, _) if some.len() == dealt.len() => {
            format!("None of the {} cards is one you recorded.\n", dealt.len())
        }
        (some, _) => format!(
            "{} of the {} cards differ, in brackets.\n",
            some.len(),
            dealt.len()
        ),
    }
}

/// The JSON of a verified receipt: the verdict, then every stage.
fn verified_json(v: &Verified, trace: Value) -> Value {
    let mut checks = vec![json!({
        "what": "fingerprint", "ok": true, "expected": v.fingerprint, "given": v.fingerprint,
    })];
    checks.extend(v.checks.iter().map(|c| json!(c)));
    let mut out = Map::new();
    out.insert("verified".to_owned(), json!(true));
    out.insert("fingerprint_given".to_owned(), json!(v.fingerprint));
    out.insert("checks".to_owned(), json!(checks));
    out.insert("covered".to_owned(), fields(&v.covered));
    out.insert("not_covered".to_owned(), fields(&v.not_covered));
    out.insert("your_hands".to_owned(), json!(v.hands));
    if let Value::Object(trace) = trace {
        out.extend(trace);
    }
    Value::Object(out)
}

/// The JSON of a receipt that is not verified: no stage is given.
fn not_verified_json(n: &NotVerified) -> Value {
    let mut out = json!({ "verified": false, "failure": n.failure, "hints": n.hints });
    if let Failure::Fingerprint {
        given, computed, ..
    } = &n.failure
    {
        out["fingerprint_given"] = json!(given);
        out["fingerprint"] = json!(computed);
    }
    out
}

fn fields(fields: &[(&str, Value)]) -> Value {
    Value::Object(
        fields
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect(),
    )
}
