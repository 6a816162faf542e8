# One-word tasks. `make play` and `make test` each set up .venv first if needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The modules mypyc compiles (derived in src/seedbed/_build.py): editing one rebuilds.
COMPILED_SRC := $(shell $(PY) src/seedbed/_build.py)

.PHONY: play test lint typecheck webcheck pytest bench slow serve static bench-server postgres clean

$(STAMP): pyproject.toml setup.py src/seedbed/_build.py $(COMPILED_SRC)
	@echo "Setting up $(VENV): installing seedbed and compiling its engines with mypyc" \
	  "(a few minutes the first time, or after an engine changes)..."
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,server,lab,ray,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/seedbed play $(ARGS)

test: lint typecheck webcheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools

typecheck: $(STAMP)
	$(BIN)/mypy

# The browser client (web/src, TypeScript) is built by esbuild into the package
# (src/seedbed/server/static), and the built files are committed, so that pip install
# alone gives a working site. `make static` rebuilds them when the sources change;
# `make test` type-checks the sources and a test checks that the committed build is
# what they give.
WEB_SRC := $(shell find web/src -type f) web/build.mjs web/package-lock.json
STATIC := src/seedbed/server/static/app.js src/seedbed/server/static/app.css

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Without Node.js the committed build is served as it is.
$(STATIC) &: $(WEB_SRC)
	@if command -v npm >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory web/node_modules/.installed && cd web && node build.mjs; \
	else echo "npm not found: serving the committed build of web/src"; fi

static: $(STATIC)

webcheck: web/node_modules/.installed
	cd web && npx --no-install tsc --noEmit -p .

# The server's PostgreSQL tests use this machine's PostgreSQL when it can be started
# (.ci/postgres, as root); without it they are skipped and say why.
pytest: $(STAMP)
	-@[ "$$(id -u)" = 0 ] && bash .ci/postgres >/dev/null 2>&1 || true
	$(BIN)/pytest -n 2

slow: $(STAMP)
	$(BIN)/pytest -n 2 -m slow

bench: $(STAMP)
	$(BIN)/seedbed bench $(ARGS)

# The game server and its pages on the embedded SQLite file: open the address it
# prints (ARGS="--port 9000" to change).
serve: $(STAMP) $(STATIC)
	$(BIN)/seedbed serve $(ARGS)

# The server's load benchmark (ARGS="--tables 200 --seconds 30").
bench-server: $(STAMP)
	$(BIN)/seedbed bench-server $(ARGS)

postgres:
	bash .ci/postgres

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/*.egg-info web/node_modules test-artifacts
	find src -name '*.so' -delete
