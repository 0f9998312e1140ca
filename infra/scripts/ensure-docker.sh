#!/usr/bin/env bash
# Make sure a Docker Engine answers on this machine and docker-compose is installed. Idempotent: does
# nothing when both hold. Otherwise (as root) installs Debian's docker-compose when it is missing, and
# Debian's docker.io (and debootstrap, used by infra/images/build.sh) when dockerd is missing, then starts
# `dockerd --storage-driver=overlay2` detached (log: /var/log/sais-dockerd.log) and waits for it.
set -euo pipefail

LOG=${SAIS_DOCKERD_LOG:-/var/log/sais-dockerd.log}
WAIT_SECONDS=${SAIS_DOCKERD_WAIT:-60}
say() { echo "[ensure-docker] $*" >&2; }

# The docker CLI negotiates the API version with the daemon (docker 28 client ↔ Debian's 20.10 daemon,
# API 1.41, works); an explicit DOCKER_API_VERSION from the caller is respected.
docker_ok() { command -v docker >/dev/null 2>&1 && timeout 20 docker info >/dev/null 2>&1; }

# docker-compose runs the one-machine deployment (infra/deploy) and its test; Debian's package when missing.
if ! command -v docker-compose >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  say "installing docker-compose with apt-get ..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
fi

if docker_ok; then exit 0; fi

if [ -n "${DOCKER_HOST:-}" ] && [[ "$DOCKER_HOST" != unix://* ]]; then
  say "DOCKER_HOST=$DOCKER_HOST does not answer; not starting a local daemon."
  exit 1
fi
if [ "$(id -u)" != 0 ]; then
  say "no Docker Engine answers and starting one needs root (run this script with sudo, or start Docker yourself)."
  exit 1
fi

start=$(date +%s)
if ! command -v dockerd >/dev/null 2>&1; then
  say "installing docker.io and debootstrap with apt-get ..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    docker.io debootstrap ca-certificates iptables >/dev/null
  say "installed in $(( $(date +%s) - start )) s"
  if docker_ok; then exit 0; fi  # the package's init script may have started it
fi

if ! pgrep -x dockerd >/dev/null 2>&1; then
  say "starting dockerd --storage-driver=overlay2 (log: $LOG)"
  # setsid + nohup: the daemon outlives this script, its caller and the caller's session.
  setsid nohup dockerd --storage-driver=overlay2 >>"$LOG" 2>&1 </dev/null &
else
  say "dockerd is already running; waiting for it to answer"
fi

for ((i = 0; i < WAIT_SECONDS * 2; i++)); do
  if docker_ok; then
    say "Docker Engine answers ($(docker version --format 'client {{.Client.Version}} API {{.Client.APIVersion}}, server {{.Server.Version}} API {{.Server.APIVersion}}' 2>/dev/null)) after $(( $(date +%s) - start )) s"
    exit 0
  fi
  sleep 0.5
done
say "ERROR: dockerd did not answer within ${WAIT_SECONDS} s. Last lines of $LOG:"
tail -n 30 "$LOG" >&2 || true
exit 1
