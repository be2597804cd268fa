#!/usr/bin/env bash
# The API contract checked from outside (issue 22): Schemathesis reads the OpenAPI document a
# live `dlx serve` publishes at /api/openapi.json, sends every operation a bounded number of
# generated requests (valid and invalid), and fails on any 5xx, any status the document does
# not list, and any answer that does not match its schema or content type.
#
#   bash crates/server/tests/schemathesis.sh            # from the repository root
#   DLX_SCHEMATHESIS_EXAMPLES=100 bash crates/server/tests/schemathesis.sh
#   bash crates/server/tests/schemathesis.sh setup      # the virtual environment only
#
# Schemathesis is installed from PyPI into a virtual environment under target/ on first use.
# Bounds: DLX_SCHEMATHESIS_EXAMPLES generated cases per operation and phase (default 25; the
# coverage phase adds its own few hundred edge cases), and the whole run is stopped as a
# failure after DLX_SCHEMATHESIS_SECONDS (default 240). The server runs with a 500 ms time
# limit so that no generated search takes long.
set -euo pipefail
cd "$(dirname "$0")/../../.."

examples="${DLX_SCHEMATHESIS_EXAMPLES:-25}"
seconds="${DLX_SCHEMATHESIS_SECONDS:-240}"
venv=target/schemathesis-venv
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet 'schemathesis>=4,<5'
fi
# `schemathesis.sh setup` stops here: `.ci/run` installs Schemathesis while the lints build.
if [ "${1:-}" = "setup" ]; then
  exit 0
fi

# The binary `cargo test --workspace` builds (the test profile), asked for with the same
# command so that nothing is built again: `cargo build -p dlx-cli` would resolve the
# dependencies' features without the workspace's dev-dependencies and rebuild half of them.
# DLX_SCHEMATHESIS_BUILT=1 says it is built already (`.ci/run`, which runs this beside the
# tests, while cargo holds the build directory).
if [ "${DLX_SCHEMATHESIS_BUILT:-}" != "1" ]; then
  cargo test --workspace --no-run --quiet
fi
log="$(mktemp)"
target/debug/dlx serve --addr 127.0.0.1:0 --time-limit 500ms >"$log" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 100); do
  grep -q '^listening on ' "$log" && break
  sleep 0.1
done
url="$(sed -n 's/^listening on //p' "$log")"
if [ -z "$url" ]; then
  echo "schemathesis.sh: dlx serve did not start" >&2
  exit 1
fi

# Phases: the schemas' examples, the coverage phase's edge cases, then random fuzzing.
timeout "$seconds" "$venv/bin/schemathesis" run "$url/api/openapi.json" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples "$examples" \
  --request-timeout 20 \
  --workers 2 \
  --seed 22 \
  --no-color
