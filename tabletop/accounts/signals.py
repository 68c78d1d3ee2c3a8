"""What accounts announces, for the rooms above it to act on (accounts imports none of them).

`clock_settings_changed(sender=Preferences, user)`: a player saved settings that move their
clock (time zone, quiet hours, vacation); play listens and recomputes their running deadlines.
"""

from django.dispatch import Signal

clock_settings_changed = Signal()
