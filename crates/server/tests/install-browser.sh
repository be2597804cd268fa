#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver for the web app's browser tests
# (crates/server/tests/browser.rs), only if either is missing. Safe to run again.
set -euo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  echo "install-browser: chromium and chromedriver are already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y chromium chromium-driver
/usr/bin/chromium --version || true
/usr/bin/chromedriver --version
