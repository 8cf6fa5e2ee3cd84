//! The page: one HTML file, its style sheet, its ES modules and its icons, embedded in the
//! binary so that `cagey serve` needs no files beside it and fetches nothing from outside.
//! The static site (scripts/build-site.sh) is the same files, with the engine in
//! WebAssembly and a service worker added.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

/// One embedded file: its address, content type and bytes.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
}

/// A file of `static/`, served under its own name with `content_type`.
macro_rules! asset {
    ($name:literal, $content_type:literal) => {
        Asset {
            path: concat!("/", $name),
            content_type: $content_type,
            bytes: include_bytes!(concat!("../static/", $name)),
        }
    };
}

/// An ES module of the page, served as JavaScript under its own name. Every module the page
/// imports must be listed here: `tests/assets.rs` follows the imports from `index.html` and
/// requests each one.
macro_rules! module {
    ($name:literal) => {
        asset!($name, "text/javascript; charset=utf-8")
    };
}

/// Every file of the page.
const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        bytes: include_bytes!("../static/index.html"),
    },
    asset!("style.css", "text/css; charset=utf-8"),
    module!("app.js"),
    module!("api.js"),
    module!("arithmetic.js"),
    module!("board.js"),
    module!("candidates.js"),
    module!("check.js"),
    module!("clock.js"),
    module!("conflicts.js"),
    module!("corners.js"),
    module!("draft.js"),
    module!("editor.js"),
    module!("engine.js"),
    module!("explain.js"),
    module!("game.js"),
    module!("generate.js"),
    module!("hint.js"),
    module!("keys.js"),
    module!("link.js"),
    module!("loader.js"),
    module!("names.js"),
    module!("play.js"),
    module!("session.js"),
    module!("share.js"),
    module!("solve.js"),
    module!("steps.js"),
    module!("storage.js"),
    module!("store.js"),
    asset!("favicon.svg", "image/svg+xml"),
    // What lets a phone install the page (the static site's, and the served one's).
    asset!("icon.svg", "image/svg+xml"),
    asset!("icon-192.png", "image/png"),
    asset!("icon-512.png", "image/png"),
    asset!("manifest.webmanifest", "application/manifest+json"),
];

/// The routes of the page's files.
pub fn routes() -> Router {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        let headers = [
            (header::CONTENT_TYPE, asset.content_type),
            // Everything is served from the binary: a new build is a new page, and a stale
            // cached script beside a new API would be worse than a re-fetch on loopback.
            (header::CACHE_CONTROL, "no-cache"),
        ];
        let bytes = asset.bytes;
        router.route(
            asset.path,
            get(move || async move { (headers, bytes).into_response() }),
        )
    })
}
