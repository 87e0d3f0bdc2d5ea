# One command each: `make run` starts the bot, `make test` installs everything and runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Installing is remembered by a stamp file, so it runs again only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

run: install
	@$(BIN)/python -m bot

test: install-test
	@$(BIN)/python -m tests.pgserver check
	$(BIN)/ruff check .
	$(BIN)/mypy --strict rules render ai
	$(BIN)/mypy bot
	$(BIN)/python -m pytest

bench: install-test
	$(BIN)/python bench/perft.py checkers 9

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
