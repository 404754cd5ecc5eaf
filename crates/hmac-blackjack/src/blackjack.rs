//! The blackjack replay: the round dealt from the top of the shoe and played
//! with the player's actions (docs/schemes/hmac-blackjack.md, step 5:
//! blackjack replay).
//!
//! Decision (the same step): the site's page leaves the rules to the game;
//! these are the rules docs/schemes/hmac-blackjack.md states. Dealer
//! stands on all 17s; blackjack pays 3:2; a hand that reaches 21 stands by
//! itself; double on any first two cards, also after a split; one split, of
//! two cards of the same value; split aces take one card each; the dealer
//! checks for blackjack under an ace or a ten-valued up-card.

use fairdeal_core::cards::{Card, codes};
use fairdeal_core::{Error, ErrorKind};
use serde::Serialize;

use crate::actions::{ACTIONS, Action, Actions, Decisions};
use crate::hand::{
    DEALER_STANDS_ON, Net, Outcome, TWENTY_ONE, Total, is_ace, is_ten_valued, is_two_card_21, value,
};

/// A player hand after the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerHand {
    /// The cards, in the order received.
    pub cards: Vec<Card>,
    /// The total (over 21 for a bust).
    pub total: u8,
    /// Whether an ace counts 11 in the total.
    pub soft: bool,
    /// The bet, in initial bets: 1, or 2 when doubled.
    pub bet: u8,
    /// Whether the hand was doubled.
    pub doubled: bool,
    /// Whether the hand went over 21.
    pub bust: bool,
    /// How it settled.
    pub outcome: Outcome,
    /// What it won or lost, in initial bets.
    pub net: Net,
}

/// The dealer's hand after the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealerHand {
    /// The up-card, the hole card, then every card drawn.
    pub cards: Vec<Card>,
    /// The total.
    pub total: u8,
    /// Whether the dealer went over 21.
    pub bust: bool,
    /// Whether the dealer had blackjack (which ended the round at the deal).
    pub blackjack: bool,
}

/// A replayed round: every player hand in play order, the dealer's hand and
/// the round's net win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// The player's hands (two after a split), in play order.
    pub hands: Vec<PlayerHand>,
    /// The dealer's hand.
    pub dealer: DealerHand,
    /// The sum of the hands' nets, in initial bets.
    pub net: Net,
}

/// Replays one round dealt from the top of `shoe` (the shoe of step 4, in
/// deal order), played with `actions`.
///
/// # Errors
///
/// [`ErrorKind::Value`] naming `actions[i]` for an action the rules forbid
/// at that point or one left over after the round ended, or `actions` when
/// the round needs more; [`ErrorKind::Count`] (field `deck`) when `shoe`
/// ends before the round does, which a shoe of 416 cards never does.
pub fn replay(actions: &Actions, shoe: &[Card]) -> Result<Round, Error> {
    let mut top = Top { shoe, next: 0 };
    // Player, dealer up-card, player, dealer hole card.
    let first = top.card()?;
    let up = top.card()?;
    let second = top.card()?;
    let hole = top.card()?;
    let mut hands = vec![Playing::new(vec![first, second])];
    let mut dealer = vec![up, hole];
    let mut decisions = Decisions::new(actions);

    let dealer_checks = is_ace(up) || is_ten_valued(up);
    let dealer_blackjack = dealer_checks && is_two_card_21(&dealer);
    let player_blackjack = is_two_card_21(&hands[0].cards);
    if dealer_blackjack || player_blackjack {
        decisions.finish(if dealer_blackjack {
            "at the deal: the dealer has blackjack"
        } else {
            "at the deal: the player's blackjack is paid 3:2"
        })?;
        let (outcome, net) = match (dealer_blackjack, player_blackjack) {
            (true, true) => (Outcome::Push, Net::bets(0)),
            (true, false) => (Outcome::Lose, Net::bets(-1)),
            (false, _) => (Outcome::Blackjack, Net::blackjack()),
        };
        let hand = hands[0].settled(outcome, net);
        return Ok(Round {
            net,
            hands: vec![hand],
            dealer: dealer_hand(dealer, dealer_blackjack),
        });
    }

    play(&mut hands, &mut top, &mut decisions)?;
    decisions.finish("after every hand was played")?;

    if hands.iter().any(|h| !h.total().is_bust()) {
        while Total::of(&dealer).total < DEALER_STANDS_ON {
            dealer.push(top.card()?);
        }
    }
    let dealer_total = Total::of(&dealer);
    let hands: Vec<PlayerHand> = hands.iter().map(|h| h.settle(dealer_total)).collect();
    Ok(Round {
        net: hands.iter().map(|h| h.net).sum(),
        hands,
        dealer: dealer_hand(dealer, false),
    })
}

/// Plays every hand in turn, asking `decisions` for each decision.
fn play(
    hands: &mut Vec<Playing>,
    top: &mut Top<'_>,
    decisions: &mut Decisions<'_>,
) -> Result<(), Error> {
    let mut split_aces = false;
    let mut h = 0;
    while h < hands.len() {
        // A split hand takes its second card when its turn comes.
        if hands[h].cards.len() == 1 {
            let card = top.card()?;
            hands[h].cards.push(card);
        }
        // Split aces stand on their one card; 21 stands by itself.
        while !split_aces && hands[h].total().total < TWENTY_ONE {
            let choices = Choices::at(hands, h);
            let (at, action) = decisions.next(|| asking(hands, h))?;
            match action {
                Action::Hit => hands[h].cards.push(top.card()?),
                Action::Stand => break,
                Action::Double if choices.double => {
                    hands[h].doubled = true;
                    hands[h].cards.push(top.card()?);
                    break;
                }
                Action::Split if choices.split => {
                    // OK because a split is a choice only on two cards.
                    let card = hands[h].cards[1];
                    hands[h].cards.truncate(1);
                    hands.push(Playing::new(vec![card]));
                    split_aces = is_ace(card);
                    hands[h].cards.push(top.card()?);
                }
                Action::Double | Action::Split => return Err(forbidden(at, action, hands, h)),
            }
        }
        h += 1;
    }
    Ok(())
}

/// The cards of the round, from the top of the shoe.
struct Top<'a> {
    shoe: &'a [Card],
    next: usize,
}

impl Top<'_> {
    fn card(&mut self) -> Result<Card, Error> {
        let card = self.shoe.get(self.next).copied().ok_or_else(|| {
            Error::new(
                "deck",
                ErrorKind::Count {
                    got: self.shoe.len(),
                    expected: "a shoe with a card for every card the round deals".to_owned(),
                },
            )
        })?;
        self.next += 1;
        Ok(card)
    }
}

/// A player hand in play.
struct Playing {
    cards: Vec<Card>,
    doubled: bool,
}

impl Playing {
    fn new(cards: Vec<Card>) -> Self {
        Self {
            cards,
            doubled: false,
        }
    }

    fn total(&self) -> Total {
        Total::of(&self.cards)
    }

    fn bet(&self) -> u8 {
        if self.doubled { 2 } else { 1 }
    }

    /// Settles against the dealer's final total: a bust loses, then a dealer
    /// bust wins, then the higher total wins and equal totals push.
    fn settle(&self, dealer: Total) -> PlayerHand {
        let total = self.total();
        let outcome = if total.is_bust() {
            Outcome::Lose
        } else if dealer.is_bust() || total.total > dealer.total {
            Outcome::Win
        } else if total.total == dealer.total {
            Outcome::Push
        } else {
            Outcome::Lose
        };
        let bet = i32::from(self.bet());
        let net = match outcome {
            Outcome::Win => Net::bets(bet),
            Outcome::Lose => Net::bets(-bet),
            Outcome::Push | Outcome::Blackjack => Net::bets(0),
        };
        self.settled(outcome, net)
    }

    fn settled(&self, outcome: Outcome, net: Net) -> PlayerHand {
        let total = self.total();
        PlayerHand {
            cards: self.cards.clone(),
            total: total.total,
            soft: total.soft,
            bet: self.bet(),
            doubled: self.doubled,
            bust: total.is_bust(),
            outcome,
            net,
        }
    }

    fn describe(&self, h: usize) -> String {
        let total = self.total();
        let soft = if total.soft { "soft " } else { "" };
        format!(
            "hand {} ({}, {soft}{})",
            h + 1,
            codes(&self.cards),
            total.total
        )
    }
}

fn dealer_hand(cards: Vec<Card>, blackjack: bool) -> DealerHand {
    let total = Total::of(&cards);
    DealerHand {
        cards,
        total: total.total,
        bust: total.is_bust(),
        blackjack,
    }
}

/// What a decision may be besides `H` and `S`.
struct Choices {
    /// `D`: on a hand's first two cards, also after a split.
    double: bool,
    /// `P`: on the round's first two cards, of the same value, once.
    split: bool,
}

impl Choices {
    /// Returns the choices for hand `h`.
    fn at(hands: &[Playing], h: usize) -> Self {
        let cards = &hands[h].cards;
        Self {
            double: cards.len() == 2,
            split: hands.len() == 1 && cards.len() == 2 && value(cards[0]) == value(cards[1]),
        }
    }

    /// Returns the letters allowed.
    fn letters(&self) -> &'static str {
        match (self.double, self.split) {
            (true, true) => "H, S, D or P",
            (true, false) => "H, S or D",
            _ => "H or S",
        }
    }
}

/// What the round still needs, when the actions end too soon.
fn asking(hands: &[Playing], h: usize) -> String {
    format!(
        "an action for {}: {}; the round is not over",
        hands[h].describe(h),
        Choices::at(hands, h).letters()
    )
}

/// The refusal of a `D` or `P` the rules forbid for hand `h`.
fn forbidden(at: usize, action: Action, hands: &[Playing], h: usize) -> Error {
    let cards = &hands[h].cards;
    let why = match action {
        Action::Double => "a double takes the hand's first two cards only".to_owned(),
        _ if hands.len() > 1 => "the round was split once already; one split per round".to_owned(),
        _ if cards.len() != 2 => {
            "a split takes the round's first two cards only, before any other action".to_owned()
        }
        // OK because the arm before took every hand of other than two cards.
        _ => format!(
            "a split takes two cards of the same value; {} and {} are not",
            cards[0], cards[1]
        ),
    };
    Error::new(
        format!("{ACTIONS}[{at}]"),
        ErrorKind::Value {
            got: action.letter().to_string(),
            expected: format!(
                "{} for {} ({why})",
                Choices::at(hands, h).letters(),
                hands[h].describe(h)
            ),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(codes: &str, actions: &str) -> Result<Round, Error> {
        let shoe: Vec<Card> = codes.split(' ').map(|c| c.parse().unwrap()).collect();
        replay(&Actions::parse(actions).unwrap(), &shoe)
    }

    #[test]
    fn a_short_shoe_is_refused_not_a_panic() {
        let e = round("Kc 6s 7d", "S").unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("deck", "length"));
    }

    #[test]
    fn dealer_blackjack_under_an_ace_ends_the_round() {
        let r = round("Kc As 9d Jh", "").unwrap();
        assert_eq!(
            (r.hands[0].outcome, r.net.to_string()),
            (Outcome::Lose, "-1".into())
        );
        assert!(r.dealer.blackjack);
        let e = round("Kc As 9d Jh", "S").unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("actions[0]", "value"));
        let r = round("Ac Ks Jd Ah", "").unwrap();
        assert_eq!(
            (r.hands[0].outcome, r.net.to_string()),
            (Outcome::Push, "0".into())
        );
    }

    #[test]
    fn player_blackjack_is_paid_3_to_2() {
        let r = round("Ac 9s Jd 9h", "").unwrap();
        assert_eq!(
            (r.hands[0].outcome, r.net.to_string()),
            (Outcome::Blackjack, "1.5".into())
        );
        assert_eq!(codes(&r.dealer.cards), "9s 9h");
    }

    #[test]
    fn split_then_double_then_dealer_draws() {
        // Hand 1: 8c 3d, doubled to 8c 3d Th (21); hand 2: 8h Kd (18) stands.
        // Dealer 6s 5c draws 7d: 18.
        let r = round("8c 6s 8h 5c 3d Th Kd 7d", "PDS").unwrap();
        assert_eq!(codes(&r.hands[0].cards), "8c 3d Th");
        assert_eq!((r.hands[0].bet, r.hands[0].outcome), (2, Outcome::Win));
        assert_eq!((r.hands[1].total, r.hands[1].outcome), (18, Outcome::Push));
        assert_eq!(
            (codes(&r.dealer.cards).as_str(), r.dealer.total),
            ("6s 5c 7d", 18)
        );
        assert_eq!(r.net.to_string(), "2");
    }

    #[test]
    fn split_aces_take_one_card_each_and_21_is_not_blackjack() {
        // After the P the round needs no action: the dealer's 6s Tc draws Ts.
        let r = round("Ac 6s Ad Tc Kh 9c Ts", "P").unwrap();
        assert_eq!(codes(&r.hands[0].cards), "Ac Kh");
        assert_eq!((r.hands[0].total, r.hands[0].outcome), (21, Outcome::Win));
        assert_eq!((r.hands[1].total, r.dealer.total), (20, 26));
        assert_eq!(r.net.to_string(), "2");
        let e = round("Ac 6s Ad Tc Kh 9c Ts", "PH").unwrap_err();
        assert_eq!(e.field(), "actions[1]");
    }

    #[test]
    fn illegal_actions_name_their_position() {
        let err = |codes: &str, actions: &str| {
            let e = round(codes, actions).unwrap_err();
            (e.field().to_owned(), e.to_string())
        };
        let (field, message) = err("Kc 6s 7d 5c 2h", "P");
        assert_eq!(field, "actions[0]");
        assert!(message.contains("Kc and 7d are not"), "{message}");
        let (field, message) = err("Kc 6s 2d 5c 2h 3c", "HD");
        assert_eq!(field, "actions[1]");
        assert!(message.contains("first two cards only"), "{message}");
        let (field, _) = err("8c 6s 8h 5c 8d 8s", "PP");
        assert_eq!(field, "actions[1]");
        let (field, message) = err("Kc 6s 7d 5c 2h", "H");
        assert_eq!(field, "actions");
        assert!(
            message.contains("an action for hand 1 (Kc 7d 2h, 19): H or S"),
            "{message}"
        );
        let (field, _) = err("Kc 6s 7d 5c Th", "SS");
        assert_eq!(field, "actions[1]");
    }

    #[test]
    fn the_dealer_does_not_draw_when_every_hand_is_bust() {
        let r = round("Kc 6s 7d 5c Th", "H").unwrap();
        assert!(r.hands[0].bust);
        assert_eq!(codes(&r.dealer.cards), "6s 5c");
        assert_eq!(r.net.to_string(), "-1");
    }
}
