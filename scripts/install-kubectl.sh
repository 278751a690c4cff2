#!/usr/bin/env bash
# Installs Debian's kubectl (the kubectl test in tests/kubectl drives the simulator's Kubernetes API with it)
# unless it is already there. Prints the kubectl path last.
set -euo pipefail
if command -v kubectl >/dev/null; then
  command -v kubectl
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y kubectl >&2
command -v kubectl
