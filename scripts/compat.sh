#!/usr/bin/env bash
# npm run test:compat: the extension inside each production build of Rancher's dashboard in ../shared/rancher-ui
# (2.12 to 2.15), installed as a UIPlugin through the simulator, in headless Chromium (tests/flows, every flow on 2.15 and the @versions ones on the other builds). One
# Playwright project per Rancher version; the last lines say `rancher-<v>: N passed, M failed` and the total.
# Run through scripts/with-env. Extra arguments go to `playwright test` (e.g. --project rancher-2.15, -g "sharing").
set -euo pipefail
versions=$(tsx -e 'import { rancherBuilds } from "./lab/builds"; console.log(rancherBuilds().map((b) => b.version).join(" "))')
if [ -z "$versions" ]; then
  # A run that tests nothing must not pass: CI would read "0 passed" as the suite passing.
  echo "compat: FAIL: no Rancher dashboard build (<version>/index.html) in ${RANCHER_UI_ROOT:-../shared/rancher-ui}: nothing was tested." >&2
  echo "compat: put the production builds there (or set RANCHER_UI_ROOT to where they are) and run again." >&2
  exit 1
fi
echo "== compat: Rancher $versions"
bash scripts/install-chromium.sh >/dev/null
mkdir -p tmp
# The extension under test: built by npm test just before in CI; built again only when a source is newer than the build.
built="dist-pkg/harvester-cloud-ui-$(node -p 'require("./pkg/harvester-cloud-ui/package.json").version')/package.json"
if [ ! -f "$built" ] || [ -n "$(find pkg/harvester-cloud-ui -path '*/node_modules' -prune -o -newer "$built" -type f -print -quit)" ]; then
  echo "== build-pkg (the extension under test)"
  ./node_modules/@rancher/shell/scripts/build-pkg.sh harvester-cloud-ui > tmp/compat-build.log 2>&1 || { tail -40 tmp/compat-build.log; exit 1; }
fi
# Test files first: `--project` takes every value that follows it, so `--project rancher-2.15 tests/flows/x.spec.ts`
# would read the file as a project name (arguments that are existing paths are the files).
files=(); opts=()
for a in "$@"; do
  if [ -e "$a" ]; then files+=("$a"); else opts+=("$a"); fi
done
case " ${opts[*]-} " in
  *" --project"*) exec playwright test ${files[@]+"${files[@]}"} ${opts[@]+"${opts[@]}"} ;;
  *)
    # The version projects by name: `rancher-*` would also pick up rancher-2.15-real (npm run test:real runs it).
    projects=$(tsx -e 'import { nextBuild, rancherBuilds } from "./lab/builds"; console.log([...rancherBuilds(), ...(nextBuild() ? [nextBuild()] : [])].map((b) => `--project=rancher-${b!.version}`).join(" "))')
    # shellcheck disable=SC2086
    exec playwright test ${files[@]+"${files[@]}"} ${opts[@]+"${opts[@]}"} $projects ;;
esac
