//! cubing.js served beside the page (`serve --cubing-js DIR`), so that the page draws
//! the defined puzzles cubing.js knows with cubing.js's own player, with no network:
//! DIR is a `node_modules` folder as `npm install cubing` lays it out, its files served
//! under `/cubing.js/`, and the page given an import map that names them.

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
    /// The version of `cubing`.
    pub version: String,
    /// The page's import map: each module cubing.js names by package, to its file.
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
        let version = cubing["version"].as_str().unwrap_or("?").to_string();
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
        }
        let import_map = json!({ "imports": imports }).to_string();
        Ok(CubingJs {
            dir,
            version,
            import_map,
        })
    }

    /// The file at `path` under the folder, where it lies inside it.
    fn file(&self, path: &str) -> Option<PathBuf> {
        let relative = Path::new(path);
        let plain = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        let file = self.dir.join(relative).canonicalize().ok()?;
        (plain && file.starts_with(&self.dir) && file.is_file()).then_some(file)
    }
}

/// A package's `package.json`, read.
fn package(dir: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(dir.join("package.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// `GET /cubing.js/{path}`: a file of the folder, 404 where it has none.
pub async fn file(State(shared): State<Arc<Shared>>, UrlPath(path): UrlPath<String>) -> Response {
    let Some(file) = shared.cubing_js.as_ref().and_then(|c| c.file(&path)) else {
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
    match tokio::task::spawn_blocking(move || std::fs::read(file)).await {
        Ok(Ok(bytes)) => ([(header::CONTENT_TYPE, kind)], bytes).into_response(),
        _ => (StatusCode::NOT_FOUND, "no such file of cubing.js").into_response(),
    }
}
