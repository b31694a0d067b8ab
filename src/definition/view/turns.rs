//! A view's turns on its ranks: each part's turns tabled where the part is small, a
//! rank's neighbours one turn either way (what a breadth-first search over the view
//! expands), one turn, and many lists of turns played side by side.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::orbit::Scratch;
use super::sparse::Pieces;
use super::steps::{played, Stepped};
use super::{Lists, Part, Ranks, View, MOST_PARTS, MOST_TABLED, TABLED_SHARE};

impl View {
    /// Makes the turn tables of the parts that have at most `most` entries, on every
    /// core: what a breadth-first search over the view, or a search reading its table
    /// at every node, gains by (a walk down a table does without). Tables of turns
    /// forward always (a search and a walk go forward from a case), and `backward`
    /// ones where asked (a breadth-first search goes back from the goal).
    pub fn tabulate(&self, most: u64, backward: bool) {
        let directions: &[bool] = if backward { &[true, false] } else { &[true] };
        for part in self.parts.iter().filter(|part| self.tables(part, most)) {
            for &forward in directions {
                part.turns(forward)
                    .get_or_init(|| self.turn_table(part, forward));
            }
        }
    }

    /// Whether [`View::tabulate`] tables `part`, with at most `most` entries a table.
    pub(super) fn tables(&self, part: &Part, most: u64) -> bool {
        // A part as large as the view would cost as much to table as to search: only
        // parts a product makes small are tabled.
        let small = part.size.saturating_mul(TABLED_SHARE) <= self.size;
        small && part.size.saturating_mul(self.turns as u64) <= most.min(MOST_TABLED)
    }

    /// `part`'s values after each turn (`forward`) or before it, `[t * size + v]`: a
    /// row of every turn for each value, the rows made side by side.
    fn turn_table(&self, part: &Part, forward: bool) -> Vec<u32> {
        const ROWS: usize = 256;
        let (size, turns) = (part.size as usize, self.turns);
        let mut rows = vec![0u32; size * turns];
        rows.par_chunks_mut(ROWS * turns)
            .enumerate()
            .for_each(|(chunk, rows)| {
                let mut state = self.orbit_state(part.orbit, 0);
                for (i, row) in rows.chunks_exact_mut(turns).enumerate() {
                    self.part_unrank(part, (chunk * ROWS + i) as u64, &mut state);
                    for (t, next) in row.iter_mut().enumerate() {
                        let after = self.turned(part.orbit, &state, t, forward);
                        *next = (self.part_rank(part, &after))
                            .expect("a turn keeps what the view ranks")
                            as u32;
                    }
                }
            });
        let mut table = vec![0u32; size * turns];
        for (v, row) in rows.chunks_exact(turns).enumerate() {
            for (t, &next) in row.iter().enumerate() {
                table[t * size + v] = next;
            }
        }
        if forward {
            table.extend(0..size as u32);
        }
        table
    }

    /// Calls `visit` with the rank of each state one turn from `rank` in the direction
    /// asked (after each turn, `forward`, or before it), turn by turn until it returns
    /// true; returns whether it did.
    #[inline]
    pub fn neighbours(&self, rank: u64, forward: bool, mut visit: impl FnMut(u64) -> bool) -> bool {
        let mut values = [0u64; MOST_PARTS];
        for (i, part) in self.parts.iter().enumerate() {
            values[i] = rank / part.stride % part.size;
        }
        fn tables(part: &Part, forward: bool) -> Option<&[u32]> {
            part.turns(forward).get().map(Vec::as_slice)
        }
        if self.turns_worked_out(|p| tables(p, forward).is_some()) {
            let table = |i: usize| tables(&self.parts[i], forward);
            if let Some(found) = self.joint_neighbours(&values, forward, table, &mut visit) {
                return found;
            }
        }
        if self.parts.iter().all(|p| tables(p, forward).is_some()) {
            // Every part looked up: the common case of the large tables.
            for t in 0..self.turns {
                let mut next = 0;
                for (i, part) in self.parts.iter().enumerate() {
                    let table = tables(part, forward).expect("every part has its table");
                    next +=
                        u64::from(table[t * part.size as usize + values[i] as usize]) * part.stride;
                }
                if visit(next) {
                    return true;
                }
            }
            return false;
        }
        let mut scratch: [Option<Scratch>; MOST_PARTS] = [None; MOST_PARTS];
        // An orbit of a few kept pieces: those pieces alone turned.
        let mut pieces: [Option<Pieces>; MOST_PARTS] = [None; MOST_PARTS];
        for part in self.parts.iter().filter(|p| tables(p, forward).is_none()) {
            let o = part.orbit;
            if scratch[o].is_none() {
                let state = self.orbit_state(o, rank);
                pieces[o] = self.sparse_of(o).map(|sparse| sparse.pieces_of(&state));
                scratch[o] = Some(state);
            }
        }
        for t in 0..self.turns {
            let mut next = 0;
            for (i, part) in self.parts.iter().enumerate() {
                let value = match tables(part, forward) {
                    Some(table) => u64::from(table[t * part.size as usize + values[i] as usize]),
                    None => {
                        let (before, kept) = (&scratch[part.orbit], &pieces[part.orbit]);
                        let before = before.as_ref().expect("unranked above");
                        self.part_turned(part, before, kept.as_ref(), t, forward)
                            .expect("a turn keeps what the view ranks")
                    }
                };
                next += value * part.stride;
            }
            if visit(next) {
                return true;
            }
        }
        false
    }

    /// `part`'s value after turn `t` (`forward`) or before it, of the orbit's state
    /// `before`: its `kept` pieces alone turned where it keeps a few of many, else the
    /// whole orbit; `None` where the view has none.
    pub(super) fn part_turned(
        &self,
        part: &Part,
        before: &Scratch,
        kept: Option<&Pieces>,
        t: usize,
        forward: bool,
    ) -> Option<u64> {
        let o = part.orbit;
        match (kept, self.sparse_of(o)) {
            (Some(kept), Some(sparse)) if part.ranks == Ranks::Arrangement => {
                let joint = self.is_joint(part).then_some(part.turned);
                sparse.rank_after_turn(&self.orbits[o], joint, kept, t, forward)
            }
            _ => self.part_rank(part, &self.turned(o, before, t, forward)),
        }
    }

    /// The ranks that `lists` of turns take `start` to, the lists turned side by side
    /// so that their table reads overlap; `None` where a part has no table
    /// ([`View::turns_tabled`]). A batch's many scrambles, each a few parts' values.
    pub fn ranks_after(&self, start: u64, lists: &Lists) -> Option<Vec<u64>> {
        assert_eq!(
            usize::from(lists.pad()),
            self.turns,
            "lists of this view's turns"
        );
        let parts: Vec<Stepped> = (self.parts.iter())
            .map(|p| {
                Some(Stepped {
                    table: p.forward.get()?,
                    size: p.size as usize,
                    first: (start / p.stride % p.size) as u32,
                    stride: p.stride,
                })
            })
            .collect::<Option<_>>()?;
        Some(played(&parts, lists))
    }

    /// Whether every part's turns are tabled, forward: [`View::ranks_after`] then
    /// answers.
    pub fn turns_tabled(&self) -> bool {
        self.parts.iter().all(|p| p.forward.get().is_some())
    }

    /// The rank one turn `t` from `rank`: after it (`forward`), or before it.
    pub fn step(&self, rank: u64, t: usize, forward: bool) -> u64 {
        let mut next = 0;
        for part in &self.parts {
            let value = rank / part.stride % part.size;
            let value = match part.turns(forward).get() {
                Some(table) => u64::from(table[t * part.size as usize + value as usize]),
                None => {
                    let before = self.orbit_state(part.orbit, rank);
                    let after = self.turned(part.orbit, &before, t, forward);
                    self.part_rank(part, &after)
                        .expect("a turn keeps what the view ranks")
                }
            };
            next += value * part.stride;
        }
        next
    }
}

impl Part {
    /// The part's turn table after each turn (`forward`) or before it, once made.
    fn turns(&self, forward: bool) -> &OnceLock<Vec<u32>> {
        match forward {
            true => &self.forward,
            false => &self.backward,
        }
    }
}
