#!/usr/bin/env bash
# Builds the project's container images when they are missing or their inputs changed (npm run images).
#   sais/debian:bookworm  debootstrap minbase rootfs (debian/rootfs.sh), `docker import`ed
#   sais/postgres:15      postgres/Dockerfile FROM the base
#   sais/kafka:3.9.1      kafka/Dockerfile FROM the base, jars from Maven Central (kafka/pom.xml)
#   sais/runtime          runtime/Dockerfile FROM the base: the deployment's service containers (infra/deploy)
# Each image carries the label org.sais.inputs-hash, a hash of its inputs (and of its base's hash);
# an image whose label matches is reused. SAIS_PG_IMAGE / SAIS_KAFKA_IMAGE set to another name (e.g.
# the official postgres:15 / apache/kafka:3.9.1) skip building that image. Cache: infra/images/.cache/.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=$HERE/.cache
LABEL=org.sais.inputs-hash
BASE_IMAGE=sais/debian:bookworm
PG_DEFAULT=sais/postgres:15
KAFKA_DEFAULT=sais/kafka:3.9.1
RUNTIME_IMAGE=sais/runtime
PG_IMAGE=${SAIS_PG_IMAGE:-$PG_DEFAULT}
KAFKA_IMAGE=${SAIS_KAFKA_IMAGE:-$KAFKA_DEFAULT}
MIRROR=${SAIS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
export DOCKER_BUILDKIT=${DOCKER_BUILDKIT:-0} # Debian's docker.io has no buildx plugin: the classic builder
mkdir -p "$CACHE"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
say() { echo "[images] $*"; }
hash_of() { cat "$@" | sha256sum | cut -c1-12; }
label_of() { docker image inspect -f "{{index .Config.Labels \"$LABEL\"}}" "$1" 2>/dev/null || true; }

if ! docker info >/dev/null 2>&1; then
  say "ERROR: Docker does not answer; start it with infra/scripts/ensure-docker.sh"
  exit 1
fi
exec 9>"$CACHE/.lock"
flock 9 # one build at a time (parallel CI jobs, two terminals)
t_all=$(now)

need_root_tool() { # <command> <debian package>
  command -v "$1" >/dev/null 2>&1 && return
  [ "$(id -u)" = 0 ] || { say "ERROR: $1 is missing (apt-get install $2)"; exit 1; }
  say "installing $2 ..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}

# ---- base: sais/debian:bookworm (built only when an image FROM it has to be built) ------------------
BASE_HASH=$(printf 'mirror=%s\n' "$MIRROR" | hash_of - "$HERE/debian/rootfs.sh")
ensure_base() {
  local h=$BASE_HASH t tar
  if [ "$(label_of "$BASE_IMAGE")" = "$h" ]; then return; fi
  t=$(now)
  tar=$CACHE/debian-bookworm-$h.tar
  if [ ! -s "$tar" ]; then
    need_root_tool debootstrap debootstrap
    say "debootstrap bookworm minbase ..."
    rm -f "$CACHE"/debian-bookworm-*.tar*
    bash "$HERE/debian/rootfs.sh" "$tar" "$MIRROR"
    say "rootfs in $(since "$t")"
  fi
  docker import --change 'CMD ["/bin/bash"]' --change "LABEL $LABEL=$h org.sais.image=debian" "$tar" "$BASE_IMAGE" >/dev/null
  say "$BASE_IMAGE built ($h) in $(since "$t")"
}

# ---- derived images -------------------------------------------------------------------------------
build_derived() { # <name> <short> <context dir> <hash>
  local name=$1 short=$2 ctx=$3 h=$4 t
  if [ "$(label_of "$name")" = "$h" ]; then say "$name up to date ($h)"; return; fi
  ensure_base
  t=$(now)
  say "building $name ..."
  docker build --build-arg "BASE=$BASE_IMAGE" --label "$LABEL=$h" --label "org.sais.image=$short" \
    -t "$name" "$ctx" >"$CACHE/build-$short.log" 2>&1 || {
    tail -n 40 "$CACHE/build-$short.log"
    say "ERROR: building $name failed (log: $CACHE/build-$short.log)"
    exit 1
  }
  docker image prune -f --filter "label=org.sais.image=$short" >/dev/null # the image this one replaced
  say "$name built ($h) in $(since "$t")"
}

kafka_context() { # stages Dockerfile, entry point and jars (fetched again only when pom.xml changed) in .cache/kafka-context
  local ctx=$CACHE/kafka-context ph t
  ph=$(hash_of "$HERE/kafka/pom.xml")
  mkdir -p "$ctx"
  if [ "$(cat "$ctx/libs.pom-hash" 2>/dev/null)" != "$ph" ]; then
    t=$(now)
    need_root_tool mvn maven
    say "fetching Kafka jars from Maven Central ..."
    rm -rf "$ctx/libs" "$ctx/libs.pom-hash"
    mvn -q -B -Dstyle.color=never -f "$HERE/kafka/pom.xml" dependency:copy-dependencies \
      -DoutputDirectory="$ctx/libs" -DincludeScope=runtime >"$CACHE/mvn.log" 2>&1 || {
      tail -n 40 "$CACHE/mvn.log"
      say "ERROR: mvn dependency:copy-dependencies failed (log: $CACHE/mvn.log)"
      exit 1
    }
    echo "$ph" >"$ctx/libs.pom-hash"
    say "$(find "$ctx/libs" -name '*.jar' | wc -l) jars in $(since "$t")"
  fi
  cp "$HERE/kafka/Dockerfile" "$HERE/kafka/entrypoint.sh" "$ctx/"
}

build_pg=false; build_kafka=false
[ "$PG_IMAGE" = "$PG_DEFAULT" ] && build_pg=true || say "SAIS_PG_IMAGE=$PG_IMAGE: not building $PG_DEFAULT"
[ "$KAFKA_IMAGE" = "$KAFKA_DEFAULT" ] && build_kafka=true || say "SAIS_KAFKA_IMAGE=$KAFKA_IMAGE: not building $KAFKA_DEFAULT"

if $build_pg; then
  build_derived "$PG_IMAGE" postgres "$HERE/postgres" \
    "$(printf 'base=%s\n' "$BASE_HASH" | hash_of - "$HERE/postgres/Dockerfile" "$HERE/postgres/entrypoint.sh")"
fi
if $build_kafka; then
  kafka_h=$(printf 'base=%s\n' "$BASE_HASH" | hash_of - "$HERE/kafka/Dockerfile" "$HERE/kafka/entrypoint.sh" "$HERE/kafka/pom.xml")
  if [ "$(label_of "$KAFKA_IMAGE")" = "$kafka_h" ]; then
    say "$KAFKA_IMAGE up to date ($kafka_h)"
  else
    kafka_context
    build_derived "$KAFKA_IMAGE" kafka "$CACHE/kafka-context" "$kafka_h"
  fi
fi
build_derived "$RUNTIME_IMAGE" runtime "$HERE/runtime" \
  "$(printf 'base=%s\n' "$BASE_HASH" | hash_of - "$HERE/runtime/Dockerfile")"
say "done in $(since "$t_all")"
