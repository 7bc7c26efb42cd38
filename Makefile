# The two commands a newcomer needs: `make run` and `make test`.
# Everything else here is what those two build on.

SHELL := /bin/bash
GO    ?= go

# SQLite (mattn/go-sqlite3) is compiled from its C source by cgo, with
# optimisation but without C debug information (Go's default adds -g): the
# same code, and the one file that was the longest compile on a new machine
# (45 -> 35 CPU-seconds). CGO_CFLAGS in the environment wins.
export CGO_CFLAGS ?= -O2
BIN   := bin/heloc
PORT  ?= 8080

# The module's packages: ./... would also walk webapp/node_modules, where an
# npm package (flatted) ships a Go package of its own.
GO_PACKAGES    := ./server/... ./rules/... ./schemas/... ./fixtures/... ./webapp
GO_SOURCES     := go.mod go.sum $(shell find server rules schemas fixtures webapp/embed.go -type f \( -name '*.go' -o -name '*.rego' -o -name '*.yaml' -o -name '*.json' -o -name '*.cue' -o -name '*.sql' \) 2>/dev/null)
WEBAPP_SOURCES := $(shell find webapp/src webapp/public -type f 2>/dev/null) $(wildcard webapp/index.html webapp/vite.config.* webapp/tsconfig*.json webapp/scripts/prerender.mjs)
NODE_MODULES   := webapp/node_modules/.package-lock.json

.PHONY: run build test generate deps packages chromium go-deps clean perf memprobe \
        test-go test-rego test-generated test-types test-webapp test-e2e

## run: build everything, then serve with an SQLite database and demo data in ./data
run: build
	@mkdir -p data
	PORT=$(PORT) ./$(BIN) serve

## build: the webapp, then the one Go binary that embeds it
build: $(BIN)

$(BIN): webapp/dist/index.html $(GO_SOURCES)
	$(GO) build -o $(BIN) ./server/cmd/heloc

webapp/dist/index.html: $(NODE_MODULES) $(WEBAPP_SOURCES)
	cd webapp && npm run build

$(NODE_MODULES): webapp/package.json webapp/package-lock.json
	cd webapp && npm ci --no-audit --no-fund
	@touch $@

## deps: what the tests need beyond Go and Node: npm packages, and Debian's packages:
## chromium (Lighthouse, `make perf`) and its old headless shell (the browser journeys),
## and xmllint (libxml2-utils), which validates the MISMO export against its schema
deps: $(NODE_MODULES) packages

# The journeys drive chromium-headless-shell, Debian's build of the headless
# shell Playwright itself uses for headless runs: the same Blink and V8 as
# chromium without the desktop browser's compositing, about a sixth less CPU
# per journey on 2 cores (webapp/playwright.config.ts). One apt-get installs
# whatever of DEBIAN_PACKAGES is missing (each named by the program it puts in
# /usr/bin), so that `make test` can run it beside the build: two would wait
# for each other's dpkg lock.
DEBIAN_PACKAGES := chromium:chromium chromium-headless-shell:chromium-headless-shell libxml2-utils:xmllint
packages:
	@missing=""; for pair in $(DEBIAN_PACKAGES); do command -v $${pair#*:} >/dev/null || missing="$$missing $${pair%%:*}"; done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		echo "Installing Debian's$$missing for the browser tests and the MISMO schema check..."; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else \
		echo "The browser tests need Debian's$$missing: run 'sudo apt-get install$$missing'"; \
		echo "(without libxml2-utils the MISMO schema check is skipped and says so)."; \
		case "$$missing" in *chromium*) exit 1;; esac; \
	fi

# The browsers alone (`make perf`, `make test-e2e` on their own).
chromium: packages

## go-deps: every package the module imports from elsewhere (its tests' too), compiled
## into Go's build cache: what `go build` and `go test` compile first on a new machine,
## and which, unlike the module's own packages, does not need the webapp built
go-deps:
	@$(GO) list -e -deps -test -f '{{if not .Standard}}{{with .Module}}{{if not .Main}}{{$$.ImportPath}}{{end}}{{end}}{{end}}' $(GO_PACKAGES) | xargs -r $(GO) build

## generate: OpenAPI from the CUE schemas, then the webapp's TypeScript types from it;
## the webapp's routes.json from the page table in rules/heloc/funnel/tables/data.yaml
generate: $(NODE_MODULES)
	$(GO) run ./server/cmd/openapi > schemas/openapi.json
	cd webapp && npm run --silent generate:types
	$(GO) run ./server/cmd/routes > webapp/src/app/routes.json.tmp
	mv webapp/src/app/routes.json.tmp webapp/src/app/routes.json

## test: every suite, then one summary line; fails if any suite fails.
## Debian's packages install in the background from the start (apt-get waits on
## the network and dpkg more than on the CPU): xmllint first, which test-go's MISMO
## check needs, then the browsers, which only test-e2e needs and waits for. The Go
## dependencies compile (go-deps) while npm installs and Vite builds the webapp,
## which the binary embeds and so must come first.
## test-generated and test-types (a diff, a type check and a lint: no timeouts
## to fire) run beside test-go, whose last packages leave a core partly idle;
## the unit tests and the journeys then run one after the other.
## TEST_BESIDE=test-e2e runs the browser journeys (the longest) beside all the
## others instead, which a machine with cores to spare finishes sooner (on 2
## busy cores their timeouts fired).
## Each suite's output goes to a log of its own and is printed whole when
## the suite ends, so two lanes never interleave.
TEST_FIRST    := test-go
TEST_WITH_GO  := test-generated test-types
TEST_AFTER    := test-webapp test-e2e
TEST_SUITES   := $(TEST_FIRST) $(TEST_WITH_GO) $(TEST_AFTER)
TEST_BESIDE ?=
test:
	@logs=$$(mktemp -d); trap 'rm -rf $$logs' EXIT; \
	record() { name=$$1; shift; $(MAKE) --no-print-directory "$$@" > $$logs/$$name.log 2>&1; echo $$? > $$logs/$$name.rc; }; \
	awaiting() { while [ ! -f $$logs/$$1.rc ]; do sleep 1; done; cat $$logs/$$1.log; [ "$$(cat $$logs/$$1.rc)" = 0 ]; }; \
	{ record xmllint packages DEBIAN_PACKAGES=libxml2-utils:xmllint; record packages packages; } & \
	record go-deps go-deps & \
	start=$$(date +%s); \
	if ! $(MAKE) --no-print-directory webapp/dist/index.html; then wait; exit 1; fi; \
	awaiting go-deps > /dev/null || true; \
	if ! $(MAKE) --no-print-directory build; then wait; exit 1; fi; \
	echo "==> build ($$(( $$(date +%s) - start )) s)"; \
	run() { \
		start=$$(date +%s); \
		case $$1 in test-go) need=xmllint;; test-e2e) need=packages;; *) need="";; esac; \
		if { [ -z "$$need" ] || awaiting $$need; } > $$logs/$$1.log 2>&1 && \
			$(MAKE) --no-print-directory $$1 >> $$logs/$$1.log 2>&1; then echo passed > $$logs/$$1.result; \
		else echo failed > $$logs/$$1.result; fi; \
		flock $$logs/print.lock sh -c 'echo; echo "==> $$1 ($$2, $$3 s)"; cat "$$4"' _ $$1 "$$(cat $$logs/$$1.result)" $$(( $$(date +%s) - start )) $$logs/$$1.log; \
	}; \
	lane() { for suite in "$$@"; do run $$suite; done; }; \
	lane $(TEST_BESIDE) & beside=$$!; \
	lane $(filter-out $(TEST_BESIDE),$(TEST_WITH_GO)) & withgo=$$!; \
	lane $(filter-out $(TEST_BESIDE),$(TEST_FIRST)); \
	wait $$withgo; \
	lane $(filter-out $(TEST_BESIDE),$(TEST_AFTER)); \
	wait $$beside; wait; \
	passed=0; failed=0; failures=""; \
	for suite in $(TEST_SUITES); do \
		if [ "$$(cat $$logs/$$suite.result 2>/dev/null)" = passed ]; then passed=$$((passed+1)); \
		else failed=$$((failed+1)); failures="$$failures $$suite"; fi; \
	done; \
	echo; if [ -n "$$failures" ]; then echo "failed suites:$$failures"; fi; \
	echo "suites: $$passed passed, $$failed failed"; \
	[ $$failed -eq 0 ]

# Go: unit and HTTP tests, the store on SQLite and PostgreSQL, the Rego
# tests through OPA's tester, the CUE schemas, and the fuzz seed corpora.
# The test binaries are linked without DWARF (-ldflags=-w): no test reads it,
# and writing it was about half of each link (server/web's 4.8 s -> 2.5 s), which
# an empty build cache pays for every package. Stack traces are kept. go test's
# own vet pass (a subset of go vet's analyzers) is off: go vet has just run them all.
# The packages whose tests take longest are named first, so that go test starts
# them first and the short ones fill the other core beside them, rather than
# server/web running last on one core of two (94 -> 78 s with warm caches).
GO_TESTS_FIRST := ./server/web/ ./server/cmd/heloc/ ./server/policy/ ./server/store/
test-go:
	@$(GO) list ./... | grep -v /node_modules/ | sort | diff - <($(GO) list $(GO_PACKAGES) | sort) >/dev/null || \
		{ echo "GO_PACKAGES (Makefile) leaves out a package of the module: add its folder."; exit 1; }
	$(GO) vet $(GO_PACKAGES)
	$(GO) test -count=1 -ldflags=-w -vet=off $(GO_TESTS_FIRST) $(GO_PACKAGES)

# The policies through the binary's own command, for its readable report.
# Not part of `make test`: test-go runs the same (TestRegoPolicies, and the
# command itself in server/cmd/heloc's TestPolicyTestReportsTablesToo).
test-rego: $(BIN)
	./$(BIN) policy test

# The generated TypeScript types must match the CUE schemas (the Go tests
# check schemas/openapi.json itself); and no hand-written source file is over
# 600 lines (issue 21: files a person can hold; generated files, *.gen.*, and
# data are not read that way).
HAND_WRITTEN := '*.go' '*.ts' '*.tsx' '*.js' '*.mjs' '*.rego' '*.cue' '*.css' '*.sh' Makefile
test-generated: $(NODE_MODULES)
	@long=$$(git ls-files $(HAND_WRITTEN) | grep -v '\.gen\.' | xargs wc -l | awk '$$2 != "total" && $$1 > 600 { print "  " $$2 " (" $$1 " lines)" }'); \
	if [ -n "$$long" ]; then echo "hand-written files over 600 lines: split them"; echo "$$long"; exit 1; fi; \
	echo "no hand-written file is over 600 lines"
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	(cd webapp && npx openapi-typescript ../schemas/openapi.json -o $$tmp/schema.gen.ts >/dev/null 2>&1) && \
	diff -u webapp/src/api/schema.gen.ts $$tmp/schema.gen.ts && \
	(cd webapp && node scripts/generate-validators.mjs --check) && \
	echo "generated files are up to date" || \
	{ echo "generated files are stale: run 'make generate' and commit the result"; exit 1; }

# The webapp's type check and its lint, each on one core, side by side.
test-types: $(NODE_MODULES)
	cd webapp && { npm run --silent typecheck & typecheck=$$!; npm run --silent lint; lint=$$?; wait $$typecheck && [ $$lint = 0 ]; }

# The webapp's unit tests (Vitest, on both cores).
test-webapp: $(NODE_MODULES)
	cd webapp && npm test --silent

test-e2e: $(BIN) chromium
	cd webapp && npm run --silent e2e

## perf: the performance budgets measured (architecture.md, issue 21), not a test and not part of `make test`:
## the first page's JavaScript and each funnel step's, Lighthouse (mobile, 3 runs, median) on the home
## page and a funnel page, and server/cmd/perfload: the signed-in page read, the anonymous estimate
## (closed loop, and p99 at 1,000/s open loop) and application.save with 64 clients, each as a ratio to
## the bare endpoint of the same round, with PASS/FAIL and the load average. Run it on a quiet machine.
perf: $(BIN) $(NODE_MODULES) chromium
	-cd webapp && node scripts/bundle-report.mjs
	-cd webapp && node scripts/lighthouse.mjs / /app/initial-setup/property-value
	$(GO) run ./server/cmd/perfload -bin $(BIN)

## memprobe: the memory of issue 19's attacks measured (README "Security"), not a test:
## starts bin/heloc on a free port with a fresh database, sends compressed bodies,
## 200 concurrent 10 MiB bodies and 32 concurrent 10 MiB uploads, and prints the
## server's RSS before, at its highest and after each, against its budget.
memprobe: $(BIN)
	$(GO) run ./server/cmd/memprobe -bin $(BIN)

clean:
	rm -rf bin webapp/dist webapp/.ssr-build webapp/e2e/artifacts
