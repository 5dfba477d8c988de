#!/bin/sh
# Remove a Mojiscope installed by install.sh.
#
#   uninstall.sh --user            the one under ~/.local
#   uninstall.sh --prefix DIR      the one under DIR (as root for a system one)
#
# Run from PREFIX/lib/mojiscope/ it needs no option. It removes the files
# listed in PREFIX/lib/mojiscope/installed-files and that folder, nothing else
# (your settings in ~/.config/Mojiscope stay).
set -eu

APP_ID=io.github.mojiscope.Mojiscope
HERE=$(cd "$(dirname "$0")" && pwd)
quiet=

prefix=
while [ $# -gt 0 ]; do
    case "$1" in
        --user) prefix="$HOME/.local" ;;
        --prefix) [ $# -ge 2 ] || { echo "uninstall.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix=$2; shift ;;
        --quiet) quiet=1 ;;
        -h|--help) sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "usage: $0 [--user | --prefix DIR]" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "$prefix" ]; then
    if [ -f "$HERE/installed-files" ]; then
        prefix=$(dirname "$(dirname "$HERE")")
    else
        echo "usage: $0 --user | --prefix DIR" >&2
        exit 2
    fi
fi

lib="$prefix/lib/mojiscope"
listing="$lib/installed-files"
if [ ! -f "$listing" ]; then
    echo "uninstall.sh: no Mojiscope installed under $prefix ($listing is missing)" >&2
    exit 1
fi
while IFS= read -r file; do
    case "$file" in
        "$prefix"/*) rm -f "$file" ;;
        *) echo "uninstall.sh: skipping $file: not under $prefix" >&2 ;;
    esac
done <"$listing"
rm -rf "$lib"
# Remove the icon size folders install.sh may have made, if now empty.
for dir in "$prefix/share/icons/hicolor"/*/apps "$prefix/share/icons/hicolor"/*; do
    [ -d "$dir" ] && rmdir "$dir" 2>/dev/null || true
done
if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$prefix/share/applications" ]; then
    update-desktop-database -q "$prefix/share/applications" || true
fi
[ -n "$quiet" ] || echo "Removed Mojiscope from $prefix"
