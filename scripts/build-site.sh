#!/usr/bin/env bash
# Builds cagey's page as a static site: a folder of HTML, JavaScript, CSS and the engine in
# WebAssembly that works from any static host (or a plain file server) with no cagey
# server, and offline after the first visit.
#
#   scripts/build-site.sh [FOLDER]        (default target/site)
#
# The folder holds the page's files (crates/cagey-web/static) with its engine switched from
# the server to the browser, the engine (engine/: crates/cagey-wasm through wasm-bindgen),
# the API's description (openapi.json, which tells the page what the engine answers), and
# a service worker (sw.js) that keeps every file of this build. docs/web.md has more.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/site}

rm -rf "$out"
scripts/build-engine.sh "$out/engine"
static=crates/cagey-web/static
for file in "$static"/*; do
    case "$(basename "$file")" in
        test | sw.js) ;;
        *) cp "$file" "$out/" ;;
    esac
done
cp crates/cagey-web/src/openapi.json "$out/openapi.json"
# The page asks the engine in its own Web Workers instead of a server.
sed -i 's|<meta name="cagey-engine" content="server">|<meta name="cagey-engine" content="browser">|' "$out/index.html"
grep -q 'content="browser"' "$out/index.html" || { echo "build-site: index.html has no cagey-engine marker" >&2; exit 1; }
# The engine and every module of the page are asked for at once, not one import level at a
# time, and the engine compiles while the page's modules load (docs/web.md, "Load time").
preload='<link rel="preload" href="engine/cagey_wasm_bg.wasm" as="fetch" crossorigin>'
for file in "$static"/*.js; do
    case "$(basename "$file")" in
        app.js | sw.js | engine-worker.js) ;;
        *) preload="$preload<link rel=\"modulepreload\" href=\"$(basename "$file")\">" ;;
    esac
done
sed -i "s|<script type=\"module\" src=\"app.js\"></script>|$preload&|" "$out/index.html"
grep -q 'rel="modulepreload"' "$out/index.html" || { echo "build-site: index.html has no app.js script tag" >&2; exit 1; }

# The service worker keeps every file of this build, under a name made from their contents.
files=$(cd "$out" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
build=$(cd "$out" && sha256sum $files | sha256sum | cut -c1-12)
list=$(printf '"./"'; for file in $files; do printf ', "%s"' "$file"; done)
sed -e "s|__BUILD__|$build|" -e "s|__FILES__|[$list]|" "$static/sw.js" > "$out/sw.js"

echo "build-site: $out ($(du -sh "$out" | cut -f1), build $build)" >&2
