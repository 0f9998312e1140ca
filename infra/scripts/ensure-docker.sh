#!/usr/bin/env bash
# Make sure a Docker Engine answers on this machine and docker-compose is installed. Idempotent: does
# nothing when both hold. Otherwise (as root) installs Debian's docker-compose when it is missing, and
# Debian's docker.io (and debootstrap, used by infra/images/build.sh) when dockerd is missing, then starts
# `dockerd --storage-driver=overlay2` detached (log: /var/log/sais-dockerd.log) and waits for it.
# Then registers gVisor's runsc (installed by ensure-packages.sh) as the engine's runtime `runsc`, the
# sandbox of container-image runs (decision 0037): merged into /etc/docker/daemon.json (its other settings
# kept) and `kill -HUP` to dockerd; nothing to do when the engine lists it already.
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

# gVisor for container-image runs (decision 0037): Debian 12's runsc has the ptrace platform only, and
# Docker's own network namespace is refused by it, so runs get --network=none (they have no network anyway).
DAEMON_JSON=${SAIS_DOCKERD_CONFIG:-/etc/docker/daemon.json}
RUNSC=${SAIS_RUNSC:-/usr/bin/runsc}
runsc_registered() { timeout 20 docker info --format '{{json .Runtimes}}' 2>/dev/null | grep -q '"runsc"'; }
ensure_runsc() {
  if runsc_registered; then return 0; fi
  if [ "$(id -u)" != 0 ] || [ ! -x "$RUNSC" ]; then
    say "the engine has no runtime runsc (gVisor), the sandbox of container runs: as root, run infra/scripts/ensure-packages.sh then this script (or set SCORING_RUN_RUNTIME=runc to run them without gVisor)."
    return 1
  fi
  mkdir -p "$(dirname "$DAEMON_JSON")"
  # Merged with node (there under npm test), keeping every other setting of the file.
  DAEMON_JSON=$DAEMON_JSON RUNSC=$RUNSC node -e '
    const fs = require("node:fs");
    const file = process.env.DAEMON_JSON;
    const config = fs.existsSync(file) && fs.readFileSync(file, "utf8").trim() ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
    config.runtimes = { ...(config.runtimes ?? {}), runsc: { path: process.env.RUNSC, runtimeArgs: ["--platform=ptrace", "--network=none"] } };
    fs.writeFileSync(file + ".sais-tmp", JSON.stringify(config, null, 2) + "\n");
    fs.renameSync(file + ".sais-tmp", file);
  '
  local pid
  pid=$(pgrep -o -x dockerd || true)
  if [ -z "$pid" ]; then
    say "registered runsc in $DAEMON_JSON, but no dockerd process to reload here"
    return 1
  fi
  say "registered runsc in $DAEMON_JSON; reloading dockerd (pid $pid)"
  kill -HUP "$pid"
  for ((i = 0; i < 40; i++)); do
    if runsc_registered; then
      say "the engine lists runtime runsc"
      return 0
    fi
    sleep 0.5
  done
  say "ERROR: dockerd does not list runsc after the reload; see $LOG"
  return 1
}

if docker_ok; then
  ensure_runsc
  exit $?
fi

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
  if docker_ok; then ensure_runsc; exit $?; fi  # the package's init script may have started it
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
    ensure_runsc
    exit $?
  fi
  sleep 0.5
done
say "ERROR: dockerd did not answer within ${WAIT_SECONDS} s. Last lines of $LOG:"
tail -n 30 "$LOG" >&2 || true
exit 1
