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
echo "Gallery: $(ls "$out"/*.png | wc -l) pictures in $out/"
