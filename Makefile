# Mojiscope developer tasks. `make run` opens the app, `make test` runs the suite.

VENV   ?= .venv
PY     := $(VENV)/bin/python
PYTHON ?= python3
STAMP  := $(VENV)/.installed

.PHONY: install test lint run bench lock clean package package-test

install: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -c requirements.lock -e '.[test,dev,dask]'
	touch $@

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy -p mojiscope
	$(VENV)/bin/lint-imports

run: $(STAMP)
	$(PY) -m mojiscope.cli.qtcheck
	$(PY) -m mojiscope

bench: $(STAMP)
	$(PY) tests/bench/bench_decode.py

# The desktop bundle: dist/mojiscope/ and dist/mojiscope-VERSION-linux-x86_64.tar.gz,
# built in a clean venv from the project's own wheel (see packaging/build.py).
package:
	$(PYTHON) packaging/build.py

# Install the tarball in a fresh HOME and prove it runs on its own; prints the
# glibc it needs, its size and its start-up time (see packaging/smoke_test.py).
package-test: $(STAMP)
	$(PY) packaging/smoke_test.py

# Re-pin requirements.lock to what the venv holds now.
lock: $(STAMP)
	{ head -n 3 requirements.lock; $(VENV)/bin/pip freeze --exclude-editable | grep -vi '^mojiscope'; } > requirements.lock.new
	mv requirements.lock.new requirements.lock
	touch $(STAMP)

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
