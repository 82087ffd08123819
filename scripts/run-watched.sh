#!/usr/bin/env bash
# Runs a command (the test runner), passing its output through, and watches for a stall: when the
# command prints nothing for FM_STALL_SECONDS (600 by default), the thread stacks of the command's
# processes are printed (gdb, or the toolchain's lldb) and saved under .build/test-stalls/; after
# FM_STALL_DUMPS such stalls in a row (3 by default) the command is stopped and this script fails.
#
# Why: one clean run of the suite on the 2-core AMD EPYC sat idle with three engine tests
# unfinished, every engine thread waiting for work (Docs/Reliability.md, "A suite that sat idle").
# A hang must end the run with the evidence in its log, never hold CI until its own time limit.
# Attaching a debugger interrupts every blocked system call; in that run it also woke the process,
# so a stall that is a missed wake-up may finish after its stacks are printed. Either way the log
# says so.
#
# Usage: scripts/run-watched.sh COMMAND [ARGUMENT...]; exits with the command's status.
set -uo pipefail
limit="${FM_STALL_SECONDS:-600}"
dumps_allowed="${FM_STALL_DUMPS:-3}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
stall_folder="$root/.build/test-stalls"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# The command's processes: it and every descendant.
descendants() {
  local pid="$1" child
  echo "$pid"
  for child in $(pgrep -P "$pid" 2>/dev/null); do descendants "$child"; done
}

stacks_of() {
  local pid="$1"
  if command -v gdb >/dev/null 2>&1; then
    timeout 120 gdb -p "$pid" -batch -nx -ex "set pagination off" -ex "info threads" -ex "thread apply all bt 16" 2>&1
  elif command -v lldb >/dev/null 2>&1; then
    timeout 120 lldb --batch -p "$pid" -o "thread list" -o "thread backtrace all -c 16" -o "process detach" 2>&1
  else
    echo "(neither gdb nor lldb is installed: no stacks)"
  fi
}

"$@" > >(tee -a "$log") 2>&1 &
command_pid=$!
last_size=-1
quiet=0
stalls=0
while kill -0 "$command_pid" 2>/dev/null; do
  sleep 5
  size="$(stat -c %s "$log" 2>/dev/null || echo 0)"
  if [ "$size" != "$last_size" ]; then
    last_size="$size"
    quiet=0
    stalls=0
    continue
  fi
  quiet=$((quiet + 5))
  [ "$quiet" -lt "$limit" ] && continue
  quiet=0
  stalls=$((stalls + 1))
  mkdir -p "$stall_folder"
  echo "run-watched: no output for ${limit} s (stall ${stalls} of ${dumps_allowed} allowed); thread stacks follow"
  for pid in $(descendants "$command_pid"); do
    # The command's own process is the shell of a script or swift's driver; tee passes output on.
    [ "$pid" = "$command_pid" ] && continue
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "tee" ] && continue
    file="$stall_folder/$(date -u +%Y%m%dT%H%M%S)-$pid.txt"
    {
      echo "== process $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-300)"
      echo "== CPU and state: $(ps -o pcpu=,stat= -p "$pid" 2>/dev/null)"
      stacks_of "$pid"
    } >"$file"
    cat "$file"
    echo "run-watched: saved in $file"
  done
  if [ "$stalls" -ge "$dumps_allowed" ]; then
    echo "run-watched: still no output after ${stalls} stalls; stopping the command"
    for pid in $(descendants "$command_pid"); do kill -TERM "$pid" 2>/dev/null; done
    sleep 10
    for pid in $(descendants "$command_pid"); do kill -KILL "$pid" 2>/dev/null; done
    wait "$command_pid" 2>/dev/null
    exit 124
  fi
done
wait "$command_pid"
status=$?
# Let tee write the last of the output before this script returns.
sleep 0.2
exit "$status"
