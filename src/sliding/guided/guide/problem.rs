//! The guided search as IDA* sees it: a slide's child takes the new indices of the
//! patterns holding the tile it moved, and its bound is their entries, looked up for
//! every child at once (and asked for ahead where the databases are large).

use super::{Guide, GuidedBoard};
use crate::search::{Child, Children, Problem};
use crate::sliding::Slide;

impl<
        D: AsRef<[u8]> + Sync,
        const W: usize,
        const H: usize,
        const P: usize,
        const L: usize,
        const M: usize,
    > Problem for Guide<'_, D, W, H, P, L, M>
{
    type State = GuidedBoard<W, H, P, L, M>;
    type Move = Slide;

    #[inline]
    fn lower_bound(&self, position: &Self::State) -> u32 {
        self.bound(position)
    }

    /// Each child's patterns holding the moved tile get their new indices in every
    /// frame; their entries are asked for ahead where that pays, and read by
    /// [`Problem::bound_children`]. A slide that ends a detour has no child (the
    /// inverse of the last slide among them, so `last` adds nothing).
    #[inline]
    fn expand(
        &self,
        position: &Self::State,
        _last: Option<Slide>,
        children: &mut Children<Self::State, Slide>,
    ) {
        let blank = usize::from(position.blank);
        for step in Slide::ALL {
            let Some(route) = self.detours.next(position.route, step.index()) else {
                continue;
            };
            let to = usize::from(self.to[blank][step.index()]);
            // Made in its place among the children: a position is copied once, and
            // then only written, everything read from the parent (a read of what the
            // copy just wrote waits for the copy to reach the cache).
            let tile = position.board.tile(to);
            children.push(Child {
                step,
                state: *position,
                bound: 0,
            });
            let next = &mut children.last_mut().expect("just pushed").state;
            next.board.slide_tile(blank, to, tile);
            next.blank = to as u8;
            next.route = route;
            next.moved = tile;
            for (f, frame) in self.frames.iter().enumerate() {
                // Only the patterns holding the tile change: for the others the blank
                // moved within its zone, onto a cell the tile left free of theirs.
                let frame_blank = usize::from(frame.cell[to]);
                for j in 0..frame.held(tile).len() {
                    let (pattern, covered, order) =
                        self.after_slide(position, (f, frame), (tile, j), (blank, step.index()));
                    next.covered[f][pattern] = covered;
                    next.order[f][pattern] = order;
                    next.index[f][j] =
                        self.databases[pattern].index_of(covered, order.into(), frame_blank);
                }
            }
        }
    }

    /// Every child is looked up in every frame, even one the first frame already
    /// prunes: whether it does is the search's least predictable branch, and taken
    /// before the reflected lookup it cost more than that lookup (the lookups of one
    /// node do not wait on each other; a mispredicted branch on a value waits on its
    /// load).
    #[inline]
    fn bound_children(&self, children: &mut Children<Self::State, Slide>) {
        for child in children {
            let next = &mut child.state;
            for (f, frame) in self.frames.iter().enumerate() {
                for (j, &(pattern, _)) in frame.held(next.moved).iter().enumerate() {
                    let pattern = usize::from(pattern);
                    let value = self.databases[pattern].value_at(next.index[f][j]);
                    let old = std::mem::replace(&mut next.value[f][pattern], value);
                    self.add(
                        next,
                        (f, pattern),
                        u16::from(value).wrapping_sub(old.into()),
                    );
                }
            }
            child.bound = self.bound(next);
        }
    }

    #[inline]
    fn ask_ahead(&self, children: &Children<Self::State, Slide>) {
        for child in children {
            for (f, frame) in self.frames.iter().enumerate() {
                for (j, &(pattern, _)) in frame.held(child.state.moved).iter().enumerate() {
                    self.databases[usize::from(pattern)].prefetch(child.state.index[f][j]);
                }
            }
        }
    }

    fn asks_ahead(&self) -> bool {
        self.ask_ahead
    }
}
