//! `serve --cubing-js DIR`: cubing.js's files served beside the page, named in the
//! page's import map, and nothing outside DIR.

use std::fs;
use std::path::Path;

use super::{agent, get, Server};
use crate::common::{tables, tablesolve};

/// A node_modules folder as npm lays it out: `cubing` with two entry points, and a
/// package beside it with its module file.
fn node_modules() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write(
        "cubing/package.json",
        r#"{"name": "cubing", "version": "9.8.7"}"#,
    );
    write(
        "cubing/dist/lib/cubing/twisty/index.js",
        "export const twisty = 1;",
    );
    write(
        "cubing/dist/lib/cubing/puzzles/index.js",
        "export const puzzles = {};",
    );
    write(
        "three/package.json",
        r#"{"name": "three", "module": "./build/three.module.js"}"#,
    );
    write("three/build/three.module.js", "export const three = 3;");
    dir
}

#[test]
fn cubing_js_is_served_from_its_folder_and_named_in_the_pages_import_map() {
    let modules = node_modules();
    let secret = modules
        .path()
        .parent()
        .unwrap()
        .join("secret-beside-node_modules.txt");
    fs::write(&secret, "not to be served").unwrap();
    let dir = modules.path().to_str().unwrap();
    let server = Server::start(&["--cubing-js", dir]);
    let (status, _, page) = get(&server, "/");
    assert_eq!(status, 200);
    let map_at = page
        .find(r#"<script type="importmap">"#)
        .expect("an import map");
    assert!(page[..map_at].contains("<head>"), "in the head: {page}");
    for entry in [
        r#""cubing/twisty":"/cubing.js/cubing/dist/lib/cubing/twisty/index.js""#,
        r#""cubing/puzzles":"/cubing.js/cubing/dist/lib/cubing/puzzles/index.js""#,
        r#""three":"/cubing.js/three/build/three.module.js""#,
        r#""three/":"/cubing.js/three/""#,
    ] {
        assert!(page.contains(entry), "{entry} in {page}");
    }
    assert!(page.contains(r#"<body data-cubing="9.8.7">"#), "{page}");
    let url = server.url("/cubing.js/three/build/three.module.js");
    let mut response = agent().get(url).call().unwrap();
    let kind = response
        .headers()
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap();
    assert_eq!(kind, "text/javascript; charset=utf-8");
    let text = response.body_mut().read_to_string().unwrap();
    assert_eq!(text, "export const three = 3;");
    // Nothing outside the folder, however the path is spelled.
    let name = secret.file_name().unwrap().to_str().unwrap();
    for path in [
        format!("%2e%2e/{name}"),
        format!("cubing/%2e%2e/%2e%2e/{name}"),
    ] {
        let (status, _, text) = get(&server, &format!("/cubing.js/{path}"));
        assert_eq!(status, 404, "{path}: {text}");
    }
    assert_eq!(get(&server, "/cubing.js/cubing/no-such.js").0, 404);
    drop(server);
    fs::remove_file(secret).unwrap();
}

#[test]
fn without_cubing_js_the_page_has_no_import_map_and_a_folder_without_it_is_refused() {
    let server = Server::start(&[]);
    let (_, _, page) = get(&server, "/");
    assert!(
        !page.contains("importmap") && page.contains("<body>"),
        "{page}"
    );
    assert_eq!(get(&server, "/cubing.js/cubing/package.json").0, 404);
    let empty = tempfile::tempdir().unwrap();
    let dir = empty.path().to_str().unwrap();
    let run = tablesolve(tables(), &["serve", "--port", "0", "--cubing-js", dir], b"");
    let message = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{message}");
    assert!(
        message.contains(&format!("--cubing-js {dir}")) && message.contains("npm install cubing"),
        "{message}"
    );
    assert!(!Path::new(dir).join("cubing").exists());
}
