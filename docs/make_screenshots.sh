#!/bin/sh
# Remake the README screenshots of the bundled demo, through the same
# `mojiscope gui --screenshot` path a user has. Settings come from a fresh
# temporary folder, so the pictures do not depend on anyone's saved choices.
#
#   docs/make_screenshots.sh            (uses .venv/bin/python)
#   PYTHON=python3 docs/make_screenshots.sh
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
OUT=docs/screenshots
mkdir -p "$OUT"
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"

# Light: UTF-8 current, the overlong "/" (C0 AF at 0xA2) selected.
MOJISCOPE_THEME=light "$PY" -m mojiscope gui src/mojiscope/resources/demo.bin \
    --screenshot "$OUT/demo-light.png" --select 0xA2:0xA4

# Dark: Corrected UTF-8 current, its 5-byte value beyond U+10FFFF (0x191) selected.
MOJISCOPE_THEME=dark "$PY" -m mojiscope gui src/mojiscope/resources/demo.bin \
    --screenshot "$OUT/demo-dark.png" --select 0x191:0x196 \
    --formats corrected-utf-8,utf-8,wtf-8,xtf-8,stf-7,cp1252

echo "wrote $OUT/demo-light.png $OUT/demo-dark.png"
