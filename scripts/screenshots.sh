#!/bin/sh
# Regenerates every demo screenshot in Docs/screenshots under a virtual display:
#   scripts/screenshots.sh
# Needs Xvfb, ImageMagick for one grab of the whole screen, and ffmpeg for the animated previews. Each demo runs with --screenshot PATH
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
# The README's animated previews: YouTubeDemo and TikTokDemo run their recording scripts (the
# pointer shows the controls, seeks from the thumbnail preview and goes full screen; a swipe to the
# next video) and save their pictures, which ffmpeg turns into GIFs with a palette of their own.
frames="$(mktemp -d)"
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$frames"' EXIT INT TERM
"$bin/YouTubeDemo" --record "$frames/youtube"
"$bin/TikTokDemo" --record "$frames/tiktok"
# A GIF of the frames in $1 (taken at $2 a second), $3 pixels wide at $4 pictures a second, with a
# palette of $5 colours made for it; undithered, which keeps it to a few hundred kilobytes.
gif() {
    ffmpeg -v error -y -framerate "$2" -i "$1/frame%04d.png" \
        -vf "fps=$4,scale=$3:-2:flags=lanczos,split[a][b];[a]palettegen=max_colors=$5:stats_mode=diff[p];\
[b][p]paletteuse=dither=none:diff_mode=rectangle" -loop 0 "$6"
}
gif "$frames/youtube" 10 400 6 48 "$out/preview-youtube.gif"
gif "$frames/tiktok" 15 180 8 48 "$out/preview-tiktok.gif"
echo "Wrote the screenshots and animated previews of all six demos and of vpc-play's styled subtitles into $out"
