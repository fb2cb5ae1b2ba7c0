#!/usr/bin/env bash
# Smoke checks of the Linux packages that `mvn -Pinstaller package` builds (.ci/run runs them in CI):
#   - the app-image's launcher, bin/ShardLab, runs the command line exactly like the jar: the same
#     output and exit status as `java -jar target/shardlab.jar` for --version, hash, explain and a
#     bad input;
#   - it starts the JVM with the launchers' option (-XX:G1HeapRegionSize=16m);
#   - with no arguments it opens the GUI: on a virtual display (xvfb-run), with
#     -Dshardlab.smokeTest=true, the main window is drawn, closes itself, and the launcher exits 0
#     with no exception on its output;
#   - under a window manager (openbox) on a 1600x1000 and a 1280x720 screen, the main window opens sized
#     for the screen, as xwininfo measures it: at least 85% of the screen's width and 80% of its height,
#     wholly on the screen (JavaFX 21's GTK glass ignores a size given before a window shows under a window
#     manager, and the window came up at its minimum, 718x455);
#   - the .deb, when one was built, declares the libraries JavaFX needs and installs the menu entry
#     and the file association.
# Needs: xvfb-run (apt-get install xvfb xauth), openbox and xwininfo (apt-get install openbox x11-utils)
# and the libraries JavaFX uses (libgtk-3-0).
# Usage: installer/linux/smoke-test.sh   (from anywhere; reads target/ of this checkout)
# Ends with one line "N passed, M failed"; exits 1 if any check failed.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="$root/target/shardlab.jar"
launcher="$root/target/installer/app-image/ShardLab/bin/ShardLab"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; shift; for line in "$@"; do echo "     $line"; done; }

for file in "$jar" "$launcher"; do
  if [[ ! -e "$file" ]]; then
    echo "smoke-test.sh: $file is missing: run mvn -Pinstaller package first" >&2
    exit 2
  fi
done

# The launcher must answer exactly as the jar does, standard output, standard error and status.
same_as_jar() {
  local name="$1"; shift
  java -jar "$jar" "$@" >"$work/jar.out" 2>"$work/jar.err"; local jar_status=$?
  "$launcher" "$@" >"$work/image.out" 2>"$work/image.err"; local image_status=$?
  if [[ $jar_status == "$image_status" ]] && cmp -s "$work/jar.out" "$work/image.out" \
      && cmp -s "$work/jar.err" "$work/image.err"; then
    pass "$name: status $image_status, output as the jar's: $(cat "$work/image.out" "$work/image.err" | head -n 1 | cut -c1-100)"
  else
    fail "$name: differs from the jar" "jar: status $jar_status, $(head -c 200 "$work/jar.out" "$work/jar.err" | tr '\n' ' ')" \
      "image: status $image_status, $(head -c 200 "$work/image.out" "$work/image.err" | tr '\n' ' ')"
  fi
}

same_as_jar "bin/ShardLab --version" --version
same_as_jar "bin/ShardLab hash 1" hash 1
same_as_jar "bin/ShardLab explain" explain --key '{customerId: "hashed"}' --filter '{customerId: 42}' --shards 4
same_as_jar "bin/ShardLab hash with a bad value" hash '{'

# MongoDB's hashed value of 1 (mongosh: convertShardKeyToHashed(1)).
if [[ "$("$launcher" hash 1 2>&1)" == "5902408780260971510" ]]; then
  pass "bin/ShardLab hash 1 prints 5902408780260971510"
else
  fail "bin/ShardLab hash 1" "printed: $("$launcher" hash 1 2>&1)"
fi

# The launcher starts the JVM with the pom's app.jvmOption (16 MB G1 regions, for a smooth explorer).
cfg="$root/target/installer/app-image/ShardLab/lib/app/ShardLab.cfg"
if grep -q -- "-XX:G1HeapRegionSize=16m" "$cfg" 2>/dev/null; then
  pass "bin/ShardLab starts the JVM with -XX:G1HeapRegionSize=16m"
else
  fail "lib/app/ShardLab.cfg lacks -XX:G1HeapRegionSize=16m" "$(cat "$cfg" 2>/dev/null | tr '\n' ' ')"
fi

# The GUI, on a virtual display. JAVA_TOOL_OPTIONS reaches the JVM the launcher starts.
gui_log="$work/gui.log"
JAVA_TOOL_OPTIONS="-Dshardlab.smokeTest=true" timeout 180 \
  xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24" "$launcher" >"$gui_log" 2>&1
gui_status=$?
if [[ $gui_status == 0 ]] && grep -q "the main window was drawn" "$gui_log" \
    && ! grep -q "Exception" "$gui_log"; then
  pass "bin/ShardLab (no arguments) opened the main window under Xvfb and exited 0"
else
  mapfile -t log_lines <"$gui_log"
  fail "bin/ShardLab (no arguments) under Xvfb: status $gui_status" "${log_lines[@]}"
fi

# The main window under a window manager, on a screen of each size. The app runs with a home of its own, so
# that no remembered window size (~/.shardlab/windows) decides it; the script run on the virtual display starts
# openbox, then the launcher, waits for the main window and for its size to settle, prints xwininfo's lines and
# stops both.
cat >"$work/window-size.sh" <<'CHECK'
openbox --sm-disable >/dev/null 2>&1 &
wm=$!
for _ in $(seq 1 50); do
  xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && break
  sleep 0.2
done
"$LAUNCHER" >"$APP_LOG" 2>&1 &
app=$!
id=""
for _ in $(seq 1 240); do
  id="$(xwininfo -root -tree 2>/dev/null | awk '/"ShardLab / {print $1; exit}')"
  [[ -n $id ]] && break
  sleep 0.5
done
if [[ -n $id ]]; then
  # the placement sizes the window on the pulse after it shows: wait until two looks a second apart agree
  last=""
  for _ in $(seq 1 30); do
    sleep 1
    now="$(xwininfo -id "$id" | grep -E 'Absolute upper-left|Width|Height')"
    [[ $now == "$last" ]] && break
    last="$now"
  done
  echo "$now"
fi
kill "$app" 2>/dev/null; wait "$app" 2>/dev/null
kill "$wm" 2>/dev/null; wait "$wm" 2>/dev/null
CHECK
window_sized_for() {
  local width="$1" height="$2" out="$work/window-$1x$2.txt"
  mkdir -p "$work/home-$1x$2"
  LAUNCHER="$launcher" APP_LOG="$work/app-$1x$2.log" JAVA_TOOL_OPTIONS="-Duser.home=$work/home-$1x$2" \
    timeout 300 xvfb-run --auto-servernum --server-args="-screen 0 ${width}x${height}x24" \
    bash "$work/window-size.sh" >"$out" 2>&1
  local x y w h
  x="$(awk '/Absolute upper-left X/ {print $NF}' "$out")"
  y="$(awk '/Absolute upper-left Y/ {print $NF}' "$out")"
  w="$(awk '/Width:/ {print $NF}' "$out")"
  h="$(awk '/Height:/ {print $NF}' "$out")"
  if [[ -z $w || -z $h ]]; then
    mapfile -t log_lines < <(cat "$out" "$work/app-$1x$2.log" 2>/dev/null)
    fail "main window on a ${width}x${height} screen under openbox: not found" "${log_lines[@]}"
  elif ((w * 100 >= width * 85 && h * 100 >= height * 80 && x >= 0 && y >= 0 && x + w <= width && y + h <= height)); then
    pass "main window on a ${width}x${height} screen under openbox: ${w}x${h} at ${x},${y} (xwininfo)"
  else
    fail "main window on a ${width}x${height} screen under openbox: ${w}x${h} at ${x},${y} (xwininfo)," \
      "wanted at least $((width * 85 / 100))x$((height * 80 / 100)), wholly on the screen"
  fi
}
if command -v openbox >/dev/null 2>&1 && command -v xwininfo >/dev/null 2>&1; then
  window_sized_for 1600 1000
  window_sized_for 1280 720
else
  fail "main window under a window manager: openbox and xwininfo are missing (apt-get install openbox x11-utils)"
fi

# The .deb, if this build made one.
shopt -s nullglob
debs=("$root"/target/installer/deb/*.deb)
if ((${#debs[@]} > 0)); then
  deb="${debs[0]}"
  depends="$(dpkg-deb --field "$deb" Depends)"
  # one package name per line: split at "," and "|", drop version constraints and blanks
  names="$(tr ',|' '\n\n' <<<"$depends" | sed -e 's/(.*)//' -e 's/[[:space:]]//g')"
  missing=()
  for package in libgtk-3-0 libxtst6 libgl1; do
    grep -qx "$package" <<<"$names" || missing+=("$package")
  done
  if ((${#missing[@]} == 0)); then
    pass "$(basename "$deb") depends on libgtk-3-0, libxtst6 and libgl1"
  else
    fail "$(basename "$deb") does not depend on: ${missing[*]}" "Depends: $depends"
  fi
  contents="$(dpkg-deb --contents "$deb")"
  if grep -q '/opt/shardlab/bin/ShardLab$' <<<"$contents" && grep -q 'shardlab-ShardLab\.desktop$' <<<"$contents" \
      && grep -q 'MimeInfo\.xml$' <<<"$contents"; then
    pass "$(basename "$deb") installs /opt/shardlab/bin/ShardLab, a menu entry and the .shardlab file type"
  else
    fail "$(basename "$deb") lacks the launcher, the menu entry or the file type"
  fi
fi

echo "$passed passed, $failed failed"
((failed == 0))
