#!/bin/sh
# Regenerates the feed demos' screenshots, Docs/screenshots/tiktok.png and bilibili.png, under a
# virtual display:
#   scripts/screenshots-feed.sh
# Needs Xvfb. Each demo runs with --screenshot PATH --after SECONDS, saves what its window shows and
# quits; the samples are generated on the first run (a few seconds).
set -eu
cd "$(dirname "$0")/.."
swift build --product TikTokDemo
swift build --product BilibiliDemo
bin="$(swift build --show-bin-path)"
out=Docs/screenshots
mkdir -p "$out"

# The first free display number from :90 up.
display=90
while [ -e "/tmp/.X${display}-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT INT TERM
sleep 1

export DISPLAY=":$display" SDL_AUDIODRIVER=dummy
"$bin/TikTokDemo" --screenshot "$out/tiktok.png" --after 2.5
# Four seconds in, the danmaku fill half of the screen and the controls are still up.
"$bin/BilibiliDemo" --fullscreen --screenshot "$out/bilibili.png" --after 4
echo "Wrote $out/tiktok.png and $out/bilibili.png"
