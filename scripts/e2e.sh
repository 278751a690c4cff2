#!/usr/bin/env bash
# npm run test:e2e: the extension in the dashboard dev server, in Debian's Chromium, against the simulator (the
# playwright.config.ts project `demo`: the flows of tests/flows tagged @demo). Run through scripts/with-env. Arguments go to
# `playwright test`: -g <text> runs the tests whose title matches, --list lists them.
# E2E_DASHBOARD_URL + E2E_SIM_URL reuse a demo already running (bash scripts/with-env tsx tests/flows/lib/demo.ts).
set -euo pipefail
# Chromium and a Chinese font (for the zh-hans screenshots), from Debian's packages; only what is missing.
bash scripts/install-chromium.sh
FLOWS_OUTPUT=${FLOWS_OUTPUT:-test-results/e2e} exec playwright test --project=demo "$@"
