#!/usr/bin/env bash
# Builds the Debian bookworm minbase root filesystem of sais/debian:bookworm as a tar file.
# Usage: rootfs.sh <output.tar> [mirror]. Needs root and debootstrap. Called by build.sh, which
# hashes this file: editing it rebuilds the base image and everything built FROM it.
set -euo pipefail
out=$1
mirror=${2:-http://deb.debian.org/debian}
dir=$(mktemp -d "$(dirname "$out")/rootfs.XXXXXX")
trap 'rm -rf "$dir"' EXIT

debootstrap --variant=minbase bookworm "$dir" "$mirror" >"$out.debootstrap.log" 2>&1 || {
  tail -n 30 "$out.debootstrap.log" >&2
  exit 1
}
security=${mirror%/debian}/debian-security
cat >"$dir/etc/apt/sources.list" <<LIST
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
LIST
# Container-friendly apt: no recommends, no translations, no kept .debs.
cat >"$dir/etc/apt/apt.conf.d/90sais" <<'CONF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };
CONF
# Services must not start during `docker build` (same as Docker's official Debian images).
printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" && chmod +x "$dir/usr/sbin/policy-rc.d"
rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/* "$dir"/var/log/*.log "$dir"/tmp/*
tar --numeric-owner -C "$dir" -cf "$out.tmp" .
mv "$out.tmp" "$out"
