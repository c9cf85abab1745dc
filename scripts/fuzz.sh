#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers that take outside bytes, with libFuzzer (swiftc -sanitize=fuzzer).
#
#   scripts/fuzz.sh replay               build every target and run its checked-in corpus once (make test)
#   scripts/fuzz.sh run [SECONDS] [NAME…]  fuzz each target (all by default) for SECONDS (default 60)
#   scripts/fuzz.sh merge [NAME…]        add to the checked-in corpus the scratch inputs that reach code it
#                                        does not (edges only, not hit counts, so it stays a few dozen files)
#   scripts/fuzz.sh build [NAME…]        only build
#
# A target is a folder Tests/Fuzz/NAME holding Harness.swift (defines LLVMFuzzerTestOneInput) and corpus/
# (checked-in seed and regression inputs), in one of two kinds:
# - a SwiftPM target `fuzz-NAME` (Package.swift) over the modules it imports: SwiftPM compiles it and them
#   with `--sanitize fuzzer --sanitize address` in a scratch build of its own (.build/fuzz/spm), and the
#   harness's objects are linked with those of the package modules it imports;
# - otherwise a `sources` file: the repository-relative Swift files under test, one per line, compiled with
#   the harness into one module; a line `module: NAME` names a package module those files import, built
#   and linked the same way.
# Binaries go to .build/fuzz/NAME/; file-list builds are redone only when the harness or a listed source
# changed. `run` grows a scratch corpus in .build/fuzz/NAME/corpus and writes a crashing input to
# .build/fuzz/NAME/crashes/; copy it into Tests/Fuzz/NAME/corpus/ once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_ROOT=Tests/Fuzz
OUT=.build/fuzz
SWIFTC=${SWIFTC:-swiftc}
# -O makes runs several times faster per input; FUZZ_OPT=-Onone builds quicker when iterating on a harness.
FUZZ_OPT=${FUZZ_OPT:--O}
# Swift's own crash backtracer would race AddressSanitizer's report; libFuzzer reports the crash itself.
export SWIFT_BACKTRACE=enable=no

all_targets() {
    local dir
    for dir in "$FUZZ_ROOT"/*/; do
        [[ -f "$dir/Harness.swift" ]] && basename "$dir"
    done
}

# The lines of NAME's `sources` without comments and spaces: file paths, and `module:NAME` lines.
list_of() {
    local line
    while IFS= read -r line || [[ -n $line ]]; do
        line=${line%%#*}
        line=${line//[[:space:]]/}
        [[ -n $line ]] && echo "$line"
    done <"$FUZZ_ROOT/$1/sources"
}

sources_of() { list_of "$1" | grep -v '^module:' || true; }
listed_modules_of() { list_of "$1" | sed -n 's/^module://p'; }

# The package modules a SwiftPM harness imports (the toolchain's have no folder under Sources/).
imported_modules_of() {
    sed -n 's/^import \([A-Za-z_][A-Za-z0-9_]*\)$/\1/p' "$FUZZ_ROOT/$1/Harness.swift" | while read -r module; do
        [[ -d Sources/$module ]] && echo "$module"
    done
}

SPM_SCRATCH=$OUT/spm
# -O builds the package modules in release, -Onone in debug.
SPM_CONFIG=$([[ $FUZZ_OPT == -Onone ]] && echo debug || echo release)
spm_build() {
    swift build --scratch-path "$SPM_SCRATCH" -c "$SPM_CONFIG" --sanitize fuzzer --sanitize address \
        --target "$1" 2>&1 | grep -v "Cannot export local symbol" >&2
    return "${PIPESTATUS[0]}"
}

# The object files SwiftPM made for a target (its folder is named after the module: `-` becomes `_`).
spm_objects() { find "$SPM_BIN/${1//-/_}.build" -name '*.o' | sort; }

# Builds each package target the harnesses need, one at a time (they share a scratch folder); sets SPM_BIN.
spm_prepare() {
    local name module targets=()
    for name in "$@"; do
        if [[ -f $FUZZ_ROOT/$name/sources ]]; then
            while IFS= read -r module; do targets+=("$module"); done < <(listed_modules_of "$name")
        else
            targets+=("fuzz-$name")
        fi
    done
    [[ ${#targets[@]} -gt 0 ]] || return 0
    local target
    for target in $(printf '%s\n' "${targets[@]}" | sort -u); do
        echo "fuzz: swift build --target $target (sanitized, $SPM_CONFIG)"
        spm_build "$target" || { echo "fuzz: building $target failed" >&2; return 1; }
    done
    SPM_BIN=$(swift build --scratch-path "$SPM_SCRATCH" -c "$SPM_CONFIG" --show-bin-path)
}

# Links a SwiftPM harness's objects with those of the package modules it imports.
link() {
    local name=$1 out="$OUT/$1" objects=() module
    local binary="$out/fuzz-$name"
    mkdir -p "$out"
    mapfile -t objects < <(spm_objects "fuzz-$name")
    while IFS= read -r module; do
        mapfile -t -O "${#objects[@]}" objects < <(spm_objects "$module")
    done < <(imported_modules_of "$name")
    rm -f "$binary"
    "$SWIFTC" -sanitize=fuzzer,address -g -o "$binary" "${objects[@]}" 2>&1 \
        | grep -v "Cannot export local symbol" >&2 || true
    [[ -x $binary ]] || { echo "fuzz: linking $name failed" >&2; return 1; }
}

build() {
    local name=$1
    if [[ ! -f $FUZZ_ROOT/$name/sources ]]; then
        link "$name"
        return
    fi
    local dir="$FUZZ_ROOT/$1" out="$OUT/$1"
    local binary="$out/fuzz-$name" inputs=("$dir/Harness.swift" "$dir/sources")
    local source
    while IFS= read -r source; do
        [[ -f $source ]] || { echo "fuzz: $name lists $source, which does not exist" >&2; return 1; }
        inputs+=("$source")
    done < <(sources_of "$name")
    local objects=() module
    while IFS= read -r module; do
        mapfile -t -O "${#objects[@]}" objects < <(spm_objects "$module")
    done < <(listed_modules_of "$name")
    mkdir -p "$out"
    local stamp="$out/build-flags" flags="$SWIFTC $FUZZ_OPT"
    if [[ -x $binary && -f $stamp && $(cat "$stamp") == "$flags" ]]; then
        local newer=0 input
        for input in "${inputs[@]}" "${objects[@]}"; do [[ $input -nt $binary ]] && newer=1; done
        [[ $newer == 0 ]] && return 0
    fi
    echo "fuzz: building $name"
    rm -f "$binary"
    local modules=("${objects[@]}")
    [[ ${#modules[@]} -eq 0 ]] || modules+=(-I "$SPM_BIN/Modules")
    # ld.gold warns "Cannot export local symbol" for the sanitizer runtime; those lines are noise.
    "$SWIFTC" -sanitize=fuzzer,address -parse-as-library "$FUZZ_OPT" -g -swift-version 6 \
        -module-name "Fuzz_$name" -o "$binary" "$dir/Harness.swift" "${inputs[@]:2}" "${modules[@]}" 2>&1 \
        | grep -v "Cannot export local symbol" >&2 || true
    [[ -x $binary ]] || { echo "fuzz: building $name failed" >&2; return 1; }
    echo "$flags" >"$stamp"
}

# Builds the package targets first, then the harnesses FUZZ_JOBS at a time (default 2, the machine's cores);
# fails if any build failed.
build_all() {
    local jobs=${FUZZ_JOBS:-2} failed=0 name
    spm_prepare "$@" || return 1
    for name in "$@"; do
        while (($(jobs -rp | wc -l) >= jobs)); do wait -n || failed=1; done
        build "$name" &
    done
    while (($(jobs -rp | wc -l) > 0)); do wait -n || failed=1; done
    return $failed
}

replay() {
    local name=$1 corpus="$FUZZ_ROOT/$1/corpus"
    local count
    count=$(find "$corpus" -type f 2>/dev/null | wc -l)
    if [[ $count == 0 ]]; then
        echo "fuzz: $name has no corpus in $corpus" >&2
        return 1
    fi
    if "$OUT/$name/fuzz-$name" -runs=0 "$corpus" >"$OUT/$name/replay.log" 2>&1; then
        echo "fuzz: $name replayed $count inputs"
    else
        cat "$OUT/$name/replay.log" >&2
        echo "fuzz: $name FAILED on its corpus (log: $OUT/$name/replay.log)" >&2
        return 1
    fi
}

run() {
    local name=$1 seconds=$2 out="$OUT/$1"
    mkdir -p "$out/corpus" "$out/crashes"
    echo "fuzz: running $name for ${seconds}s"
    # New inputs go to the first folder, the scratch corpus; the checked-in one only seeds it.
    if "$out/fuzz-$name" "$out/corpus" "$FUZZ_ROOT/$name/corpus" -max_total_time="$seconds" \
        -artifact_prefix="$out/crashes/" -print_final_stats=1 -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        >"$out/run.log" 2>&1; then
        grep -E "stat::number_of_executed_units|stat::new_units_added" "$out/run.log" | sed "s/^/fuzz: $name /"
    else
        tail -40 "$out/run.log" >&2
        echo "fuzz: $name found a failure; input in $out/crashes/ (log: $out/run.log)" >&2
        return 1
    fi
}

mode=${1:-replay}
shift || true
case $mode in
replay)
    targets=("$@")
    [[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(all_targets)
    failed=0
    build_all "${targets[@]}" || failed=1
    for name in "${targets[@]}"; do
        if [[ -x $OUT/$name/fuzz-$name ]]; then replay "$name" || failed=1; else failed=1; fi
    done
    exit $failed
    ;;
run)
    seconds=60
    if [[ ${1:-} =~ ^[0-9]+$ ]]; then
        seconds=$1
        shift
    fi
    targets=("$@")
    [[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(all_targets)
    failed=0
    spm_prepare "${targets[@]}" || exit 1
    for name in "${targets[@]}"; do
        if build "$name"; then run "$name" "$seconds" || failed=1; else failed=1; fi
    done
    exit $failed
    ;;
merge)
    targets=("$@")
    [[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(all_targets)
    build_all "${targets[@]}"
    for name in "${targets[@]}"; do
        corpus="$FUZZ_ROOT/$name/corpus"
        before=$(find "$corpus" -type f | wc -l)
        "$OUT/$name/fuzz-$name" -merge=1 -use_counters=0 -use_value_profile=0 "$corpus" "$OUT/$name/corpus" \
            >"$OUT/$name/merge.log" 2>&1
        echo "fuzz: $name corpus $before -> $(find "$corpus" -type f | wc -l) inputs"
    done
    ;;
build)
    targets=("$@")
    [[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(all_targets)
    build_all "${targets[@]}"
    ;;
*)
    echo "usage: $0 replay [NAME…] | run [SECONDS] [NAME…] | merge [NAME…] | build [NAME…]" >&2
    exit 2
    ;;
esac
