//! Exact tables: every rank's distance, and beside it every rank's answer (its greedy
//! walk, packed), derived from the distances when the table is built. Answering is
//! then one probe; the distances stay for bounds, sampling, the census and `stats`.

use super::{Mapped, Source, Table, TableDir, TableError, TableId, TooLarge, Work};
use crate::search::{move_bits, packed_walks, unpack_walk, NoWalks, Walks};

/// The table of walks derived from the distance table of `space`.
pub struct WalkSource<'a, S, D> {
    space: &'a S,
    /// `None` for walks only planned: their file and cost known, not their payload.
    distances: Option<&'a Table<D>>,
}

impl<'a, S, D> WalkSource<'a, S, D> {
    /// The walks down `distances`, the distance table of `space`.
    pub fn new(space: &'a S, distances: &'a Table<D>) -> Self {
        WalkSource {
            space,
            distances: Some(distances),
        }
    }
}

impl<'a, S> WalkSource<'a, S, Mapped> {
    /// The walks of `space` before its distances are built: their file and what
    /// building them costs ([`Source::compute`] refuses).
    pub fn planned(space: &'a S) -> Self {
        WalkSource {
            space,
            distances: None,
        }
    }
}

impl<S: Walks + Source, D: AsRef<[u8]> + Sync> Source for WalkSource<'_, S, D> {
    fn id(&self) -> TableId {
        self.space.id().walks(move_bits(self.space.moves()))
    }
    fn entries(&self) -> u64 {
        self.space.entries()
    }
    /// Each move tried until one leads closer.
    fn step_nanos(&self) -> u64 {
        30 * self.space.moves() as u64
    }
    /// A distance table that contradicts itself yields no walks (all zero), which
    /// [`ExactTable`] then refuses for not matching the distances.
    fn compute(&self, _: &Work) -> Result<Vec<u8>, TooLarge> {
        let Some(distances) = self.distances else {
            return Err(TooLarge("walks only planned: no distances".to_owned()));
        };
        let distances = distances.distances();
        let walks = match packed_walks(self.space, distances) {
            Ok(walks) => walks,
            Err(NoWalks::Contradiction) => vec![0; distances.len()],
            Err(NoWalks::TooLong(moves)) => {
                return Err(TooLarge(format!(
                    "walks of {moves} moves do not fit 64 bits"
                )))
            }
        };
        Ok(walks.into_iter().flat_map(u64::to_le_bytes).collect())
    }
}

/// A space's distances and walks, checked against each other.
#[derive(Clone, Debug)]
pub struct ExactTable<D = Mapped> {
    /// Every rank's distance to the goal.
    pub distances: Table<D>,
    /// Every rank's greedy walk to the goal, packed ([`crate::search::pack_walk`]).
    pub walks: Table<D>,
}

impl<D: AsRef<[u8]>> ExactTable<D> {
    /// Pairs the tables if every walk has the length of its rank's distance, as far
    /// as the headers' counts tell (the walks were derived from these distances).
    fn pair(distances: Table<D>, walks: Table<D>) -> Result<Self, TableError> {
        let (d, w) = (distances.header(), walks.header());
        if (&d.depth_counts, d.unreachable) != (&w.depth_counts, w.unreachable) {
            let table = TableId::owned(d.puzzle.clone(), d.goal);
            return Err(TableError::Inconsistent { table });
        }
        Ok(ExactTable { distances, walks })
    }

    /// The distance of `rank`.
    #[inline]
    pub fn distance(&self, rank: u32) -> u8 {
        self.distances.distance(rank)
    }

    /// The packed walk of `rank`; 0 where there is none.
    #[inline]
    pub fn walk(&self, rank: u32) -> u64 {
        self.walks.walk(rank)
    }
}

/// The moves of a packed walk, by their numbers in `moves`' order, first move first.
pub fn walk_moves<M: Copy>(packed: u64, moves: &[M]) -> impl ExactSizeIterator<Item = M> + '_ {
    let bits = move_bits(moves.len());
    unpack_walk(packed, bits).map(|m| moves[m])
}

impl TableDir {
    /// Maps the distance and walk tables of `spaces`, building missing ones if
    /// allowed: first the distances, then the walks from them.
    pub fn load_exact<S: Walks + Source>(
        &self,
        spaces: &[S],
    ) -> Result<Vec<ExactTable>, TableError> {
        let distances = self.load(spaces)?;
        let sources: Vec<WalkSource<'_, S, Mapped>> = spaces
            .iter()
            .zip(&distances)
            .map(|(space, distances)| WalkSource::new(space, distances))
            .collect();
        let walks = self.load(&sources)?;
        distances
            .into_iter()
            .zip(walks)
            .map(|(distances, walks)| ExactTable::pair(distances, walks))
            .collect()
    }
}

/// The exact table of `space`, computed and validated in memory.
pub fn exact_in_memory<S: Walks + Source>(space: &S) -> Result<ExactTable<Vec<u8>>, TableError> {
    let too_large = |reason| TableError::TooLargeInMemory {
        table: space.id(),
        reason,
    };
    let distances = super::in_memory(space).map_err(too_large)?;
    let walks = super::in_memory(&WalkSource::new(space, &distances)).map_err(too_large)?;
    ExactTable::pair(distances, walks)
}
