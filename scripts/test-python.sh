#!/usr/bin/env bash
# The Python package's tests (crates/cagey-py), as scripts/test.sh runs them: a fresh
# virtual environment, the pinned test tools (crates/cagey-py/requirements-test.txt), the
# package built and installed into it as a user installs it (`pip install
# ./crates/cagey-py`, here without build isolation so that the pinned maturin builds it),
# then pytest. The venv lives under target/, rebuilt from nothing each run; the Rust build
# reuses target/python (the `python` profile), so a second run compiles only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-test-venv
rm -rf "$venv"
python3 -m venv "$venv"
# As if activated: maturin's build hook runs the `maturin` program it finds on the PATH.
export VIRTUAL_ENV="$PWD/$venv"
export PATH="$VIRTUAL_ENV/bin:$PATH"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r crates/cagey-py/requirements-test.txt
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-build-isolation ./crates/cagey-py
# From the tests' folder, so that `import cagey` is the installed package, not the sources.
cd crates/cagey-py/tests
python -m pytest -q -p no:cacheprovider "$@"
