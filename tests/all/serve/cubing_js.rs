//! `serve --cubing-js DIR`: cubing.js's files served beside the page, named in the
//! page's import map, and nothing else of the machine's.

use std::fs;

use super::{agent, get, Server};
use crate::common::{tables, tablesolve};

/// A folder holding a node_modules folder as npm lays it out and, beside it, a file
/// that is not to be served. In node_modules: `cubing` with two entry points and a
/// version that would end the attribute it is written in; a package beside it with
/// its module file; one whose `main` would close a script element; a scoped package;
/// hidden files.
fn node_modules() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = root.path().join("node_modules").join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write(
        "cubing/package.json",
        r#"{"name": "cubing", "version": "9.8.7\"><x"}"#,
    );
    write(
        "cubing/dist/lib/cubing/twisty/index.js",
        "export const twisty = 1;",
    );
    write(
        "cubing/dist/lib/cubing/puzzles/index.js",
        "export const puzzles = {};",
    );
    write("cubing/.secret", "hidden");
    write(
        "three/package.json",
        r#"{"name": "three", "module": "./build/three.module.js"}"#,
    );
    write("three/build/three.module.js", "export const three = 3;");
    write("closing/package.json", r#"{"main": "</script><b>x.js"}"#);
    write("@types/three/index.d.ts", "export {};");
    write(".cache/kept.js", "hidden");
    fs::write(root.path().join("secret.txt"), "not to be served").unwrap();
    root
}

#[test]
fn cubing_js_is_served_from_its_folder_and_named_in_the_pages_import_map() {
    let root = node_modules();
    let modules = root.path().join("node_modules");
    // Links from a package served: out of the folder, to a hidden file, to a package
    // not served.
    #[cfg(unix)]
    for (to, link) in [
        ("secret.txt", "three/link.js"),
        ("node_modules/.cache/kept.js", "three/hidden.js"),
        ("node_modules/@types/three/index.d.ts", "three/types.js"),
    ] {
        std::os::unix::fs::symlink(root.path().join(to), modules.join(link)).unwrap();
    }
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
    assert!(page.contains(r#"<body data-cubing="9.8.7x">"#), "{page}");
    let url = server.url("/cubing.js/three/build/three.module.js");
    let mut response = agent().get(url).call().unwrap();
    let header = |name: &str| response.headers().get(name).unwrap().to_str().unwrap();
    assert_eq!(header("content-type"), "text/javascript; charset=utf-8");
    assert_eq!(header("x-content-type-options"), "nosniff");
    let text = response.body_mut().read_to_string().unwrap();
    assert_eq!(text, "export const three = 3;");
    // Nothing outside the packages served, however the path is spelled.
    for path in [
        "%2e%2e/secret.txt",
        "cubing/%2e%2e/%2e%2e/secret.txt",
        "three/link.js",
        "three/hidden.js",
        "three/types.js",
        ".cache/kept.js",
        "cubing/.secret",
        "@types/three/index.d.ts",
        "cubing/no-such.js",
        "cubing",
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
    let missing = empty.path().join("no-such-folder");
    for (dir, why) in [
        (empty.path(), "no cubing/package.json to read"),
        (&missing, "No such file"),
    ] {
        let dir = dir.to_str().unwrap();
        let run = tablesolve(tables(), &["serve", "--port", "0", "--cubing-js", dir], b"");
        let message = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{message}");
        let named = format!("--cubing-js {dir}: {why}");
        assert!(
            message.contains(&named) && message.contains("npm install cubing"),
            "{message}"
        );
    }
}
