"""Tournaments of slow games: round robin and Swiss, rounds that seat and start themselves,
standings rebuilt from the tournament's own append-only log (TournamentEvent).

A module per concern, each a door of its own for the pages and the API:
- `entries`: create a tournament, invite, join, leave (or withdraw), cancel.
- `rounds`: start (early, or at the sign-up deadline), a game's result, the next round seated
  once the last game of a round ends, the end that names the winners.
- `seating`: who sits with whom in the next round (through `pairing`) and why.
- `drops`: a player dropped (withdrawn, timed out repeatedly, by the organiser); their running
  games go on with the strong bot in their seat.
- `deadlines`: the beat's sweep (sign-up deadlines, round deadlines, repairs).
- `results`: the standings, read from the log (`standings` reckons them).
- `verification`: the standings rebuilt from the log and checked (`manage.py verify_log`).
- `signals`: what a tournament announces (mail listens).
"""
