#!/usr/bin/env bash
# `make load`: the production stack on this machine under simulated players (README, "Load").
#
# A fresh PostgreSQL database, gunicorn, a Celery worker with beat on Redis, `manage.py smtpd`
# for email replies, and Locust's players (tabletop/bench/locustfile.py); then every game's
# log is verified and held against the moves Locust saw accepted (`manage.py load_check`).
# Everything it starts is stopped when it ends, however it ends.
#
# MODEL=site (the default): the slow-game site, PLAYERS registered players at 3 games each and
# ONLINE of them online at once, the others answering their turn emails; SEARCH=1 looks for
# its capacity instead (STEPS online players, STEP_DURATION each, to the first step that misses
# p95 < 250 ms, p99 < 1 s, 0 failures). MODEL=fast: the earlier live-play model, PLAYERS
# players each moving at every 10 s poll.
BIN=.venv/bin
MODEL=${MODEL:-site}
SEARCH=${SEARCH:-0}
if [ "$MODEL" = site ]; then
	PLAYERS=${PLAYERS:-10000}
	DURATION=${DURATION:-10m}
	GAMES_PER_PLAYER=${GAMES_PER_PLAYER:-3}
else
	PLAYERS=${PLAYERS:-1000}
	DURATION=${DURATION:-2m}
	GAMES_PER_PLAYER=${GAMES_PER_PLAYER:-2}
fi
ONLINE=${ONLINE:-1000}
STEPS=${STEPS:-250 500 750 1000 1250 1500 2000}
STEP_DURATION=${STEP_DURATION:-180}
SPAWN_RATE=${SPAWN_RATE:-50}
# The slow-game site fills over RAMP seconds, as a site does, not with all its online players
# in one half-minute; its figures are of the DURATION after the last has come and settled
# (SETTLE: their first dashboard poll's spread).
RAMP=${RAMP:-120}
SETTLE=${SETTLE:-60}
# Processes of one thread: a process's threads share its interpreter lock, and on 2 cores 8
# processes of one thread held 400 online players where 5 of 4 threads held 300 (README,
# "Scaling out").
WEB_WORKERS=${WEB_WORKERS:-$((4 * $(nproc)))}
WEB_THREADS=${WEB_THREADS:-1}
CELERY_CONCURRENCY=${CELERY_CONCURRENCY:-$(nproc)}
# The worker's and smtpd's niceness (0: the web's priority). At 5 they yield the cores to the
# web processes when both want them: on a full machine the emails fall behind (72 and 80 s in
# the README's runs at 1,000 online) where at 0 the pages collapsed (p95 2.3 and 23 s).
BACKGROUND_NICE=${BACKGROUND_NICE:-5}
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
# Figures of an earlier run must not be read as this one's (Locust reads cores.json as it goes).
rm -f "$OUT/cores.json" "$OUT/report.json"
pids=()
stop_all() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait "${pids[@]}" 2>/dev/null || true
	pids=()
}
trap stop_all EXIT
trap 'exit 130' INT TERM

# "10m", "90s", "1h" or a number of seconds, in seconds.
seconds() {
	case "$1" in
	*h) echo $((${1%h} * 3600)) ;;
	*m) echo $((${1%m} * 60)) ;;
	*s) echo "${1%s}" ;;
	*) echo "$1" ;;
	esac
}

wait_for_port() {
	for _ in $(seq 100); do
		(: >"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
		sleep 0.2
	done
	echo "nothing listens on port $1" >&2
	return 1
}

if [ "$MODEL" != site ]; then
	echo "== $PLAYERS players, $GAMES_PER_PLAYER games each, for $DURATION on $(nproc) cores"
elif [ "$SEARCH" = 1 ]; then
	echo "== capacity search: $PLAYERS players at $GAMES_PER_PLAYER games each; online: $STEPS," \
		"${STEP_DURATION} s each, on $(nproc) cores"
else
	echo "== $PLAYERS players at $GAMES_PER_PLAYER games each, $ONLINE online, for $DURATION" \
		"after $RAMP s coming online and $SETTLE s settling, on $(nproc) cores"
fi
psql "$POSTGRES/postgres" -q -c "DROP DATABASE IF EXISTS $DATABASE" -c "CREATE DATABASE $DATABASE"
$BIN/python -c "import redis, os; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
$BIN/python manage.py migrate --noinput -v0
$BIN/python manage.py collectstatic --noinput -v0
seeding=$SECONDS
$BIN/python manage.py load_seed --model "$MODEL" --players "$PLAYERS" \
	--games-per-player "$GAMES_PER_PLAYER" --out "$OUT/players.json"
echo "   seeded in $((SECONDS - seeding)) s"
if [ "$MODEL" = site ]; then
	# The seeded games' first turn emails count as sent before the run (load_seed): their
	# delivery tasks are dropped, not run as ten thousand no-ops when the worker starts.
	$BIN/celery -A tabletop purge -f >/dev/null
fi

# Connections kept open longer than a poll's 10 s, as a load balancer keeps its own to the web
# processes: with gunicorn's 2 s, a player's next poll could meet the close of its connection
# ("Remote end closed connection without response"), a failure of the test, not the service.
$BIN/gunicorn tabletop.wsgi -b "127.0.0.1:$PORT" -w "$WEB_WORKERS" -k gthread \
	--threads "$WEB_THREADS" --keep-alive 15 --log-level warning \
	--error-logfile "$OUT/gunicorn.log" &
pids+=($!)
nice -n "$BACKGROUND_NICE" $BIN/python manage.py smtpd --host 127.0.0.1 --port "$SMTPD_PORT" \
	>"$OUT/smtpd.log" 2>&1 &
pids+=($!)
wait_for_port "$PORT"
wait_for_port "$SMTPD_PORT"

# Every web process reads its templates and code on its first requests, seconds each: done
# before the players come, as a site that has been up a while has done it.
$BIN/python - "$OUT/players.json" "$PORT" "$WEB_WORKERS" <<'WARM'
import json, sys, urllib.request
document = json.load(open(sys.argv[1]))
players = document["players"] if isinstance(document, dict) else document
player = players[0]
game = player["games"][0][0]
for _ in range(4 * int(sys.argv[3])):
    for path, headers in (
        ("/", {"Cookie": f"sessionid={player['session']}"}),
        (f"/games/{game}/", {"Cookie": f"sessionid={player['session']}"}),
        (f"/games/{game}/panel/", {"Cookie": f"sessionid={player['session']}"}),
        ("/games/mine/", {"Cookie": f"sessionid={player['session']}"}),
        (f"/api/games/{game}/", {"Authorization": f"Token {player['token']}"}),
    ):
        headers["X-Forwarded-For"] = "10.255.255.254"
        request = urllib.request.Request(f"http://127.0.0.1:{sys.argv[2]}{path}", headers=headers)
        urllib.request.urlopen(request, timeout=120).read()
WARM
gunicorn=${pids[0]}
smtpd=${pids[1]}
if [ "$MODEL" = fast ]; then
	users=(PagePlayer ApiPlayer EmailPlayer)
	run=(--reset-stats -u "$PLAYERS" -r "$SPAWN_RATE" -t "$DURATION")
elif [ "$SEARCH" = 1 ]; then
	users=(OnlinePlayer OfflinePlayers)
	run=()
	export LOAD_STEPS="$STEPS" LOAD_STEP_SECONDS="$STEP_DURATION"
else
	users=(OnlinePlayer OfflinePlayers)
	rate=$(awk "BEGIN { print ($ONLINE + 1) / $RAMP }")
	run=(--reset-stats -u "$((ONLINE + 1))" -r "$rate" -t "$((RAMP + SETTLE + $(seconds "$DURATION")))s")
	export LOAD_SETTLE_SECONDS="$SETTLE"
fi
LOAD_PLAYERS="$OUT/players.json" LOAD_REPORT="$OUT/report.json" LOAD_CORES="$OUT/cores.json" \
	LOAD_SINK_PORT=$SINK_PORT LOAD_SMTPD_PORT=$SMTPD_PORT LOAD_SPAWN_RATE=$SPAWN_RATE \
	PYTHONPATH="$PWD" $BIN/locust -f tabletop/bench/locustfile.py --headless --only-summary "${run[@]}" \
	--stop-timeout 5 --host "http://127.0.0.1:$PORT" --csv "$OUT/locust" "${users[@]}" \
	>"$OUT/locust.log" 2>&1 &
locust=$!
pids+=($locust)
# The worker starts once the sink takes mail: the seeded games' first turn emails wait in Redis.
wait_for_port "$SINK_PORT"
nice -n "$BACKGROUND_NICE" $BIN/celery -A tabletop worker --beat \
	--concurrency="$CELERY_CONCURRENCY" --loglevel=WARNING \
	--schedule="$OUT/celerybeat-schedule" --logfile="$OUT/celery.log" &
worker=$!
pids+=($worker)
# Where the cores go: each part's CPU time, read from /proc every 2 s (Locust reads it back).
$BIN/python tabletop/bench/cores.py --out "$OUT/cores.json" --database "$DATABASE" \
	gunicorn="$gunicorn" worker="$worker" smtpd="$smtpd" locust="$locust" &
pids+=($!)

locust_status=0
wait $locust || locust_status=$?
stop_all
sed -n '/^\(Steady state\|Capacity search\)/,$p' "$OUT/locust.log"
echo "== after the run"
$BIN/python manage.py load_check --report "$OUT/report.json"
# A capacity search ends at the step that missed, failures and all: its verdict is the capacity.
if [ "$locust_status" -ne 0 ] && [ "$SEARCH" != 1 ]; then
	echo "Locust saw failures (exit $locust_status): $OUT/locust.log" >&2
	exit "$locust_status"
fi
