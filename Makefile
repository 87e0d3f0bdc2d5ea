# One command each: `make run` starts the bot, `make test` installs everything and runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The type checks: strict on the pure packages, normal on the rest. The strict run keeps a
# cache of its own: sharing one, each run found rules, render and ai checked with the other's
# options and checked them again (4 s of every `make check`).
MYPY_STRICT := $(BIN)/mypy --strict --explicit-package-bases --cache-dir .mypy_cache/strict rules render ai \
	tools/messages.py tools/message_keywords.py tools/rules_messages.py
MYPY := $(BIN)/mypy bot bench tests tools/compiled.py

.PHONY: run test check bench install install-test clean three-musketeers-strategy compiled pure \
	messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Installing is remembered by a stamp file, so it runs again only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

# pydraughts, the draughts tests' reference, in a folder of its own: its import name
# (`draughts`) is py-draughts' too, so tests/rules/pydraughts_oracle.py runs it in a subprocess.
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m pip install --quiet --no-deps --target $(VENV)/pydraughts pydraughts==0.6.7
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

run: install
	@$(BIN)/python tools/compiled.py fresh
	@$(BIN)/python -m bot

test: install-test
	@$(BIN)/python -m tests.pgserver check
	@$(BIN)/python -m tests.browser check
	$(BIN)/ruff check .
	$(MYPY_STRICT)
	$(MYPY)
	$(BIN)/lint-imports
	$(BIN)/python tools/compiled.py clean
	COMPILED_BUILD=0 $(BIN)/python -m pytest
	@echo "The Discord adapter's tests again, each request taking 0-300 ms, then 0-800 ms, as Discord's may:"
	for ms in 150 400; do \
		FAKE_DISCORD_LATENCY_MS=$$ms $(BIN)/python -m pytest tests/bot/adapters/discord -m "not processes" || exit 1; \
	done
	@echo "The rules' and the computer's tests again, over the compiled build (make compiled):"
	@if $(BIN)/python tools/compiled.py available; then \
		$(BIN)/python tools/compiled.py build && \
		COMPILED_BUILD=1 $(BIN)/python -m pytest tests/rules tests/ai; fi

# Optional: The Crown's move generator compiled with mypyc (needs a C compiler and Python's
# headers; docs/speed.md). `make pure` goes back to the source.
compiled: install-test
	$(BIN)/python tools/compiled.py build

pure:
	$(BIN)/python tools/compiled.py clean

# The fast tier, for feedback while working: lint, types, layers, and the tests that need
# neither PostgreSQL nor a process of their own, nor seconds of CPU (tests/README.md), in a
# pytest process a core (pytest-xdist; four at most: each keeps a pool of picture workers).
check: install-test
	$(BIN)/ruff check .
	$(MYPY_STRICT)
	$(MYPY)
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n auto --maxprocesses=4 --dist loadgroup \
		-m "not postgres and not processes and not slow"

# The catalogs (docs/languages.md): every message of the code into bot/i18n/messages.pot, then
# merged into each language's .po (new ones untranslated, gone ones dropped).
messages: install-test
	$(BIN)/python tools/messages.py

bench: install-test
	$(BIN)/python bench/perft.py checkers 9

# Three Musketeers solved, and the enemy's strategy the bot ships (a development step: the
# bot and its tests only read the result). Needs gcc, OpenMP and liblzma; the solve takes
# about 10 minutes on 2 cores, 3.3 GB of memory and 19.3 GB of disk under out/.
TM_TOOL := tools/three_musketeers
TM_WORK := out/three-musketeers
TM_STRATEGY := ai/three_musketeers/three-musketeers.strategy

three-musketeers-strategy:
	$(MAKE) -C $(TM_TOOL)
	mkdir -p $(TM_WORK)
	test -f $(TM_WORK)/ply-00.i8 || $(TM_TOOL)/tm-solve solve $(TM_WORK)
	$(TM_TOOL)/tm-solve strategy $(TM_WORK) $(TM_STRATEGY)
	$(TM_TOOL)/tm-solve verify $(TM_STRATEGY)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis rules/*.so
