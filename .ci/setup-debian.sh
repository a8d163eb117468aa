#!/usr/bin/env bash
# Debian packages the test suite needs, installed once (idempotent: nothing is done when all are present).
# Called by `make test`; add a package by adding a line to PACKAGES.
set -euo pipefail

PACKAGES=(
    chromium           # the browser tests (Playwright drives /usr/bin/chromium; no browser is downloaded)
    fonts-dejavu-core  # a font with every glyph the pages use (suit signs, Roman numerals), for the screenshots
)

missing=()
for pkg in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "setup-debian: missing ${missing[*]}; run as root: apt-get install -y ${missing[*]}" >&2
    # Outside CI the tests that need them skip with a reason; in CI they fail, which is the point.
    exit 0
fi
echo "setup-debian: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}"
