#!/usr/bin/env bash
# Installs the programs the tests run besides cargo, from Debian's packages, only when they
# are missing (so it is quick to run again). Each tool is one line: the program checked for,
# and the package that brings it. Needs root (or sudo) only when something is missing.
set -euo pipefail

missing=()
need() { # need PROGRAM PACKAGE: install PACKAGE unless PROGRAM is on the PATH
    command -v "$1" >/dev/null 2>&1 || missing+=("$2")
}

# PDF booklets (`cagey print`): pdfinfo, pdftotext and pdftoppm read and rasterise them.
need pdftoppm poppler-utils
# The web page's browser tests (crates/cagey-web/tests/browser.rs).
need chromium chromium
need chromedriver chromium-driver
# The page's JavaScript tests (crates/cagey-web/static/test/*.test.js, `node --test`).
need node nodejs
# The Python package's tests (scripts/test-python.sh): Python 3.9+ with venv and pip.
need python3 python3
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)

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
