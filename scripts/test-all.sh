#!/usr/bin/env bash
# The README's test command: lint, unit tests, then the extension build. Run through scripts/with-env.
set -euo pipefail
echo "== lint"; node ./node_modules/@rancher/shell/scripts/lint --max-warnings=0 .
echo "== typecheck"; tsc -p tsconfig.json --noEmit
echo "== unit tests"; jest --ci
echo "== build-pkg"; ./node_modules/@rancher/shell/scripts/build-pkg.sh harvester-cloud-ui
