# Two commands matter (see README.md): `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.installed
# The translations (tabletop/locale/<language>/LC_MESSAGES/django.po) compiled to .mo with
# Babel, so no system gettext is needed; the .mo files are not kept in the repository.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard tabletop/locale/*/LC_MESSAGES/django.po))

.PHONY: run test lint bench worker load messages backup restore

$(READY): requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	touch $(READY)

%.mo: %.po $(READY)
	$(BIN)/pybabel compile -i $< -o $@

messages: $(CATALOGUES)

# The embedded default: SQLite, a Celery worker with beat on a broker kept in files under
# var/, email kept in the local outbox (/mail/). Stops the worker when the server stops.
# DEBUG=1 for every step: without SECRET_KEY only DEBUG lets tabletop use its public key.
# The site is served at SITE_URL, the origin its emails link to, and printed: browsed at
# another (localhost for 127.0.0.1), an email's link would land on a session-less origin.
# Another origin: `make run SITE_URL=http://localhost:8000` (its host in ALLOWED_HOSTS).
SITE_URL ?= http://127.0.0.1:8000
ORIGIN = $(patsubst %/,%,$(SITE_URL))
run: export DEBUG = 1
run: export SITE_URL := $(SITE_URL)
run: $(READY) $(CATALOGUES)
	@case "$(ORIGIN)" in http://*:[0-9]*) ;; *) \
		echo "make run serves plain HTTP at http://host:port; SITE_URL is $(SITE_URL)"; exit 2;; esac
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo
	@echo "tabletop runs at $(ORIGIN)/ (email links open it; the email is at $(ORIGIN)/mail/)"
	$(BIN)/celery -A tabletop worker --beat --concurrency=1 --loglevel=INFO \
		--schedule=var/celerybeat-schedule --logfile=var/celery.log & \
	trap 'kill $$! 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(patsubst http://%,%,$(ORIGIN))

# The whole suite. With DATABASE_URL set (CI: PostgreSQL) the tests whose behaviour depends
# on the database backend run a second time on the embedded SQLite. The slowest tests are
# listed at the end: the longest one bounds how soon the workers can finish.
test: $(READY) $(CATALOGUES)
	$(BIN)/python -m pytest -n auto --dist loadgroup --durations=15
	@if [ -n "$$DATABASE_URL" ]; then \
		echo "backend-specific tests again on SQLite:"; \
		env -u DATABASE_URL $(BIN)/python -m pytest -m backend_specific -n 0; \
	fi

lint: $(READY)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

# A key of its own rather than DEBUG=1, which would slow what it measures.
bench: export SECRET_KEY ?= bench-only-not-secret
bench: $(READY) $(CATALOGUES)
	$(BIN)/python manage.py benchmark

# For operators: the production stack on this machine under simulated players (Locust), on a
# fresh PostgreSQL database (tabletop_load) and Redis database 8: the slow-game site, PLAYERS
# (10,000) at 3 games each and ONLINE (1,000) online for DURATION (10m); SEARCH=1 finds how many
# online players the machine holds; MODEL=fast is the earlier live-play model. Prints rates,
# latency per request kind, failures, lost moves and each process's CPU. See README, "Load".
# Only the variables given are passed on: load.sh knows each model's defaults.
LOAD_VARIABLES := MODEL SEARCH PLAYERS ONLINE DURATION STEPS STEP_DURATION SPAWN_RATE \
	GAMES_PER_PLAYER RAMP SETTLE BACKGROUND_NICE
load: $(READY) $(CATALOGUES)
	$(foreach v,$(LOAD_VARIABLES),$(if $($(v)),$(v)="$($(v))")) bash tabletop/bench/load.sh

# For operators: a consistent backup of the database (pg_dump with DATABASE_URL, SQLite's online
# backup on the embedded default) and a manifest of every game's log, one file in var/backups/;
# `make restore FILE=...` loads one into an EMPTY database and checks every game (README,
# "Operations"). Without SECRET_KEY (the embedded default) DEBUG=1 lets them start, as `make
# run` does: neither signs anything.
backup restore: export DEBUG := $(if $(SECRET_KEY),$(DEBUG),1)
backup: $(READY)
	$(BIN)/python manage.py backup
restore: $(READY)
	@if [ -z "$(FILE)" ]; then echo "make restore FILE=var/backups/tabletop-<time>.tar"; exit 2; fi
	$(BIN)/python manage.py restore "$(FILE)"
