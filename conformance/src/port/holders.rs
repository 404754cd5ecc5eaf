//! What is left of a port once its process group is killed: the processes
//! that still hold one of its pipes.
//!
//! A helper that calls `setsid()` (or `setpgid()`) leaves the port's group,
//! and killing the group misses it. But it keeps the standard input, output
//! and error it inherited unless it closes all three, and those are pipes
//! that only the runner and the port's own processes hold. On Linux,
//! `/proc/PID/fd/N` names the pipe each descriptor is (`pipe:[INODE]`), so
//! every holder can be found and killed, without cgroups or privileges.
//! Elsewhere nothing is found: the limit docs/porting.md states.

use std::ffi::OsString;

/// The pipes of one port, by the names `/proc` gives them.
#[derive(Clone, Debug, Default)]
pub struct Pipes(Vec<OsString>);

/// How many times the holders are looked for and killed: a holder that
/// forked just before it was killed left a child holding the pipe too,
/// found the next time (a process with SIGKILL pending cannot fork), and
/// a killed one is listed until it has ended.
#[cfg(target_os = "linux")]
const ROUNDS: usize = 50;
/// The pause between two rounds, for the killed processes to end.
#[cfg(target_os = "linux")]
const PAUSE: std::time::Duration = std::time::Duration::from_millis(10);

impl Pipes {
    /// Names the pipes behind this process's descriptors `fds`: its ends of
    /// the port's standard input, output and error.
    #[cfg(target_os = "linux")]
    pub fn of(fds: &[std::os::fd::BorrowedFd<'_>]) -> Self {
        use std::os::fd::AsRawFd;
        let names = fds.iter().filter_map(|fd| {
            let link = std::fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd())).ok()?;
            let link = link.into_os_string();
            link.as_encoded_bytes()
                .starts_with(b"pipe:")
                .then_some(link)
        });
        Self(names.collect())
    }

    /// Kills every process but this one that holds one of the pipes, round
    /// after round until none is left or [`ROUNDS`] have passed.
    pub fn kill_holders(&self) {
        #[cfg(target_os = "linux")]
        {
            if self.0.is_empty() {
                return;
            }
            for _ in 0..ROUNDS {
                let holders = self.holders();
                if holders.is_empty() {
                    return;
                }
                for pid in holders {
                    self.kill(pid);
                }
                std::thread::sleep(PAUSE);
            }
        }
    }

    /// Returns the ids of the processes but this one that hold one of the
    /// pipes. A process that cannot be read (another user's, one that has
    /// just ended) is none: the port's helpers are this user's.
    #[cfg(target_os = "linux")]
    fn holders(&self) -> Vec<u32> {
        let me = std::process::id();
        let Ok(all) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        all.filter_map(Result::ok)
            .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
            .filter(|&pid| pid != me && self.held_by(pid))
            .collect()
    }

    /// Whether process `pid` holds one of the pipes.
    #[cfg(target_os = "linux")]
    fn held_by(&self, pid: u32) -> bool {
        let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
            return false;
        };
        fds.filter_map(Result::ok).any(|fd| {
            std::fs::read_link(fd.path())
                .is_ok_and(|link| self.0.iter().any(|pipe| pipe == link.as_os_str()))
        })
    }

    /// Kills process `pid` by a descriptor of its own, checking first that
    /// it still holds a pipe: a process id freed and taken again between the
    /// look and the kill does not make the runner kill a stranger.
    #[cfg(target_os = "linux")]
    fn kill(&self, pid: u32) {
        use rustix::process::{
            Pid, PidfdFlags, Signal, kill_process, pidfd_open, pidfd_send_signal,
        };
        let Some(id) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
            return;
        };
        match pidfd_open(id, PidfdFlags::empty()) {
            Ok(process) => {
                if self.held_by(pid) {
                    let _ = pidfd_send_signal(&process, Signal::KILL);
                }
            }
            // A kernel before 5.3 has no pidfd: the plain kill, whose
            // window between the look and the kill is a few microseconds.
            Err(rustix::io::Errno::NOSYS) => {
                let _ = kill_process(id, Signal::KILL);
            }
            // Ended since the look.
            Err(_) => {}
        }
    }
}
