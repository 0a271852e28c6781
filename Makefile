# unitfree — the verbs. `make serve` builds and serves the playground with its
# API on http://localhost:8080 (PORT=... overrides); `make test` runs every test.

GO        ?= go
PORT      ?= 8080
WASM_EXEC := $(shell $(GO) env GOROOT)/lib/wasm
JS_ENV    := GOOS=js GOARCH=wasm
WASM_FLAGS := -trimpath -ldflags="-s -w"
GO_FILES  := $(shell find core wasm -name '*.go' -not -path '*/node_modules/*') go.mod go.sum
SITE_OUT  := site/playground.wasm site/wasm_exec.js site/assets

.PHONY: build serve test fmt-check vet test-native test-wasm test-browser bench clean

## build: the playground's WASM, Go's wasm_exec.js and the datasets into site/
build: $(SITE_OUT)

site/playground.wasm: $(GO_FILES)
	$(JS_ENV) $(GO) build $(WASM_FLAGS) -o $@ ./wasm/cmd/playground

site/wasm_exec.js: $(WASM_EXEC)/wasm_exec.js
	cp $< $@

site/assets: $(shell find assets -type f)
	rm -rf $@ && cp -r assets $@

## serve: build, then serve the site and the API on localhost:$(PORT)
serve: build
	$(GO) run ./wasm/cmd/serve -site site -port $(PORT)

## test: format, vet, native tests, the same tests in wasm under Node, browser tests
test: fmt-check vet test-native test-wasm test-browser

fmt-check:
	@out=$$(gofmt -l core wasm); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	$(JS_ENV) $(GO) vet ./...

test-native:
	$(GO) test -timeout 10m $$($(GO) list ./... | grep -v /browsertest)

test-wasm:
	PATH="$(WASM_EXEC):$$PATH" $(JS_ENV) $(GO) test -timeout 10m ./...

test-browser: build
	$(GO) test -timeout 10m -v ./wasm/browsertest/

## bench: the learners' benchmarks (ns per round, ns per coordinate, allocations)
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 30m ./core/...

clean:
	rm -rf $(SITE_OUT) build
