"""Print the service's figures: rules speed, replay cost, API latency, mail sweep and sending.

Runs against a throwaway test database (never the real one). `--postgres URL` repeats the
database-bound figures on PostgreSQL in a second process.
"""

import os
import subprocess
import sys

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection

import games
from tabletop.bench import analysis as analysis_benchmarks
from tabletop.bench import bots as bot_benchmarks
from tabletop.bench import mail as mail_benchmarks
from tabletop.bench import play as benchmarks
from tabletop.bench import render as render_benchmarks
from tabletop.bench import requests as request_benchmarks
from tabletop.bench import tournaments as tournament_benchmarks


class Command(BaseCommand):
    help = (
        "Print playouts per second, replay cost, API latency, the beat sweep over many games "
        "and emails per second (figures, not tests)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--only",
            choices=[
                "rules",
                "database",
                "reads",
                "api",
                "mail",
                "bots",
                "analysis",
                "render",
                "polls",
                "tournaments",
            ],
            help="one part only (reads: the reads that must not grow with the log; api: a move "
            "against the floor; both also part of database; polls: an unchanged poll against its "
            "floor, a busy player's dashboard and the history page by log length)",
        )
        parser.add_argument(
            "--bot-games", type=int, default=200, help="games per matchup for the bots' table"
        )
        parser.add_argument(
            "--game", action="append", help="with --only bots or analysis: these games"
        )
        parser.add_argument(
            "--sweep-games", type=int, default=100_000, help="active games for the sweep figure"
        )
        parser.add_argument("--postgres", help="also measure the database part on this URL")
        parser.add_argument("--seconds", type=float, default=2.0, help="per game, for playouts")

    def handle(self, *args, only=None, postgres=None, seconds=2.0, sweep_games=100_000, **kw):
        if only == "bots":
            self.bot_figures(kw["bot_games"], tuple(kw["game"] or ()))
            return
        if only == "analysis":
            self.analysis_figures(tuple(kw["game"] or ()))
            return
        if only == "polls":
            self.poll_figures()
            return
        if only == "tournaments":
            self.stdout.write("\n".join(tournament_benchmarks.figures()))
            return
        if only in (None, "rules"):
            self.rules_figures(seconds)
        if only in (None, "database"):
            self.database_figures()
        if only in ("reads", "api"):
            old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
            try:
                self.log_length_figures() if only == "reads" else self.api_figures()
            finally:
                connection.creation.destroy_test_db(old_name, verbosity=0)
        if only in (None, "mail"):
            self.mail_figures(sweep_games)
        if only in (None, "render"):
            self.render_figures()
        if postgres:
            env = {**os.environ, "DATABASE_URL": postgres}
            for part in ("database", "mail", "render") if only is None else (only,):
                if part == "rules":
                    continue
                command = [sys.executable, "manage.py", "benchmark", "--only", part]
                command += ["--sweep-games", str(sweep_games)]
                subprocess.run(command, env=env, check=True)

    def rules_figures(self, seconds: float) -> None:
        self.stdout.write("Random playouts by the rules alone (all player counts in turn):")
        for slug in games.slugs():
            try:
                per_game, per_step = benchmarks.playouts_per_second(slug, seconds)
            except ModuleNotFoundError:
                continue
            self.stdout.write(f"  {slug:10} {per_game:9.1f} games/s {per_step:11.0f} steps/s")

    def bot_figures(self, count: int, slugs: tuple[str, ...]) -> None:
        self.stdout.write(
            f"The strong bot against random and greedy players, {count} games a matchup, its "
            "seat rotating (DOS matches to 100):"
        )
        for row in bot_benchmarks.table(count, slugs or None):
            self.stdout.write(bot_benchmarks.describe(row))

    def analysis_figures(self, slugs: tuple[str, ...]) -> None:
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        self.stdout.write(
            f"A finished game analysed by one process, {settings.ANALYSIS_PLAYOUTS} playouts a "
            "position (ANALYSIS_PLAYOUTS); one 3-player game of random players each:"
        )
        try:
            for row in analysis_benchmarks.analysis_speed(slugs or None):
                self.stdout.write(
                    f"  {row['slug']:10} {row['steps']:4} positions ({row['judged']} judged) in "
                    f"{row['seconds']:6.1f} s: {row['per_second']:6.1f} steps/s, a 300-step "
                    f"game {row['for_300']:5.1f} s ({row['cpu_for_300']:5.1f} s of CPU)"
                )
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)

    def database_figures(self) -> None:
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            replay = benchmarks.replay_against_projection()
            self.stdout.write(
                f"[{connection.vendor}] rebuild a {replay['moves']}-move {replay['slug']} game "
                f"from its whole log: {replay['rebuild'] * 1000:.1f} ms; from its latest "
                f"snapshot: {replay['from_snapshot'] * 1000:.1f} ms; read its projection: "
                f"{replay['read'] * 1000:.2f} ms"
            )
            self.log_length_figures()
            self.api_figures()
            polls = benchmarks.panel_polls()
            fresh, unchanged = polls["fresh"], polls["unchanged"]
            self.stdout.write(
                f"[{polls['vendor']}] game panel poll: built afresh (200) p50 "
                f"{fresh['p50'] * 1000:.1f} ms, {fresh['queries']} queries; unchanged since "
                f"its ETag (304) p50 {unchanged['p50'] * 1000:.1f} ms, "
                f"{unchanged['queries']} queries"
            )
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)

    def poll_figures(self) -> None:
        """An unchanged poll against its floor, a busy dashboard, the history page by length."""
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            polls = request_benchmarks.unchanged_polls()
            floor = polls["floor"]
            self.stdout.write(
                f"[{polls['vendor']}] unchanged polls, p50 (p95), queries; floor (DRF token "
                f"GET answering a constant) {ms(floor['p50'])} ({ms(floor['p95'])}), "
                f"{floor['queries']:g} queries:"
            )
            for key, label in (
                ("api_304", "API game detail, its ETag (304)"),
                ("panel_304", "game panel, its ETag (304)"),
                ("panel_204", "game panel, htmx version (204)"),
            ):
                row = polls[key]
                self.stdout.write(
                    f"  {label:34} {ms(row['p50'])} ({ms(row['p95'])}), {row['queries']:g} "
                    f"queries, {row['p50'] / floor['p50']:.2f}x the floor (at most 1.5)"
                )
            board = request_benchmarks.dashboard()
            page, poll = board["page"], board["poll"]
            self.stdout.write(
                f"[{board['vendor']}] dashboard of a player with {board['games']} games: "
                f"{page['queries']:g} queries (at most 6), p50 {ms(page['p50'])}; its live "
                f"list unchanged (204): {poll['queries']:g} queries, p50 {ms(poll['p50'])}"
            )
            history = request_benchmarks.history_by_log_length()
            short, window = history["short"], history["window"]
            long_short, long = history["long_short_window"], history["long"]
            long_last = history["long_last_short_window"]
            self.stdout.write(
                f"[{history['vendor']}] history page, DOS, the same window and replay in both "
                f"games: {short['lines']} lines, at move {short['seq']} of {short['moves']} "
                f"{ms(short['p50'])} ({short['queries']:g} queries), at move "
                f"{long_short['seq']} of {long_short['moves']} {ms(long_short['p50'])} "
                f"({long_short['queries']:g} queries): "
                f"{long_short['p50'] / short['p50']:.2f}x (at most 1.3; at move "
                f"{long_last['seq']}, the longest replay from a snapshot, "
                f"{ms(long_last['p50'])}, {long_last['p50'] / short['p50']:.2f}x); "
                f"{long['lines']} lines, "
                f"at move {window['seq']} of {window['moves']} {ms(window['p50'])} "
                f"({window['queries']:g} queries), at move {long['seq']} of {long['moves']} "
                f"{ms(long['p50'])} ({long['queries']:g} queries): "
                f"{long['p50'] / window['p50']:.2f}x"
            )
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)

    def api_figures(self) -> None:
        api = benchmarks.api_latency()
        self.stdout.write(
            f"[{api['vendor']}] API move p50 {api['move_p50'] * 1000:.1f} ms, "
            f"p95 {api['move_p95'] * 1000:.1f} ms, {api['move_queries_p50']} queries "
            f"(at most {api['move_queries_max']}); floor (DRF, token, one insert in a "
            f"transaction) p50 {api['floor_p50'] * 1000:.1f} ms, "
            f"p95 {api['floor_p95'] * 1000:.1f} ms; ratio "
            f"{api['move_p50'] / api['floor_p50']:.1f}x (the same floor with the service's "
            f"token authentication p50 {api['service_floor_p50'] * 1000:.1f} ms, ratio "
            f"{api['move_p50'] / api['service_floor_p50']:.1f}x)"
        )

    def log_length_figures(self) -> None:
        reads = benchmarks.reads_by_log_length()
        short, long = reads["short"], reads["long"]
        self.stdout.write(
            f"[{reads['vendor']}] reads p50 in two DOS games, at {short['moves']} and "
            f"{long['moves']} moves (ratio; at most 1.3 where the cost must not grow):"
        )
        for key, label in (
            ("game_page", "game page"),
            ("moves_api", "moves API, the latest 12 (?after=)"),
            ("history_step", "history step (API position)"),
            ("moves_api_page", "moves API, a page of 25 from the start"),
            ("history_page", "history page (the log around the step)"),
        ):
            self.stdout.write(
                f"  {label:36} {short[key] * 1000:7.1f} ms {long[key] * 1000:7.1f} ms  "
                f"{long[key] / short[key]:5.2f}x"
            )

    def mail_figures(self, sweep_games: int) -> None:
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            sent = mail_benchmarks.emails_per_second()
            self.stdout.write(
                f"[{sent['vendor']}] turn emails composed and sent into a local SMTP server by "
                f"one worker: {sent['per_second']:.1f} per second ({sent['sent']} sent, "
                f"{sent['not_sent']} not sent)"
            )
            sweep = mail_benchmarks.sweep_at_scale(sweep_games)
            busy, idle = sweep["busy"], sweep["idle"]
            self.stdout.write(
                f"[{sweep['vendor']}] one sweep over {sweep['games']:,} active games, "
                f"{sweep['due']:,} past their deadline: {busy['seconds']:.2f} s, "
                f"{busy['queries']:,} queries, {busy['timeouts']} timeouts applied: "
                f"{sweep['per_due']:.1f} queries per due timeout (at most 8 by design); "
                f"the next sweep, nothing due: "
                f"{idle['seconds'] * 1000:.1f} ms, {idle['queries']} queries "
                f"(setting up the games took {sweep['setup']:.0f} s)"
            )
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)

    def render_figures(self) -> None:
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            for line in render_benchmarks.report():
                self.stdout.write(line)
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"
