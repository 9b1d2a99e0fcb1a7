#!/bin/sh
# Feeds the live demo: a label, progress from 0 to 100 %, then a success icon that hides itself.
echo "# Copying photos"
i=0
while [ $i -le 100 ]; do
    echo $i
    [ $i -eq 50 ] && echo '{"details":"halfway there"}'
    i=$((i + 2))
    sleep 0.04
done
echo '{"icon":"success","label":"Done","details":"","hide":1}'
sleep 2
