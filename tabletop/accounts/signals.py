"""What accounts announces, for the rooms above it to act on (accounts imports none of them).

`clock_settings_changed(sender=Preferences, user)`: a player saved settings that move their
clock (time zone, quiet hours, vacation); play listens and recomputes their running deadlines.

`signed_up_by_invitation(sender=User, user, email, invitation)`: someone signed up through
the link of an invitation sent to `email`, which is now their proven address; `invitation`
is the id the link named (None for links from before they named one). Play listens and seats
them at the table that invitation holds a seat at.

`address_confirmed(sender=User, user, email)`: `user` proved they read `email` (allauth's
confirmation link, or a code or reset that reached it). Play listens and seats them wherever an
invitation sent to that address held a seat; each listener answers with the paths of the games
it seated them at, and confirming lands the player there.
"""

from django.dispatch import Signal

clock_settings_changed = Signal()
signed_up_by_invitation = Signal()
address_confirmed = Signal()
