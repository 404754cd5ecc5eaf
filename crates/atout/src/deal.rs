//! The three ways of dealing the shuffled deck (docs/schemes/atout-v1.md,
//! step 6: the deal).

use fairdeal_core::cards::Card;
use fairdeal_core::table::{Part, Role, Seat, TableView};
use serde::Serialize;

use crate::{Dealing, Variant};

/// Seats at a coinche or belote table.
const TABLE: u8 = 4;
/// Seats in duo.
const DUO: u8 = 2;

/// Cards a seat holds in coinche.
const COINCHE_HAND: usize = 8;

/// Belote's first round: one packet of 5 to each seat.
const FIRST_PACKET: usize = 5;
/// The retourne follows the first round.
const RETOURNE: usize = 20;
/// Belote's second round: the taker's packet, and everyone else's.
const TAKER_PACKET: usize = 2;
const OTHER_PACKET: usize = 3;

/// Duo deals packets of 4; the first four are face down, the rest face up.
const DUO_PACKET: usize = 4;
const HIDDEN_PACKETS: usize = 4;

/// The table after the deal, with the output names of docs/schemes/atout-v1.md
/// ("Output"): each variant serializes exactly its own fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Deal {
    /// Coinche: eight cards a seat.
    Coinche {
        /// Cards by seat, in received order.
        hands: [Vec<Card>; 4],
    },
    /// Belote with a taker: eight cards a seat, the taker's holding the
    /// retourne between its two packets.
    Belote {
        /// Cards by seat, in received order.
        hands: [Vec<Card>; 4],
        /// The retourne, position 20.
        upcard: Card,
    },
    /// Belote where every seat passed: the deal stops after the first round.
    BeloteAllPassed {
        /// Five cards a seat.
        hands: [Vec<Card>; 4],
        /// The retourne, position 20.
        upcard: Card,
        /// Positions 21 to 31, in order.
        undealt: Vec<Card>,
    },
    /// Duo: eight cards a seat, four face down and four face up.
    Duo {
        /// The face-down cards by seat, in received order.
        hidden: [Vec<Card>; 2],
        /// The face-up cards by seat, in received order.
        visible: [Vec<Card>; 2],
    },
}

impl Default for Deal {
    /// The table before a deal: four empty hands, which a first deal of any
    /// variant fills.
    fn default() -> Self {
        Self::Coinche {
            hands: Default::default(),
        }
    }
}

impl Deal {
    /// Deals `deck` from position 0 as `dealing` says.
    ///
    /// # Panics
    ///
    /// When `deck` holds fewer than 32 cards; callers pass the starting
    /// deck's worth.
    pub fn new(dealing: Dealing, deck: &[Card]) -> Self {
        Self::with_lists(dealing, deck, Lists::default())
    }

    /// Deals as [`Deal::new`] into `self`, reusing the lists of the deal it
    /// held: nothing is allocated once they have held a deal.
    pub fn refill(&mut self, dealing: Dealing, deck: &[Card]) {
        let old = std::mem::take(self);
        *self = Self::with_lists(dealing, deck, Lists::of(old));
    }

    /// Returns what a person sees of this deal, dealt as `dealing` says: the dealer and
    /// the taker marked, the hands by seat, then the rest in the order of
    /// the output (docs/schemes/atout-v1.md, "Output"). Duo has no hands:
    /// its face-down and face-up cards are each shown by seat.
    pub fn view(&self, dealing: Dealing) -> TableView {
        let (variant, dealer, taker) = match dealing {
            Dealing::Coinche => (Variant::Coinche, None, None),
            Dealing::Belote { dealer, taker } => (Variant::Belote, Some(dealer), taker),
            Dealing::Duo { dealer } => (Variant::Duo, Some(dealer), None),
        };
        let upcard = |card: &Card| Part::cards("up-card", std::slice::from_ref(card));
        let (hands, rest) = match self {
            Self::Coinche { hands } => (hands.to_vec(), Vec::new()),
            Self::Belote { hands, upcard: u } => (hands.to_vec(), vec![upcard(u)]),
            Self::BeloteAllPassed {
                hands,
                upcard: u,
                undealt,
            } => (
                hands.to_vec(),
                vec![upcard(u), Part::cards("undealt", undealt)],
            ),
            Self::Duo { hidden, visible } => (
                Vec::new(),
                vec![
                    Part::by_seat("hidden (face down)", hidden),
                    Part::by_seat("visible (face up)", visible),
                ],
            ),
        };
        let roles = [("dealer", dealer), ("taker", taker)]
            .into_iter()
            .filter_map(|(name, seat)| Some(Role::new(name, seat?)))
            .collect();
        TableView {
            seats: variant.seats(),
            roles,
            hands,
            rest,
        }
    }

    fn with_lists(dealing: Dealing, deck: &[Card], lists: Lists) -> Self {
        match dealing {
            Dealing::Coinche => coinche(deck, lists),
            Dealing::Belote { dealer, taker } => belote(dealer, taker, deck, lists),
            Dealing::Duo { dealer } => duo(dealer, deck, lists),
        }
    }
}

/// The lists of a deal, emptied, for the next deal to fill: four by seat
/// (duo's hidden and visible take two each) and one for the undealt cards.
#[derive(Default)]
struct Lists {
    by_seat: [Vec<Card>; 4],
    undealt: Vec<Card>,
}

impl Lists {
    fn of(deal: Deal) -> Self {
        let (mut by_seat, mut undealt) = match deal {
            Deal::Coinche { hands } | Deal::Belote { hands, .. } => (hands, Vec::new()),
            Deal::BeloteAllPassed { hands, undealt, .. } => (hands, undealt),
            Deal::Duo {
                hidden: [a, b],
                visible: [c, d],
            } => ([a, b, c, d], Vec::new()),
        };
        by_seat.iter_mut().for_each(Vec::clear);
        undealt.clear();
        Self { by_seat, undealt }
    }
}

/// Position p goes to seat p mod 4.
fn coinche(deck: &[Card], lists: Lists) -> Deal {
    let mut hands = lists.by_seat;
    // Gathered on the stack, then each hand copied in one go: a push a card
    // would store and reload every hand's length through memory.
    let mut gathered = [[Card::Joker; COINCHE_HAND]; TABLE as usize];
    for (p, &card) in deck[..COINCHE_HAND * usize::from(TABLE)].iter().enumerate() {
        gathered[p % usize::from(TABLE)][p / usize::from(TABLE)] = card;
    }
    for (hand, cards) in hands.iter_mut().zip(&gathered) {
        hand.extend_from_slice(cards);
    }
    Deal::Coinche { hands }
}

/// Two rounds of packets, each starting at the seat after the dealer.
// Decision (docs/schemes/atout-v1.md, step 6: the deal, "belote"): seats are
// numbered in the order of play, so the seat "on the dealer's right", who
// receives first, is dealer + 1.
fn belote(dealer: Seat, taker: Option<Seat>, deck: &[Card], lists: Lists) -> Deal {
    let (mut hands, mut undealt) = (lists.by_seat, lists.undealt);
    let round = (1..=usize::from(TABLE)).map(|k| dealer.after(k, TABLE));
    for (seat, packet) in round
        .clone()
        .zip(deck[..RETOURNE].chunks_exact(FIRST_PACKET))
    {
        hands[seat.index()].extend_from_slice(packet);
    }
    let upcard = deck[RETOURNE];
    let rest = &deck[RETOURNE + 1..];
    let Some(taker) = taker else {
        undealt.extend_from_slice(rest);
        return Deal::BeloteAllPassed {
            hands,
            upcard,
            undealt,
        };
    };
    hands[taker.index()].push(upcard);
    let mut at = 0;
    for seat in round {
        let size = if seat == taker {
            TAKER_PACKET
        } else {
            OTHER_PACKET
        };
        hands[seat.index()].extend_from_slice(&rest[at..at + size]);
        at += size;
    }
    Deal::Belote { hands, upcard }
}

/// Packets of 4, receiver then dealer; the first four face down.
fn duo(dealer: Seat, deck: &[Card], lists: Lists) -> Deal {
    let receiver = dealer.after(1, DUO);
    let [a, b, c, d] = lists.by_seat;
    let (mut hidden, mut visible) = ([a, b], [c, d]);
    for (n, packet) in deck.chunks_exact(DUO_PACKET).enumerate() {
        let seat = if n % 2 == 0 { receiver } else { dealer };
        let side = if n < HIDDEN_PACKETS {
            &mut hidden
        } else {
            &mut visible
        };
        side[seat.index()].extend_from_slice(packet);
    }
    Deal::Duo { hidden, visible }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::STARTING_DECK;
    use fairdeal_core::cards::codes;

    fn seat(n: u64) -> Seat {
        Seat::new("seat", n, 4, "").unwrap()
    }

    #[test]
    fn belote_taker_holds_five_then_the_retourne_then_two() {
        // The example of docs/schemes/atout-v1.md: dealer 3, taker 1, so seat 1
        // holds positions 5-9, 20, 24, 25 of the unshuffled deck.
        let Deal::Belote { hands, upcard } = Deal::new(
            Dealing::Belote {
                dealer: seat(3),
                taker: Some(seat(1)),
            },
            &STARTING_DECK,
        ) else {
            panic!("a belote deal with a taker");
        };
        assert_eq!(upcard.to_string(), "Jh");
        assert_eq!(codes(&hands[1]), "Qc Kc Ac 7d 8d Jh 7s 8s");
        assert_eq!(codes(&hands[0]), "7c 8c 9c Tc Jc Qh Kh Ah");
        assert_eq!(codes(&hands[3]), "Ad 7h 8h 9h Th Qs Ks As");
        assert!(hands.iter().all(|h| h.len() == 8));
    }

    #[test]
    fn duo_receiver_takes_the_first_packet() {
        let Deal::Duo { hidden, visible } =
            Deal::new(Dealing::Duo { dealer: seat(0) }, &STARTING_DECK)
        else {
            panic!("a duo deal");
        };
        assert_eq!(codes(&hidden[1]), "7c 8c 9c Tc 7d 8d 9d Td");
        assert_eq!(codes(&visible[0]), "Jh Qh Kh Ah Js Qs Ks As");
    }

    #[test]
    fn views_show_the_roles_and_name_the_rest_as_the_table_does() {
        let view = |dealing| Deal::new(dealing, &STARTING_DECK).view(dealing);
        let names = |v: &TableView| v.rest.iter().map(|p| p.name).collect::<Vec<_>>();
        let coinche = view(Dealing::Coinche);
        let roles = |v: &TableView| (v.role("dealer"), v.role("taker"));
        assert_eq!(roles(&coinche), (None, None));
        assert_eq!(coinche.seats, 4);
        assert_eq!(coinche.hands.len(), 4);
        assert!(coinche.rest.is_empty());
        let (dealer, taker) = (seat(3), Some(seat(1)));
        let belote = view(Dealing::Belote { dealer, taker });
        assert_eq!(roles(&belote), (Some(dealer), taker));
        assert_eq!(names(&belote), ["up-card"]);
        let passed = view(Dealing::Belote {
            dealer,
            taker: None,
        });
        assert_eq!(names(&passed), ["up-card", "undealt"]);
        assert!(passed.hands.iter().all(|h| h.len() == 5));
        let duo = view(Dealing::Duo { dealer: seat(0) });
        assert_eq!(duo.role("dealer"), Some(seat(0)));
        assert_eq!(duo.seats, 2, "duo seats two");
        assert!(duo.hands.is_empty(), "duo's cards are shown by side");
        assert_eq!(names(&duo), ["hidden (face down)", "visible (face up)"]);
    }
}
