# Vitrine: `make serve` to run the gallery, `make test` to run every test, `make bench` for the numbers,
# `make fuzz` for longer fuzzing (libFuzzer on the parsers, then schemathesis against a live server).
# Each target installs what is missing first (scripts/install-deps.sh), so a fresh Debian 12 machine
# with the Swift toolchain needs nothing else.

SHELL := /bin/bash
DATA ?= ./vitrine-data
HOST ?= 127.0.0.1
PORT ?= 8080
BENCH_DIR ?= .build/bench
# Release builds link the Swift runtime and Foundation into the binary: a command starts without binding
# ~20 shared libraries (`vitrine mirror` with nothing to fetch: 42 → 35 ms). Every release build uses the
# same flags, since SwiftPM rebuilds everything when they change.
RELEASE_BUILD := swift build -c release --static-swift-stdlib
# `make serve BLOBS=s3://BUCKET[/PREFIX]` keeps the blobs in a bucket (credentials from AWS_ACCESS_KEY_ID,
# AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN); S3_ENDPOINT, S3_REGION and S3_PATH_STYLE=1 set how to reach it.
BLOBS ?=
# `make serve CATALOG=postgres://USER[:PASS]@HOST[:PORT]/DB` keeps the catalog in PostgreSQL (passed to the
# server as VITRINE_CATALOG_URL, so a password stays off the command line).
CATALOG ?=
S3_ENDPOINT ?=
S3_REGION ?=
S3_PATH_STYLE ?=
BLOB_FLAGS := $(if $(BLOBS), --blobs "$(BLOBS)")$(if $(S3_ENDPOINT), --s3-endpoint "$(S3_ENDPOINT)")$(if \
	$(S3_REGION), --s3-region "$(S3_REGION)")$(if $(filter 1,$(S3_PATH_STYLE)), --s3-path-style)

.PHONY: deps wasm build release serve test check-cvips check-js check-imports test-swift test-clients test-engine test-web test-browser test-api test-fuzz fuzz fuzz-api bench bench-soak bench-catalogs bench-server bench-timeline bench-sdk bench-zip bench-jobs cluster format clean

deps:
	@scripts/install-deps.sh all

## The GalleryEngine compiled to WebAssembly for the web client.
wasm: deps
	@scripts/build-wasm.sh

build: deps
	swift build

release: deps wasm
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product vitrine-mirror

## Builds in release, imports the demo photos on first run, serves on http://$(HOST):$(PORT).
serve: release
	$(if $(CATALOG),VITRINE_CATALOG_URL="$(CATALOG)" ).build/release/vitrine serve --data "$(DATA)" --host "$(HOST)" --port "$(PORT)" --web Web --demo$(BLOB_FLAGS)

## Two servers behind nginx on http://127.0.0.1:$(PORT), sharing a throwaway PostgreSQL and the S3 peer;
## imports the demo, prints the admin token, stops on Ctrl-C. State in .build/cluster (scripts/cluster.sh).
cluster:
	PORT="$(PORT)" scripts/cluster.sh

## Every test: Swift (unit, routes, live socket), engine native/wasm parity, web modules, browser.
test: deps wasm check-cvips check-js check-imports test-swift test-clients test-engine test-web test-browser test-api test-fuzz

## CVips opens libvips with dlopen, so no build step compares its declarations with libvips' own: this
## compiles it against the installed headers, where static asserts check every signature and value.
check-cvips:
	clang -std=c11 -Wall -Werror -fsyntax-only -DVT_CHECK_HEADERS -ISources/CVips/include \
		$$(pkg-config --cflags vips) Sources/CVips/Vips.c

## The web client's JS, type-checked (strict) from its JSDoc types and the wasm's own export list.
check-js: deps wasm
	scripts/check-js.sh

## Package.swift declares exactly the edges the code has: every import of a target's sources is allowed by a
## dependency it declares, and every dependency it declares is imported (scripts/check-imports.py).
## docs/ARCHITECTURE.md's module table names every module, the types each owns where they are declared, and
## exactly the dependencies Package.swift declares (scripts/check-architecture.py).
check-imports:
	swift package resolve
	scripts/check-imports.py
	scripts/check-architecture.py

## PostgreSQL's suites run in a second process: the first runs hundreds of tests at once on the machine's
## cores, some of them blocking threads for seconds, which would starve connections that have deadlines.
## VitrineKit's suites run in a third: they time HTTP exchanges on real sockets, which a first process busy
## with blocking work would stall past their deadlines. The mirror's suites (servers, imports and child
## processes) run in a fourth, for the same reason: beside them a cancelled exchange can take seconds to end.
## The worker's suites (JobsTests) go with PostgreSQL's: they use it, and their leases and heartbeats have
## deadlines too.
## The media suites (HEIC made and decoded, AVIF rendered on demand) run in a fifth: their encodes take
## the cores for minutes. The timed process suites run alone in a sixth: the render pool's limits
## (PoolLimitTests: renders over real sockets, each with a read timeout) and the worker kill trials
## (WorkerProcessTests: child processes with deadlines); among the first process's suites each took
## 180-205 s and timed out once.
PG_SUITES := CatalogContractTests|CatalogPostgresTests|ClusterTests|PostgresCatalogCLITests|JobsTests
MEDIA_SUITES := HEICCorpusTests|AssetAVIFRouteTests|VideoImportTests|VideoRouteTests|WebRenditionTests|LivePhotoImportTests|LivePhotoRouteTests
POOL_SUITES := PoolLimitTests|WorkerProcessTests|ZipLimitTests
KIT_SUITES := VitrineKitTests
MIRROR_SUITES := VitrineMirrorTests
test-swift:
	swift build --build-tests
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" swift test --skip-build --skip '$(PG_SUITES)|$(KIT_SUITES)|$(MIRROR_SUITES)|$(MEDIA_SUITES)|$(POOL_SUITES)'
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" swift test --skip-build --filter '$(PG_SUITES)'
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" swift test --skip-build --filter '$(KIT_SUITES)'
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" swift test --skip-build --filter '$(MIRROR_SUITES)'
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" swift test --skip-build --filter '$(MEDIA_SUITES)'
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" swift test --skip-build --filter '$(POOL_SUITES)'

## ParsePy and pixabay-python (published third-party clients), a client generated from the served OpenAPI
## document, and the document's contract (defaults, error answers), against a real server (the debug build).
test-clients:
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" scripts/client-tests.sh

test-engine:
	scripts/engine-parity.sh

test-web:
	node --test Tests/Web/

## Replays every checked-in fuzz corpus (Tests/Fuzz/*/corpus) through its libFuzzer build.
test-fuzz:
	scripts/fuzz.sh replay

## Coverage-guided fuzzing of the parsers that take outside bytes (FUZZ_SECONDS per target, default 60),
## then schemathesis for 10 minutes.
fuzz: deps
	scripts/fuzz.sh run $(FUZZ_SECONDS)
	$(MAKE) fuzz-api

## Playwright + headless Chromium against a real server (the debug build) with the demo catalog.
test-browser:
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" scripts/browser-tests.sh

## schemathesis against a live server (the debug build), from the OpenAPI document it serves: about 2.5 minutes.
test-api:
	swift build --product vitrine
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" scripts/schemathesis.sh

## The same, longer (10 minutes; SCHEMATHESIS_MAX_TIME=N to change it).
fuzz-api: deps
	swift build --product vitrine
	VITRINE_BINARY="$(CURDIR)/.build/debug/vitrine" SCHEMATHESIS_MAX_TIME="$${SCHEMATHESIS_MAX_TIME:-600}" scripts/schemathesis.sh

## Release-build benchmarks; each prints a table with its comparison. The executables they run are built
## by name: a build of every target would take in the test-support libraries, which import Testing.
BENCH_PRODUCTS := vitrine vitrine-mirror vitrine-fixture vitrine-bench engine-bench jobs-bench vitrinekit-bench \
	hummingbird-ceiling
bench: deps wasm
	for p in $(BENCH_PRODUCTS); do $(RELEASE_BUILD) --product $$p || exit 1; done
	.build/release/vitrine-bench "$(BENCH_DIR)"
	.build/release/engine-bench
	node Benchmarks/engine/bench.mjs
	python3 Benchmarks/web/bench.py
	python3 Benchmarks/web/video.py
	python3 Benchmarks/soak/soak.py
	python3 Benchmarks/s3/bench.py
	CATALOG_BENCH_DIR="$(BENCH_DIR)/catalogs" python3 Benchmarks/catalogs/bench.py
	CATALOG_BENCH_DIR="$(BENCH_DIR)/catalogs" python3 Benchmarks/server/bench.py
	CATALOG_BENCH_DIR="$(BENCH_DIR)/catalogs" python3 Benchmarks/web/timeline.py
	python3 Benchmarks/zip/bench.py
	python3 Benchmarks/avif/bench.py "$(BENCH_DIR)/avif"
	JOBS_BENCH_DIR="$(BENCH_DIR)/jobs" python3 Benchmarks/jobs/bench.py
	.build/release/vitrinekit-bench
	python3 Benchmarks/sdk/mirror.py

## VitrineKit alone: a memory-cache hit, 1 000 concurrent requests over 100 URLs, and `vitrine mirror`'s
## throughput next to curl fetching the same originals with the same parallelism.
bench-sdk: deps
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product vitrinekit-bench
	.build/release/vitrinekit-bench
	python3 Benchmarks/sdk/mirror.py

## The timeline alone, on the 1 000 000-photo library (the catalog bench's fixture): scrub to the middle,
## Home → End, a deep link to the oldest photo, and a fling at 2 000 rows/s, in headless Chromium.
bench-timeline: deps wasm
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product vitrine-fixture
	CATALOG_BENCH_DIR="$(BENCH_DIR)/catalogs" python3 Benchmarks/web/timeline.py

## The hot paths alone: pages, details and assets next to nginx serving the same bytes, at 100 000 and
## 1 000 000 photos (the 1 M fixture is the catalog bench's, built on first use), and the cost of metrics.
bench-server: deps
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product vitrine-fixture
	$(RELEASE_BUILD) --product hummingbird-ceiling
	CATALOG_BENCH_DIR="$(BENCH_DIR)/catalogs" python3 Benchmarks/server/bench.py

## The zip download alone: about 1 GiB of originals as one archive next to nginx serving the same file.
bench-zip: deps
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product vitrine-fixture
	python3 Benchmarks/zip/bench.py

## The job queue alone: claim plus completion with 100 000 jobs queued on SQLite and PostgreSQL, 1 000
## photos through `import --enqueue-only` and two workers against the in-process import, and page p99 while
## the embedded worker renders them.
bench-jobs: deps
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product jobs-bench
	JOBS_BENCH_DIR="$(BENCH_DIR)/jobs" python3 Benchmarks/jobs/bench.py

## The soak alone: a minute of wrk (256 connections, mixed requests) beside 50 event streams and a
## write a second, on the 100 000-photo catalog; errors, p99 and the server's RSS at start and end.
bench-soak: deps wasm
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product vitrine-fixture
	python3 Benchmarks/soak/soak.py

## The catalogs alone: pages, detail and search at 100 000 and 1 000 000 photos on PostgreSQL next to
## SQLite, and the fixtures' build times (cached under $(BENCH_DIR)/catalogs: ~15 min the first time, ~3 min after).
bench-catalogs: deps
	$(RELEASE_BUILD) --product vitrine
	$(RELEASE_BUILD) --product vitrine-fixture
	CATALOG_BENCH_DIR="$(BENCH_DIR)/catalogs" python3 Benchmarks/catalogs/bench.py

format:
	swift-format format -i --recursive Sources Tests Benchmarks Package.swift

clean:
	rm -rf .build Web/engine/engine.wasm Web/engine/viewer.wasm Web/engine/live.wasm
