# unitfree — the verbs. `make serve` builds and serves the playground with its
# API on http://localhost:8080 (PORT=... overrides; HOST=0.0.0.0 serves the
# room's network); `make test` runs every test.

GO        ?= go
PORT      ?= 8080
HOST      ?= 127.0.0.1
WASM_EXEC := $(shell $(GO) env GOROOT)/lib/wasm
JS_ENV    := GOOS=js GOARCH=wasm
WASM_FLAGS := -trimpath -ldflags="-s -w"
# Each program's data segments merged after its build (wasm/wasmdata):
# 7% smaller gzipped.
PACK_WASM := $(GO) run ./wasm/cmd/packwasm
GO_FILES  := $(shell find core wasm -name '*.go' -not -path '*/node_modules/*') go.mod go.sum
SITE_OUT  := site/playground.wasm site/rooms.wasm site/board.wasm site/wasm_exec.js site/assets site/build/app.wasm site/sw-version.js

CF_DIR    := wasm/cloudflare
CF_BUILD  := $(CF_DIR)/build
NPM_STAMP := $(CF_DIR)/node_modules/.package-lock.json
AXE_STAMP := wasm/browsertest/node_modules/.package-lock.json

.PHONY: build serve test fmt-check vet test-native test-wasm test-browser test-worker worker deploy bench docs load reproduce leaderboard lighthouse clean

## build: the playground's WASM, Go's wasm_exec.js and the datasets into site/
build: $(SITE_OUT)

site/playground.wasm: $(GO_FILES)
	$(JS_ENV) $(GO) build $(WASM_FLAGS) -tags pagedata -o $@ ./wasm/cmd/playground
	$(PACK_WASM) $@

# the other rooms: the same command built with the rooms tag, loaded by the
# page when a room is first shown. Both page programs carry the pagedata tag:
# they embed only the datasets the rooms draw (assets.Data), not assets.More.
site/rooms.wasm: $(GO_FILES)
	$(JS_ENV) $(GO) build $(WASM_FLAGS) -tags rooms,pagedata -o $@ ./wasm/cmd/playground
	$(PACK_WASM) $@

# the leaderboard on one's own CSV, run by the page in a Web Worker
# (board-worker.js) when a board is asked for
site/board.wasm: $(GO_FILES)
	$(JS_ENV) $(GO) build $(WASM_FLAGS) -o $@ ./wasm/cmd/board
	$(PACK_WASM) $@

site/wasm_exec.js: $(WASM_EXEC)/wasm_exec.js
	cp $< $@

site/assets: $(shell find assets/data -type f)
	rm -rf $@ && mkdir -p $@ && cp -r assets/data $@/data

# The build's name for the service worker's cache: a hash of the files it
# caches, so that every new build replaces the cached one.
CACHED    := site/playground.wasm site/rooms.wasm site/board.wasm site/build/app.wasm site/wasm_exec.js site/index.html site/style.css \
	site/loader.js site/compile-worker.js site/picture-worker.js site/api-client.js site/api-worker.js site/board-client.js site/board-worker.js
site/sw-version.js: $(CACHED)
	@v=$$(cat $(CACHED) | sha256sum | cut -c1-16); \
	echo "self.UNITFREE_VERSION = \"$$v\";" > $@

# The API for the page's Web Worker: the same handler, "browser" runtime.
site/build/worker.mjs: go.mod go.sum
	$(GO) run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -runtime=browser -o site/build

site/build/app.wasm: $(GO_FILES) site/build/worker.mjs
	$(JS_ENV) $(GO) build $(WASM_FLAGS) -o $@ ./wasm/cmd/worker
	$(PACK_WASM) $@

## worker: the API as a Cloudflare Worker (workers-assets-gen glue + app.wasm)
worker: $(CF_BUILD)/app.wasm

$(CF_BUILD)/worker.mjs: go.mod go.sum
	$(GO) run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o $(CF_BUILD)

$(CF_BUILD)/app.wasm: $(GO_FILES) $(CF_BUILD)/worker.mjs
	$(JS_ENV) $(GO) build $(WASM_FLAGS) -o $@ ./wasm/cmd/worker
	$(PACK_WASM) $@

# wrangler, pinned in $(CF_DIR)/package.json and package-lock.json
$(NPM_STAMP): $(CF_DIR)/package.json $(CF_DIR)/package-lock.json
	cd $(CF_DIR) && npm ci --no-audit --no-fund

## deploy: publish the worker and the site to Cloudflare (needs `wrangler login`)
deploy: build worker $(NPM_STAMP)
	cd $(CF_DIR) && WRANGLER_SEND_METRICS=false npx wrangler deploy

## serve: build, then serve the site and the API on localhost:$(PORT);
## HOST=0.0.0.0 serves a class on the room's network (it prints the addresses)
serve: build
	$(GO) run ./wasm/cmd/serve -site site -port $(PORT) -host $(HOST)

## test: format, vet, native tests, the same tests in wasm under Node, the
## API in workerd, browser tests
test: fmt-check vet test-native test-wasm test-worker test-browser

fmt-check:
	@out=$$(gofmt -l core wasm); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	$(JS_ENV) $(GO) vet ./...

test-native:
	$(GO) test -timeout 10m $$($(GO) list ./... | grep -v '/browsertest\|/cloudflare')

test-worker: build worker $(NPM_STAMP)
	$(GO) test -timeout 10m -v ./wasm/cloudflare/

test-wasm:
	PATH="$(WASM_EXEC):$$PATH" $(JS_ENV) $(GO) test -timeout 10m ./...
	PATH="$(WASM_EXEC):$$PATH" $(JS_ENV) $(GO) test -tags rooms ./wasm/cmd/playground

# axe-core for the accessibility test, pinned in wasm/browsertest/package.json
$(AXE_STAMP): wasm/browsertest/package.json wasm/browsertest/package-lock.json
	cd wasm/browsertest && npm ci --no-audit --no-fund

test-browser: build $(AXE_STAMP)
	$(GO) test -timeout 20m -v ./wasm/browsertest/

## bench: every benchmark natively, the learners' also in WASM under Node
## and in headless Chromium, the page's frame times in headless Chromium,
## the sizes, the phone start, frames and taps, the board on one's own CSV (1,000 and
## 100,000 rows); then assets/docs/benchmarks.json and the
## reference pages (make docs)
bench: build $(AXE_STAMP)
	@command -v chromium >/dev/null || { echo "make bench measures in headless Chromium: install Debian's chromium first (as .ci/run does: apt-get install chromium)"; exit 1; }
	mkdir -p build/bench
	$(GO) test -run '^$$' -bench . -benchmem -timeout 30m ./core/... ./wasm/playground/ | tee build/bench/native.txt
	# the d = 100 learners twice more natively, and three times in each of
	# two Node processes and two Chromium tabs (a fresh WASM instance can
	# run slower throughout): the ratios use each side's fastest run
	$(GO) test -run '^$$' -bench 'Learn/.*/d=100$$' -count 2 -timeout 30m ./core/catalog/ | tee -a build/bench/native.txt
	# full SOBA on SynSep in a second process, twice: its first run there
	# pays the first touch of the memory it allocates, the second reuses it
	$(GO) test -run '^$$' -bench 'SynSepRun' -count 2 -timeout 30m ./core/bandit/ | tee -a build/bench/native.txt
	rm -f build/bench/node.txt build/bench/chromium-runs.txt
	$(JS_ENV) $(GO) test -c -o build/bench/catalog.test.wasm ./core/catalog/
	for run in 1 2; do \
	  PATH="$(WASM_EXEC):$$PATH" $(JS_ENV) $(GO) test -run '^$$' -bench 'Learn/.*/d=100$$' -benchtime 1s -count 3 -timeout 30m ./core/catalog/ | tee -a build/bench/node.txt || exit 1; \
	  UNITFREE_BENCH_WASM=$(CURDIR)/build/bench/catalog.test.wasm UNITFREE_BENCH_ARGS='-test.run=^$$ -test.bench=Learn/.*/d=100$$ -test.benchtime=1s -test.count=3' \
	    $(GO) test -count=1 -timeout 30m -run TestWASMBenchInChromium ./wasm/browsertest/ > build/bench/chromium.log || { cat build/bench/chromium.log; exit 1; }; \
	  cat build/bench/chromium.txt >> build/bench/chromium-runs.txt; \
	done
	mv build/bench/chromium-runs.txt build/bench/chromium.txt
	# the two-program split against one program (-tags single), measured
	$(JS_ENV) $(GO) build $(WASM_FLAGS) -tags single,pagedata -o build/bench/single.wasm ./wasm/cmd/playground
	$(PACK_WASM) build/bench/single.wasm
	# the frame and start measurements (first, on a quiet browser: the
	# split's two dozen tabs once cost them their frames): the units room's
	# at their real targets, the other rooms' judged by the table; then the
	# split; a miss of the first or the split fails the bench, after the
	# table is printed
	UNITFREE_BENCH_DIR=$(CURDIR)/build/bench $(GO) test -count=1 -v -run 'TestFrameTimes|TestTimeToInteractive|TestBanditRoomFrames|TestSamplingPaperFrames' ./wasm/browsertest/; \
	  status=$$?; \
	  UNITFREE_BENCH_DIR=$(CURDIR)/build/bench UNITFREE_SINGLE_WASM=$(CURDIR)/build/bench/single.wasm \
	    $(GO) test -count=1 -v -timeout 20m -run 'TestProgramSplit' ./wasm/browsertest/ || status=1; \
	  UNITFREE_BENCH_DIR=$(CURDIR)/build/bench $(GO) test -count=1 -v -run 'TestPhoneLiveOnLoad|TestPhoneFrames|TestPhoneInteractions' ./wasm/browsertest/ || true; \
	  UNITFREE_BENCH_DIR=$(CURDIR)/build/bench $(GO) test -count=1 -v -timeout 20m -run 'TestBoardRunsInTheBrowser|TestBoardOfAHundredThousandRows' ./wasm/browsertest/ || true; \
	  $(GO) run ./wasm/cmd/docs -bench build/bench && echo "wrote assets/docs/benchmarks.json and benchmarks.md"; exit $$status

## docs: the reference pages of assets/docs (learners.md, api.md, and
## benchmarks.md from the committed benchmarks.json), from the code; tests
## fail when a committed page is not what this writes
docs:
	$(GO) run ./wasm/cmd/docs

LH_STAMP := wasm/lighthouse/node_modules/.package-lock.json
$(LH_STAMP): wasm/lighthouse/package.json wasm/lighthouse/package-lock.json
	cd wasm/lighthouse && npm ci --no-audit --no-fund

## lighthouse: a Lighthouse 12.2.3 user flow (pinned, with Debian's
## chromium) against the native server, five times on mobile settings (CPU
## slowed 4x), five on desktop, and five on mobile with the navigation
## observed until 5.25 s after load: a navigation, then 5 s with a tap on
## Play/Pause; writes the medians and ranges to assets/docs/lighthouse.json
## (the benchmarks page shows them after make docs) and fails when a
## median misses its target
LH_RUNS ?= 5
lighthouse: build $(LH_STAMP)
	$(GO) build -o build/serve ./wasm/cmd/serve
	@build/serve -site site -port 18091 & pid=$$!; sleep 1; \
	export CHROME_PATH=$${CHROME_BIN:-/usr/bin/chromium}; \
	node wasm/lighthouse/flows.mjs http://127.0.0.1:18091/ $(LH_RUNS) assets/docs/lighthouse.json; rc=$$?; \
	kill $$pid; $(GO) run ./wasm/cmd/docs; exit $$rc

## leaderboard: every learner on every shipped dataset, natural units and
## rescaled; rewrites assets/docs/leaderboard.md and the table in
## site/index.html
leaderboard:
	$(GO) run ./core/cmd/leaderboard -md assets/docs/leaderboard.md -page site/index.html

## reproduce: the SOBA and MABS experiments at full size (tens of minutes),
## written to build/reproduce (the docs in assets/docs quote them)
reproduce:
	$(GO) run ./core/cmd/reproduce soba -out build/reproduce
	$(GO) run ./core/cmd/reproduce mabs -out build/reproduce

## load: 64 clients for 30 s of the heaviest allowed run against the native server,
## with /api/health probed every 50 ms (fails over 100 ms)
load: build
	$(GO) build -o build/serve ./wasm/cmd/serve
	$(GO) build -o build/loadgen ./wasm/cmd/loadgen
	@build/serve -site site -port 18080 & pid=$$!; sleep 1; \
	build/loadgen -url http://127.0.0.1:18080/api/run -c 64 -d 30s -heavy -idle 1000; rc=$$?; \
	grep VmHWM /proc/$$pid/status | sed 's/VmHWM:/server peak memory:/'; kill $$pid; exit $$rc

clean:
	rm -rf $(SITE_OUT) site/build build $(CF_BUILD)
