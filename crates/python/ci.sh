#!/usr/bin/env bash
# Builds the Python package `dlx-cover` in a virtual environment and runs its tests (the
# real-cluster Dask test included). Called by the repository's CI; run it by hand the same way:
#   bash crates/python/ci.sh
# Set DLX_PY_VENV to reuse a virtual environment elsewhere (default: crates/python/.venv).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${DLX_PY_VENV:-$here/.venv}"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet maturin pytest hypothesis numpy distributed

cd "$here"
# A wheel built in release (abi3: one wheel for CPython 3.9+), installed into the venv.
rm -rf "$here/target/wheels"
"$venv/bin/maturin" build --release --quiet --interpreter "$venv/bin/python"
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$here"/target/wheels/dlx_cover-*.whl
# The tests import the installed package, not the source folder.
cd "$here/tests"
"$venv/bin/python" -m pytest -q -p no:cacheprovider .
