//! The answers of a case that asks more than the shortest answer of its puzzle, or of a
//! puzzle whose turns are restricted: ksolve+'s blocks, forbidden pairs and move
//! limits ([`super::restrictions`]), its quarter-turn metric (a power costs its quarter
//! turns), its `Slack` (every answer up to the shortest plus the slack, listed) and
//! `MaxDepth` (no answer past it), and twips's least length.
//!
//! IDA* on the cost of the turns played, under any lower bound on the turns left that
//! never overestimates: the puzzle's own tables, which know no restriction, and count
//! turns, each costing at least 1. Turns are tried in answer order, never a turn that
//! merges with the last one, nor one that commutes with it and comes before it in
//! answer order (ksolve+ leaves out such pairs too, the later of two commuting moves
//! first): so the first answer found at the least cost is the smallest of that cost,
//! and a listing holds each answer once, up to the order of commuting turns.

use super::model::{Model, Turn, MOST_CELLS};
use super::restrictions::MoveLimit;
use super::Goal;
use crate::search::{Account, Meter, Outcome, Reason, Settings, Stopped};

/// What a case asks beyond the shortest answer: a ksolve+ scramble file's directives in
/// force at it, or the command's options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Asked {
    /// Every answer up to the shortest's cost plus this, listed (ksolve+'s `Slack`).
    pub slack: u32,
    /// No answer costs more (ksolve+'s `MaxDepth`).
    pub max_cost: Option<u32>,
    /// No answer costs less (twips's `--min-depth`).
    pub min_cost: u32,
    /// Whether a turn costs its quarter turns (ksolve+'s `QTM`) rather than 1.
    pub quarter_turns: bool,
    /// Limits on how many turns of a move an answer plays (ksolve+'s `MoveLimits`),
    /// beside the definition's own.
    pub limits: Vec<MoveLimit>,
    /// Every answer of the least cost listed (the command's `--all`).
    pub every: bool,
    /// The case's own goals, where it leaves positions out (a `Scramble` block's `?`,
    /// a target pattern): the definition's goals otherwise.
    pub goals: Option<Vec<Goal>>,
}

impl Asked {
    /// Whether it asks nothing beyond the shortest answer.
    pub fn is_plain(&self) -> bool {
        *self == Asked::default()
    }

    /// Whether it asks for a list of answers rather than one.
    pub fn lists(&self) -> bool {
        self.slack > 0 || self.every
    }
}

/// A case's answers: the smallest of the least cost, or, where a slack is asked, every
/// answer up to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The answers with their costs, by cost, then in answer order (one where no slack
    /// is asked; at most [`crate::search::MOST_LISTED`]).
    pub answers: Vec<(u32, Vec<Turn>)>,
    /// How many answers there are, listed or not.
    pub count: u128,
    /// States generated.
    pub nodes: u64,
}

/// Limits compiled against a puzzle's turns: for each, the turns it counts.
struct Counted {
    /// For each limit, whether each turn counts against it.
    counts: Vec<Vec<bool>>,
    /// Each limit's most.
    most: Vec<u32>,
}

/// The answers of `cells` as `asked`, `bound` a lower bound on the turns from a state to
/// the goal (`u32::MAX` where none can be reached; 0 exactly at the goal).
pub(crate) fn answers(
    puzzle: &Model,
    bound: &dyn Fn(&[u8]) -> u32,
    cells: &[u8],
    asked: &Asked,
    settings: &Settings,
) -> Outcome<Listing> {
    let all_limits: Vec<&MoveLimit> = (puzzle.definition.restrictions.limits.iter())
        .chain(&asked.limits)
        .collect();
    let counted = Counted {
        counts: (all_limits.iter())
            .map(|limit| {
                (puzzle.turns.iter())
                    .map(|t| match limit.every_power {
                        true => puzzle.classes[t.class] == limit.name,
                        false => t.turn.name == limit.name,
                    })
                    .collect()
            })
            .collect(),
        most: all_limits.iter().map(|l| l.most).collect(),
    };
    let h = bound(cells);
    if h == u32::MAX {
        return Outcome::Unreachable { nodes: 0 };
    }
    let account = Account::new(&settings.limits, settings.progress);
    let mut search = Search {
        puzzle,
        bound,
        counted,
        quarter: asked.quarter_turns,
        min_cost: asked.min_cost,
        threshold: h.max(asked.min_cost),
        next: u32::MAX,
        used: vec![0; all_limits.len()],
        path: Vec::new(),
        listing: None,
        found: Vec::new(),
        count: 0,
        meter: Meter::new(&account, 1),
    };
    let most = asked.max_cost.unwrap_or(u32::MAX - 1);
    // The nodes of the iteration before, for the foresight.
    let mut before = None;
    // The least cost: iterations until one finds an answer.
    let least = loop {
        if search.threshold > most {
            return search.stopped(&account, Reason::Depth);
        }
        account.begin(search.threshold);
        search.next = u32::MAX;
        let began = account.mark();
        match search.dfs(cells, 0, None) {
            Err(reason) => return search.stopped(&account, reason),
            Ok(true) => break search.threshold,
            Ok(false) if search.next == u32::MAX => {
                search.meter.finish();
                return Outcome::Unreachable {
                    nodes: account.nodes(),
                };
            }
            Ok(false) => {
                search.threshold = search.next;
                // The iteration's nodes and time settled, so that it is measured whole
                // (past the most cost asked, the depth limit stops it first).
                if let Err(reason) = search.meter.settle() {
                    return search.stopped(&account, reason);
                }
                let took = account.took_since(began);
                if search.threshold <= most {
                    // On one thread, as the last.
                    if let Err(reason) = account.foresee(before, took, 1) {
                        return search.stopped(&account, reason);
                    }
                }
                before = Some(took.nodes);
            }
        }
    };
    if asked.lists() {
        // Every answer up to the least cost plus the slack, in one pass.
        search.threshold = least.saturating_add(asked.slack).min(most);
        search.listing = Some(least);
        search.found.clear();
        account.begin(search.threshold);
        if let Err(reason) = search.dfs(cells, 0, None) {
            return search.stopped(&account, reason);
        }
        search.found.sort_by_key(|(cost, _)| *cost);
    }
    let (answers, count) = (std::mem::take(&mut search.found), search.count.max(1));
    search.meter.finish();
    Outcome::Solved(Listing {
        answers,
        count,
        nodes: account.nodes(),
    })
}

/// One case's search.
struct Search<'a> {
    puzzle: &'a Model,
    bound: &'a dyn Fn(&[u8]) -> u32,
    counted: Counted,
    quarter: bool,
    min_cost: u32,
    /// The most cost this iteration searches.
    threshold: u32,
    /// The least cost past the threshold seen: the next iteration's.
    next: u32,
    /// Turns played so far against each limit.
    used: Vec<u32>,
    path: Vec<Turn>,
    /// Where answers are listed: from this cost on; `None` while the least is sought.
    listing: Option<u32>,
    found: Vec<(u32, Vec<Turn>)>,
    count: u128,
    meter: Meter<'a>,
}

impl Search<'_> {
    /// Searches below `cells`, reached at `cost` by the path so far, its last turn
    /// `last`: `Ok(true)` once the least cost's smallest answer is found (while it is
    /// sought).
    fn dfs(&mut self, cells: &[u8], cost: u32, last: Option<usize>) -> Result<bool, Reason> {
        let h = (self.bound)(cells);
        if h == u32::MAX {
            return Ok(false);
        }
        if cost.saturating_add(h) > self.threshold {
            self.next = self.next.min(cost + h);
            return Ok(false);
        }
        if h == 0 && cost >= self.min_cost {
            match self.listing {
                None => {
                    self.found = vec![(cost, self.path.clone())];
                    return Ok(true);
                }
                Some(from) if cost >= from => {
                    self.count += 1;
                    if self.found.len() < crate::search::MOST_LISTED {
                        self.found.push((cost, self.path.clone()));
                    }
                }
                Some(_) => {}
            }
        }
        let puzzle = self.puzzle;
        let mut buffer = [0u8; MOST_CELLS];
        let next = &mut buffer[..cells.len()];
        for (t, info) in puzzle.turns.iter().enumerate() {
            if let Some(l) = last {
                if !puzzle.may_follow(l, t, false) || !puzzle.restricted.may_follow(l, t) {
                    continue;
                }
            }
            if !puzzle.restricted.legal(cells, t) {
                continue;
            }
            let over = (self.counted.counts.iter().zip(&self.used))
                .zip(&self.counted.most)
                .any(|((counts, &used), &most)| counts[t] && used >= most);
            if over {
                continue;
            }
            let step = match self.quarter {
                true => info.quarter_turns(),
                false => 1,
            };
            if cost + step > self.threshold {
                self.next = self.next.min(cost + step);
                continue;
            }
            self.meter.count(1)?;
            puzzle.play(cells, t, next);
            for (counts, used) in self.counted.counts.iter().zip(&mut self.used) {
                *used += u32::from(counts[t]);
            }
            self.path.push(info.turn);
            let done = self.dfs(next, cost + step, Some(t));
            self.path.pop();
            for (counts, used) in self.counted.counts.iter().zip(&mut self.used) {
                *used -= u32::from(counts[t]);
            }
            if done? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn stopped(self, account: &Account<'_>, reason: Reason) -> Outcome<Listing> {
        let lower_bound = self.listing.unwrap_or(self.threshold);
        self.meter.finish();
        Outcome::Stopped(Stopped {
            lower_bound,
            nodes: account.nodes(),
            reason,
        })
    }
}
