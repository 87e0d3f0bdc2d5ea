# One command each: `make run` starts the bot, `make test` installs everything and runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .

install-test: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'

run: install
	$(BIN)/python -m bot

test: install-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: install-test
	$(BIN)/python bench/perft.py checkers 9

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
