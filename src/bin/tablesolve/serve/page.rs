//! The page at `/` and the API's description, built into the binary: nothing is
//! fetched from anywhere else.

use axum::http::header;
use axum::response::IntoResponse;

pub async fn index() -> impl IntoResponse {
    let html = include_str!("page/index.html");
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
