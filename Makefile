# VideoPlayerContainer for Linux — build, run and test from a fresh Debian 12 machine with Swift.

APT_PACKAGES := libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev \
                libavfilter-dev libsdl2-dev libsdl2-ttf-dev libcairo2-dev libass-dev libdbus-1-dev \
                libx11-dev libxss-dev fonts-dejavu-core pkg-config libcurl4 dbus
# Tools the tests and benchmarks compare against or use for screenshots, and the desktop's
# accessibility stack with libatspi's Python bindings, which the screen-reader tests read through, and
# Xvfb, the real X window of the desktop tests, and openssl, which makes the certificate of the
# tests' TLS server; optional for building.
APT_TOOLS    := ffmpeg at-spi2-core python3-gi gir1.2-atspi-2.0 playerctl xvfb openssl
# The players the benchmark's real X window table compares with, besides ffplay (in ffmpeg).
APT_BENCH    := mpv

SWIFT        ?= swift
# The main demo: a YouTube-style watch page (`make run DEMO=QuickStart` for the README's first example).
DEMO         ?= YouTubeDemo
SUDO         := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
HEADLESS_ENV := SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy

.PHONY: deps build run docs test test-thread test-address bench bench-smoke fuzz-smoke soak soak-smoke format lint clean

# Installs only what is missing, so a second run costs one dpkg query.
deps:
	@missing=""; for p in $(APT_PACKAGES) $(APT_TOOLS) $(EXTRA_APT); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) run $(DEMO)

# The DocC documentation of the three libraries (their catalogues are Sources/*/Documentation.docc),
# built as one archive in which each can link to the others' symbols. A broken symbol link, a
# parameter list that misses a parameter, or a public symbol without a summary line fails it.
DOC_TARGETS := VideoPlayerRender VideoPlayerContainer VideoPlayerWidgets
DOCC_OUT    := .build/plugins/Swift-DocC/outputs

docs: deps
	$(SWIFT) package generate-documentation --enable-experimental-combined-documentation \
	  $(addprefix --target ,$(DOC_TARGETS)) --experimental-skip-synthesized-symbols \
	  --enable-inherited-docs --warnings-as-errors --experimental-documentation-coverage
	python3 scripts/doc-summaries.py $(DOCC_OUT)/intermediates $(DOC_TARGETS)

# One test at a time in each process: the player suites play in real time and check timing, audio
# pitch and frame counts, which other suites decoding at the same time in the same process would
# disturb (they share its main actor). The suites run in six processes side by side
# (scripts/test-shards.py): the streaming suites, which mostly wait on a loopback server, in three
# of about three minutes each (grouped by the suites' times); the engine's others; the other
# targets; and the command storm, which must not follow the threads of a whole suite under the
# sanitizer. On 2 cores: 3.5 minutes instead of 11, and under ThreadSanitizer 5 for the suites and
# half a minute for the storm after them.
STREAMING_1    := PlayerFragmentedHLSTests|PlayerLiveDASHTests|PlayerStreamingTests
STREAMING_2    := PlayerDASHTests|PlayerLiveTests|PlayerNetworkFaultTests
STREAMING_3    := PlayerAdaptiveTests|PlayerRenditionTests|PlayerSubtitleRenditionTests
STREAMING      := $(STREAMING_1)|$(STREAMING_2)|$(STREAMING_3)
STORM_TESTS    := CommandStormEndToEndTests
SUITE_SHARDS   := --no-parallel --filter '$(STREAMING_1)' \
  -- --no-parallel --filter '$(STREAMING_2)' \
  -- --no-parallel --filter '$(STREAMING_3)' \
  -- --no-parallel --filter RenderTests --skip '$(STREAMING)' \
  -- --no-parallel --skip RenderTests --skip $(STORM_TESTS)
TEST_SHARDS    := $(SUITE_SHARDS) -- --no-parallel --filter $(STORM_TESTS)
TEST_BUNDLE    := VideoPlayerContainerPackageTests.xctest

test: deps
	$(SWIFT) build --build-tests
	$(HEADLESS_ENV) python3 scripts/test-shards.py .build/debug/$(TEST_BUNDLE) $(TEST_SHARDS)

# Every suite under ThreadSanitizer, in the shards of `test`, then the storm, which keeps both
# cores busy there; any report fails the run (the sanitizer's exit status). A test whose expectation
# failed, with no report, is run once more (`--retry-failed`): the sanitizer's slowdown upsets
# real-time checks of the engine suites now and then (one or two tests in 3 runs of 6), and
# `make test` holds them without one; the retried tests are named in the output. The storm's watchdog
# allows 300 s instead of 10: under the sanitizer the engine runs 5 to 20 times slower. About 11.5
# minutes: the sanitized build 6, the suites 5, the storm half a minute.
test-thread: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(HEADLESS_ENV) python3 scripts/test-shards.py --retry-failed .build-tsan/debug/$(TEST_BUNDLE) \
	  $(SUITE_SHARDS)
	$(HEADLESS_ENV) STORM_WATCHDOG=300 .build-tsan/debug/$(TEST_BUNDLE) --testing-library swift-testing \
	  --filter $(STORM_TESTS)

# The engine, container, widget and end-to-end suites under AddressSanitizer (with its leak
# checker), one test at a time; any report makes the run fail. Like `test-thread` it builds into a
# scratch folder of its own; see README.md, Robustness.
SANITIZED_TESTS := RenderTests|ContainerTests|WidgetsTests|EndToEndTests
# NB: SDL loads Mesa's EGL and GL drivers when a window opens and unloads them when it closes, so
# LeakSanitizer would report what Mesa leaks from modules that are gone and that no suppression can
# name. Preloading the drivers keeps them mapped for the whole run. The preload would also reach the
# compiler under `swift test`, so the test bundle is built first and run directly.
ASAN_PRELOAD := libEGL_mesa.so.0 $(wildcard /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so)

test-address: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(HEADLESS_ENV) LD_PRELOAD="$(ASAN_PRELOAD)" LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp \
	  .build-asan/debug/$(TEST_BUNDLE) --testing-library swift-testing \
	  --no-parallel --filter '$(SANITIZED_TESTS)'

# Real-time playback through the whole stack, compared with ffplay, then in a real X window (an Xvfb
# of its own) with ffplay and mpv; prints the tables (see Benchmarks/README.md).
bench:
	$(MAKE) deps EXTRA_APT="$(APT_BENCH)"
	$(SWIFT) build -c release --product YouTubeDemo
	$(HEADLESS_ENV) $(SWIFT) run -c release player-bench

# Tiny clips, one run, under a minute; fails only when the JSON report is malformed, never on a target
# miss. CI runs it (and fuzz-smoke) with SMOKE_CONFIG=debug to reuse the build `make test` made.
SMOKE_CONFIG ?= release
SMOKE_BIN     = $(shell $(SWIFT) build -c $(SMOKE_CONFIG) --show-bin-path)

bench-smoke: deps
	$(SWIFT) build -c $(SMOKE_CONFIG) --product player-bench
	$(HEADLESS_ENV) $(SMOKE_BIN)/player-bench --smoke --json > .build/bench-smoke.json
	python3 -m json.tool .build/bench-smoke.json > /dev/null
	@echo "bench-smoke: report parsed ($$(wc -c < .build/bench-smoke.json) bytes, .build/bench-smoke.json)"

# 2,000 mutated media files through the engine in worker processes; fails on any crash or hang.
# See Fuzz/README.md. Not part of `test`: it takes minutes.
fuzz-smoke: deps
	$(SWIFT) build -c $(SMOKE_CONFIG) --product media-fuzz
	$(HEADLESS_ENV) $(SMOKE_BIN)/media-fuzz --smoke

# Looping playback, queue switching and interface changes in a headless window for 30 minutes (at 4x,
# so about two hours of media); fails when memory grows more than 5 MiB after the warm-up or threads or
# file descriptors grow at all. soak-smoke is the 75-second CI variant, which allows 8 MiB: over its
# 55 measured seconds the allocator's holdings alone moved the figure by up to 5.3 MiB. See
# Benchmarks/README.md.
SOAK_MINUTES ?= 30

soak: deps
	$(HEADLESS_ENV) $(SWIFT) run -c release player-soak --minutes $(SOAK_MINUTES)

soak-smoke: deps
	$(SWIFT) build -c $(SMOKE_CONFIG) --product player-soak
	$(HEADLESS_ENV) $(SMOKE_BIN)/player-soak --smoke --rss-limit 8

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples Fuzz Benchmarks

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples Fuzz Benchmarks

clean:
	rm -rf .build .build-tsan .build-asan
