//! Giving up on a port that crashes on most cases: each crash costs a
//! restart (an interpreter's start-up, a hello), and a port that crashes on
//! every case of a few hundred once took minutes before anyone stopped it.
//! After [`IN_A_ROW`] broken cases in a row, or more than half of the first
//! [`EARLY`] cases sent, the run stops and says so.

use super::Verdict;

/// Broken cases in a row that stop the run.
pub const IN_A_ROW: usize = 5;
/// The first cases sent over which more than half broken stops the run.
pub const EARLY: usize = 20;

/// The count of broken cases so far.
#[derive(Debug, Default)]
pub struct Crashes {
    sent: usize,
    broken: usize,
    in_a_row: usize,
}

impl Crashes {
    /// Counts the verdict of one case sent to the port; returns why the run
    /// must stop, when it must.
    pub fn record(&mut self, verdict: &Verdict) -> Option<String> {
        self.sent += 1;
        let Verdict::Fail(f) = verdict else {
            self.in_a_row = 0;
            return None;
        };
        if f.stage != "broken" {
            self.in_a_row = 0;
            return None;
        }
        self.broken += 1;
        self.in_a_row += 1;
        let count = if self.in_a_row >= IN_A_ROW {
            format!("{} cases in a row", self.in_a_row)
        } else if self.sent <= EARLY && self.broken * 2 > EARLY {
            format!("{} of the first {} cases", self.broken, self.sent)
        } else {
            return None;
        };
        let stderr = if f.stderr.is_empty() {
            String::new()
        } else {
            format!("; its standard error ended:\n{}", f.stderr.join("\n"))
        };
        Some(format!(
            "the port broke on {count} (the last: {}), so the run gives up rather than start it \
             again for every case{stderr}",
            f.message
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::port::Failure;

    fn broken() -> Verdict {
        Verdict::Fail(Box::new(Failure {
            stage: "broken".to_owned(),
            message: "the port misbehaved: the port exited".to_owned(),
            stderr: vec!["boom".to_owned()],
            ..Failure::default()
        }))
    }

    #[test]
    fn five_broken_cases_in_a_row_stop_the_run() {
        let mut c = Crashes::default();
        for _ in 0..IN_A_ROW - 1 {
            assert_eq!(c.record(&broken()), None);
        }
        let why = c.record(&broken()).unwrap();
        assert!(
            why.starts_with("the port broke on 5 cases in a row (the last: the port misbehaved"),
            "{why}"
        );
        assert!(why.ends_with("its standard error ended:\nboom"), "{why}");
    }

    #[test]
    fn a_pass_between_breaks_the_row_but_not_the_early_count() {
        let mut c = Crashes::default();
        let mut stopped = None;
        for i in 0..EARLY {
            let v = if i % 4 == 3 { Verdict::Pass } else { broken() };
            if let Some(why) = c.record(&v) {
                stopped = Some((i, why));
                break;
            }
        }
        // Broken on 3 of every 4: the 11th broken case is the 14th sent.
        let (i, why) = stopped.unwrap();
        assert_eq!(i, 13);
        assert!(why.contains("11 of the first 14 cases"), "{why}");
        // One broken case in three never stops the run.
        let mut c = Crashes::default();
        for i in 0..100 {
            let v = if i % 3 == 0 { broken() } else { Verdict::Pass };
            assert_eq!(c.record(&v), None);
        }
    }
}
