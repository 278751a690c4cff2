#!/usr/bin/env bash
# npm run test:compat: the extension inside each production build of Rancher's dashboard in ../shared/rancher-ui
set -euo pipefail
versions=$(node -e 'console.log(require("./tests/compat/builds.ts").rancherBuilds?.().map((b) => b.version).join(" ") || "")' 2>/dev/null || true)
if [ -z "$versions" ]; then
  versions=$(tsx -e 'import { rancherBuilds } from "./tests/compat/builds"; console.log(rancherBuilds().map((b) => b.version).join(" "))')
fi
if [ -z "$versions" ]; then
  echo "compat: no Rancher dashboard builds in ../shared/rancher-ui (a clone without ../shared): nothing to run"
  echo "0 passed, 0 failed"
  exit 0
fi
echo "== compat: Rancher $versions"
bash scripts/install-chromium.sh >/dev/null
echo "== build-pkg (the extension under test)"
./node_modules/@rancher/shell/scripts/build-pkg.sh harvester-cloud-ui > tmp/compat-build.log 2>&1 || { tail -40 tmp/compat-build.log; exit 1; }
projects=()
for v in $versions; do projects+=(--project "rancher-$v"); done
exec playwright test "${projects[@]}" "$@"
