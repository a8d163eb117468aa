# Every target creates the virtual environment on first use: a fresh machine needs only `make`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench bench-strength lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,ray,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/trionfi play briscola

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py --write docs/benchmarks.md
	$(BIN)/python benchmarks/solver_speed.py --write docs/benchmarks.md
	$(BIN)/python benchmarks/envs_speed.py --write docs/benchmarks.md

# Hours on two cores: duplicate-deal tournaments of every bot level; match-ups already played are kept.
bench-strength: $(STAMP)
	$(BIN)/python benchmarks/strength.py --write docs/benchmarks.md

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .ruff_cache
