#!/usr/bin/env bash
# Runs scripts/setup.sh's llama.cpp step (build_llama: build, self-test, fall back, install) in a
# scratch folder, with stand-ins for what would take a machine of another kind or 15 minutes:
#   - the CPU: its /proc/cpuinfo flags come from FAKE_CPU_FLAGS;
#   - the compiler: `cmake` (configure and --install) and `ninja` record the configure arguments;
#     the "libraries" they produce are text files holding those arguments, the tools other than
#     llama-bench are scripts that do nothing;
#   - llama-bench: a script that reads the "library" the dynamic loader would pick (the first
#     folder of LD_LIBRARY_PATH) and kills itself with FAKE_SIGNAL (default ILL) when its
#     arguments match the extended regex FAKE_CRASH, sleeps when they match FAKE_HANG, and exits
#     with FAKE_EXIT when that is set, as a real binary would on a CPU that cannot run them.
# Everything else is setup.sh's own code. Usage: setup-harness.sh WORKDIR [FUNCTION...]
# (default function: build_llama). Events go to WORKDIR/events, one line each:
#   "configure VARIANT-ARGS", "compile", "install", "build tools NAMES" (tools built alone).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$1"; shift
mkdir -p "$work/cache/models" "$work/prefix"
export FM_CACHE_DIR="$work/cache" FM_PREFIX="$work/prefix"
: >>"$work/events"
printf 'stand-in model\n' >"$work/cache/models/SmolLM2-135M-Instruct-Q4_1.gguf"

# shellcheck source=../../scripts/setup.sh
source "$here/../../scripts/setup.sh"
LD_CONF="$work/ld.so.conf.d/foundation-models-linux.conf"
mkdir -p "$(dirname "$LD_CONF")"
SUDO=""

cpu_flags() { echo " ${FAKE_CPU_FLAGS:-fpu sse4_2 avx avx2 fma f16c bmi2}"; }
cpu_model() { echo "Stand-in CPU"; }
ldconfig() { :; }
pkg-config() { [ -f "$PREFIX/lib/libllama.so" ]; }

fetch_llama_source() { mkdir -p "$1/src"; touch "$1/src/CMakeLists.txt"; }

cmake() {
  if [ "$1" = "--install" ]; then
    mkdir -p "$PREFIX/lib"
    cp "$2"/bin/lib*.so "$PREFIX/lib/"
    echo "install" >>"$work/events"
    return
  fi
  local build="" previous=""
  for argument in "$@"; do
    [ "$previous" = "-B" ] && build="$argument"
    previous="$argument"
  done
  mkdir -p "$build"
  echo "$*" >"$build/configure-args"
  echo "configure $*" >>"$work/events"
}

ninja() {
  local build="$2" target
  mkdir -p "$build/bin"
  # Tools alone (set-up building the ones a passed build lacks): stand-ins that do nothing.
  if [[ " ${*:3} " != *" llama "* ]]; then
    for target in "${@:3}"; do printf '#!/usr/bin/env bash\n' >"$build/bin/$target"; chmod +x "$build/bin/$target"; done
    echo "build tools ${*:3}" >>"$work/events"
    return
  fi
  for target in "${@:3}"; do
    case "$target" in llama-bench|llama|ggml|llama-common) ;;
      *) printf '#!/usr/bin/env bash\n' >"$build/bin/$target"; chmod +x "$build/bin/$target" ;;
    esac
  done
  cp "$build/configure-args" "$build/bin/libggml-cpu.so"
  echo "libllama" >"$build/bin/libllama.so"
  cat >"$build/bin/llama-bench" <<'BENCH'
#!/usr/bin/env bash
libraries="${LD_LIBRARY_PATH%%:*}"
arguments="$(cat "$libraries/libggml-cpu.so")"
if [ -n "${FAKE_CRASH:-}" ] && grep -Eq -- "$FAKE_CRASH" <<<"$arguments"; then kill -"${FAKE_SIGNAL:-ILL}" $$; fi
if [ -n "${FAKE_HANG:-}" ] && grep -Eq -- "$FAKE_HANG" <<<"$arguments"; then sleep 30; fi
if [ -n "${FAKE_EXIT:-}" ]; then echo "error: failed to load model" >&2; exit "$FAKE_EXIT"; fi
echo "model,n_prompt,n_gen,avg_ts"
BENCH
  chmod +x "$build/bin/llama-bench"
  echo "compile" >>"$work/events"
}

strict_mode
for function in "${@:-build_llama}"; do
  "$function"
done
