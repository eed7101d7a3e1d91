#!/usr/bin/env bash
# Installs the system packages the test suite needs when they are missing, and starts PostgreSQL.
# Safe to run again: it only acts on what is missing or stopped. Needs root (or sudo) for apt-get on
# a fresh machine; without either it says what to install and exits non-zero.
#
# Packages are installed without their recommendations: the suite needs none of them (Chromium's
# would add about 130 packages, among them fonts), and what a test sees must not depend on them.
# Fonts: the browser tests draw with DejaVu (the npm package dejavu-fonts-ttf) and Droid Sans
# Fallback (fonts-droid-fallback, for CJK) only; test/e2e/helpers/browser.ts hides every other font.
set -euo pipefail

need=()
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
[ -f /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] || need+=(fonts-droid-fallback)

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else return 1; fi
}

if [ ${#need[@]} -gt 0 ]; then
  echo "ensure-system: installing ${need[*]}"
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
     ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; then
    echo "ensure-system: could not install ${need[*]}; install them with apt-get as root" >&2
    exit 1
  fi
fi

# PostgreSQL: the store suite runs against a real server. Start the first cluster when it is down.
if command -v pg_lsclusters >/dev/null 2>&1; then
  read -r ver name status < <(pg_lsclusters --no-header 2>/dev/null | awk '{print $1, $2, $4; exit}') || true
  if [ -n "${ver:-}" ] && [ "${status:-}" != "online" ]; then
    echo "ensure-system: starting PostgreSQL $ver/$name"
    as_root pg_ctlcluster "$ver" "$name" start || echo "ensure-system: PostgreSQL did not start; its tests will say so" >&2
  fi
fi
echo "ensure-system: ok"
