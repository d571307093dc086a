# Scopone for handhelds: set-up, tests, benchmarks.
# `make test` and `make bench` install what they need on first use (.venv and node_modules).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TYPECHECK_STAMP := $(VENV)/typecheck/.installed

.PHONY: setup test bench sim selfplay lint clean typecheck deploy screenshots romfs

$(STAMP): requirements-dev.txt requirements-mp.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt -r requirements-mp.txt
	touch $(STAMP)

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch node_modules/.installed

setup: $(STAMP) node_modules/.installed

test: $(STAMP) node_modules/.installed $(TYPECHECK_STAMP)
	$(PY) -m pytest -q -n 2 --dist loadgroup

bench: $(STAMP) node_modules/.installed $(TYPECHECK_STAMP)
	$(PY) -m sim.bench
	$(PY) -m sim.memory_budget --bench

lint: $(STAMP)
	$(PY) -m ruff check .

selfplay: $(STAMP)
	$(PY) -m sim selfplay --preset chitarrella --seed 1 --matches 10 --bots greedy,random,greedy,random --out -

sim: $(STAMP)
	$(PY) -m sim

# The README's screenshots, every screen at every layout (tests/test_screenshots.py checks them).
screenshots: $(STAMP)
	$(PY) -m sim.screenshots

# The type check of the board code (sim/typecheck.py): pyright and the CircuitPython and
# MicroPython stubs pinned in requirements-typecheck.txt, installed into .venv/typecheck.
# `make test` runs it too (tests/test_typecheck.py).
$(TYPECHECK_STAMP): requirements-typecheck.txt | $(STAMP)
	$(PY) -m sim.typecheck --install
	touch $(TYPECHECK_STAMP)

typecheck: $(TYPECHECK_STAMP)
	$(PY) -m sim.typecheck

# A ROMFS image of the engine, for a MicroPython board whose firmware has a ROMFS partition
# (sim/romfs.py): `mpremote romfs deploy build/engine.romfs` writes it to the board's flash,
# where its .mpy files run in place. CircuitPython has no ROMFS.
romfs: $(STAMP)
	$(PY) -m sim.romfs build/engine.romfs

# Copy the game to a board: make deploy BOARD=<board> DRIVE=<CIRCUITPY folder>, BOARDS
# (sim/deploy.py's TARGETS, which a test compares; README "On a board"), checked before
# anything is installed.
# LIBS=0 skips installing the Adafruit libraries with circup; MPY_CROSS=<path> compiles to
# .mpy with CircuitPython's mpy-cross, names shortened first (sim/minify.py),
# MPY_CROSS=auto fetches the one for the board's CircuitPython with Adafruit's
# circuitpython-build-tools, and MPY_CROSS=none deploys .py files. The default,
# where-needed, fetches it (a download only) for the boards that .py files leave under the
# memory budget's 30%, all but PY_FITS (sim/deploy.py's, which a test compares), and deploys
# .py files if it cannot. BUNDLE=<tag> pins the library bundle release.
# circup and the build tools get venvs of their own (.venv/circup, .venv/cp-build-tools), out
# of the way of the tests' packages.
LIBS ?= 1
MPY_CROSS ?= where-needed
BOARDS := pyportal pico-display pico-display-2 pybadge pygamer
PY_FITS := pico-display pico-display-2
# the build tools, if the deploy wants them: auto needs them, where-needed goes on without
FETCH_MPY_CROSS := $(if $(filter 1,$(AS_WRITTEN)),,$(or $(filter auto,$(MPY_CROSS)),$(and $(filter where-needed,$(MPY_CROSS)),$(filter-out $(PY_FITS),$(BOARD)))))
CIRCUP_VENV := $(VENV)/circup
CIRCUP_VERSION := 3.1.0

$(CIRCUP_VENV)/bin/circup: | $(STAMP)
	$(PYTHON) -m venv $(CIRCUP_VENV)
	$(CIRCUP_VENV)/bin/python -m pip install --quiet circup==$(CIRCUP_VERSION)

BUILD_TOOLS_VENV := $(VENV)/cp-build-tools
BUILD_TOOLS_VERSION := 1.21.0

$(BUILD_TOOLS_VENV)/.installed: | $(STAMP)
	$(PYTHON) -m venv $(BUILD_TOOLS_VENV)
	$(BUILD_TOOLS_VENV)/bin/python -m pip install --quiet circuitpython-build-tools==$(BUILD_TOOLS_VERSION)
	touch $@

deploy: $(STAMP)
	@test -n "$(filter $(BOARD),$(BOARDS))" -a -n "$(DRIVE)" || { echo "usage: make deploy BOARD=$(subst $(eval) ,|,$(BOARDS)) DRIVE=/path/to/CIRCUITPY [LIBS=0] [MPY_CROSS=path|auto|none | AS_WRITTEN=1] [BUNDLE=tag]$(if $(BOARD),$(if $(filter $(BOARD),$(BOARDS)),,; no board $(BOARD)))"; exit 2; }
	$(if $(filter 0,$(LIBS)),,$(MAKE) --no-print-directory $(CIRCUP_VENV)/bin/circup)
	$(if $(FETCH_MPY_CROSS),$(MAKE) --no-print-directory $(BUILD_TOOLS_VENV)/.installed $(if $(filter auto,$(MPY_CROSS)),,|| echo "no circuitpython-build-tools: deploying .py files"))
	$(PY) -m sim.deploy --board "$(BOARD)" --drive "$(DRIVE)" $(if $(filter 0,$(LIBS)),--no-libs,--circup $(CIRCUP_VENV)/bin/circup) --mpy-cross "$(MPY_CROSS)" $(if $(FETCH_MPY_CROSS),--build-tools $(BUILD_TOOLS_VENV)/bin/python) $(if $(filter 1,$(AS_WRITTEN)),--as-written) $(if $(BUNDLE),--bundle "$(BUNDLE)")

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .hypothesis
