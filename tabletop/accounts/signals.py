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

`data_asked(sender=User, user)`: the player asked for everything the service holds about them
(accounts/my_data.py); each room above answers with a dict of its sections as JSON data, as
that player may read them, and the export is their union.

`account_deleted(sender=User, user)`: the player deleted their account (accounts/deletion.py):
their row is kept, deactivated and renamed to a former player's placeholder, and their
addresses, channels and tokens are gone. Sent in the transaction that deleted it: play listens
and gives their running seats to the strong bot (as a passed vote does), drops their notes and
the invitations to them, and tells their games again under the placeholder; mail drops what it
holds for them.
"""

from django.dispatch import Signal

clock_settings_changed = Signal()
signed_up_by_invitation = Signal()
address_confirmed = Signal()
data_asked = Signal()
account_deleted = Signal()
