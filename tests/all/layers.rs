//! The library's top-level modules import one way only: commands, the catalogue, the
//! judges, the puzzles, then the shared machinery. A module that imported one above
//! it would make the two a cycle.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Each top-level module's layer, from the top; a module may import only modules of
/// later layers.
const LAYERS: &[&[&str]] = &[
    &["catalogue"],
    &["judge"],
    &["eight", "rotation", "fifteen"],
    &["sliding"],
    &["sample", "error"],
    &["table"],
    &["search"],
    &["parallel"],
    &["rank", "moves"],
];

/// The names the crate root re-exports, and their modules.
const ROOT: &[(&str, &str)] = &[
    ("Puzzle", "catalogue"),
    ("Eight", "eight"),
    ("Eight2", "eight"),
    ("Rotation", "rotation"),
    ("Fifteen", "fifteen"),
    ("FifteenOptions", "fifteen"),
    ("Sliding", "sliding"),
    ("SlidingOptions", "sliding"),
    ("for_size", "sliding"),
    ("Error", "error"),
    ("TableDir", "table"),
];

/// The module `name` (a module or a root re-export) belongs to.
fn module_of(name: &str) -> &str {
    ROOT.iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, module)| module)
}

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|modules| modules.contains(&module))
}

/// The top-level names `source` imports through `crate::`, comments left out.
fn imports(source: &str) -> Vec<String> {
    let code: String = source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').expect("a closed group")];
            let firsts = group.split(',').map(|path| path.trim().split("::").next());
            names.extend(firsts.map(|first| first.unwrap_or("").to_owned()));
        } else {
            names.push(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect(),
            );
        }
    }
    names.retain(|name| !name.is_empty());
    names
}

fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn top_level_modules_import_only_the_layers_below_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut upward = BTreeMap::new();
    let mut modules = 0;
    for entry in fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let module = path.file_stem().unwrap().to_string_lossy().into_owned();
        if matches!(module.as_str(), "lib" | "bin") {
            continue;
        }
        let own = layer(&module).unwrap_or_else(|| panic!("module {module} has no layer"));
        modules += 1;
        let mut files = Vec::new();
        if path.is_dir() {
            sources(&path, &mut files);
        } else {
            files.push(path.clone());
        }
        for file in files {
            for name in imports(&fs::read_to_string(&file).unwrap()) {
                let imported = module_of(&name);
                if imported != module && layer(imported).is_some_and(|l| l <= own) {
                    upward.insert(format!("{} imports {name}", file.display()), ());
                }
            }
        }
    }
    assert!(modules >= 12, "only {modules} modules found");
    assert!(
        upward.is_empty(),
        "imports against the layers: {:#?}",
        upward.keys()
    );
}

#[test]
fn the_import_scan_sees_single_paths_and_groups() {
    let source = "use crate::search::Found;\n// crate::judge in a comment\nuse crate::{Eight, table::Mapped};\n";
    assert_eq!(imports(source), ["search", "Eight", "table"]);
}
