#!/usr/bin/env bash
# The operating-system packages `npm test` needs, installed when missing (Debian's apt-get, as root).
# Idempotent: returns at once when every package is present. Not root and something missing: one line
# naming the packages and the command that installs them, exit 1 (no test runs, none is skipped).
# Docker Engine itself (docker.io, debootstrap) is infra/scripts/ensure-docker.sh's, which runs next.
set -euo pipefail
say() { echo "[ensure-packages] $*" >&2; }

# package          probe (a file the package installs)   what needs it
PACKAGES=(
  "chromium        /usr/bin/chromium                      browser tests (playwright-core drives Debian's Chromium)"
  "fonts-wqy-zenhei /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc zh-CN screenshots with CJK characters, not boxes"
  "docker-registry /usr/bin/docker-registry               container-image submissions: a private registry on loopback"
  "apache2-utils   /usr/bin/htpasswd                      that registry's htpasswd users"
  "busybox-static  /bin/busybox                           the tiny images the container tests build"
  "docker-compose  /usr/bin/docker-compose                the one-machine deployment's test (infra/deploy)"
  "postgresql-client-15 /usr/lib/postgresql/15/bin/pg_dump backup and restore of real mode (pg_dump/pg_restore 15)"
  "gcc             /usr/bin/gcc                           the container tests' sandbox-escape probe (a static C program)"
  "libc6-dev       /usr/include/stdio.h                   its C library (static)"
  "runsc           /usr/bin/runsc                         gVisor, the sandbox of container-image runs (ensure-docker.sh registers it)"
)

missing=()
for line in "${PACKAGES[@]}"; do
  read -r package probe _ <<<"$line"
  [ -e "$probe" ] || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  say "missing packages: ${missing[*]}; install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"
  exit 1
fi

start=$(date +%s)
say "installing ${missing[*]} with apt-get ..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
say "installed in $(($(date +%s) - start)) s"
