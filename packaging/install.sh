#!/bin/sh
# Install Mojiscope from this unpacked folder.
#
#   ./install.sh --user            for you alone, under ~/.local
#   ./install.sh --prefix DIR      system-wide, e.g. --prefix /usr/local (run as root)
#
# The program goes to PREFIX/lib/mojiscope/, a `mojiscope` link to PREFIX/bin/,
# the desktop entry, icons, AppStream metainfo and man page under PREFIX/share/.
# Every file written is listed in PREFIX/lib/mojiscope/installed-files, which
# PREFIX/lib/mojiscope/uninstall.sh (or ./uninstall.sh with the same option)
# reads to remove exactly what was installed. Installing again replaces the
# previous installation.
set -eu

APP_ID=io.github.mojiscope.Mojiscope
HERE=$(cd "$(dirname "$0")" && pwd)

usage() {
    echo "usage: $0 --user | --prefix DIR" >&2
    exit 2
}

prefix=
case "${1:-}" in
    --user) [ $# -eq 1 ] || usage; prefix="$HOME/.local" ;;
    --prefix) [ $# -eq 2 ] && [ -n "$2" ] || usage; prefix=$2 ;;
    -h|--help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) usage ;;
esac
case "$prefix" in
    /*) ;;
    *) prefix="$(pwd)/$prefix" ;;
esac
[ -x "$HERE/mojiscope" ] && [ -d "$HERE/share" ] || {
    echo "install.sh: run me from the unpacked mojiscope folder (no $HERE/mojiscope)" >&2
    exit 1
}

lib="$prefix/lib/mojiscope"
bin="$prefix/bin"
share="$prefix/share"

if [ -f "$lib/uninstall.sh" ]; then
    echo "Replacing the Mojiscope installed in $lib"
    sh "$lib/uninstall.sh" --prefix "$prefix" --quiet
fi

mkdir -p "$lib" "$bin"
# The program itself: everything but the desktop files, which go under share/.
(cd "$HERE" && tar cf - --exclude=./share --exclude=./install.sh .) | (cd "$lib" && tar xf -)
listing="$lib/installed-files"
: >"$listing"
record() { echo "$1" >>"$listing"; }

ln -sfn "$lib/mojiscope" "$bin/mojiscope"
record "$bin/mojiscope"

put() {  # put SOURCE-under-share TARGET-path
    mkdir -p "$(dirname "$2")"
    cp "$HERE/share/$1" "$2"
    chmod 644 "$2"
    record "$2"
}

# The entry runs the installed program by its full path, so the menu works
# even where PREFIX/bin is not on the desktop session's PATH.
mkdir -p "$share/applications"
sed "s|^Exec=mojiscope |Exec=$bin/mojiscope |; s|^TryExec=mojiscope\$|TryExec=$bin/mojiscope|" \
    "$HERE/share/applications/$APP_ID.desktop" >"$share/applications/$APP_ID.desktop"
chmod 644 "$share/applications/$APP_ID.desktop"
record "$share/applications/$APP_ID.desktop"
put "metainfo/$APP_ID.metainfo.xml" "$share/metainfo/$APP_ID.metainfo.xml"
put "man/man1/mojiscope.1" "$share/man/man1/mojiscope.1"
for icon in "$HERE"/share/icons/hicolor/*/apps/*; do
    relative=${icon#"$HERE/share/"}
    put "$relative" "$share/$relative"
done

# Refresh the caches desktops read, where the tools exist (a failure here
# only delays the menu entry until the next login).
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$share/applications" || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
fi

echo "Installed Mojiscope $(cat "$HERE/VERSION" 2>/dev/null) in $lib"
echo "  command:       $bin/mojiscope"
echo "  menu entry:    $share/applications/$APP_ID.desktop"
echo "  uninstall:     $lib/uninstall.sh"
case ":$PATH:" in
    *":$bin:"*) ;;
    *) echo "Note: $bin is not on your PATH; add it to run 'mojiscope' from a terminal." ;;
esac
