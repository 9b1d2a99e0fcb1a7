#!/bin/sh
# Renders the README's pictures with `x11hud render`. Usage: docs/make-gallery.sh [path/to/x11hud]
set -eu
cd "$(dirname "$0")/.."
hud=${1:-.build/release/x11hud}
out=docs/gallery
mkdir -p "$out"
# A desktop-like backdrop (the HUD's own dim-background layer) so translucent bezels read on any page.
desk="--size 240x190 --background-color #5B7DB1"
r() { name=$1; shift; "$hud" render "$@" --out "$out/$name.png"; }

r indeterminate   $desk --mode indeterminate --label Loading
r determinate     $desk --mode determinate --progress 0.6 --label Downloading
r determinate-filled $desk --mode determinate --pie-style filled --progress 0.6 --label Downloading
r annular         $desk --mode annular --progress 0.6 --label Saving
r bar             $desk --mode bar --progress 0.45 --label Backup --details "1.2 GB of 2.7 GB"
r custom-image    $desk --image Resources/sample-image.png --label "Now playing"
r icon-success    $desk --icon success --label Done
r icon-error      $desk --icon error --label Failed
r icon-info       $desk --icon info --label "Battery 20%"
r icon-warning    $desk --icon warning --label "Disk almost full"
r text            $desk --mode text --label "Volume 40%"
r details-button  --size 260x230 --background-color '#5B7DB1' --mode annular --progress 0.3 --label Copying \
    --details "12 of 40 files, about 2 minutes left" --button Cancel
r light-annular   $desk --theme light --mode annular --progress 0.6 --label Saving
r light-bar       $desk --theme light --mode bar --progress 0.45 --label Backup --details "1.2 GB of 2.7 GB"
r light-indeterminate $desk --theme light --mode indeterminate --label Loading
r light-success   $desk --theme light --icon success --label Done
r scripts         --size 300x210 --background-color '#5B7DB1' --mode text --label "保存中 · Sauvegardé ✅" \
    --details "جارٍ الحفظ · שומר · Ελληνικά"
r scale2-annular  $desk --scale 2 --mode annular --progress 0.6 --label Saving
r mid-zoom        $desk --animation zoom --time 0.04 --mode annular --progress 0.6 --label Saving
r transparent     --mode annular --progress 0.6 --label Saving

# Animated pictures: `render --time` frames at 25 a second, made into looping GIFs with ImageMagick.
small="--size 100x100 --background-color #5B7DB1"
# gif NAME FROM SECONDS HOLD [render options]: frames FROM..FROM+SECONDS, the last one held HOLD hundredths.
gif() {
    name=$1 from=$2 seconds=$3 hold=$4; shift 4
    frames=$(mktemp -d)
    n=$(awk "BEGIN { print int($seconds * 25 + 0.5) }")
    i=0
    while [ "$i" -lt "$n" ]; do
        t=$(awk "BEGIN { printf \"%.3f\", $from + $i / 25 }")
        "$hud" render "$@" --time "$t" --out "$frames/$(printf %04d "$i").png"
        i=$((i + 1))
    done
    last=$(printf %04d $((n - 1)))
    convert +dither -delay 4 "$frames"/0*.png -delay "$hold" "$frames/$last.png" -loop 0 -layers Optimize \
        "$out/$name.gif"
    rm -r "$frames"
}
# One period of each spinner (SpinnerStyle.period), after the show transition, so the loop is seamless.
for pair in activity-indicator:1 ball-vertical-bounce:0.9 bar-sweep-toggle:1.8 circle-arc-dot-spin:8 \
    circle-bar-spin-fade:1.2 circle-dot-spin-fade:1 circle-pulse-multiple:1 circle-pulse-single:1 \
    circle-ripple-multiple:1.25 circle-ripple-single:1 circle-rotate-chase:1.5 circle-stroke-spin:1.7 \
    dual-dot-sidestep:2 horizontal-bar-scaling:1 horizontal-dot-scaling:1 pacman-progress:0.7 \
    quintuple-dot-dance:2 semi-ring-rotation:1.6 square-circuit-snake:1.2 triangle-dot-shift:0.6 symbol-bounce:1; do
    gif "spinner-${pair%%:*}" 1 "${pair##*:}" 4 $small --spinner "${pair%%:*}"
done
# Live icons from the start of the show, held whole for a second.
for icon in success error added info warning; do
    gif "live-$icon" 0 0.6 120 $small --icon "$icon"
done
# The value text as the progress rises: frames of --progress, since render draws one value per picture.
value() {
    name=$1; shift
    frames=$(mktemp -d)
    for p in 0 4 9 15 22 30 38 47 56 64 72 79 85 90 94 97 99 100; do
        "$hud" render "$@" --show-value --progress "$p%" --out "$frames/$(printf %03d "$p").png"
    done
    convert +dither -delay 8 "$frames"/0*.png -delay 100 "$frames/100.png" -loop 0 -layers Optimize "$out/$name.gif"
    rm -r "$frames"
}
value value-annular $small --mode annular
value value-determinate $small --mode determinate
value value-filled $small --mode determinate --pie-style filled
value value-bar --size 220x70 --background-color '#5B7DB1' --mode bar
# The banner sliding in, held for a second and a half.
gif banner 0 0.4 150 --banner --label "Backup finished" --details "1,204 files copied to /media/usb in 3 minutes" \
    --size 460x100 --background-color '#5B7DB1'
echo "Gallery: $(ls "$out"/*.png | wc -l) pictures and $(ls "$out"/*.gif | wc -l) animations in $out/"
