#!/usr/bin/env bash
# Fuzzes the scenario loader with libFuzzer for SECONDS (default 60), on one core.
# The corpus lives in Fuzz/corpus (git-ignored), seeded from Scenarios/ and the test fixtures; crashers
# are written to Fuzz/crashes/ — turn each into a test in Tests/AuthFlowKitTests/Loading/ before fixing it.
#   Fuzz/run.sh 1800            # half an hour
#   Fuzz/run.sh 0 crash-<hash>  # re-run one input
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
swift build -c release --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
  -Xcc -fsanitize=fuzzer-no-link,address
bin="$(swift build -c release --scratch-path .build-fuzz --show-bin-path)/LoaderFuzzer"
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
if [ "$#" -gt 0 ]; then exec "$bin" "$@"; fi
mkdir -p corpus crashes
find ../Scenarios ../Tests -name '*.yaml' -size -64k -exec cp {} corpus/ \;
# detect_leaks=0 (above): LeakSanitizer reports the library's lazily built static tables (once per process) as
# leaks; the loader allocates nothing else that outlives a call.
exec "$bin" corpus -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=crashes/ -print_final_stats=1
