# One-word tasks. `make play` and `make test` each set up .venv first if needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The modules mypyc compiles (derived in src/seedbed/_build.py): editing one rebuilds.
COMPILED_SRC := $(shell $(PY) src/seedbed/_build.py)

.PHONY: play test lint typecheck pytest bench slow serve bench-server postgres clean

$(STAMP): pyproject.toml setup.py src/seedbed/_build.py $(COMPILED_SRC)
	@echo "Setting up $(VENV): installing seedbed and compiling its engines with mypyc" \
	  "(a few minutes the first time, or after an engine changes)..."
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,server,lab,ray,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/seedbed play $(ARGS)

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

# The server's PostgreSQL tests use this machine's PostgreSQL when it can be started
# (.ci/postgres, as root); without it they are skipped and say why.
pytest: $(STAMP)
	-@[ "$$(id -u)" = 0 ] && bash .ci/postgres >/dev/null 2>&1 || true
	$(BIN)/pytest -n 2

slow: $(STAMP)
	$(BIN)/pytest -n 2 -m slow

bench: $(STAMP)
	$(BIN)/seedbed bench $(ARGS)

# The game server on its embedded SQLite file (ARGS="--port 9000" to change).
serve: $(STAMP)
	$(BIN)/seedbed serve $(ARGS)

# The server's load benchmark (ARGS="--tables 200 --seconds 30").
bench-server: $(STAMP)
	$(BIN)/seedbed bench-server $(ARGS)

postgres:
	bash .ci/postgres

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/*.egg-info
	find src -name '*.so' -delete
