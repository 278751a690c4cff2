#!/usr/bin/env bash
# Installs Debian's Chromium (driven headless by the browser flows, tests/flows) unless it is
# already there, and a Chinese font (the e2e suite checks and screenshots the dashboard in Simplified Chinese;
# without one every Chinese character is drawn as a box).
set -euo pipefail
PACKAGES=()
if [ -x /usr/bin/chromium ]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
else
  PACKAGES+=(chromium chromium-driver)
fi
if command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh 2>/dev/null)" ]; then
  echo "a Chinese font is installed"
else
  PACKAGES+=(fonts-wqy-microhei)
fi
if [ ${#PACKAGES[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${PACKAGES[@]}"
/usr/bin/chromium --version
