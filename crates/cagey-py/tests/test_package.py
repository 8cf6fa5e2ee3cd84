"""The package as users install it: the wheel of scripts/build-wheel.sh, under its own
distribution name, for every CPython from 3.9 on any Linux with glibc 2.17 or later."""

from importlib import metadata

import cagey


def test_the_distribution_is_cagey_puzzles_and_holds_the_cagey_module():
    # `pip install cagey` is another project's: ours must be found under its own name.
    dist = metadata.distribution("cagey-puzzles")
    files = {str(f) for f in dist.files}
    assert "cagey/__init__.py" in files
    assert any(f.startswith("cagey/_cagey") and f.endswith(".so") for f in files)
    assert cagey.__file__.endswith("cagey/__init__.py")


def test_the_installed_build_is_the_stable_abi_manylinux2014_wheel():
    tags = [
        line.split(":", 1)[1].strip()
        for line in metadata.distribution("cagey-puzzles").read_text("WHEEL").splitlines()
        if line.startswith("Tag:")
    ]
    assert tags, "no Tag in the WHEEL file"
    assert all(tag.startswith("cp39-abi3-manylinux_2_17_") for tag in tags), tags
