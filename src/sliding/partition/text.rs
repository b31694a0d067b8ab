//! A partition as the command line writes it: a built-in name, groups of tiles separated
//! by `/`, splits separated by `;`, `zero-aware` before any of them.

use super::{Partition, ZERO_AWARE};
use crate::sliding::guided::{MAX_MEMBERSHIPS, MAX_PATTERNS, MAX_SUMS, MAX_SUM_PATTERNS};
use crate::sliding::pattern::MAX_TILES;
use crate::sliding::MAX_CELLS;

impl std::fmt::Display for Partition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

impl std::str::FromStr for Partition {
    type Err = String;

    /// A built-in partition's name, or groups of tiles separated by `/`, no tile in
    /// two, either after `zero-aware` for zero-aware databases: at most
    /// [`MAX_PATTERNS`] groups of at most [`MAX_TILES`] tiles; or several such splits
    /// separated by `;`, a catalogue (at most [`MAX_SUMS`] splits and
    /// [`MAX_SUM_PATTERNS`] distinct groups, a tile in at most [`MAX_MEMBERSHIPS`] of
    /// them). Whether they hold every tile of a board is [`Partition::check`]'s to say.
    fn from_str(text: &str) -> Result<Partition, String> {
        if let Some(plain) = text.trim().strip_prefix(ZERO_AWARE) {
            return match plain.parse()? {
                Partition::ZeroAware(_) => Err(format!("{ZERO_AWARE} twice in {text:?}")),
                plain => Ok(Partition::ZeroAware(Box::new(plain))),
            };
        }
        if let Some(named) = Partition::ALL.into_iter().find(|p| p.name() == text.trim()) {
            return Ok(named);
        }
        let choose = "choose 7-8 or 6-6-3 (4x4), compound or 6-6-6-6 (5x5), or groups of \
                      tiles separated by `/`, e.g. \"1 2 3 4 5 6 7 8 / 9 10 11 12 13 14 15\", \
                      or several such splits separated by `;`, each choice optionally after \
                      `zero-aware`";
        if !text.contains('/') && text.split_whitespace().count() <= 1 {
            return Err(format!("no partition {:?}: {choose}", text.trim()));
        }
        let mut splits: Vec<Vec<Vec<u8>>> = Vec::new();
        for split in text.split(';') {
            splits.push(parse_groups(split).map_err(|why| format!("{why}: {choose}"))?);
        }
        if splits.len() == 1 {
            return Ok(Partition::Tiles(splits.remove(0)));
        }
        if splits.len() > MAX_SUMS {
            return Err(format!(
                "{} splits: a catalogue has at most {MAX_SUMS}",
                splits.len()
            ));
        }
        let mut distinct: Vec<Vec<u8>> = Vec::new();
        for group in splits.iter().flatten() {
            let mut group = group.clone();
            group.sort_unstable();
            if !distinct.contains(&group) {
                distinct.push(group);
            }
        }
        if distinct.len() > MAX_SUM_PATTERNS {
            return Err(format!(
                "{} distinct groups: a catalogue has at most {MAX_SUM_PATTERNS}",
                distinct.len()
            ));
        }
        for tile in 1..MAX_CELLS as u8 {
            let holding = distinct.iter().filter(|g| g.contains(&tile)).count();
            if holding > MAX_MEMBERSHIPS {
                return Err(format!(
                    "tile {tile} is in {holding} distinct groups: at most {MAX_MEMBERSHIPS}"
                ));
            }
        }
        Ok(Partition::Catalogue(splits))
    }
}

/// One split's groups of tiles, separated by `/`, no tile in two.
fn parse_groups(text: &str) -> Result<Vec<Vec<u8>>, String> {
    let mut seen = [false; MAX_CELLS];
    let mut groups = Vec::new();
    for group in text.split('/') {
        let mut tiles = Vec::new();
        for word in group.split_whitespace() {
            let tile = word
                .parse::<u8>()
                .ok()
                .filter(|&t| t >= 1 && usize::from(t) < MAX_CELLS)
                .ok_or_else(|| format!("{word:?} is not a tile"))?;
            if std::mem::replace(&mut seen[usize::from(tile)], true) {
                return Err(format!("tile {tile} is in two groups of one split"));
            }
            tiles.push(tile);
        }
        if tiles.is_empty() {
            return Err(format!("an empty group in {:?}", text.trim()));
        }
        if tiles.len() > MAX_TILES {
            return Err(format!(
                "a group of {} tiles: at most {MAX_TILES} (8 tiles take 519 M entries on \
                 16 cells)",
                tiles.len()
            ));
        }
        groups.push(tiles);
    }
    if groups.len() > MAX_PATTERNS {
        return Err(format!("{} groups: at most {MAX_PATTERNS}", groups.len()));
    }
    Ok(groups)
}
