#!/bin/sh
# docs/ease-strip.png (issue 24): what an annular HUD shows every 10 ms under a stream of updates, the old frame
# loop above the new one, at 10 and at 100 updates a second. Needs ImageMagick's montage.
# Usage: sh docs/make-ease-strip.sh [path/to/x11hud-bench]
set -eu
bench=${1:-.build/release/x11hud-bench}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bench" strip "$dir" > "$dir/rows.txt"; cat "$dir/rows.txt"; rm "$dir/rows.txt"
montage "$dir"/*.png -tile 30x4 -geometry +1+1 -background '#808080' "$(dirname "$0")/ease-strip.png"
