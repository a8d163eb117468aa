#!/usr/bin/env bash
# The Debian packages the tests need that pip cannot bring: PostgreSQL's server (the multi-process server
# tests start a throwaway one of their own). Idempotent: quick when everything is installed already.
# Installing needs root (or password-less sudo); without it the PostgreSQL tests are skipped, except in CI
# (CI=true), where this script fails instead.
set -euo pipefail

if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    exit 0
fi

refuse() {
    echo "setup-debian: $1; the PostgreSQL tests will be skipped" >&2
    if [ "${CI:-}" = "true" ]; then
        exit 1
    fi
    exit 0
}

command -v apt-get >/dev/null || refuse "no apt-get here to install PostgreSQL's server (Debian's postgresql)"
SUDO=()
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        SUDO=(sudo -n)
    else
        refuse "not root: cannot install Debian's postgresql (run: sudo apt-get install postgresql)"
    fi
fi
echo "setup-debian: installing Debian's postgresql for the server tests" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends postgresql >/dev/null
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || refuse "postgresql was installed but initdb is missing"
