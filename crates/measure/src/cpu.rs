//! The processor a run measured on, as the kernel names it: the same build
//! runs a deal's non-hash work at very different speeds on different CPU
//! kinds (issue 26: 1.2x its hash bound on an Intel Xeon, 1.7x to 1.9x on
//! an AMD EPYC), so a figure means little without its CPU.

use std::fs::File;
use std::io::Read;

use serde::Serialize;

/// Where Linux describes the processors.
const CPUINFO: &str = "/proc/cpuinfo";
/// The most of it read: one processor's entry is a few KiB, and only the
/// first is used.
const CPUINFO_BYTES: u64 = 64 * 1024;

/// The first processor's identity.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cpu {
    /// `model name`, or `unknown` where the system does not say.
    pub model: String,
    /// `vendor_id` (`GenuineIntel`, `AuthenticAMD`), when given.
    pub vendor: Option<String>,
    /// `cpu family`, `model` and `stepping`, when given: a virtual machine
    /// often names its CPU only `Intel(R) Xeon(R) Processor`, and these
    /// tell the generation.
    pub family: Option<u32>,
    /// The model number (`model`).
    pub model_number: Option<u32>,
    /// `stepping`.
    pub stepping: Option<u32>,
    /// Whether the CPU has the SHA extensions, which sha2 uses for every
    /// block when present (x86-64 only; `None` elsewhere).
    pub sha_extensions: Option<bool>,
}

impl Cpu {
    /// Returns the processor this process runs on.
    pub fn detect() -> Self {
        let mut text = String::new();
        // A missing or unreadable file leaves the model unknown: the run
        // still measures.
        let _ = File::open(CPUINFO).map(|f| f.take(CPUINFO_BYTES).read_to_string(&mut text));
        let mut cpu = Self::from_cpuinfo(&text);
        cpu.sha_extensions = sha_extensions();
        cpu
    }

    /// Reads the first processor's entry of a `/proc/cpuinfo` text.
    pub fn from_cpuinfo(text: &str) -> Self {
        let first = text.split("\n\n").next().unwrap_or("");
        let field = |name: &str| {
            first.lines().find_map(|line| {
                let (key, value) = line.split_once(':')?;
                (key.trim() == name).then(|| value.trim().to_owned())
            })
        };
        let number = |name: &str| field(name).and_then(|v| v.parse().ok());
        Self {
            model: field("model name")
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| "unknown".to_owned()),
            vendor: field("vendor_id"),
            family: number("cpu family"),
            model_number: number("model"),
            stepping: number("stepping"),
            sha_extensions: None,
        }
    }

    /// Returns one line for the table's header.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(f) = self.family {
            parts.push(format!("family {f}"));
        }
        if let Some(m) = self.model_number {
            parts.push(format!("model {m}"));
        }
        if let Some(s) = self.stepping {
            parts.push(format!("stepping {s}"));
        }
        match self.sha_extensions {
            Some(true) => parts.push("SHA extensions".to_owned()),
            Some(false) => parts.push("no SHA extensions".to_owned()),
            None => {}
        }
        if parts.is_empty() {
            format!("CPU: {}", self.model)
        } else {
            format!("CPU: {} ({})", self.model, parts.join(", "))
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn sha_extensions() -> Option<bool> {
    Some(std::arch::is_x86_feature_detected!("sha"))
}

#[cfg(not(target_arch = "x86_64"))]
fn sha_extensions() -> Option<bool> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_processor_is_read() {
        // Two entries as a 2-vCPU EPYC guest lists them (abridged).
        let text = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n\
                    model\t\t: 17\nmodel name\t: AMD EPYC 9R14\nstepping\t: 1\n\n\
                    processor\t: 1\nvendor_id\t: Other\nmodel name\t: Second\n";
        let cpu = Cpu::from_cpuinfo(text);
        assert_eq!(cpu.model, "AMD EPYC 9R14");
        assert_eq!(cpu.vendor.as_deref(), Some("AuthenticAMD"));
        assert_eq!(
            (cpu.family, cpu.model_number, cpu.stepping),
            (Some(25), Some(17), Some(1))
        );
        assert_eq!(
            cpu.describe(),
            "CPU: AMD EPYC 9R14 (family 25, model 17, stepping 1)"
        );
    }

    #[test]
    fn a_system_that_does_not_say_is_unknown() {
        let cpu = Cpu::from_cpuinfo("");
        assert_eq!(
            cpu,
            Cpu {
                model: "unknown".to_owned(),
                ..Cpu::default()
            }
        );
        assert_eq!(cpu.describe(), "CPU: unknown");
        let with_sha = Cpu {
            sha_extensions: Some(true),
            ..cpu
        };
        assert_eq!(with_sha.describe(), "CPU: unknown (SHA extensions)");
    }

    #[test]
    fn this_machine_has_a_model() {
        // Whatever it is, the header names something, never an empty text.
        assert!(!Cpu::detect().model.is_empty());
    }
}
