# Sourced by test-real.sh and test-rancher.sh: what a stopped stack left behind. `stack_pids` before the stop, then
# `check_stopped` after it prints "stopped: N processes and M network namespaces of the stack left" (and each one) and
# fails when anything is left.
run_dir=${STACK_DIR:-$PWD/.tools/stack/run}

# The pids the stack recorded (stack.json), for after its stop.
stack_pids() { node -e 'try { console.log(require(process.argv[1]).pids.join(" ")) } catch (e) {}' "$run_dir/stack.json"; }

# What is left: the recorded pids (not zombies); any process running one of this clone's binaries whose arguments or
# environment name this stack's run directory (what the Pod runner runs in k3s-bare: not in stack.json);
# any Node process whose arguments name it (the bridges the Pod runner and the stand-ins start). Another stack, e.g.
# Rancher's that .ci/run starts meanwhile, has its own run directory.
leftovers() {
  local pid
  for pid in $1; do if kill -0 "$pid" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; then echo "$pid"; fi; done
  for pid in $(pgrep -f "$PWD/.tools/(stack/bin|harvester/bin|rancher/[^/]+/bin)/"); do
    if cat "/proc/$pid/cmdline" "/proc/$pid/environ" 2>/dev/null | tr '\0' '\n' | grep -qF "${run_dir%/}/"; then echo "$pid"; fi
  done
  for pid in $(pgrep -f "${run_dir%/}/"); do
    if [ "$pid" != $$ ] && tr '\0' '\n' < "/proc/$pid/cmdline" 2>/dev/null | head -1 | grep -q 'node$'; then echo "$pid"; fi
  done
}

# $1: the pids from stack_pids. A child its stopped parent took down may take a moment to exit on a loaded machine
# (seen once beside Rancher's flows): a leak is what is still there 20 s after the stop.
check_stopped() {
  local left_pids left netns_left pid
  for _ in $(seq 1 20); do [ -z "$(leftovers "$1")" ] && break; sleep 1; done
  left_pids=$(leftovers "$1" | sort -u)
  left=$(echo "$left_pids" | grep -c . || true)
  for pid in $left_pids; do echo "  left: $pid $(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | cut -c1-200)"; done
  netns_left=$(ip netns list 2>/dev/null | grep -c "^hcui-$(( ${STACK_BASE_PORT:-27000} / 100 % 250 ))-" || true)
  echo "stopped: $left processes and $netns_left network namespaces of the stack left"
  [ "$left" -eq 0 ] && [ "$netns_left" -eq 0 ]
}
