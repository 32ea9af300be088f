# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run serve test test-core lint format bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# A newcomer's first run also plays the public demo club's history.
# Beside the server run the league's catch-up (follow_log) and the mail's
# sender (send_mail: EMAIL_URL, printed to the console when unset), started and
# stopped with it.
run: setup
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo --if-empty
	$(BIN)/python manage.py follow_log & follower=$$!; \
	$(BIN)/python manage.py send_mail & sender=$$!; \
	trap 'kill $$follower $$sender 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production: gunicorn on PostgreSQL, static files by whitenoise. Needs
# DATABASE_URL (the app's role), MIGRATE_DATABASE_URL (the tables' owner),
# SECRET_KEY and ALLOWED_HOSTS (see README); WEB_CONCURRENCY sets the number of
# worker processes. Migrations run as the owner, who then grants the app's
# role what it needs: it can append to the event log but not alter it. The
# league's catch-up (follow_log) and the mail's sender (send_mail, to EMAIL_URL)
# run beside gunicorn, started and stopped with it.
# Behind PgBouncer in transaction mode, point DATABASE_URL at it and set
# DB_PREPARED_STATEMENTS=false; DATABASE_REPLICA_URLS adds read replicas (README).
serve: setup
	@test -n "$$DATABASE_URL" || { echo "make serve needs DATABASE_URL=postgres://…" >&2; exit 2; }
	@test -n "$$MIGRATE_DATABASE_URL" || { echo "make serve needs MIGRATE_DATABASE_URL=postgres://owner@…" >&2; exit 2; }
	DEBUG=false $(BIN)/python manage.py migrate --noinput --database migrate
	DEBUG=false $(BIN)/python manage.py grant_app_role
	DEBUG=false $(BIN)/python manage.py collectstatic --noinput -v0
	DEBUG=false $(BIN)/python manage.py follow_log & follower=$$!; \
	DEBUG=false $(BIN)/python manage.py send_mail & sender=$$!; \
	trap 'kill $$follower $$sender 2>/dev/null' EXIT INT TERM; \
	DEBUG=false $(BIN)/gunicorn scorekeeper.wsgi -c scorekeeper/gunicorn.conf.py \
		--bind $(HOST):$(PORT) --workers $${WEB_CONCURRENCY:-2}

# Tests run in one process per core (pytest-xdist), each with its own test
# database; TEST_WORKERS=0 runs them all in one process. PYTEST_ARGS adds to
# either run (make test PYTEST_ARGS=-x).
TEST_WORKERS ?= auto
PYTEST_ARGS ?=

# The whole suite, on PostgreSQL when DATABASE_URL points there, else SQLite.
test: setup lint
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup --durations=25 $(PYTEST_ARGS)

# Everything but the browser tests (CI runs it on SQLite).
test-core: setup
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup -m "not browser" $(PYTEST_ARGS)

# Python by ruff and the import contracts (import-linter, in pyproject.toml),
# JavaScript by biome (biome.json; installed from PyPI with the
# dev tools). The JavaScript's pure parts have unit tests in tests/js, run by
# pytest in the browser tests' chromium: no node, no build step.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/biome lint static/js tests/js

format: setup
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Benchmarks and the load and fault runs; they need PostgreSQL on 127.0.0.1.
bench: setup
	$(BIN)/python bench/melds.py
	$(BIN)/python bench/store.py
	$(BIN)/python bench/league.py
	$(BIN)/python bench/draws.py
	$(BIN)/python bench/nights.py
	$(BIN)/python bench/federation.py
	$(BIN)/python bench/load.py
	$(BIN)/python bench/load.py --fault
	$(BIN)/python bench/load.py --open-loop

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .hypothesis
