# Sourced by the scripts: put a rustup-installed cargo on PATH.
if ! command -v cargo >/dev/null 2>&1 && [[ -f "$HOME/.cargo/env" ]]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
# The Python pyo3 builds for (crates/py): the project's venv, so that
# cargo and maturin agree and do not rebuild each other's pyo3.
if [[ -x "$(dirname "${BASH_SOURCE[0]}")/../.venv/bin/python3" ]]; then
  PYO3_PYTHON="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.venv/bin/python3"
  export PYO3_PYTHON
fi
