#!/usr/bin/env bash
# The Debian packages the tests need that pip cannot bring, installed by `make test` (idempotent: quick when all
# are installed already). To add one, add a line to PACKAGES.
#   caddy              the HTTPS proxy of docs/hosting.md, run by tests/test_web_proxy.py in front of the server
#   chromium           the browser tests: Playwright drives /usr/bin/chromium (no browser is ever downloaded)
#   fonts-dejavu-core  a font with every glyph the pages use, for the screenshots
#   postgresql         the multi-process server tests start a throwaway PostgreSQL of their own
# Installing needs root (or password-less sudo); without it those tests are skipped, except in CI (CI=true),
# where this script fails instead.
set -euo pipefail

PACKAGES=(
    caddy
    chromium
    fonts-dejavu-core
    postgresql
)

installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

missing=()
for pkg in "${PACKAGES[@]}"; do
    installed "$pkg" || missing+=("$pkg")
done
# PostgreSQL counts as present when its server binaries are, however they came.
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    missing=("${missing[@]/postgresql}")
fi
read -r -a missing <<<"${missing[*]:-}"
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

refuse() {
    echo "setup-debian: $1; the tests that need ${missing[*]} will be skipped" >&2
    if [ "${CI:-}" = "true" ]; then
        exit 1
    fi
    exit 0
}

command -v apt-get >/dev/null || refuse "no apt-get here to install ${missing[*]}"
SUDO=()
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        SUDO=(sudo -n)
    else
        refuse "not root: cannot install ${missing[*]} (run: sudo apt-get install ${missing[*]})"
    fi
fi
echo "setup-debian: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq || refuse "apt-get update failed"
"${SUDO[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null || refuse "apt-get install ${missing[*]} failed"
for pkg in "${missing[@]}"; do
    installed "$pkg" || refuse "$pkg could not be installed"
done
