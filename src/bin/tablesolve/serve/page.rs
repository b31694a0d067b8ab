//! The page at `/` and the API's description, built into the binary: nothing is
//! fetched from anywhere else (cubing.js, where served, from this service too).

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

use super::cubing_js::CubingJs;
use super::Shared;

/// The page; where cubing.js is served, with the import map that finds its modules and
/// its version on the body (`data-cubing`), which tells the page it may draw with it.
/// Written once, when the service starts.
pub fn html(cubing: Option<&CubingJs>) -> String {
    let html = include_str!("page/index.html");
    let Some(cubing) = cubing else {
        return html.to_string();
    };
    let map = format!(
        "<script type=\"importmap\">{}</script>\n</head>",
        cubing.import_map
    );
    let body = format!("<body data-cubing=\"{}\">", cubing.version);
    html.replacen("</head>", &map, 1)
        .replacen("<body>", &body, 1)
}

pub async fn index(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    let html = shared.page.clone();
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html)
}

pub async fn script() -> impl IntoResponse {
    let js = include_str!("page/app.js");
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        js,
    )
}

pub async fn style() -> impl IntoResponse {
    let css = include_str!("page/style.css");
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], css)
}

pub async fn openapi() -> impl IntoResponse {
    let description = include_str!("openapi.json");
    ([(header::CONTENT_TYPE, "application/json")], description)
}

/// The page's icon: a 2x2 board with its blank, drawn in SVG.
pub async fn icon() -> impl IntoResponse {
    let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="2" fill="#345"/><rect x="2" y="2" width="5" height="5" fill="#fff"/><rect x="9" y="2" width="5" height="5" fill="#fff"/><rect x="2" y="9" width="5" height="5" fill="#fff"/></svg>"##;
    ([(header::CONTENT_TYPE, "image/svg+xml")], svg)
}
