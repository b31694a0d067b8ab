//! cubing.js served beside the page (`serve --cubing-js DIR`), so that the page draws
//! the defined puzzles cubing.js knows with cubing.js's own player, with no network:
//! DIR is a `node_modules` folder as `npm install cubing` lays it out, its packages'
//! files served under `/cubing.js/`, and the page given an import map that names them.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::extract::{Path as UrlPath, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

use super::Shared;
use crate::Failure;

/// Where the files are served.
const URL: &str = "/cubing.js/";

/// cubing.js and the packages it imports, found in a `node_modules` folder.
pub struct CubingJs {
    /// The folder, its path made absolute: every file served lies inside it.
    dir: PathBuf,
    /// The packages served: `cubing` and those beside it (not scoped ones, `@x/y`).
    packages: Vec<String>,
    /// The version of `cubing`, as its package says (letters, digits, `.` and `-`; else
    /// `unknown`).
    pub version: String,
    /// The page's import map: each module cubing.js names by package, to its file (by
    /// the package's `module` or `main`; its `exports` are not read).
    pub import_map: String,
}

impl CubingJs {
    /// The packages in `dir`, refused where `dir` holds no `cubing` package.
    pub fn find(dir: &Path) -> Result<CubingJs, Failure> {
        let refuse = |why: String| {
            Failure::Usage(format!(
                "--cubing-js {}: {why} (give the node_modules folder that `npm install cubing` makes)",
                dir.display()
            ))
        };
        let dir = dir.canonicalize().map_err(|e| refuse(e.to_string()))?;
        let cubing = package(&dir.join("cubing"))
            .ok_or_else(|| refuse("no cubing/package.json to read".into()))?;
        let version = cubing["version"].as_str().unwrap_or_default();
        let kept = |c: char| c.is_ascii_alphanumeric() || c == '.' || c == '-';
        let mut version: String = version.chars().filter(|&c| kept(c)).collect();
        if version.is_empty() {
            version = "unknown".into();
        }
        let mut imports = Map::new();
        // cubing.js's own entry points (`cubing/twisty`, `cubing/puzzles`, ...).
        let lib = dir.join("cubing/dist/lib/cubing");
        let entries =
            std::fs::read_dir(&lib).map_err(|e| refuse(format!("{}: {e}", lib.display())))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().join("index.js").is_file() {
                let file = format!("{URL}cubing/dist/lib/cubing/{name}/index.js");
                imports.insert(format!("cubing/{name}"), Value::String(file));
            }
        }
        if !imports.contains_key("cubing/twisty") {
            return Err(refuse("no cubing/dist/lib/cubing/twisty/index.js".into()));
        }
        // The packages it imports (three, comlink, ...): by name, and files inside.
        let mut packages = vec!["cubing".to_string()];
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "cubing" || name.starts_with(['.', '@']) {
                continue;
            }
            let Some(found) = package(&entry.path()) else {
                continue;
            };
            imports.insert(format!("{name}/"), Value::String(format!("{URL}{name}/")));
            let main = found["module"].as_str().or(found["main"].as_str());
            if let Some(main) = main {
                let main = main.trim_start_matches("./");
                imports.insert(name.clone(), Value::String(format!("{URL}{name}/{main}")));
            }
            packages.push(name);
        }
        // Written into a <script> element: nothing in it may close the element.
        let import_map = json!({ "imports": imports }).to_string();
        let import_map = import_map.replace('<', "\\u003c");
        Ok(CubingJs {
            dir,
            packages,
            version,
            import_map,
        })
    }

    /// The file at `path`, where it lies in a package served once links are followed:
    /// no hidden file, nothing outside those packages.
    fn file(&self, path: &str) -> Option<PathBuf> {
        let relative = Path::new(path);
        if !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
        {
            return None;
        }
        let file = self.dir.join(relative).canonicalize().ok()?;
        let names: Vec<&str> = (file.strip_prefix(&self.dir).ok()?.components())
            .map(|part| part.as_os_str().to_str())
            .collect::<Option<_>>()?;
        let served = names
            .first()
            .is_some_and(|p| self.packages.iter().any(|s| s == p));
        let hidden = names.iter().any(|name| name.starts_with('.'));
        (served && !hidden && file.is_file()).then_some(file)
    }
}

/// A package's `package.json`, read.
fn package(dir: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(dir.join("package.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// `GET /cubing.js/{path}`: a file of a package served, 404 where there is none.
pub async fn file(State(shared): State<Arc<Shared>>, UrlPath(path): UrlPath<String>) -> Response {
    let found = tokio::task::spawn_blocking(move || {
        let file = shared.cubing_js.as_ref()?.file(&path)?;
        Some((std::fs::read(&file).ok()?, file))
    });
    let Ok(Some((bytes, file))) = found.await else {
        return (StatusCode::NOT_FOUND, "no such file of cubing.js").into_response();
    };
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    };
    let headers = [
        (header::CONTENT_TYPE, kind),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    (headers, bytes).into_response()
}
