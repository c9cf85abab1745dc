#!/usr/bin/env bash
# Installs what Vitrine needs from Debian and PyPI, only when missing, quietly.
# Usage: scripts/install-deps.sh [core|web|bench|cluster|all]   (default: core)
set -euo pipefail

want="${1:-core}"
apt_core=(libvips-dev libvips-tools zlib1g-dev plasma-workspace-wallpapers pkg-config strace postgresql postgresql-contrib unzip ffmpeg)
apt_web=(wasi-libc binaryen chromium node-typescript)
apt_bench=(time wrk nginx-light)
apt_pkgs=("${apt_core[@]}")
case "$want" in
  core) ;;
  web) apt_pkgs+=("${apt_web[@]}") ;;
  bench|cluster|all) apt_pkgs+=("${apt_web[@]}" "${apt_bench[@]}") ;;
  *) echo "unknown set: $want" >&2; exit 2 ;;
esac

missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The S3 peer of the Swift tests (Tests/S3Support/s3peer.py): moto in server mode, and boto3 as the reference client.
if ! python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("moto") != "5.2.1" or m.version("boto3") != "1.43.11")' >/dev/null 2>&1 \
    || ! python3 -c 'import flask, flask_cors' >/dev/null 2>&1; then
  echo "installing: moto[server] boto3 (pip)"
  python3 -m pip install -q --disable-pip-version-check 'moto[server]==5.2.1' 'boto3==1.43.11' >/dev/null
fi

if [ "$want" != core ]; then
  if ! python3 -c 'import playwright, pytest' >/dev/null 2>&1; then
    echo "installing: playwright pytest (pip)"
    python3 -m pip install -q --disable-pip-version-check playwright pytest >/dev/null
  fi
  # axe-core in a Playwright page, for the browser tests' accessibility checks (Tests/Browser/test_a11y.py).
  if ! python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("axe-playwright-python") != "0.1.8")' >/dev/null 2>&1; then
    echo "installing: axe-playwright-python (pip)"
    python3 -m pip install -q --disable-pip-version-check axe-playwright-python==0.1.8 >/dev/null
  fi
  # numpy computes SSIM in Benchmarks/avif (AVIF against WebP and JPEG at equal SSIM).
  if ! python3 -c 'import numpy' >/dev/null 2>&1; then
    echo "installing: numpy (pip)"
    python3 -m pip install -q --disable-pip-version-check numpy >/dev/null
  fi
  # The published third-party clients Tests/Clients drives (scripts/client-tests.sh), at the versions tested.
  if ! python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("ParsePy") != "0.3.20150629" or m.version("pixabay-python") != "1.1.0")' >/dev/null 2>&1; then
    echo "installing: parsepy pixabay-python (pip)"
    python3 -m pip install -q --disable-pip-version-check parsepy==0.3.20150629 pixabay-python==1.1.0 >/dev/null
  fi
  # jsonschema validates answers against the served OpenAPI document's schemas in Tests/Clients, and
  # openapi-python-client generates a client from that document there (its code needs httpx, attrs and
  # python-dateutil, which the generator brings).
  if ! python3 -c 'import importlib.metadata as m, sys, jsonschema, referencing; sys.exit(m.version("openapi-python-client") != "0.29.1")' >/dev/null 2>&1; then
    echo "installing: openapi-python-client jsonschema (pip)"
    python3 -m pip install -q --disable-pip-version-check openapi-python-client==0.29.1 'jsonschema>=4.18,<5' >/dev/null
  fi
  # schemathesis 4 fuzzes a live server from its OpenAPI document (scripts/schemathesis.sh).
  if ! command -v schemathesis >/dev/null 2>&1 || ! schemathesis --version 2>/dev/null | grep -q 'version 4\.'; then
    echo "installing: schemathesis 4 (pip)"
    python3 -m pip install -q --disable-pip-version-check 'schemathesis>=4,<5' >/dev/null
  fi
fi
