#!/bin/bash
# Single-node KRaft Kafka for tests: writes server.properties, formats the storage (first start), runs kafka.Kafka.
#   KAFKA_ADVERTISED_LISTENER=host:port  address clients are told to dial (default 127.0.0.1:9092); with a
#                                        mapped port, give the host side (testcontainers does).
#   KAFKA_<NAME>=value                   any broker setting, like the apache/kafka image: KAFKA_NUM_PARTITIONS=8
#                                        -> num.partitions=8 (these win over the defaults below).
#   KAFKA_HEAP_OPTS / KAFKA_OPTS         JVM options (default heap -Xmx512m).
#   CLUSTER_ID                           KRaft cluster id (default: random).
#   --train-cds (argument, image build only)  start the broker once, stop it when it has started, and keep
#                                        the classes it loaded as a class-data-sharing archive ($CDS): every
#                                        later start maps them instead of loading and verifying ~5,000
#                                        classes from the jars (start 3.0-6.2 s -> 1.6-3.4 s on the 2-core test
#                                        host; docs/benchmarks.md, the Kafka restart). A stale or missing
#                                        archive is ignored (-Xshare:auto): the broker starts as before.
set -euo pipefail
DATA=/var/lib/kafka/data
CONF=/var/lib/kafka/server.properties
CP='/opt/kafka/libs/*'
CDS=/opt/kafka/cds/kafka.jsa
advertised=${KAFKA_ADVERTISED_LISTENER:-127.0.0.1:9092}

cat >"$CONF" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:9093
listeners=PLAINTEXT://0.0.0.0:9092,CONTROLLER://127.0.0.1:9093
advertised.listeners=PLAINTEXT://${advertised}
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=${DATA}
num.partitions=4
auto.create.topics.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=10
group.initial.rebalance.delay.ms=0
# Consumers may ask for sessions shorter than the 6 s default floor (the deployment asks for 3 s).
group.min.session.timeout.ms=1000
PROPS

# KAFKA_FOO_BAR=x -> foo.bar=x ("___" -> "-", "__" -> "_", as in the apache/kafka image).
for name in $(compgen -e); do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_OPTS | KAFKA_JVM_PERFORMANCE_OPTS | KAFKA_ADVERTISED_LISTENER) ;;
    KAFKA_*)
      key=${name#KAFKA_}; key=${key,,}; key=${key//___/-}; key=${key//__/@}; key=${key//_/.}; key=${key//@/_}
      printf '%s=%s\n' "$key" "${!name}" >>"$CONF" ;;
  esac
done

if [ ! -s "$DATA/meta.properties" ]; then
  id=${CLUSTER_ID:-}
  # A random 16-byte id in Kafka's base64url form; like Kafka's own Uuid.randomUuid(), never one starting
  # with "-" (the storage tool's option parser would take it for an option).
  while [ -z "$id" ] || [ "${id:0:1}" = - ]; do id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '='); done
  java -Xshare:auto -XX:TieredStopAtLevel=1 -cp "$CP" kafka.tools.StorageTool format -t "$id" -c "$CONF" --ignore-formatted >/dev/null
fi

JAVA_FLAGS=(-XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true
  -Dorg.slf4j.simpleLogger.defaultLogLevel=info -Dorg.slf4j.simpleLogger.showDateTime=true)

if [ "${1:-}" = --train-cds ]; then
  # shellcheck disable=SC2086
  java ${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m} "${JAVA_FLAGS[@]}" -XX:ArchiveClassesAtExit="$CDS" \
    -cp "$CP" kafka.Kafka "$CONF" >/tmp/train-cds.log 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do grep -q 'Kafka Server started' /tmp/train-cds.log && break; sleep 0.1; done
  grep -q 'Kafka Server started' /tmp/train-cds.log || { tail -n 40 /tmp/train-cds.log; exit 1; }
  kill -TERM "$pid"
  wait "$pid" || true
  test -s "$CDS" || { tail -n 40 /tmp/train-cds.log; echo "no archive at $CDS" >&2; exit 1; }
  rm -rf "$DATA" "$CONF" /tmp/train-cds.log # the image holds no broker state
  exit 0
fi
[ -s "$CDS" ] && JAVA_FLAGS+=(-Xshare:auto -XX:SharedArchiveFile="$CDS")

# shellcheck disable=SC2086
exec java ${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m} "${JAVA_FLAGS[@]}" ${KAFKA_OPTS:-} -cp "$CP" kafka.Kafka "$CONF"
