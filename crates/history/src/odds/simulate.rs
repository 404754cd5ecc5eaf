//! Histories dealt by a uniform shuffle, for the tests: a small seeded
//! generator (SplitMix64, Steele, Lea and Flood 2014) and Fisher-Yates.
//! The odds are tested on them as a fair site would deal them, and as a
//! site that drops deals it dislikes would.

use fairdeal::core::cards::Card;

/// SplitMix64.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Returns the generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// Returns the next 64 bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Returns a number below `n`: the high half of a 128-bit product,
    /// biased by at most n / 2^64, far below anything a test can see.
    pub fn below(&mut self, n: usize) -> usize {
        let n = u64::try_from(n).unwrap_or(u64::MAX);
        let high = (u128::from(self.next()) * u128::from(n)) >> 64;
        usize::try_from(high).unwrap_or(0)
    }

    /// Returns true with chance 1/2.
    pub fn coin(&mut self) -> bool {
        self.next() >> 63 == 1
    }
}

/// Returns `deck` uniformly shuffled (Fisher-Yates).
pub fn deal(rng: &mut Rng, deck: &[Card]) -> Vec<Card> {
    let mut cards = deck.to_vec();
    for i in (1..cards.len()).rev() {
        let j = rng.below(i + 1);
        cards.swap(i, j);
    }
    cards
}

/// Returns every set of `k` of `n` positions (n < 64) as a bit mask, in
/// increasing order (Gosper's hack): every hand of a deck, once.
pub fn subsets(n: u32, k: u32) -> impl Iterator<Item = u64> {
    let first = if k == 0 { 0 } else { u64::MAX >> (64 - k) };
    let end = 1u64 << n;
    std::iter::successors((k <= n).then_some(first), move |&x| {
        if x == 0 {
            return None;
        }
        let c = x & x.wrapping_neg();
        let r = x + c;
        let next = (((r ^ x) >> 2) / c) | r;
        (next < end).then_some(next)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_every_hand_once() {
        assert_eq!(subsets(24, 5).count(), 42_504);
        assert!(subsets(24, 5).all(|m| m.count_ones() == 5 && m < 1 << 24));
        assert_eq!(subsets(5, 0).collect::<Vec<_>>(), [0]);
        assert_eq!(subsets(3, 3).collect::<Vec<_>>(), [7]);
        assert_eq!(subsets(3, 4).count(), 0);
        let all: Vec<u64> = subsets(6, 3).collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]) && all.len() == 20);
    }

    #[test]
    fn every_position_is_as_likely_for_every_card() {
        let deck: Vec<Card> = fairdeal::core::cards::decks::EUCHRE[..4].to_vec();
        let mut rng = Rng::new(1);
        let mut counts = [[0u32; 4]; 4];
        for _ in 0..24_000 {
            for (at, card) in deal(&mut rng, &deck).into_iter().enumerate() {
                let from = deck.iter().position(|&c| c == card).unwrap();
                counts[from][at] += 1;
            }
        }
        // 6000 each, sd 67.
        assert!(
            counts.iter().flatten().all(|&n| (5700..6300).contains(&n)),
            "{counts:?}"
        );
    }
}
