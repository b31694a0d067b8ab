//! Frames: the ways of looking a position up, one per symmetry of the board, each with
//! what a slide does to the patterns' database indices worked out ahead for every
//! blank cell.

use super::MAX_PATTERNS_ANY;
use crate::rank::placement;
use crate::sliding::{Slide, MAX_CELLS};

/// The most tiles a slide passes in a frame's reading order: a slide across the
/// frame's rows passes the rest of a row, at most 4 on a board 5 cells wide.
const MAX_PASSED: usize = 4;

/// What one slide does in one frame, worked out once for every blank cell.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct FrameSlide {
    /// The frame cells the slid tile leaves and takes: its patterns' masks change by
    /// both.
    pub flip: u32,
    /// 1 if the tile goes to a higher frame cell, -1 if to a lower one.
    pub sign: i32,
    /// The board cells of the tiles it passes in the frame's reading order: the rest of
    /// a row, `W - 1` cells, for a slide across the frame's rows. A slide along them
    /// passes none, and its slots, like any unused one, name the cell the tile leaves,
    /// which holds the tile before the slide and the blank after: neither changes the
    /// order ([`placement::PASS`], `Frame::pass`), so every slide reads `W - 1` slots,
    /// on the board before or after it.
    pub passed: [u8; MAX_PASSED],
}

/// One way of looking a position up: through a symmetry of the board. A tile is in one
/// pattern of a partition, and in up to `M` of a catalogue's.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame<const M: usize> {
    /// Where each cell goes.
    pub cell: [u8; MAX_CELLS],
    /// `held[t]`: how many patterns hold tile `t`.
    pub held: [u8; MAX_CELLS],
    /// `tile[t][j]`: the `j`th pattern holding tile `t`, and the tile's place among
    /// that pattern's tiles.
    pub tile: [[(u8, u8); M]; MAX_CELLS],
    /// `pass[t][j][u]`: what tile `t` going to a higher frame cell past tile `u` adds
    /// to the order of its `j`th pattern ([`placement::PASS`]): nothing unless that
    /// pattern holds `u` too (and `u` is not `t`), so that a slide reads every slot it
    /// has without asking whose tile, or the blank, lies there.
    pub pass: [[[i16; MAX_CELLS]; M]; MAX_CELLS],
    /// `slide[blank][s]`: what slide `s` (in letter order) does from `blank`.
    pub slide: [[FrameSlide; Slide::ALL.len()]; MAX_CELLS],
}

impl<const M: usize> Frame<M> {
    /// The frame of the symmetry `cell`, where `tile[t]` lists the patterns holding
    /// tile `t` with its place in each, and pattern `p` has `tiles[p]` tiles.
    pub fn new<const W: usize, const H: usize>(
        cell: [u8; MAX_CELLS],
        tile: &[Vec<(u8, u8)>; MAX_CELLS],
        tiles: &[usize; MAX_PATTERNS_ANY],
    ) -> Self {
        let mut uncell = [0; MAX_CELLS];
        for (from, &to) in cell[..W * H].iter().enumerate() {
            uncell[usize::from(to)] = from as u8;
        }
        let mut slide = [[FrameSlide::default(); Slide::ALL.len()]; MAX_CELLS];
        for (blank, slides) in slide[..W * H].iter_mut().enumerate() {
            for (step, what) in Slide::ALL.iter().zip(slides) {
                let Some(to) = step.target(blank, W, H) else {
                    continue;
                };
                // The tile on `to` slides onto the blank's cell.
                let (from, onto) = (cell[to], cell[blank]);
                let between = from.min(onto) + 1..from.max(onto);
                what.flip = 1 << from | 1 << onto;
                what.sign = if from < onto { 1 } else { -1 };
                debug_assert!(
                    between.is_empty() || between.len() == W - 1,
                    "a slide passes no tile or the rest of a row"
                );
                what.passed = [to as u8; MAX_PASSED];
                for (passed, frame_cell) in what.passed.iter_mut().zip(between) {
                    *passed = uncell[usize::from(frame_cell)];
                }
            }
        }
        let mut frame = Frame {
            cell,
            held: [0; MAX_CELLS],
            tile: [[(0, 0); M]; MAX_CELLS],
            pass: [[[0; MAX_CELLS]; M]; MAX_CELLS],
            slide,
        };
        for t in 1..W * H {
            assert!(tile[t].len() <= M, "tile {t} is in more than {M} patterns");
            frame.held[t] = tile[t].len() as u8;
            for (j, &(pattern, moved)) in tile[t].iter().enumerate() {
                frame.tile[t][j] = (pattern, moved);
                let k = tiles[usize::from(pattern)];
                for u in (1..W * H).filter(|&u| u != t) {
                    if let Some(&(_, place)) = tile[u].iter().find(|(p, _)| *p == pattern) {
                        let weight = placement::PASS[k][usize::from(moved)][usize::from(place)];
                        frame.pass[t][j][u] = weight as i16; // At most 7!, and 5040 fits.
                    }
                }
            }
        }
        frame
    }

    /// The patterns holding tile `t` (not the blank), with its place in each. With
    /// `M` = 1 (one partition) every tile is in one, known without a load.
    #[inline(always)]
    pub fn held(&self, t: u8) -> &[(u8, u8)] {
        let held = if M == 1 {
            1
        } else {
            usize::from(self.held[usize::from(t)])
        };
        &self.tile[usize::from(t)][..held]
    }
}
