#!/usr/bin/env bash
# `npm run container:build`: builds the Containerfile as tagit:local with podman, on the base that
# scripts/container-base.sh makes here when the official one is not present (decision 066), and prints the
# build's time and the image's size. Podman's settings on this kind of machine: runc (crun fails on its
# cgroups), the host's network (the build needs the npm registry) and lowered limits.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${TAGIT_IMAGE:-tagit:local}
# The machine's trusted CAs reach npm inside the build as a secret (a TLS-inspecting proxy's CA among them).
CA_BUNDLE=${TAGIT_BUILD_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
secret=()
[ -f "$CA_BUNDLE" ] && secret=(--secret "id=ca-certificates,src=$CA_BUNDLE")

scripts/container-base.sh
started=$(date +%s%N)
podman build --runtime runc --network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 \
  --format docker "${secret[@]}" --file Containerfile --tag "$IMAGE" "$@" .
elapsed_ms=$((($(date +%s%N) - started) / 1000000))
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
echo "container-build: $IMAGE built in $((elapsed_ms / 1000)).$(printf %03d $((elapsed_ms % 1000))) s; size $((size / 1000000)) MB uncompressed"
