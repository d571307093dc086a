# Scopone for handhelds: set-up, tests, benchmarks.
# `make test` and `make bench` install what they need on first use (.venv and node_modules).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup test bench sim selfplay lint clean

$(STAMP): requirements-dev.txt requirements-mp.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt -r requirements-mp.txt
	touch $(STAMP)

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch node_modules/.installed

setup: $(STAMP) node_modules/.installed

test: $(STAMP) node_modules/.installed
	$(PY) -m pytest -q -n 2

bench: $(STAMP) node_modules/.installed
	$(PY) -m sim.bench

lint: $(STAMP)
	$(PY) -m ruff check .

selfplay: $(STAMP)
	$(PY) -m sim selfplay --preset chitarrella --seed 1 --matches 10 --bots greedy,random,greedy,random --out -

sim: $(STAMP)
	$(PY) -m sim

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .hypothesis
