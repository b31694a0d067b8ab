//! The plan for a defined puzzle, decided when it is opened: one exact table of the
//! view every goal sees where it fits, else one a goal, else for each goal pattern
//! databases of smaller views (a set alone; a set's pieces in groups, the rest blank).

use super::model::Model;
use super::view::{Keep, Projection, View, BLANK};
use crate::error::Error;
use crate::table::memory;

/// The most states of an exact table by default.
pub const MOST_EXACT: u64 = 1 << 32;

/// The most entries of one pattern database.
pub const MOST_DATABASE: u64 = 1 << 27;

/// The plan of `puzzle`'s tables: exact ones of at most `most_exact` states (`None`:
/// what this machine's memory holds, at most [`MOST_EXACT`]), databases of at most
/// `most_database` entries (`None`: [`MOST_DATABASE`]); and the most states of an
/// exact table it was made with.
pub(super) fn planned(
    puzzle: &Model,
    most_exact: Option<u64>,
    most_database: Option<u64>,
) -> Result<(Plan, u64), Error> {
    let most = most_exact.unwrap_or_else(|| {
        // A byte a state, built in memory: most of what this process may take (its
        // limits and other builds counted), at most MOST_EXACT.
        memory::available().map_or(MOST_EXACT, |free| (free / 5 * 4).min(MOST_EXACT))
    });
    let database = most_database.unwrap_or(MOST_DATABASE);
    let plan = plan(puzzle, most, database).map_err(|e| Error::Case(e.into()))?;
    Ok((plan, most))
}

/// The most bytes one size of a puzzle's pattern databases may take together (a byte
/// an entry): `asked`, else half of what this process may take (the other half for
/// building them and for everything else), else [`MOST_DATABASE`] a byte.
pub(super) fn database_memory(asked: Option<u64>) -> u64 {
    asked.unwrap_or_else(|| memory::available().map_or(MOST_DATABASE, |free| free / 2))
}

/// What opening decided: exact tables, or databases a goal.
pub(super) enum Plan {
    Exact(Vec<(View, u64)>),
    Search(Vec<Vec<(View, u64)>>),
}

/// The plan for `puzzle`, exact tables of at most `most` states, databases of at most
/// `database` entries.
pub(super) fn plan(puzzle: &Model, most: u64, database: u64) -> Result<Plan, String> {
    let goals: Vec<usize> = (0..puzzle.goals().len()).collect();
    let all: Vec<_> = puzzle.goals().iter().collect();
    let seen = Projection::seen_by(puzzle, &all);
    // The view, if it fits (else why not).
    let fits =
        |projection: &Projection, goals: &[usize], most: u64| -> Result<(View, u64), String> {
            let size = View::size_of(puzzle, projection, goals).map_err(|e| e.0)?;
            if size > most {
                return Err(format!("{size} states, more than {most}"));
            }
            let view = View::new(puzzle, projection, goals).map_err(|e| e.0)?;
            Ok((view, projection.fingerprint(puzzle, goals)))
        };
    if let Ok(view) = fits(&seen, &goals, most) {
        return Ok(Plan::Exact(vec![view]));
    }
    let each: Vec<Projection> = (puzzle.goals().iter())
        .map(|goal| Projection::seen_by(puzzle, &[goal]))
        .collect();
    if goals.len() > 1 {
        let views: Result<Vec<_>, String> = each
            .iter()
            .enumerate()
            .map(|(g, p)| fits(p, &[g], most))
            .collect();
        if let Ok(views) = views {
            return Ok(Plan::Exact(views));
        }
    }
    let mut databases = Vec::new();
    for (g, projection) in each.iter().enumerate() {
        let mut found = Vec::new();
        for part in database_projections(puzzle, projection, g, database) {
            match fits(&part, &[g], database) {
                Ok(view) => found.push(view),
                Err(why) => return Err(format!("no pattern database of this puzzle fits: {why}")),
            }
        }
        databases.push(found);
    }
    Ok(Plan::Search(databases))
}

/// The databases of a goal's view: each set alone where it fits, else its classes in
/// groups (the others blank), as many to a group as fit. Together they track every
/// class of the view, so their bounds are 0 only at the goal.
fn database_projections(
    puzzle: &Model,
    seen: &Projection,
    goal: usize,
    most: u64,
) -> Vec<Projection> {
    let mut out = Vec::new();
    for (s, keep) in seen.sets.iter().enumerate() {
        let Keep::Kept { class, orientation } = keep else {
            continue;
        };
        let alone = |class: Vec<u8>| Projection {
            sets: (0..seen.sets.len())
                .map(|t| match t == s {
                    true => Keep::Kept {
                        class: class.clone(),
                        orientation: *orientation,
                    },
                    false => Keep::Dropped,
                })
                .collect(),
        };
        let whole = alone(class.clone());
        if View::size_of(puzzle, &whole, &[goal]).is_ok_and(|size| size <= most) {
            out.push(whole);
            continue;
        }
        // Groups of classes, the largest that fit, in class order.
        let classes = usize::from(
            class
                .iter()
                .copied()
                .filter(|&c| c != BLANK)
                .max()
                .unwrap_or(0),
        ) + 1;
        let grouped = |first: usize, count: usize| -> Vec<u8> {
            class
                .iter()
                .map(|&c| match usize::from(c) {
                    c if (first..first + count).contains(&c) => (c - first) as u8,
                    _ => BLANK,
                })
                .collect()
        };
        let mut size = 1;
        while size < classes
            && View::size_of(puzzle, &alone(grouped(0, size + 1)), &[goal]).is_ok_and(|n| n <= most)
        {
            size += 1;
        }
        let mut first = 0;
        while first < classes {
            let count = size.min(classes - first);
            out.push(alone(grouped(first, count)));
            first += count;
        }
    }
    out
}
