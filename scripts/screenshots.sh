#!/bin/sh
# Regenerates every demo screenshot in Docs/screenshots under a virtual display:
#   scripts/screenshots.sh
# Needs Xvfb, and ImageMagick for one grab of the whole screen. Each demo runs with --screenshot PATH
# --after SECONDS, saves what its window shows and quits; the samples are generated on the first run
# (a few seconds), and each demo waits for them before its --after seconds begin.
set -eu
cd "$(dirname "$0")/.."
for demo in YouTubeDemo QuickTimeDemo TikTokDemo BilibiliDemo SystemPlayerDemo VideoNavigationDemo vpc-play; do
    swift build --product "$demo"
done
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
"$bin/YouTubeDemo" --screenshot "$out/youtube-halfscreen.png" --after 2.5
"$bin/YouTubeDemo" --fullscreen --screenshot "$out/youtube-fullscreen.png" --after 2.5
"$bin/YouTubeDemo" --fullscreen --caption-settings --screenshot "$out/caption-settings.png" --after 3
# The whole screen with the video in the picture in picture window, grabbed with ImageMagick's
# import while the demo runs; the demo quits on SIGTERM.
"$bin/YouTubeDemo" --picture-in-picture &
demo=$!
sleep 7.5
import -window root "$out/youtube-picture-in-picture.png"
kill -TERM "$demo"
wait "$demo"
"$bin/QuickTimeDemo" --playlist --screenshot "$out/quicktime.png" --after 2.5
"$bin/TikTokDemo" --screenshot "$out/tiktok.png" --after 2.5
"$bin/SystemPlayerDemo" --screenshot "$out/system-player.png" --after 2.5
# The feed with the first video on its card; the second video's page; the feed scrolled to its end
# with the first video in the mini player.
"$bin/VideoNavigationDemo" --screenshot "$out/navigation-feed.png" --after 2.5
"$bin/VideoNavigationDemo" --open 1 --screenshot "$out/navigation-detail.png" --after 2.5
"$bin/VideoNavigationDemo" --browse --screenshot "$out/navigation-mini-player.png" --after 2.5
# Four seconds in, the danmaku fill half of the screen and the controls are still up.
"$bin/BilibiliDemo" --fullscreen --screenshot "$out/bilibili.png" --after 4
# The sample script's styles over the sample clip, the karaoke line half sung.
"$bin/vpc-play" --size 960x540 --subtitles Docs/samples/styled.ass --screenshot "$out/subtitles-ass.png" --after 2.9
echo "Wrote the screenshots of all six demos and of vpc-play's styled subtitles into $out"
