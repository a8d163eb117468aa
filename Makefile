# Every target creates the virtual environment on first use: a fresh machine needs only `make`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test screenshots bench bench-strength bench-server lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,ray,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/trionfi play briscola

# The online server on http://127.0.0.1:8000 (the browser table at /); e.g.
# make serve ARGS="--table briscola --players 4 --bots 1,3"
serve: $(STAMP)
	$(BIN)/trionfi serve $(ARGS)

# .ci/setup-debian.sh installs the Debian packages the tests need (Chromium for the browser tests, PostgreSQL's
# server for the server tests) when they are missing (quick otherwise).
test: $(STAMP)
	bash .ci/setup-debian.sh
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/pytest

# The browser tests again, keeping their screenshots (phone and desktop) in docs/screenshots/.
screenshots: $(STAMP)
	bash .ci/setup-debian.sh
	TRIONFI_SCREENSHOTS=docs/screenshots $(BIN)/pytest -q tests/test_web_*.py

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py --write docs/benchmarks.md
	$(BIN)/python benchmarks/solver_speed.py --write docs/benchmarks.md
	$(BIN)/python benchmarks/envs_speed.py --write docs/benchmarks.md
	$(BIN)/python benchmarks/batch_speed.py --write docs/benchmarks.md

# The server under load: many tables of bot-speed clients (SQLite, one process; PostgreSQL, two processes); and a
# page opened on a phone over a slow network (Chromium).
bench-server: $(STAMP)
	$(BIN)/python benchmarks/server_load.py --write docs/benchmarks.md
	$(BIN)/python benchmarks/page_load.py --write docs/benchmarks.md

# Hours on two cores: duplicate-deal tournaments of every bot level; match-ups already played are kept.
bench-strength: $(STAMP)
	$(BIN)/python benchmarks/strength.py --write docs/benchmarks.md

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .ruff_cache
