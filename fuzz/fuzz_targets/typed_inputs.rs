//! The typed constructors and parsers each crate exports, fed arbitrary
//! strings and integers (`arbitrary`); every input they accept is then
//! traced through the typed path.
#![no_main]

use arbitrary::Arbitrary;
use fairdeal::core::cards::{Card, Deck, decks};
use fairdeal::core::input::text;
use fairdeal::core::table::Seat;
use fairdeal::core::{DealSchemeExt, Fingerprint};
use fairdeal::{atout, euchremaster, hmac_blackjack, sfc32_lock, showdown};
use libfuzzer_sys::fuzz_target;

/// One call of a constructor or parser.
#[derive(Arbitrary, Debug)]
enum Call {
    Euchremaster {
        seed: String,
        cut: String,
        dealer: u64,
        joker: bool,
    },
    Sfc32Lock {
        seed: String,
        nonce: String,
    },
    Sfc32Seed(String),
    Atout {
        secret: String,
        variant: String,
        numbers: Vec<String>,
        dealer: Option<u64>,
        taker: Option<u64>,
    },
    AtoutVariant(String),
    HmacBlackjack {
        server_seed: String,
        client_seed: String,
        nonce: u64,
    },
    /// A blackjack round replayed from a shoe of any cards (indices into
    /// the 52-card deck), with any letters.
    Replay {
        actions: String,
        shoe: Vec<u8>,
    },
    ShowdownPattern(String),
    /// The game seed, its set-up and its stream.
    ShowdownSeed {
        house_seed: String,
        phrase: String,
        hand: u8,
    },
    Card(String),
    Fingerprint(String),
    Seat {
        n: u64,
        seats: u8,
    },
    /// A deck of any card codes against a starting deck.
    Deck {
        euchre: bool,
        cards: Vec<String>,
    },
    Text {
        text: String,
        min: u16,
        max: u16,
        digits: u8,
    },
}

fuzz_target!(|call: Call| {
    match call {
        Call::Euchremaster {
            seed,
            cut,
            dealer,
            joker,
        } => {
            if let Ok(input) = euchremaster::Input::new(&seed, &cut, dealer, joker) {
                euchremaster::EuchreMaster::trace(&input).expect("an accepted input deals");
            }
        }
        Call::Sfc32Lock { seed, nonce } => {
            if let Ok(input) = sfc32_lock::Input::new(&seed, &nonce) {
                sfc32_lock::Sfc32Lock::trace(&input).expect("an accepted input deals");
            }
        }
        Call::Sfc32Seed(seed) => {
            if let Ok(mut generator) = sfc32_lock::Sfc32::from_seed(&seed) {
                generator.discard(sfc32_lock::DISCARD);
                generator.next_u32();
            }
        }
        Call::Atout {
            secret,
            variant,
            numbers,
            dealer,
            taker,
        } => {
            let numbers: Vec<&str> = numbers.iter().map(String::as_str).collect();
            if let Ok(input) = atout::Input::new(&secret, &variant, &numbers, dealer, taker) {
                atout::AtoutV1::trace(&input).expect("an accepted input deals");
                let _ = atout::key_digits(&input);
            }
        }
        Call::AtoutVariant(name) => {
            if let Ok(variant) = atout::Variant::parse(&name) {
                assert_eq!(variant.to_string(), name);
            }
        }
        Call::HmacBlackjack {
            server_seed,
            client_seed,
            nonce,
        } => {
            if let Ok(input) = hmac_blackjack::Input::new(&server_seed, &client_seed, nonce) {
                hmac_blackjack::HmacBlackjack::trace(&input).expect("an accepted input deals");
            }
        }
        Call::Replay { actions, shoe } => {
            if let Ok(actions) = hmac_blackjack::Actions::parse(&actions) {
                let shoe: Vec<Card> = shoe
                    .iter()
                    .map(|&i| decks::STANDARD[usize::from(i) % decks::STANDARD.len()])
                    .collect();
                let _ = hmac_blackjack::replay(&actions, &shoe);
            }
        }
        Call::ShowdownPattern(text) => {
            if let Ok(pattern) = showdown::Pattern::parse("pattern", &text) {
                assert_eq!(pattern.to_string(), text);
            }
        }
        Call::ShowdownSeed {
            house_seed,
            phrase,
            hand,
        } => {
            let seed = showdown::GameSeed::new(&house_seed, &phrase);
            let setup = showdown::Setup::draw(&seed);
            let dealer = setup.dealer(usize::from(hand % 64) + 1);
            let _ = setup.drawn_pattern(dealer);
            let _ = seed.stream(u64::from(hand)).next();
        }
        Call::Card(code) => {
            if let Ok(card) = code.parse::<Card>() {
                assert_eq!(card.to_string(), code);
            }
        }
        Call::Fingerprint(hex) => {
            if let Ok(fingerprint) = Fingerprint::parse("fingerprint", &hex) {
                assert!(fingerprint.to_string().eq_ignore_ascii_case(&hex));
            }
        }
        Call::Seat { n, seats } => {
            if let Ok(seat) = Seat::new("dealer", n, seats, "a seat") {
                assert!(seat.index() < usize::from(seats));
                let _ = seat.after(usize::from(seats), seats);
            }
        }
        Call::Deck { euchre, cards } => {
            let start: &[Card] = if euchre {
                &decks::EUCHRE
            } else {
                &decks::STANDARD
            };
            let cards: Result<Vec<Card>, _> = cards.iter().map(|c| c.parse::<Card>()).collect();
            if let Ok(cards) = cards {
                if let Ok(deck) = Deck::from_cards(start, &cards) {
                    assert_eq!(deck.cards(), cards);
                }
            }
        }
        Call::Text {
            text: t,
            min,
            max,
            digits,
        } => {
            let _ = text::printable_ascii("cut", &t, min.into(), max.into(), "text");
            let _ = text::without("cut", &t, '|', "no '|'");
            let _ = text::hex_digits("seed", &t, digits.into(), "hex");
        }
    }
});
