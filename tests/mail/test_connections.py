"""The worker keeps one connection to the mail server open from one email to the next, asks
it NOOP before each use, and opens a new one when the server has hung up on it meanwhile: no
email is lost or sent twice for it, and no row takes a retry."""

from __future__ import annotations

import pytest
from aiosmtpd.controller import Controller

from tabletop.mail import connections, outbox
from tabletop.mail.models import Outbox
from tabletop.play import invitations, store
from tests.helpers.mail import Mailbox, free_port, send_over_smtp_to

pytest_plugins = ["tests.helpers.mail"]


class Server:
    """An SMTP server of the test's own, which hangs up on every connection when restarted."""

    def __init__(self) -> None:
        self.mailbox = Mailbox()
        self.port = free_port()
        self.controller = self.started()

    def started(self) -> Controller:
        controller = Controller(self.mailbox, hostname="127.0.0.1", port=self.port)
        controller.start()
        return controller

    def restart(self) -> None:
        self.controller.stop()
        self.controller = self.started()


@pytest.fixture
def server(settings):
    running = Server()
    send_over_smtp_to(settings, running.port)
    yield running
    connections.drop()
    running.controller.stop()


def invitations_sent(game, inviter, names: list[str]) -> list[Outbox]:
    """An invitation to each address, delivered in this thread as a worker delivers it."""
    rows = []
    for name in names:
        invitations.invite(game, f"{name}@example.com", inviter)
        row = Outbox.objects.get(kind=Outbox.Kind.INVITATION, to=f"{name}@example.com")
        outbox.deliver(row.pk)
        row.refresh_from_db()
        rows.append(row)
    return rows


def test_a_worker_sends_one_email_after_another_over_one_connection(db, server, make_user):
    mailbox = server.mailbox
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 4)
    rows = invitations_sent(game, ann, ["zoe", "yan", "xia"])
    assert [row.status for row in rows] == [Outbox.Status.SENT] * 3
    assert len(mailbox.received) == 3
    assert len({mail.peer for mail in mailbox.received}) == 1


def test_after_the_server_hung_up_the_next_email_goes_out_once_on_a_new_connection(
    db, server, make_user
):
    mailbox = server.mailbox
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 4)
    invitations_sent(game, ann, ["zoe"])
    server.restart()  # the kept connection's other end is gone
    (row,) = invitations_sent(game, ann, ["yan"])
    assert row.status == Outbox.Status.SENT
    assert row.attempts == 1 and row.last_error == ""
    assert [mail.rcpt_tos for mail in mailbox.received] == [
        ["zoe@example.com"],
        ["yan@example.com"],
    ]
    assert len({mail.peer for mail in mailbox.received}) == 2


def test_a_connection_is_left_for_a_new_one_after_so_many_emails(
    db, server, make_user, monkeypatch
):
    mailbox = server.mailbox
    monkeypatch.setattr(connections, "MOST_MESSAGES", 2)
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 4)
    invitations_sent(game, ann, ["zoe", "yan", "xia"])
    peers = [mail.peer for mail in mailbox.received]
    assert peers[0] == peers[1] != peers[2]
