#!/usr/bin/env bash
# npm run test:rancher: the suites against Rancher's own server (lab/stack/rancher): for each Rancher version whose
# sources (../shared/rancher) and dashboard build (../shared/rancher-ui) are present, the stack is started fresh
# with that Rancher (built once into .tools/rancher; Go's caches make another clone's build a relink), then the
# management differential (tests/real/rancher, jest) and the compat flows in the `rancher-<version>-server`
# project (Playwright), then the stack stops. Closing line: `N passed, M failed`. Run through scripts/with-env.
# RANCHER_VERSIONS="2.15" limits the versions.
# `--prepare=<v>` runs only the first half for one version (start the stack and Rancher fresh, the jest tests; they
# stay up) and `--flows=<v>` the rest on them: .ci/run starts the next Rancher while the browser suite before it
# runs (issue 35). Give each its own STACK_BASE_PORT and STACK_DIR when another stack runs beside it.
set -uo pipefail
mkdir -p tmp
stop_stack() { tsx scripts/stack/main.ts --stop >/dev/null 2>&1 || true; }
source scripts/stack-leftovers.sh

# Start the stack and Rancher $1 fresh, then the jest tests; writes tmp/rancher-$1-prepare.result ("passed failed").
prepare() {
  local v=$1 start jp jf ok=0
  rm -f "tmp/rancher-$v-prepare.result"
  echo "== Rancher $v: stack and Rancher (build when stale, start fresh)"
  start=$(date +%s)
  if ! tsx scripts/stack/main.ts --fresh "--rancher=$v" > "tmp/rancher-$v-stack.log" 2>&1; then
    tail -30 "tmp/rancher-$v-stack.log"
    # Rancher's own account of the failed start (its lines on tokens and logins; Rancher logs no token keys). Never a
    # line naming a password, secret or kubeconfig: Rancher logs its bootstrap password (issue 37).
    echo "-- Rancher's log (tokens, logins):"
    grep -aiE 'token|authent|refresh' "${STACK_DIR:-.tools/stack/run}/logs/rancher.log" 2>/dev/null | grep -avE 'Watching metadata|Starting .* controller' | grep -aviE 'password|secret|kubeconfig|bootstrap' | tail -25
    echo "rancher $v: could not start"; echo "0 1 start" > "tmp/rancher-$v-prepare.result"; stop_stack; return 1
  fi
  grep -E '^\[(stack|rancher)\] (built|ready|Rancher .* ready|.* imported|the bootstrap admin)' "tmp/rancher-$v-stack.log" || true
  echo "rancher $v: started in $(( $(date +%s) - start )) s"
  echo "== Rancher $v: management differential, OCI ClusterRepo, helm-operation Pods, first-start session (jest)"
  RANCHER_VERSION=$v jest -c jest.rancher.config.js --ci --json --outputFile "tmp/jest-rancher-$v.json" || ok=1
  read -r jp jf < <(node -e "try { const r = require('./tmp/jest-rancher-$v.json'); console.log(r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites) } catch (e) { console.log(0, 1) }")
  echo "$jp $jf" > "tmp/rancher-$v-prepare.result"
  return $ok
}

# The compat flows on Rancher $1 (prepared), then the stack stops; prints "rancher <v>: …" and adds to the totals.
flows() {
  local v=$1 jp jf how pp pf line ok=0
  read -r jp jf how < "tmp/rancher-$v-prepare.result" 2>/dev/null || { jp=0; jf=1; how=missing; }
  [ "$jf" -eq 0 ] || ok=1
  if [ "${how:-}" = start ] || [ "${how:-}" = missing ]; then
    echo "rancher $v: not started, no flows"; total_f=$((total_f + jf)); return 1
  fi
  echo "== Rancher $v: compat flows (rancher-$v-server)"
  # Rancher's Connected condition watched meanwhile: each drop and where it fell in its tunnel session (issue 37).
  tsx scripts/stack/connectedWatch.ts > "tmp/rancher-$v-connected.log" 2>&1 &
  local watch=$!
  FLOWS_OUTPUT="test-results/rancher-$v" playwright test "--project=rancher-$v-server" 2>&1 | tee "tmp/rancher-$v-playwright.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || ok=1
  kill -TERM "$watch" 2>/dev/null; wait "$watch" 2>/dev/null; cat "tmp/rancher-$v-connected.log"
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "tmp/rancher-$v-playwright.log" | tail -1)
  pp=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/'); pf=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  [ -n "$line" ] || { pp=0; pf=1; }
  echo "rancher $v: jest $jp passed, $jf failed; compat $pp passed, $pf failed"
  total_p=$((total_p + jp + pp)); total_f=$((total_f + jf + pf))
  # No credential of this run in its logs or in what the suites printed (issue 37).
  tsx scripts/stack/secretsInLogs.ts tmp || { total_f=$((total_f + 1)); ok=1; }
  # The stop leaves nothing of this stack (scripts/stack-leftovers.sh): the Pod runner's bridges once outlived it.
  local pids
  pids=$(stack_pids)
  stop_stack
  check_stopped "$pids" || { total_f=$((total_f + 1)); ok=1; }
  return $ok
}

# The extension under test: built by test:compat just before in CI; rebuilt when a source is newer than the build.
extension_built() {
  local built
  built="dist-pkg/harvester-cloud-ui-$(node -p 'require("./pkg/harvester-cloud-ui/package.json").version')/package.json"
  if [ ! -f "$built" ] || [ -n "$(find pkg/harvester-cloud-ui -path '*/node_modules' -prune -o -newer "$built" -type f -print -quit)" ]; then
    ./node_modules/@rancher/shell/scripts/build-pkg.sh harvester-cloud-ui > tmp/rancher-build-pkg.log 2>&1 || { tail -40 tmp/rancher-build-pkg.log; return 1; }
  fi
}

total_p=0; total_f=0
case "${1:-}" in
  --prepare=*) prepare "${1#--prepare=}"; exit $? ;;
  --flows=*)
    trap stop_stack EXIT
    bash scripts/install-chromium.sh >/dev/null
    extension_built || { echo "0 passed, 1 failed"; exit 1; }
    flows "${1#--flows=}"; status=$?
    echo "rancher: $total_p passed, $total_f failed"
    [ "$status" -eq 0 ] && [ "$total_f" -eq 0 ]; exit $? ;;
esac

versions=${RANCHER_VERSIONS:-$(tsx -e 'import { serverProjects } from "./tests/flows/lib/serverProjects"; console.log(serverProjects().map((p) => p.use.server).join(" "))')}
if [ -z "$versions" ]; then
  echo "rancher: FAIL: no Rancher sources in ../shared/rancher with a dashboard build in ../shared/rancher-ui: nothing was tested." >&2
  echo "0 passed, 1 failed"; exit 1
fi
bash scripts/install-chromium.sh >/dev/null
extension_built || { echo "0 passed, 1 failed"; exit 1; }
trap stop_stack EXIT
status=0
for v in $versions; do
  prepare "$v" || status=1
  flows "$v" || status=1
done
echo "rancher: $total_p passed, $total_f failed"
[ "$status" -eq 0 ] && [ "$total_f" -eq 0 ]
