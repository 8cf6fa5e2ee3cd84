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

/// An ES module of the page, served as JavaScript under its own name. Every module the page
/// imports must be listed here: `tests/assets.rs` follows the imports from `index.html` and
/// requests each one.
macro_rules! module {
    ($name:literal) => {
        Asset {
            path: concat!("/", $name),
            content_type: "text/javascript; charset=utf-8",
            bytes: include_bytes!(concat!("../static/", $name)),
        }
    };
}

/// Every file of the page.
const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        bytes: include_bytes!("../static/index.html"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../static/style.css"),
    },
    module!("app.js"),
    module!("api.js"),
    module!("arithmetic.js"),
    module!("board.js"),
    module!("clock.js"),
    module!("conflicts.js"),
    module!("draft.js"),
    module!("editor.js"),
    module!("engine.js"),
    module!("explain.js"),
    module!("game.js"),
    module!("generate.js"),
    module!("hint.js"),
    module!("keys.js"),
    module!("loader.js"),
    module!("play.js"),
    module!("session.js"),
    module!("share.js"),
    module!("solve.js"),
    module!("steps.js"),
    module!("storage.js"),
    module!("store.js"),
    Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        bytes: include_bytes!("../static/favicon.svg"),
    },
    Asset {
        path: "/icon.svg",
        content_type: "image/svg+xml",
        bytes: include_bytes!("../static/icon.svg"),
    },
    Asset {
        path: "/icon-192.png",
        content_type: "image/png",
        bytes: include_bytes!("../static/icon-192.png"),
    },
    Asset {
        path: "/icon-512.png",
        content_type: "image/png",
        bytes: include_bytes!("../static/icon-512.png"),
    },
    Asset {
        path: "/manifest.webmanifest",
        content_type: "application/manifest+json",
        bytes: include_bytes!("../static/manifest.webmanifest"),
    },
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
