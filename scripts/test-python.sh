#!/usr/bin/env bash
# The Python package's tests (crates/cagey-py), as scripts/test.sh runs them: the wheel built
# as it is shipped (scripts/build-wheel.sh: abi3, manylinux2014), checked to need no newer
# glibc than 2.17, installed into a fresh virtual environment with no Rust on the PATH (as
# a user or a Dask worker installs it), with the pinned test tools
# (crates/cagey-py/requirements-test.txt), then pytest. The venv lives under target/,
# rebuilt from nothing each run; the Rust build reuses target/python (the `python` profile),
# so a second run compiles only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-wheel.sh
wheel=$(ls -t target/wheels/cagey_puzzles-*-cp39-abi3-*manylinux*.whl | head -n 1)
# The newest glibc symbol version the extension asks for: at most 2.17, as its tag says.
python3 - "$wheel" <<'PY'
import re, subprocess, sys, tempfile, zipfile
with tempfile.TemporaryDirectory() as tmp:
    with zipfile.ZipFile(sys.argv[1]) as wheel:
        so = next(n for n in wheel.namelist() if n.endswith(".so"))
        path = wheel.extract(so, tmp)
    symbols = subprocess.run(["objdump", "-T", path], check=True, capture_output=True,
                             text=True).stdout
versions = {tuple(map(int, v.split("."))) for v in re.findall(r"GLIBC_([0-9.]+)", symbols)}
newest = max(versions)
if newest > (2, 17):
    sys.exit(f"{sys.argv[1]} needs glibc {'.'.join(map(str, newest))}, newer than its tag's 2.17")
print(f"{sys.argv[1]}: glibc {'.'.join(map(str, newest))} or later")
PY
venv=target/python-test-venv
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r crates/cagey-py/requirements-test.txt
# The PATH without any folder that holds cargo or rustc: if the wheel did not fit this
# machine, pip would try to build it from source, and fail here instead of downloading Rust.
no_rust=$(tr ':' '\n' <<<"$PATH" | while read -r dir; do
    [[ -x "$dir/cargo" || -x "$dir/rustc" ]] || printf '%s:' "$dir"
done)
PATH="${no_rust%:}" MATURIN_NO_INSTALL_RUST=1 "$venv/bin/python" -m pip install --quiet \
    --disable-pip-version-check --no-index --only-binary :all: "$wheel"
# From the tests' folder, so that `import cagey` is the installed package, not the sources.
cd crates/cagey-py/tests
"../../../$venv/bin/python" -m pytest -q -p no:cacheprovider "$@"
