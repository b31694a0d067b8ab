//! Many lists of turns played at once on a view's tabled parts: what a batch of
//! scrambles is ranked by.

/// Lists of turns of one length, one after another, so that playing them side by side
/// reads each at a fixed stride, with no list's own length to check. A list shorter
/// than the longest goes on with the turn numbered as the puzzle's count of turns,
/// which each forward turn table's last row makes leave every value as it is
/// ([`super::View::tabulate`]).
pub struct Lists {
    turns: Vec<u8>,
    len: usize,
    count: usize,
    pad: u8,
}

impl Lists {
    /// The lists `turns` holds one after another, list `j` ending at `ends[j]`, of
    /// a puzzle of `turns_count` turns (fewer than 256: a byte a turn, and one for the
    /// padding). Copied only where their lengths differ.
    pub fn new(turns: Vec<u8>, ends: &[usize], turns_count: usize) -> Lists {
        let pad = u8::try_from(turns_count).expect("fewer than 256 turns");
        let starts = std::iter::once(0).chain(ends.iter().copied());
        let lens = || starts.clone().zip(ends).map(|(start, end)| end - start);
        let len = lens().max().unwrap_or(0);
        let turns = match lens().all(|l| l == len) {
            true => turns,
            false => (starts.clone().zip(ends))
                .flat_map(|(start, &end)| {
                    let padding = std::iter::repeat_n(pad, len - (end - start));
                    turns[start..end].iter().copied().chain(padding)
                })
                .collect(),
        };
        Lists {
            turns,
            len,
            count: ends.len(),
            pad,
        }
    }

    /// The turn that pads a list shorter than the longest: the puzzle's count of turns.
    pub(super) fn pad(&self) -> u8 {
        self.pad
    }
}

/// A part played by its table of turns forward, from its value at the start.
pub(super) struct Stepped<'a> {
    pub(super) table: &'a [u32],
    pub(super) size: usize,
    pub(super) first: u32,
    pub(super) stride: u64,
}

/// The ranks `lists` of turns take `parts` to, from their values at the start.
pub(super) fn played(parts: &[Stepped], lists: &Lists) -> Vec<u64> {
    let mut ranks = vec![0; lists.count];
    // Parts change apart: a few at a time, each a value in a register.
    for group in parts.chunks(4) {
        match group {
            [a] => add_steps([a], lists, &mut ranks),
            [a, b] => add_steps([a, b], lists, &mut ranks),
            [a, b, c] => add_steps([a, b, c], lists, &mut ranks),
            [a, b, c, d] => add_steps([a, b, c, d], lists, &mut ranks),
            _ => unreachable!("groups of one to four"),
        }
    }
    ranks
}

/// Adds to `ranks` what `parts` are worth after `lists` of turns, a list a rank: the
/// lists taken side by side, a turn of each in turn.
fn add_steps<const P: usize>(parts: [&Stepped; P], lists: &Lists, ranks: &mut [u64]) {
    let mut values = vec![parts.map(|p| p.first); lists.count];
    // The tables and their sizes held apart from the parts, so that they stay in
    // registers through the lists.
    let tables = parts.map(|p| p.table);
    let sizes = parts.map(|p| p.size);
    for i in 0..lists.len {
        let turns = lists.turns.chunks_exact(lists.len);
        for (values, list) in values.iter_mut().zip(turns) {
            let t = usize::from(list[i]);
            for p in 0..P {
                values[p] = tables[p][t * sizes[p] + values[p] as usize];
            }
        }
    }
    for (rank, values) in ranks.iter_mut().zip(values) {
        *rank += (values.iter().zip(parts))
            .map(|(&v, p)| u64::from(v) * p.stride)
            .sum::<u64>();
    }
}
