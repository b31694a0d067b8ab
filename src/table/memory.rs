//! What memory this process may still take for a table built in memory: the least of
//! what the machine has free (Linux's `MemAvailable`), what the process's address-space
//! limit leaves (`RLIMIT_AS`, less the address space already mapped) and what its
//! control group's limit leaves, less what other builds in this process have claimed
//! and not yet given back. An allocation past it would not fail politely: Rust aborts
//! the process. So a build asks first, and is refused with a sentence instead.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes claimed by builds under way in this process.
static CLAIMED: AtomicU64 = AtomicU64::new(0);

/// Memory held for a build until dropped.
#[derive(Debug)]
pub struct Claim(u64);

impl Drop for Claim {
    fn drop(&mut self) {
        CLAIMED.fetch_sub(self.0, Ordering::Relaxed);
    }
}

/// Why a table is not built: it needs more memory than the process may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Short {
    /// The bytes the build needs.
    pub needed: u64,
    /// The bytes there are.
    pub available: u64,
}

/// Claims `bytes` for a build if the process may take them beside every other claim;
/// where nothing says how much it may take, the claim is granted.
pub fn claim(bytes: u64) -> Result<Claim, Short> {
    let claimed = CLAIMED.fetch_add(bytes, Ordering::Relaxed);
    let claim = Claim(bytes);
    match available_to(claimed) {
        Some(available) if available < bytes => Err(Short {
            needed: bytes,
            available,
        }),
        _ => Ok(claim),
    }
}

/// The bytes this process may still take, what other builds claimed left out; `None`
/// where the system tells nothing.
pub fn available() -> Option<u64> {
    available_to(CLAIMED.load(Ordering::Relaxed))
}

fn available_to(claimed: u64) -> Option<u64> {
    let limits = [machine(), address_space(), control_group()];
    let least = limits.into_iter().flatten().min()?;
    Some(least.saturating_sub(claimed))
}

/// The machine's free memory (`MemAvailable`).
fn machine() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    kilobytes(&info, "MemAvailable:")
}

/// The value of the `/proc` line starting with `key`, in kB, as bytes.
fn kilobytes(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// What the address-space limit leaves: the limit less the address space mapped now
/// (`VmSize`; tables mapped count, as the limit counts them).
#[cfg(target_os = "linux")]
fn address_space() -> Option<u64> {
    use rustix::process::{getrlimit, Resource};
    let limit = getrlimit(Resource::As).current?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let mapped = kilobytes(&status, "VmSize:")?;
    Some(limit.saturating_sub(mapped))
}

#[cfg(not(target_os = "linux"))]
fn address_space() -> Option<u64> {
    None
}

/// What the process's control group leaves: its limit less its usage (cgroup v2's
/// `memory.max` and `memory.current`, or v1's `memory.limit_in_bytes` and
/// `memory.usage_in_bytes`).
fn control_group() -> Option<u64> {
    let read =
        |path: &str| -> Option<u64> { std::fs::read_to_string(path).ok()?.trim().parse().ok() };
    let own = std::fs::read_to_string("/proc/self/cgroup").ok();
    let v2_path = own
        .as_deref()
        .and_then(|text| text.lines().find_map(|l| l.strip_prefix("0::")))
        .map(|p| format!("/sys/fs/cgroup{}", p.trim_end_matches('/')));
    let v2 = [v2_path, Some("/sys/fs/cgroup".to_owned())]
        .into_iter()
        .flatten()
        .find_map(|dir| {
            let max = read(&format!("{dir}/memory.max"))?;
            let current = read(&format!("{dir}/memory.current"))?;
            Some(max.saturating_sub(current))
        });
    v2.or_else(|| {
        let limit = read("/sys/fs/cgroup/memory/memory.limit_in_bytes")?;
        let usage = read("/sys/fs/cgroup/memory/memory.usage_in_bytes")?;
        Some(limit.saturating_sub(usage))
    })
}

/// `bytes` for a person: `1.5 GB`, `230 MB`, `12 kB`.
pub fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{:.1} GB", b as f64 / f64::from(1 << 30)),
        b if b >= 1 << 20 => format!("{} MB", b >> 20),
        b => format!("{} kB", b.div_ceil(1 << 10)),
    }
}

/// A size a person gives (`8G`, `512M`, `1.5GB`, `300000000`): a number of bytes,
/// or of kB, MB, GB or TB (as [`size`] counts them, powers of 1024) with its letter,
/// `B` or `iB` after it or not, in either case.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let lower = text.trim().to_ascii_lowercase();
    let number = lower.trim_end_matches("ib").trim_end_matches('b');
    let (digits, shift) = match number.char_indices().last() {
        Some((at, unit @ ('k' | 'm' | 'g' | 't'))) => {
            let shift = match unit {
                'k' => 10,
                'm' => 20,
                'g' => 30,
                _ => 40,
            };
            (&number[..at], shift)
        }
        _ => (number, 0),
    };
    let wrong =
        || format!("{text:?} is not a size: give bytes, or a number with K, M, G or T (8G)");
    let value: f64 = digits.trim().parse().map_err(|_| wrong())?;
    let bytes = value * 2f64.powi(shift);
    if !(bytes.is_finite() && bytes >= 1.0 && bytes < 2f64.powi(63)) {
        return Err(wrong());
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_given_are_read_in_bytes() {
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("512mb"), Ok(512 << 20));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("2T"), Ok(2 << 40));
        assert_eq!(parse_size("300000000"), Ok(300_000_000));
        assert_eq!(parse_size(" 64k "), Ok(64 << 10));
        for wrong in ["", "G", "eight", "-1G", "0", "1X", "1e300"] {
            let error = parse_size(wrong).expect_err(wrong);
            assert!(error.contains("is not a size"), "{wrong}: {error}");
        }
    }

    #[test]
    fn claims_count_against_each_other_until_dropped() {
        let Some(free) = available() else {
            return;
        };
        let first = claim(free / 2).expect("half of what is free");
        assert!(claim(free).is_err(), "all of it, beside the half claimed");
        drop(first);
        assert!(claim(free / 2).is_ok());
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size(3 << 30), "3.0 GB");
        assert_eq!(size(230 << 20), "230 MB");
        assert_eq!(size(1000), "1 kB");
    }
}
