#!/usr/bin/env bash
# The README's test command: lint, type-check, unit tests, then the extension build. Run through scripts/with-env.
# It needs no Go: the tests that run the real Helm and an OCI registry are `npm run test:charts` (issue 35).
set -euo pipefail
echo "== lint"; node ./node_modules/@rancher/shell/scripts/lint --max-warnings=0 .
# vue-tsc checks the .ts files as tsc does, and the .vue files too (templates included) which tsc never reads.
echo "== typecheck"; vue-tsc -p tsconfig.json --noEmit
echo "== unit tests"
mkdir -p tmp
status=0
jest --ci --json --outputFile tmp/jest-results.json || status=$?
# The closing line CI reads, repeated last: "unit: N passed, M failed".
summary=$(node -e 'const r = require("./tmp/jest-results.json"); console.log(`unit: ${ r.numPassedTests } passed, ${ r.numFailedTests + r.numRuntimeErrorTestSuites } failed`)')
echo "$summary"
[ "$status" -eq 0 ] || exit "$status"
echo "== build-pkg"; ./node_modules/@rancher/shell/scripts/build-pkg.sh harvester-cloud-ui
# Sizes are deterministic: the bundle budgets and the no-second-copy rule are checked here (issue 13); timings stay in the bench.
echo "== bundle check"; tsx tests/bench/bundleCheck.ts
echo "$summary"
