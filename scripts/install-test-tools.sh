#!/usr/bin/env bash
# Installs the programs the tests run besides cargo, from Debian's packages, only when they
# are missing (so it is quick to run again). Each tool is one block: the program checked for,
# and the package that brings it.
set -euo pipefail

updated=false
need() { # need PROGRAM PACKAGE: install PACKAGE unless PROGRAM is on the PATH
    if command -v "$1" >/dev/null 2>&1; then
        return
    fi
    if [ "$(id -u)" != 0 ]; then
        echo "install-test-tools: $1 is missing; install the $2 package (needs root)" >&2
        exit 1
    fi
    if [ "$updated" = false ]; then
        apt-get update -qq
        updated=true
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}

# PDF booklets (`cagey print`): pdfinfo, pdftotext and pdftoppm read and rasterise them.
need pdftoppm poppler-utils
