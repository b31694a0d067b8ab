//! The definitions a service answers (`--definitions DIR`): each `.def` (ksolve+) or
//! `.json` (KPuzzle) file of the directory is a puzzle named by its file name, read at
//! start so that a bad file stops the service before it answers anything.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::json;
use tablesolve::definition::group::Draw;
use tablesolve::definition::{Def, DefOptions, Definition, Model};
use tablesolve::judge::{kpattern, turns_text};
use tablesolve::table::{Cost, TableDir};

use crate::Failure;

/// The definitions served, by name.
#[derive(Default)]
pub struct Defined {
    by_name: BTreeMap<String, Served>,
}

struct Served {
    path: PathBuf,
    /// What `/v1/puzzles` lists of it: enough for the page to draw its positions and
    /// play its turns.
    entry: serde_json::Value,
    /// The tables its first answer would build, as it started: those still missing
    /// are listed with their cost.
    missing: Vec<(PathBuf, Cost)>,
    /// Compiled with its own moves, as the page plays it.
    puzzle: Model,
    /// Its states' draws, made at the first draw (with its scrambles' words: seconds
    /// for the Megaminx); `None` where restrictions leave its moves' group out of
    /// reach or its positions are too many to hold the group (`group::MOST_POINTS`).
    draw: OnceLock<Option<Draw>>,
}

/// A random state of a served definition: the KPattern line `generate def` writes for
/// the same seed, and a scramble that reaches it.
pub struct Scrambled {
    pub pattern: String,
    pub scramble: String,
}

impl Defined {
    /// The definitions in `dir`, each read and compiled with its own moves; the first
    /// that does not read cleanly is the failure; their databases may take `memory`.
    pub fn load(dir: &Path, tables: &TableDir, memory: Option<u64>) -> Result<Defined, Failure> {
        let cannot =
            |e: std::io::Error| Failure::Usage(format!("--definitions {}: {e}", dir.display()));
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(cannot)?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(cannot)?;
        paths.retain(|p| p.is_file() && p.extension().is_some_and(|e| e == "def" || e == "json"));
        paths.sort();
        if paths.is_empty() {
            return Err(Failure::Usage(format!(
                "--definitions {}: no definition there (a .def or .json file)",
                dir.display()
            )));
        }
        let mut by_name = BTreeMap::new();
        for path in paths {
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let definition = Definition::read(&path).map_err(|e| Failure::Usage(e.to_string()))?;
            let options = DefOptions {
                memory,
                ..DefOptions::default()
            };
            let missing =
                Def::missing_tables(tables, definition.clone(), &options).unwrap_or_default();
            let puzzle = Model::new(definition, None, None)
                .map_err(|e| Failure::Usage(format!("{}: {e}", path.display())))?;
            let entry = entry(&name, &puzzle);
            by_name.insert(
                name,
                Served {
                    path,
                    entry,
                    missing,
                    puzzle,
                    draw: OnceLock::new(),
                },
            );
        }
        Ok(Defined { by_name })
    }

    /// The file of the definition named `name`.
    pub fn path(&self, name: &str) -> Option<&Path> {
        self.by_name.get(name).map(|served| served.path.as_path())
    }

    /// A state of the definition named `name` drawn uniformly from its moves' group by
    /// `seed`, with its scramble: no table needed, however large the puzzle; `None`
    /// for a name not served or a puzzle restricted past its group.
    pub fn scrambled(&self, name: &str, seed: u64) -> Option<Scrambled> {
        let served = self.by_name.get(name)?;
        let draw = served.draw.get_or_init(|| Draw::new(&served.puzzle).ok());
        let (state, turns) = draw.as_ref()?.seeded(seed);
        Some(Scrambled {
            pattern: kpattern(&served.puzzle, &state),
            scramble: turns_text(&turns),
        })
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.by_name.keys().map(String::as_str)
    }

    /// Their entries in `/v1/puzzles`, each with `parameters` as given, and `build`:
    /// what its first answer would build (`null` where its tables are on disk): the
    /// number of tables, their cost in words, and the seconds it should take.
    pub fn entries(&self, parameters: &[&str]) -> impl Iterator<Item = serde_json::Value> + '_ {
        let parameters: serde_json::Value = parameters.into();
        self.by_name.values().map(move |served| {
            let mut entry = served.entry.clone();
            entry["parameters"] = parameters.clone();
            let missing: Vec<Cost> = (served.missing.iter())
                .filter(|(path, _)| !path.exists())
                .map(|(_, cost)| *cost)
                .collect();
            let cost: Cost = missing.iter().copied().sum();
            entry["build"] = match missing.len() {
                0 => serde_json::Value::Null,
                tables => json!({
                    "tables": tables,
                    "cost": cost.to_string(),
                    "seconds": cost.seconds(rayon::current_num_threads()),
                }),
            };
            entry
        })
    }
}

/// A definition's entry: its sets, the state scrambles start from, its solved states
/// (`null` where a goal does not care), and each turn as sources and twists by set.
fn entry(name: &str, puzzle: &Model) -> serde_json::Value {
    let definition = &puzzle.definition;
    let sets: Vec<_> = (definition.sets.iter())
        .map(|s| json!({ "name": s.name, "pieces": s.pieces, "orientations": s.orientations }))
        .collect();
    let goals: Vec<_> = (definition.goals.iter())
        .map(|g| json!({ "pieces": g.pieces, "orientation": g.orientation }))
        .collect();
    let turns: Vec<_> = (puzzle.turns.iter())
        .map(|t| json!({ "name": t.turn.name, "from": t.action.from, "twist": t.action.twist }))
        .collect();
    let moves = puzzle.classes.join(" ");
    let counted = match definition.sets.len() {
        1 => "1 set".to_string(),
        n => format!("{n} sets"),
    };
    json!({
        "name": name,
        "title": definition.name,
        "about": format!(
            "Defined in {name}: {counted} of pieces, moves {moves}. A board is a scramble \
             (turns separated by spaces, applied to the solved state) or a KPattern JSON \
             object."
        ),
        "definition": {
            "sets": sets,
            "start": { "pieces": definition.start.pieces, "orientation": definition.start.orientation },
            "goals": goals,
            "turns": turns,
        },
    })
}
