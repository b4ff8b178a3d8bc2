#!/usr/bin/env bash
# Builds the .deb in BUILD_DIR (cpack -G DEB) and checks it as a user would get it: its file
# list, its version and dependencies, that the binary runs from the unpacked package, that
# `man -l` renders the packaged page; the Debian documents (the copyright file in the
# machine-readable format, the changelog of this version, the page gzipped without name or
# time) and that lintian finds no error in the package; then the same files from
# `cmake --install`, and that man finds the page there. Needs dpkg-dev and file
# (dpkg-shlibdeps), man-db and lintian.
# Usage: tests/package/check_deb.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: check_deb.sh BUILD_DIR}" && pwd)
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

failures=0
fail() {
    echo "check_deb: FAIL: $*" >&2
    failures=$((failures + 1))
}

version=$(sed -n 's/^project(jelimvre VERSION \([0-9.]*\).*/\1/p' "$source_dir/CMakeLists.txt")
[[ -n $version ]] || { echo "check_deb: no version in project()" >&2; exit 1; }

# Every file the package and the install must hold, relative to the prefix.
expected=(
    bin/jelimvre
    share/man/man1/jelimvre.1.gz
    share/doc/jelimvre/copyright
    share/doc/jelimvre/changelog.gz
    share/bash-completion/completions/jelimvre
    share/zsh/vendor-completions/_jelimvre
    share/fish/vendor_completions.d/jelimvre.fish
    share/locale/fr/LC_MESSAGES/jelimvre.mo
    share/locale/de/LC_MESSAGES/jelimvre.mo
    share/locale/es/LC_MESSAGES/jelimvre.mo
)
for doc in "$source_dir"/notation/*.md; do
    expected+=("share/doc/jelimvre/$(basename "$doc")")
done

# FILE is compressed as Debian wants it, gzip -9n: no file name and no time in its header, so
# that the same sources make the same package. Its flags are byte 3, its time bytes 4 to 7.
check_gzip() {
    local file=$1 what=$2 header
    if ! gzip -t "$file" 2>/dev/null; then
        fail "$what: $file is not gzipped"
        return
    fi
    header=$(od -An -tx1 -j3 -N5 "$file" | tr -d ' \n')
    [[ $header == 0000000000 ]] ||
        fail "$what: $file carries a name or a time (flags and time: $header), not gzip -9n"
}

# The Debian documents under ROOT/share/doc/jelimvre: the copyright file in the machine-readable
# format as in src/package, and the changelog of this version by the package's maintainer.
check_debian_documents() {
    local root=$1 what=$2 doc=$1/share/doc/jelimvre field
    if [[ -f $doc/copyright ]]; then
        cmp -s "$doc/copyright" "$source_dir/src/package/copyright" ||
            fail "$what: share/doc/jelimvre/copyright differs from src/package/copyright"
        [[ $(head -n1 "$doc/copyright") == \
            "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" ]] ||
            fail "$what: the copyright file does not open with the DEP-5 Format line"
        for field in "Upstream-Name: jelimvre" "Files: *" "Copyright: " "License: "; do
            grep -qF "$field" "$doc/copyright" ||
                fail "$what: the copyright file has no '$field' field"
        done
    fi
    [[ -f $doc/changelog.gz ]] || return 0
    check_gzip "$doc/changelog.gz" "$what"
    gzip -dc "$doc/changelog.gz" >"$tmp/changelog" 2>/dev/null || return 0
    # dpkg-parsechangelog only warns about a line out of Debian's format, and goes on.
    if ! dpkg-parsechangelog -l "$tmp/changelog" >/dev/null 2>"$tmp/parse.err" ||
        [[ -s $tmp/parse.err ]]; then
        fail "$what: the changelog is not in Debian's format: $(cat "$tmp/parse.err")"
        return
    fi
    local changelog_version maintainer
    changelog_version=$(dpkg-parsechangelog -l "$tmp/changelog" -S Version)
    [[ $changelog_version == "$version" ]] ||
        fail "$what: the changelog's version is '$changelog_version', not $version"
    maintainer=$(dpkg-parsechangelog -l "$tmp/changelog" -S Maintainer)
    [[ $maintainer == "$contact" ]] ||
        fail "$what: the changelog's maintainer is '$maintainer', not the package's '$contact'"
}

# The files under ROOT (a package's /usr or an install prefix): present, and the ones that
# come from the sources or from the binary are byte for byte what they should be.
check_tree() {
    local root=$1 what=$2 file
    for file in "${expected[@]}"; do
        [[ -f $root/$file ]] || fail "$what: no $file"
    done
    local page=$root/share/man/man1/jelimvre.1.gz
    if [[ -f $page ]]; then
        check_gzip "$page" "$what"
        cmp -s <(gzip -dc "$page" 2>/dev/null) "$source_dir/man/jelimvre.1" ||
            fail "$what: the man page, decompressed, differs from man/jelimvre.1"
    fi
    check_debian_documents "$root" "$what"
    for doc in "$source_dir"/notation/*.md; do
        cmp -s "$root/share/doc/jelimvre/$(basename "$doc")" "$doc" ||
            fail "$what: share/doc/jelimvre/$(basename "$doc") differs from notation/"
    done
    local shell path
    for shell in bash zsh fish; do
        case $shell in
            bash) path=share/bash-completion/completions/jelimvre ;;
            zsh) path=share/zsh/vendor-completions/_jelimvre ;;
            fish) path=share/fish/vendor_completions.d/jelimvre.fish ;;
        esac
        cmp -s "$root/$path" <("$root/bin/jelimvre" completions $shell) ||
            fail "$what: $path is not what 'jelimvre completions $shell' prints"
    done
    local out
    out=$("$root/bin/jelimvre" --version) || fail "$what: jelimvre --version failed"
    [[ $out == "jelimvre $version"$'\n'"games: Jelimvre, ChessMe, Imbriquation" ]] ||
        fail "$what: jelimvre --version printed: $out"
    out=$("$root/bin/jelimvre" validate --no-board "$source_dir/samples/legal-open-battle.jgn") ||
        fail "$what: validate of a legal sample did not exit 0"
    [[ $out == *"1 game: 1 legal, 0 illegal, 0 invalid records"* ]] ||
        fail "$what: validate of a legal sample printed: $out"
    local status=0
    "$root/bin/jelimvre" validate --no-board \
        "$source_dir/samples/illegal-J7.1-soldier-too-far.jgn" >"$tmp/illegal.out" 2>&1 || status=$?
    [[ $status == 1 ]] && grep -q "error: J7.1:" "$tmp/illegal.out" ||
        fail "$what: validate of an illegal sample: status $status, $(cat "$tmp/illegal.out")"
    # The catalogues are found from the executable (../share/locale), wherever it is installed.
    out=$("$root/bin/jelimvre" validate --lang fr --no-board \
        "$source_dir/samples/illegal-J7.1-soldier-too-far.jgn" 2>&1) || true
    [[ $out == *"erreur"$'\xc2\xa0'": J7.1"$'\xc2\xa0'":"* ]] ||
        fail "$what: validate --lang fr did not speak French: $out"
}

# man renders the page, with its sections.
check_man() {
    local what=$1
    shift
    local out
    if ! out=$(MANWIDTH=80 "$@" 2>&1); then
        fail "$what: '$*' failed: $out"
        return
    fi
    for heading in NAME SYNOPSIS DESCRIPTION "EXIT STATUS"; do
        grep -q "^$heading\$" <<<"$out" || fail "$what: no $heading heading in '$*'"
    done
    grep -q "jelimvre \\\\- \|jelimvre - referee" <<<"$out" ||
        fail "$what: '$*' does not show the page's NAME line"
}

# --- the package ---
rm -f "$build"/jelimvre_*.deb
(cd "$build" && cpack -G DEB >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log" >&2; exit 1; }
debs=("$build"/jelimvre_"$version"_*.deb)
[[ -f ${debs[0]} && ${#debs[@]} == 1 ]] || { echo "check_deb: no jelimvre_${version}_*.deb" >&2; exit 1; }
deb=${debs[0]}
echo "check_deb: $deb"

[[ $(dpkg-deb -f "$deb" Package) == jelimvre ]] || fail "package name"
[[ $(dpkg-deb -f "$deb" Version) == "$version" ]] || fail "package version is not $version"
contact=$(dpkg-deb -f "$deb" Maintainer)
depends=$(dpkg-deb -f "$deb" Depends)
# dpkg-shlibdeps names the libraries the binary links against, with versions.
for library in libc6 libstdc++6 libfmt libyaml-cpp; do
    [[ $depends == *"$library"* ]] || fail "Depends ($depends) lacks $library"
done
[[ $depends == *"(>="* ]] || fail "Depends ($depends) carries no versions: not from dpkg-shlibdeps"

dpkg-deb -c "$deb" | awk '$1 ~ /^-/ {print $6}' | sort >"$tmp/files"
for file in "${expected[@]}"; do
    grep -qxF "./usr/$file" "$tmp/files" || fail "the package lacks /usr/$file"
done
extra=$(grep -vxF -f <(printf './usr/%s\n' "${expected[@]}") "$tmp/files" || true)
[[ -z $extra ]] || fail "the package holds unexpected files: $extra"

dpkg-deb -x "$deb" "$tmp/package"
check_tree "$tmp/package/usr" package
check_man package man -l "$tmp/package/usr/share/man/man1/jelimvre.1.gz"

# lintian's errors are what Debian refuses; its warnings are printed for the reader.
echo "check_deb: lintian $(basename "$deb")"
status=0
lintian --fail-on none "$deb" >"$tmp/lintian.out" 2>&1 || status=$?
cat "$tmp/lintian.out"
if ((status)); then
    fail "lintian did not run (status $status)"
elif grep -q '^E: ' "$tmp/lintian.out"; then
    fail "lintian finds errors in the package (the E: lines above)"
fi

# --- cmake --install ---
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" ||
    { cat "$tmp/install.log" >&2; exit 1; }
check_tree "$tmp/prefix" install
found=$(MANPATH="$tmp/prefix/share/man" man -w jelimvre) || true
[[ $found == "$tmp/prefix/share/man/man1/jelimvre.1.gz" ]] ||
    fail "MANPATH=\$prefix/share/man man -w jelimvre found '$found'"
check_man install env MANPATH="$tmp/prefix/share/man" man jelimvre

if ((failures)); then
    echo "check_deb: $failures failure(s)" >&2
    exit 1
fi
echo "check_deb: the package and the install hold every file, run, and man renders the page;" \
    "lintian finds no error"
