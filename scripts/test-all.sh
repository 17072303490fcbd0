#!/usr/bin/env bash
# Every test Porthole has, in order: type-check, lint, unused code, unit, build, integration, browser —
# the last two on the embedded cluster, then again (same build) on a real kube-apiserver
# (PORTHOLE_TEST_CLUSTER=real, from ../shared/real-apiserver). Fails when any step fails; prints each
# lane's counts and ends with one summary line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
out=.porthole/test-results
rm -rf "$out"; mkdir -p "$out"
failed_steps=()

step() {
  local name=$1; shift
  echo
  echo "=== $name: $*"
  if "$@"; then echo "=== $name: ok"; else echo "=== $name: FAILED"; failed_steps+=("$name"); fi
}

step chromium bash scripts/ensure-chromium.sh
step typecheck npx tsc --noEmit
step lint npx eslint .
step unused npx knip --no-progress
step unit npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$out/unit.json"
step build npx next build
step integration npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$out/integration.json"
step browser env PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" npx playwright test --reporter=list,json
step integration-real env PORTHOLE_TEST_CLUSTER=real npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$out/integration-real.json"
step browser-real env PORTHOLE_TEST_CLUSTER=real PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e-real.json" PLAYWRIGHT_OUTPUT_DIR=test-results-real npx playwright test --reporter=list,json

node scripts/summarize-tests.mjs "$out" "${failed_steps[@]}"
