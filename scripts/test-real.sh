#!/usr/bin/env bash
# npm run test:real: the suites that run against the real stack (lab/stack: etcd, kube-apiserver and rancher/steve built
# from their Go modules, Harvester's components): the jest tests in tests/real (differential test of the simulator,
# real API behaviour), then the flows of the project rancher-2.15-real (the production 2.15 dashboard on the simulator
# in real mode), then a restart on the kept etcd and a stop that leaves nothing behind. Closing line:
# `N passed, M failed`. Run through scripts/with-env.
# `--prepare` runs only the first half (start the stack fresh, the jest tests; the stack stays up) and `--finish` the
# rest on that stack: .ci/run runs the first half, which mostly waits for Harvester's controllers, beside the
# CPU-bound browser suites (issue 35). `--finish` is `--flows` (the flows; the stack stays up) then `--restart` (the
# restart on the kept etcd and the stop): .ci/run runs the restart, which mostly waits too, beside the next suite.
set -uo pipefail
mkdir -p tmp
phase=all
case "${1:-}" in --prepare) phase=prepare ;; --finish) phase=finish ;; --flows) phase=flows ;; --restart) phase=restart ;; esac
stop_stack() { tsx scripts/stack/main.ts --stop >/dev/null 2>&1 || true; }
if [ "$phase" = all ] || [ "$phase" = prepare ]; then
  rm -f tmp/real-prepare.result
  echo "== stack (build when stale, start fresh)"
  if ! tsx scripts/stack/main.ts --fresh; then
    echo "real: could not start the stack"; echo "0 1 1" > tmp/real-prepare.result; echo "0 passed, 1 failed"; exit 1
  fi
  trap stop_stack EXIT
  echo "== jest (tests/real)"
  jest -c jest.real.config.js --ci --json --outputFile tmp/jest-real.json
  jest_status=$?
  read -r jp jf < <(node -e 'try { const r = require("./tmp/jest-real.json"); console.log(r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites) } catch (e) { console.log(0, 1) }')
  echo "real jest: $jp passed, $jf failed"
  echo "$jp $jf $jest_status" > tmp/real-prepare.result
  if [ "$phase" = prepare ]; then
    trap - EXIT
    [ "$jest_status" -eq 0 ]; exit $?
  fi
elif [ "$phase" = restart ]; then
  jp=0; jf=0; jest_status=0
  trap stop_stack EXIT
else
  read -r jp jf jest_status < tmp/real-prepare.result 2>/dev/null || { jp=0; jf=1; jest_status=1; }
  trap stop_stack EXIT
  if ! tsx scripts/stack/main.ts --status | grep -q '^\[stack\] running'; then
    echo "real: the stack of --prepare is not running: no flows"; echo "$jp passed, $((jf + 1)) failed"; exit 1
  fi
fi
pw_passed=0; pw_failed=0; pw_status=0
if [ "$phase" = restart ]; then
  :
elif [ -n "$(tsx -e 'import { rancherBuilds } from "./lab/builds"; console.log(rancherBuilds().some((b) => b.version === "2.15") ? "yes" : "")')" ]; then
  echo "== compat rancher-2.15-real"
  bash scripts/install-chromium.sh >/dev/null
  # The extension under test: built by test:compat just before in CI; rebuilt when a source is newer than the build.
  built="dist-pkg/harvester-cloud-ui-$(node -p 'require("./pkg/harvester-cloud-ui/package.json").version')/package.json"
  if [ ! -f "$built" ] || [ -n "$(find pkg/harvester-cloud-ui -path '*/node_modules' -prune -o -newer "$built" -type f -print -quit)" ]; then
    ./node_modules/@rancher/shell/scripts/build-pkg.sh harvester-cloud-ui > tmp/real-build.log 2>&1 || { tail -40 tmp/real-build.log; exit 1; }
  fi
  FLOWS_OUTPUT=test-results/real playwright test --project=rancher-2.15-real 2>&1 | tee tmp/real-playwright.log
  pw_status=${PIPESTATUS[0]}
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' tmp/real-playwright.log | tail -1)
  pw_passed=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/'); pw_failed=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  [ -n "$line" ] || { pw_passed=0; pw_failed=1; }
else
  echo "== compat rancher-2.15-real: no 2.15 build in ../shared/rancher-ui, skipped"
fi
if [ "$phase" = flows ]; then
  trap - EXIT
  echo "real: $((jp + pw_passed)) passed, $((jf + pw_failed)) failed"
  [ "$jest_status" -eq 0 ] && [ "$pw_status" -eq 0 ] && [ $((jf + pw_failed)) -eq 0 ]; exit $?
fi
# A start after a stop, on the etcd the last run kept (no --fresh), comes up as the fresh one did (issue 35: the load
# balancer webhook's old registration failed the seed of harvester-host).
echo "== restart on the kept etcd"
restart_p=0; restart_f=0
stop_stack
if tsx scripts/stack/main.ts > tmp/real-restart.log 2>&1; then
  grep -E '^\[stack\] ready' tmp/real-restart.log || true; restart_p=1
else
  tail -20 tmp/real-restart.log; echo "restart on the kept etcd: failed"; restart_f=1
fi
# Stopping leaves nothing behind: no process of the stack's binaries (the cloud provider needs a second SIGTERM,
# which the stack sends), no network namespace of its webhook (scripts/stack-leftovers.sh).
source scripts/stack-leftovers.sh
# No credential of this run in its logs or in what the suites printed (issue 37).
tsx scripts/stack/secretsInLogs.ts tmp || jf=$((jf + 1))
pids=$(stack_pids)
tsx scripts/stack/main.ts --stop >/dev/null 2>&1 || true
trap - EXIT
check_stopped "$pids" || jf=$((jf + 1))
total_p=$((jp + pw_passed + restart_p)); total_f=$((jf + pw_failed + restart_f))
echo "real: $total_p passed, $total_f failed"
[ "$jest_status" -eq 0 ] && [ "$pw_status" -eq 0 ] && [ "$restart_f" -eq 0 ] && [ "$total_f" -eq 0 ]
