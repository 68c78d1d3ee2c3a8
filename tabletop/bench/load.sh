#!/usr/bin/env bash
# `make load`: the production stack on this machine under simulated players (README, "Load").
#
# A fresh PostgreSQL database, gunicorn, a Celery worker with beat on Redis, `manage.py smtpd`
# for email replies, and Locust's players (tabletop/bench/locustfile.py); then every game's
# log is verified and held against the moves Locust saw accepted (`manage.py load_check`).
# Everything it starts is stopped when it ends, however it ends.
set -euo pipefail
cd "$(dirname "$0")/../.."

BIN=.venv/bin
PLAYERS=${PLAYERS:-1000}
DURATION=${DURATION:-2m}
SPAWN_RATE=${SPAWN_RATE:-50}
GAMES_PER_PLAYER=${GAMES_PER_PLAYER:-2}
WEB_WORKERS=${WEB_WORKERS:-$((2 * $(nproc) + 1))}
WEB_THREADS=${WEB_THREADS:-4}
CELERY_CONCURRENCY=${CELERY_CONCURRENCY:-$(nproc)}
POSTGRES=${LOAD_POSTGRES:-postgres://postgres@127.0.0.1:5432}
DATABASE=${LOAD_DATABASE:-tabletop_load}
PORT=${LOAD_PORT:-8790}
SMTPD_PORT=${LOAD_SMTPD_PORT:-2590}
SINK_PORT=${LOAD_SINK_PORT:-2591}
OUT=${LOAD_DIR:-var/load}

export DATABASE_URL="$POSTGRES/$DATABASE"
# A Redis database of its own: it is emptied before each run.
export REDIS_URL=${LOAD_REDIS_URL:-redis://127.0.0.1:6379/8}
export SECRET_KEY=${SECRET_KEY:-load-test-only-not-secret-0123456789-abcdefghijklmnop}
export DEBUG=0
export ALLOWED_HOSTS=127.0.0.1,localhost
export SITE_URL=http://127.0.0.1:$PORT
export TABLETOP_VAR_DIR=$OUT
export LOG_LEVEL=${LOG_LEVEL:-WARNING}
# Each simulated player sends its own X-Forwarded-For, as behind one load balancer: the per-IP
# rate limits then count per player, not for the whole test at once.
export TRUSTED_PROXY_COUNT=1
# Turn emails go to Locust's sink, where the email players read them.
export EMAIL_URL=smtp://127.0.0.1:$SINK_PORT
export REPLY_DOMAIN=reply.load.test
# The simulated replies carry no DKIM signature, come faster than a person writes, and should
# not wait out the two minutes that gather a burst of turn emails into one.
export MAIL_REQUIRE_AUTHENTICATED_SENDER=0
export MAIL_INBOUND_PER_SENDER_PER_HOUR=0
export MAIL_COALESCE_SECONDS=0

mkdir -p "$OUT"
pids=()
stop_all() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait "${pids[@]}" 2>/dev/null || true
	pids=()
}
trap stop_all EXIT
trap 'exit 130' INT TERM

wait_for_port() {
	for _ in $(seq 100); do
		(: >"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
		sleep 0.2
	done
	echo "nothing listens on port $1" >&2
	return 1
}

echo "== $PLAYERS players, $GAMES_PER_PLAYER games each, for $DURATION on $(nproc) cores"
psql "$POSTGRES/postgres" -q -c "DROP DATABASE IF EXISTS $DATABASE" -c "CREATE DATABASE $DATABASE"
$BIN/python -c "import redis, os; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
$BIN/python manage.py migrate --noinput -v0
$BIN/python manage.py collectstatic --noinput -v0
$BIN/python manage.py load_seed --players "$PLAYERS" --games-per-player "$GAMES_PER_PLAYER" \
	--out "$OUT/players.json"

# Connections kept open longer than a poll's 10 s, as a load balancer keeps its own to the web
# processes: with gunicorn's 2 s, a player's next poll could meet the close of its connection
# ("Remote end closed connection without response"), a failure of the test, not the service.
$BIN/gunicorn tabletop.wsgi -b "127.0.0.1:$PORT" -w "$WEB_WORKERS" -k gthread \
	--threads "$WEB_THREADS" --keep-alive 15 --log-level warning \
	--error-logfile "$OUT/gunicorn.log" &
pids+=($!)
$BIN/python manage.py smtpd --host 127.0.0.1 --port "$SMTPD_PORT" >"$OUT/smtpd.log" 2>&1 &
pids+=($!)
wait_for_port "$PORT"
wait_for_port "$SMTPD_PORT"

LOAD_PLAYERS="$OUT/players.json" LOAD_REPORT="$OUT/report.json" \
	LOAD_SINK_PORT=$SINK_PORT LOAD_SMTPD_PORT=$SMTPD_PORT \
	$BIN/locust -f tabletop/bench/locustfile.py --headless --only-summary --reset-stats \
	-u "$PLAYERS" -r "$SPAWN_RATE" -t "$DURATION" --stop-timeout 5 \
	--host "http://127.0.0.1:$PORT" --csv "$OUT/locust" >"$OUT/locust.log" 2>&1 &
locust=$!
pids+=($locust)
# The worker starts once the sink takes mail: the seeded games' first turn emails wait in Redis.
wait_for_port "$SINK_PORT"
$BIN/celery -A tabletop worker --beat --concurrency="$CELERY_CONCURRENCY" --loglevel=WARNING \
	--schedule="$OUT/celerybeat-schedule" --logfile="$OUT/celery.log" &
pids+=($!)

locust_status=0
wait $locust || locust_status=$?
stop_all
sed -n '/^Steady state/,$p' "$OUT/locust.log"
echo "== after the run"
$BIN/python manage.py load_check --report "$OUT/report.json"
if [ "$locust_status" -ne 0 ]; then
	echo "Locust saw failures (exit $locust_status): $OUT/locust.log" >&2
	exit "$locust_status"
fi
