#!/usr/bin/env bash
# Renders ShardLab's icon from its SVG source (assets/icon/shardlab.svg) into the files the
# installers use, next to the source in assets/icon/:
#   shardlab-<N>.png  N = 16 … 1024   (Linux packages and the README use these)
#   shardlab.ico                       (Windows .msi and launcher: 16–256, the 256 entry PNG-compressed)
#   shardlab.icns                      (macOS .dmg and app bundle: 16–1024)
# The rendered files are committed, so building a package needs none of these tools; run this
# again after changing the SVG. Needs (Debian/Ubuntu): apt-get install librsvg2-bin icoutils icnsutils
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../assets/icon"

for tool in rsvg-convert icotool png2icns; do
  command -v "$tool" >/dev/null 2>&1 || { echo "render-icons.sh: $tool is missing (apt-get install librsvg2-bin icoutils icnsutils)" >&2; exit 1; }
done

for size in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio shardlab.svg --output "shardlab-$size.png"
done

icotool --create --output shardlab.ico \
  shardlab-16.png shardlab-24.png shardlab-32.png shardlab-48.png shardlab-64.png shardlab-128.png \
  --raw=shardlab-256.png

# png2icns picks the icns entry type from each PNG's size (16 → icp4 … 1024 → ic10).
png2icns shardlab.icns \
  shardlab-16.png shardlab-32.png shardlab-48.png shardlab-128.png shardlab-256.png shardlab-512.png shardlab-1024.png \
  >/dev/null

ls -l shardlab-*.png shardlab.ico shardlab.icns
