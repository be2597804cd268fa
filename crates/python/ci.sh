#!/usr/bin/env bash
# Builds the Python package `dlx-cover` in a virtual environment and runs its tests (the
# real-cluster Dask test included). Called by the repository's CI; run it by hand the same way:
#   bash crates/python/ci.sh          (bash crates/python/ci.sh setup: the environment only)
# Set DLX_PY_VENV to reuse a virtual environment elsewhere (default: crates/python/.venv).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${DLX_PY_VENV:-$here/.venv}"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet maturin pytest hypothesis numpy distributed mypy
# `ci.sh setup` stops here: `.ci/run` prepares the environment while the lints build.
if [ "${1:-}" = "setup" ]; then
    exit 0
fi

cd "$here"
# A wheel built in release (abi3: one wheel for CPython 3.9+), installed into the venv;
# DLX_PY_PROFILE names another Cargo profile of crates/python/Cargo.toml (CI uses `ci`).
rm -rf "$here/target/wheels"
if [ -n "${DLX_PY_PROFILE:-}" ]; then
    build=(--profile "$DLX_PY_PROFILE")
else
    build=(--release)
fi
"$venv/bin/maturin" build "${build[@]}" --quiet --interpreter "$venv/bin/python"
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$here"/target/wheels/dlx_cover-*.whl
# The type stubs of the native module against the module itself (mypy's stubtest), and the
# package's own annotations; the allowlist names what stubtest cannot see in a PyO3 module.
cd "$here/tests"
"$venv/bin/python" -m mypy.stubtest dlx._dlx --ignore-disjoint-bases --allowlist "$here/stubtest-allowlist.txt"
"$venv/bin/python" -m mypy --strict --ignore-missing-imports -p dlx
# The tests import the installed package, not the source folder.
"$venv/bin/python" -m pytest -q -p no:cacheprovider .
