#!/usr/bin/env bash
# npm run bench: build the extension, take the jsdom measurements, then print the report.
set -euo pipefail
rm -rf tmp/bench
./node_modules/@rancher/shell/scripts/build-pkg.sh harvester-cloud-ui >/dev/null
jest -c jest.bench.config.js --silent >/dev/null 2>&1 || jest -c jest.bench.config.js
tsx scripts/bench/index.ts
