//! The library's top-level modules import one way only: commands, the catalogue, the
//! judges, the puzzles, then the shared machinery. A module that imported one above
//! it would make the two a cycle. Within a module, its files import each other one
//! way too: a file may import its parent (`mod.rs`), which is the module's face, but
//! no chain of imports between sibling files comes back to where it started.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module's layer, from the top; a module may import only modules of
/// later layers.
const LAYERS: &[&[&str]] = &[
    &["catalogue"],
    &["judge"],
    &["eight", "rotation", "fifteen"],
    &["sliding", "definition"],
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
    paths_after(&code_of(source), "crate::")
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// `source` without its comment lines.
fn code_of(source: &str) -> String {
    source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first name of each path `code` writes after `prefix` (each of a group's, for
/// `prefix{a::b, c}`), and whether it may name a module: a path that goes on past it
/// (`name::...`), or an entry of a group.
fn paths_after(code: &str, prefix: &str) -> Vec<(String, bool)> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').expect("a closed group")];
            for path in group.split(',') {
                let path = path.trim();
                let first = path.split("::").next().unwrap_or("");
                names.push((first.to_owned(), true));
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let goes_on = rest[name.len()..].starts_with("::");
            names.push((name, goes_on));
        }
    }
    names.retain(|(name, _)| !name.is_empty());
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

/// The sibling modules `source` may import through `super::` (not `super::super::`),
/// inline test modules and comments left out: `super::name::...` is a path through a
/// sibling, `super::Name` alone an item of the parent (in a group, either).
fn sibling_imports(source: &str) -> Vec<String> {
    let outside_tests = source.split("#[cfg(test)]\nmod tests {").next();
    let code = code_of(outside_tests.unwrap_or("")).replace("super::super::", "");
    paths_after(&code, "super::")
        .into_iter()
        .filter(|(_, module)| *module)
        .map(|(name, _)| name)
        .collect()
}

/// Each directory of the sources with its sibling modules (files but `mod.rs`, and
/// subdirectories), each with the sources it is made of.
fn modules_by_directory(dir: &Path, found: &mut Vec<BTreeMap<String, Vec<PathBuf>>>) {
    let mut siblings: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut files = Vec::new();
            sources(&path, &mut files);
            siblings.entry(name).or_default().extend(files);
            modules_by_directory(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
            siblings.entry(name).or_default().push(path);
        }
    }
    found.push(siblings);
}

/// A chain of imports among `siblings` that comes back to its start, if any.
fn circle(siblings: &BTreeMap<String, Vec<PathBuf>>) -> Option<Vec<String>> {
    let imports: BTreeMap<&str, Vec<String>> = siblings
        .iter()
        .map(|(name, files)| {
            let mut imported: Vec<String> = files
                .iter()
                .flat_map(|file| sibling_imports(&fs::read_to_string(file).unwrap()))
                .filter(|other| other != name && siblings.contains_key(other))
                .collect();
            imported.sort();
            imported.dedup();
            (name.as_str(), imported)
        })
        .collect();
    // Depth first from every sibling; a sibling on the current chain seen again closes
    // a circle.
    fn visit<'a>(
        name: &'a str,
        imports: &'a BTreeMap<&str, Vec<String>>,
        chain: &mut Vec<&'a str>,
        done: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = chain.iter().position(|n| *n == name) {
            let mut found: Vec<String> = chain[at..].iter().map(|n| n.to_string()).collect();
            found.push(name.to_owned());
            return Some(found);
        }
        if done.contains(&name) {
            return None;
        }
        chain.push(name);
        for next in &imports[name] {
            if let Some(found) = visit(next, imports, chain, done) {
                return Some(found);
            }
        }
        chain.pop();
        done.push(name);
        None
    }
    let mut done = Vec::new();
    imports
        .keys()
        .find_map(|name| visit(name, &imports, &mut Vec::new(), &mut done))
}

#[test]
fn files_of_one_module_import_each_other_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut directories = Vec::new();
    for entry in fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            modules_by_directory(&path, &mut directories);
        }
    }
    assert!(
        directories.len() >= 10,
        "only {} directories",
        directories.len()
    );
    let circles: Vec<Vec<String>> = directories.iter().filter_map(circle).collect();
    assert!(circles.is_empty(), "imports in a circle: {circles:?}");
}

#[test]
fn the_sibling_scan_finds_a_circle() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| fs::write(dir.path().join(name), text).unwrap();
    write("mod.rs", "mod a;\nmod b;\nuse a::run;\n");
    write("a.rs", "use super::b::Thing;\nuse super::Face;\n");
    write("b.rs", "use super::{a::Other, Face};\n");
    let mut found = Vec::new();
    modules_by_directory(dir.path(), &mut found);
    assert_eq!(
        circle(&found[0]),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
    write(
        "b.rs",
        "use super::Face;\n// super::a::Other in a comment\n",
    );
    let mut found = Vec::new();
    modules_by_directory(dir.path(), &mut found);
    assert_eq!(circle(&found[0]), None);
    assert_eq!(
        sibling_imports("use super::{deepen::Want, Problem};\nuse super::super::x::Y;\n"),
        ["deepen", "Problem"]
    );
}

/// The top-level modules the crate root declares (`pub mod NAME;` in lib.rs).
fn declared_modules(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'))
        .map(str::to_owned)
        .collect()
}

/// The maps a reader trusts name every top-level module: the crate's own doc (as a
/// link), the layer table of doc/architecture.md and the source tree of
/// doc/how-it-works.md (as its path), and this test's layers.
#[test]
fn every_map_names_every_top_level_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| fs::read_to_string(root.join(path)).unwrap();
    let lib = read("src/lib.rs");
    let modules = declared_modules(&lib);
    assert!(modules.len() >= 12, "only {modules:?} declared");
    let crate_doc: String = (lib.lines().filter_map(|l| l.strip_prefix("//!")))
        .collect::<Vec<_>>()
        .join("\n");
    let layer_table = read("doc/architecture.md");
    let layer_table = layer_table.split("## What a change costs").next().unwrap();
    let source_tree = read("doc/how-it-works.md");
    let mut missing = Vec::new();
    for module in &modules {
        let (dir, file) = (format!("`src/{module}/"), format!("`src/{module}.rs`"));
        let named_at = |text: &str| text.contains(&dir) || text.contains(&file);
        if !crate_doc.contains(&format!("[`{module}`]")) {
            missing.push(format!("src/lib.rs's module map misses {module}"));
        }
        if !named_at(layer_table) {
            missing.push(format!("doc/architecture.md's layers miss {module}"));
        }
        if !named_at(&source_tree) {
            missing.push(format!("doc/how-it-works.md's source tree misses {module}"));
        }
        if layer(module).is_none() {
            missing.push(format!("tests/all/layers.rs's LAYERS miss {module}"));
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}
