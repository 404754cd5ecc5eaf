use fairdeal::render;
use fairdeal_conformance::Kind;

use crate::util::{scheme_of, vector_files};

/// Every trace case as the CLI's table, so a change in a deal or in its
/// rendering shows up as a readable diff.
#[test]
fn every_trace_case_rendered() {
    let mut seen = 0;
    for (_, _, file) in vector_files() {
        let scheme = scheme_of(&file);
        for (kind, case) in file.cases().filter(|(k, _)| *k == Kind::Trace) {
            let view = scheme.view(&case.input).unwrap();
            let name = format!("{}__{}", file.scheme, case.id);
            insta::with_settings!({ description => case.comment.as_str(), omit_expression => true }, {
                insta::assert_snapshot!(name, render::trace(scheme, &view, render::Style::SYMBOLS, reader(scheme)));
            });
            assert_eq!(kind, Kind::Trace);
            seen += 1;
        }
    }
    assert!(seen > 0);
}

/// Every game case that has a result, as the table `fairdeal play` and
/// `fairdeal roll` print.
#[test]
fn every_game_case_rendered() {
    for (_, _, file) in vector_files() {
        let scheme = scheme_of(&file);
        for (_, case) in file
            .cases()
            .filter(|(k, c)| *k == Kind::Game && c.expected.is_some())
        {
            let name = case.game.as_deref().unwrap_or_default();
            let game = scheme.info().games.iter().find(|g| g.name == name).unwrap();
            let output = (game.run)(&case.input, case.randoms.as_ref()).unwrap();
            let name = format!("{}__{}", file.scheme, case.id);
            insta::with_settings!({ description => case.comment.as_str(), omit_expression => true }, {
                insta::assert_snapshot!(name, render::game(&(game.shown)(&output)));
            });
        }
    }
}

/// The player's seat, marked `(you)` where the seats are only numbered.
fn reader(scheme: &dyn fairdeal::DynScheme) -> render::Reader {
    match scheme.info().player {
        fairdeal::core::info::Player::Seat { default, .. } => render::Reader {
            seat: fairdeal::core::table::Seat::new("seat", default.into(), 4, "").ok(),
        },
        fairdeal::core::info::Player::Positions(_) => render::Reader::default(),
    }
}
