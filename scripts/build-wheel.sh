#!/usr/bin/env bash
# Builds the Python package's wheel, `cagey-puzzles` (import name `cagey`), into
# target/wheels: one stable-ABI (abi3) wheel for CPython 3.9 and later, tagged manylinux2014
# (glibc 2.17 or later, so it installs on every maintained Linux), for this machine's
# architecture. zig links it against glibc 2.17's symbols whatever the build machine's glibc
# is. The pinned maturin and zig (crates/cagey-py/requirements-wheel.txt) are installed into
# a virtual environment of their own under target/. Extra arguments go to `maturin build`
# (`--target aarch64-unknown-linux-gnu`, say, after `rustup target add` of it).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/wheel-venv
if [[ ! -x "$venv/bin/maturin" ]]; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r crates/cagey-py/requirements-wheel.txt
fi
# maturin finds zig as `python -m ziglang` with the first python on the PATH.
export VIRTUAL_ENV="$PWD/$venv"
export PATH="$VIRTUAL_ENV/bin:$PATH"
maturin build --manifest-path crates/cagey-py/Cargo.toml --profile python \
    --zig --compatibility manylinux2014 --out target/wheels "$@"
