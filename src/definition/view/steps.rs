//! Many lists of turns played at once on a view's tabled parts: what a batch of
//! scrambles is ranked by.

/// A part played by its table of turns forward, from its value at the start.
pub(super) struct Stepped<'a> {
    pub(super) table: &'a [u32],
    pub(super) size: usize,
    pub(super) first: u32,
    pub(super) stride: u64,
}

/// The ranks `lists` of turns take `parts` to, from their values at the start.
pub(super) fn played(parts: &[Stepped], lists: &[&[u8]]) -> Vec<u64> {
    let mut ranks = vec![0; lists.len()];
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
fn add_steps<const P: usize>(parts: [&Stepped; P], lists: &[&[u8]], ranks: &mut [u64]) {
    let mut values = vec![parts.map(|p| p.first); lists.len()];
    let longest = lists.iter().map(|l| l.len()).max().unwrap_or(0);
    for i in 0..longest {
        for (values, list) in values.iter_mut().zip(lists) {
            if let Some(&t) = list.get(i) {
                let t = usize::from(t);
                for (value, part) in values.iter_mut().zip(parts) {
                    *value = part.table[t * part.size + *value as usize];
                }
            }
        }
    }
    for (rank, values) in ranks.iter_mut().zip(values) {
        *rank += (values.iter().zip(parts))
            .map(|(&v, p)| u64::from(v) * p.stride)
            .sum::<u64>();
    }
}
