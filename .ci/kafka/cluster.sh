#!/usr/bin/env bash
# A three-node Apache Kafka cluster (KRaft: each node is broker and controller) on loopback, for the Kafka
# contract suite. Jars come from Maven Central through .ci/kafka/pom.xml (cached in ~/.m2 between runs).
#
#   cluster.sh start            fetch jars if needed, format fresh storage, start nodes 1-3, wait until they serve
#   cluster.sh stop             stop every node (SIGTERM, then SIGKILL) and delete the storage
#   cluster.sh status           one line per node: running or not, and its port
#   cluster.sh brokers          the bootstrap list (127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3)
#   cluster.sh kill-node N      SIGKILL node N (the broker-kill test); its storage stays
#   cluster.sh start-node N     start node N again on its storage and wait until it serves
#
# Exit 3 from start: Java 17+ or the jars cannot be had; the message says why (the suite then reports pending).
# Environment: KAFKA_CI_PORT_BASE (default 19092: brokers on base..base+2, controllers on base+100..+102),
#              KAFKA_CI_WORK (default .ci/kafka/work, gitignored), KAFKA_CI_HEAP (default 384m).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
WORK="${KAFKA_CI_WORK:-$HERE/work}"
LIBS="$HERE/target/libs"
BASE="${KAFKA_CI_PORT_BASE:-19092}"
HEAP="${KAFKA_CI_HEAP:-384m}"
NODES=(1 2 3)
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java" # JAVA_HOME picks another JDK, as for Maven
CLUSTER_ID="ers-ci-kafka-cluster1" # any 22-character base64 string: storage is formatted fresh on every start

broker_port() { echo $((BASE + $1 - 1)); }
controller_port() { echo $((BASE + 100 + $1 - 1)); }
pid_file() { echo "$WORK/node$1.pid"; }

brokers() {
  local list=()
  for n in "${NODES[@]}"; do list+=("127.0.0.1:$(broker_port "$n")"); done
  (IFS=,; echo "${list[*]}")
}

running() {
  local pid
  pid="$(cat "$(pid_file "$1")" 2>/dev/null)" || return 1
  kill -0 "$pid" 2>/dev/null
}

need_java() {
  command -v "$JAVA" >/dev/null 2>&1 || { echo "kafka cluster: java is not installed (Kafka 4 needs Java 17+)" >&2; exit 3; }
  local major
  major="$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
  if [ "${major%%.*}" -lt 17 ] 2>/dev/null; then
    echo "kafka cluster: Java $major found, Kafka 4 needs Java 17+" >&2; exit 3
  fi
}

fetch_jars() {
  if [ -f "$LIBS/.complete" ]; then return; fi
  command -v mvn >/dev/null 2>&1 || { echo "kafka cluster: mvn is not installed, so Kafka's jars cannot be fetched" >&2; exit 3; }
  rm -rf "$LIBS"
  if ! (cd "$HERE" && mvn -q -B dependency:copy-dependencies >"$WORK/mvn.log" 2>&1); then
    echo "kafka cluster: mvn could not fetch Kafka's jars from Maven Central (see $WORK/mvn.log):" >&2
    tail -n 5 "$WORK/mvn.log" >&2
    exit 3
  fi
  touch "$LIBS/.complete"
}

write_config() {
  local n="$1" voters="" v
  for v in "${NODES[@]}"; do voters+="${voters:+,}$v@127.0.0.1:$(controller_port "$v")"; done
  mkdir -p "$WORK/node$n/data"
  cat >"$WORK/node$n/server.properties" <<EOF
process.roles=broker,controller
node.id=$n
controller.quorum.voters=$voters
listeners=PLAINTEXT://127.0.0.1:$(broker_port "$n"),CONTROLLER://127.0.0.1:$(controller_port "$n")
advertised.listeners=PLAINTEXT://127.0.0.1:$(broker_port "$n")
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$WORK/node$n/data
# What the issue asks of the cluster: every topic on all three, an acknowledged write on at least two.
default.replication.factor=3
min.insync.replicas=2
offsets.topic.replication.factor=3
transaction.state.log.replication.factor=3
transaction.state.log.min.isr=2
unclean.leader.election.enable=false
auto.create.topics.enable=true
num.partitions=1
# Small and quick for tests on two shared cores: few internal partitions, no join delay, and a dead
# broker fenced after 4 s instead of 9 s so the broker-kill test does not wait on defaults.
offsets.topic.num.partitions=3
transaction.state.log.num.partitions=3
group.initial.rebalance.delay.ms=0
broker.heartbeat.interval.ms=500
broker.session.timeout.ms=4000
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
log.segment.bytes=16777216
EOF
}

write_log_config() {
  cat >"$WORK/log4j2.properties" <<'EOF'
# Warnings and errors only, to stdout (cluster.sh sends each node's stdout to nodeN/server.log).
status = error
appender.out.type = Console
appender.out.name = out
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = warn
rootLogger.appenderRef.out.ref = out
# The one INFO line cluster.sh waits for.
logger.server.name = kafka.server.KafkaRaftServer
logger.server.level = info
EOF
}

# Runs a Kafka main class on the fetched jars (small heap, quick start: three of these share two cores).
run_java() {
  "$JAVA" -Xms"$HEAP" -Xmx"$HEAP" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true \
    -Dlog4j2.configurationFile="$WORK/log4j2.properties" -cp "$LIBS/*" "$@"
}

format_node() {
  local n="$1"
  run_java kafka.tools.StorageTool format --cluster-id "$CLUSTER_ID" --config "$WORK/node$n/server.properties" \
    --ignore-formatted >"$WORK/node$n/format.log" 2>&1 \
    || { echo "kafka cluster: formatting node $n failed:" >&2; tail -n 20 "$WORK/node$n/format.log" >&2; exit 1; }
}

launch_node() {
  local n="$1"
  if running "$n"; then return; fi
  # exec: the recorded pid is the JVM's own, so kill-node's SIGKILL hits the broker, not a wrapper shell.
  (exec "$JAVA" -Xms"$HEAP" -Xmx"$HEAP" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true \
    -Dlog4j2.configurationFile="$WORK/log4j2.properties" -cp "$LIBS/*" \
    kafka.Kafka "$WORK/node$n/server.properties" >>"$WORK/node$n/server.log" 2>&1 </dev/null) &
  echo $! >"$(pid_file "$n")"
}

# A node serves once its broker port answers and it logged that the server started (registered and unfenced).
wait_node() {
  local n="$1" deadline=$((SECONDS + ${KAFKA_CI_START_TIMEOUT:-90}))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if ! running "$n"; then
      echo "kafka cluster: node $n exited while starting:" >&2; tail -n 30 "$WORK/node$n/server.log" >&2; return 1
    fi
    if grep -q "Kafka Server started" "$WORK/node$n/server.log" 2>/dev/null \
      && (exec 3<>"/dev/tcp/127.0.0.1/$(broker_port "$n")") 2>/dev/null; then
      return 0
    fi
    sleep 0.5
  done
  echo "kafka cluster: node $n did not start in time:" >&2; tail -n 30 "$WORK/node$n/server.log" >&2; return 1
}

start() {
  need_java
  stop_all quiet
  mkdir -p "$WORK"
  fetch_jars
  write_log_config
  local began=$SECONDS n
  for n in "${NODES[@]}"; do write_config "$n"; format_node "$n"; done
  for n in "${NODES[@]}"; do launch_node "$n"; done
  for n in "${NODES[@]}"; do wait_node "$n" || { stop_all quiet; exit 1; }; done
  echo "kafka cluster: 3 nodes serving on $(brokers) after $((SECONDS - began)) s"
}

start_node() {
  local n="$1"
  [ -f "$WORK/node$n/server.properties" ] || { echo "kafka cluster: node $n was never formatted; run start" >&2; exit 1; }
  # Only lines written from now on count for "started".
  [ -f "$WORK/node$n/server.log" ] && mv "$WORK/node$n/server.log" "$WORK/node$n/server.log.$(date +%s%N)"
  launch_node "$n"
  wait_node "$n"
}

kill_node() {
  local n="$1"
  running "$n" || { echo "kafka cluster: node $n is not running" >&2; exit 1; }
  kill -KILL "$(cat "$(pid_file "$n")")"
  while running "$n"; do sleep 0.1; done
}

stop_all() {
  local n pid
  for n in "${NODES[@]}"; do
    if running "$n"; then kill -TERM "$(cat "$(pid_file "$n")")" 2>/dev/null || true; fi
  done
  for _ in $(seq 1 100); do
    local alive=0
    for n in "${NODES[@]}"; do running "$n" && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.2
  done
  for n in "${NODES[@]}"; do
    if running "$n"; then pid="$(cat "$(pid_file "$n")")"; kill -KILL "$pid" 2>/dev/null || true; fi
  done
  for n in "${NODES[@]}"; do rm -rf "$WORK/node$n" "$(pid_file "$n")"; done
  [ "${1:-}" = quiet ] || echo "kafka cluster: stopped"
}

status() {
  local n
  for n in "${NODES[@]}"; do
    if running "$n"; then echo "node $n: running (pid $(cat "$(pid_file "$n")"), 127.0.0.1:$(broker_port "$n"))"
    else echo "node $n: not running (127.0.0.1:$(broker_port "$n"))"; fi
  done
}

node_arg() {
  case "${1:-}" in 1|2|3) echo "$1" ;; *) echo "usage: $0 ${2} 1|2|3" >&2; exit 2 ;; esac
}

case "${1:-}" in
  start) start ;;
  stop) stop_all ;;
  status) status ;;
  brokers) brokers ;;
  kill-node) kill_node "$(node_arg "${2:-}" kill-node)" ;;
  start-node) start_node "$(node_arg "${2:-}" start-node)" ;;
  *) echo "usage: $0 start|stop|status|brokers|kill-node N|start-node N" >&2; exit 2 ;;
esac
