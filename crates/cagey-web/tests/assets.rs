//! The page's files as the router serves them: every ES module the page imports, followed
//! from `index.html`'s script through each module's `import ... from './x.js'` lines, is
//! served as JavaScript, and none of them refers to anything outside the server. A module
//! added to `static/` but not to `src/assets.rs` fails here, not in a browser.

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// GETs `path` from the router; returns the status, content type and body as text.
async fn get(path: &str) -> (StatusCode, String, String) {
    let app = cagey_web::router(cagey_web::Config::default());
    let request = Request::get(path).body(Body::empty()).unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

/// The scripts `index.html` loads, as served paths: `<script type="module" src="x.js">`
/// gives `/x.js` (the page's addresses are relative, so that the static site works from
/// any folder of a host).
fn scripts(html: &str) -> Vec<String> {
    html.split("<script")
        .skip(1)
        .filter_map(|tag| tag.split('>').next())
        .filter_map(|tag| tag.split("src=\"").nth(1))
        .filter_map(|rest| rest.split('"').next())
        .map(|src| format!("/{}", src.trim_start_matches('/')))
        .collect()
}

/// The modules a module imports, as served paths: `import { A } from './x.js';` gives
/// `/x.js`. Only relative imports are allowed, so that Node and the browser both load them.
fn imports(path: &str, source: &str) -> Vec<String> {
    source
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with("import ") || line.starts_with("} from "))
        .filter_map(|line| line.split(" from ").nth(1))
        .map(|target| {
            let name = target
                .trim()
                .trim_end_matches(';')
                .trim_matches(['\'', '"']);
            let local = name.strip_prefix("./").unwrap_or_else(|| {
                panic!("{path} imports {name}: the page's imports must be './name.js'")
            });
            assert!(
                local.ends_with(".js") && !local.contains('/'),
                "{path} imports {name}: the page's modules sit beside each other as .js files"
            );
            format!("/{local}")
        })
        .collect()
}

/// Fails when `text`, served at `path`, refers to anything outside the server (the same
/// check `tests/api.rs` makes of the page's first files).
fn assert_nothing_from_outside(path: &str, text: &str) {
    for outside in ["http://", "https://", "//cdn", "@import"] {
        let allowed = text.matches("http://www.w3.org").count();
        assert!(
            text.matches(outside).count() <= allowed,
            "{path} refers to {outside}"
        );
    }
}

#[tokio::test]
async fn every_module_the_page_imports_is_served_as_javascript() {
    let (status, _, html) = get("/").await;
    assert_eq!(status, StatusCode::OK);
    let mut queue = scripts(&html);
    assert_eq!(
        queue,
        ["/app.js"],
        "index.html loads the page through app.js"
    );
    let mut seen = BTreeSet::new();
    while let Some(path) = queue.pop() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let (status, kind, source) = get(&path).await;
        assert_eq!(status, StatusCode::OK, "{path} is imported but not served");
        assert!(
            kind.starts_with("text/javascript"),
            "{path} is served as {kind}"
        );
        assert_nothing_from_outside(&path, &source);
        queue.extend(imports(&path, &source));
    }
    // The whole page, so that a module that drops out of the graph is noticed too.
    let expected = [
        "api",
        "app",
        "arithmetic",
        "board",
        "candidates",
        "check",
        "clock",
        "conflicts",
        "corners",
        "draft",
        "editor",
        "engine",
        "explain",
        "game",
        "generate",
        "hint",
        "keys",
        "link",
        "loader",
        "names",
        "play",
        "session",
        "share",
        "solve",
        "steps",
        "storage",
        "store",
    ];
    let expected: BTreeSet<String> = expected.iter().map(|m| format!("/{m}.js")).collect();
    assert_eq!(seen, expected);
}

#[tokio::test]
async fn the_other_files_of_the_page_fetch_nothing_from_outside() {
    for path in [
        "/",
        "/style.css",
        "/favicon.svg",
        "/icon.svg",
        "/manifest.webmanifest",
    ] {
        let (status, _, text) = get(path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_nothing_from_outside(path, &text);
    }
}

#[test]
fn imports_are_read_from_single_and_multi_line_statements() {
    let source =
        "import { a } from './a.js';\nimport {\n  b,\n} from \"./b.js\";\nconst x = 'import';\n";
    assert_eq!(imports("/t.js", source), ["/a.js", "/b.js"]);
    assert_eq!(
        scripts("<link href=\"/s.css\"><script type=\"module\" src=\"/app.js\"></script>"),
        ["/app.js"]
    );
}
