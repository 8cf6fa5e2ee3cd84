#!/usr/bin/env bash
# Installs what the tests need beyond Rust, and only what is missing: Debian's Chromium and
# ChromeDriver for the web page's browser tests (crates/cagey-web/tests/browser.rs). Safe to
# run again; needs root (or sudo) only when something is missing.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "install-test-tools: need root to install ${missing[*]} (apt-get install -y ${missing[*]})" >&2
    exit 1
fi

echo "install-test-tools: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
