//! `serve --cubing-js DIR`: cubing.js's files served beside the page, named in the
//! page's import map, and nothing else of the machine's.

use std::fs;
use std::path::Path;

use super::{agent, get, Server};
use crate::common::{tables, tablesolve};

/// A folder holding a node_modules folder as npm lays it out (`cubing` with two entry
/// points, a package beside it with its module file, one whose `main` would close a
/// script element, a scoped package and a hidden file) and, beside it, a file that is
/// not to be served.
fn node_modules() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = root.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write(
        "node_modules/cubing/package.json",
        r#"{"name": "cubing", "version": "9.8.7"}"#,
    );
    write(
        "node_modules/cubing/dist/lib/cubing/twisty/index.js",
        "export const twisty = 1;",
    );
    write(
        "node_modules/cubing/dist/lib/cubing/puzzles/index.js",
        "export const puzzles = {};",
    );
    write("node_modules/cubing/.secret", "hidden");
    let three = r#"{"name": "three", "module": "./build/three.module.js"}"#;
    write("node_modules/three/package.json", three);
    write(
        "node_modules/three/build/three.module.js",
        "export const three = 3;",
    );
    write(
        "node_modules/closing/package.json",
        r#"{"main": "</script><b>x.js"}"#,
    );
    write("node_modules/@types/three/index.d.ts", "export {};");
    write("secret.txt", "not to be served");
    root
}

#[test]
fn cubing_js_is_served_from_its_folder_and_named_in_the_pages_import_map() {
    let root = node_modules();
    let modules = root.path().join("node_modules");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        root.path().join("secret.txt"),
        modules.join("three/link.js"),
    )
    .unwrap();
    let server = Server::start(&["--cubing-js", modules.to_str().unwrap()]);
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
        r#""closing":"/cubing.js/closing/\u003c/script>\u003cb>x.js""#,
    ] {
        assert!(page.contains(entry), "{entry} in {page}");
    }
    assert!(!page.contains("@types") && !page.contains("<b>"), "{page}");
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
    // Nothing outside the packages served, however the path is spelled.
    for path in [
        "%2e%2e/secret.txt",
        "cubing/%2e%2e/%2e%2e/secret.txt",
        "three/link.js",
        "cubing/.secret",
        "@types/three/index.d.ts",
        "cubing/no-such.js",
    ] {
        let (status, _, text) = get(&server, &format!("/cubing.js/{path}"));
        assert_eq!(status, 404, "{path}: {text}");
    }
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
    let named = format!("--cubing-js {dir}: no cubing/package.json to read");
    assert!(
        message.contains(&named) && message.contains("npm install cubing"),
        "{message}"
    );
    let missing = Path::new(dir).join("no-such-folder");
    let args = [
        "serve",
        "--port",
        "0",
        "--cubing-js",
        missing.to_str().unwrap(),
    ];
    let run = tablesolve(tables(), &args, b"");
    assert_eq!(run.status.code(), Some(2));
}
