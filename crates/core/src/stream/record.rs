//! The recorder that keeps the numbers a shuffle consumed, and the decimal
//! counters the hashed streams write ([`crate::hash::Counter`]).

/// Writes `n` in decimal (no sign, no leading zeros) into `buf`.
pub fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        // OK because n % 10 < 10.
        buf[at] = b'0' + u8::try_from(n % 10).unwrap_or(0);
        n /= 10;
        if n == 0 {
            return &buf[at..];
        }
    }
}

/// Passes a stream through, appending every number taken from it to a
/// borrowed buffer (whose capacity is reused from deal to deal).
#[derive(Debug)]
pub struct RecordInto<'a, I: Iterator> {
    inner: I,
    taken: &'a mut Vec<I::Item>,
}

impl<'a, I: Iterator> RecordInto<'a, I> {
    /// Returns a recorder over `inner` that appends to `taken`.
    pub fn new(inner: I, taken: &'a mut Vec<I::Item>) -> Self {
        Self { inner, taken }
    }
}

impl<I: Iterator> Iterator for RecordInto<'_, I>
where
    I::Item: Copy,
{
    type Item = I::Item;

    // Always inlined, even on a shuffle's cold paths (a rejected draw): one
    // call with the recorder's address and the generator inside it could no
    // longer live in registers anywhere in the shuffle.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next()?;
        self.taken.push(item);
        Some(item)
    }
}

/// Passes a stream through, keeping a copy of every number taken from it.
#[derive(Debug)]
pub struct Recorder<I: Iterator> {
    inner: I,
    taken: Vec<I::Item>,
}

impl<I: Iterator> Recorder<I> {
    /// Returns a recorder over `inner`.
    pub fn new(inner: I) -> Self {
        Self {
            inner,
            taken: Vec::new(),
        }
    }

    /// Returns how many numbers were taken so far.
    pub fn consumed(&self) -> usize {
        self.taken.len()
    }

    /// Returns the numbers taken, in order.
    pub fn into_taken(self) -> Vec<I::Item> {
        self.taken
    }
}

impl<I: Iterator> Iterator for Recorder<I>
where
    I::Item: Copy,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        RecordInto::new(&mut self.inner, &mut self.taken).next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_has_no_leading_zeros() {
        let mut buf = [0; 20];
        assert_eq!(decimal(0, &mut buf), b"0");
        assert_eq!(decimal(10, &mut buf), b"10");
        assert_eq!(decimal(u64::MAX, &mut buf), b"18446744073709551615");
    }
}
