"""The 够级 set builder reaches every legal set in a few taps. With 6 6 6 6 and eight
wildcards, 100 of the 160 legal base-6 sets were out of reach (the list stopped at 60), and the
list ran to 21 rows."""

from __future__ import annotations

from engine.gouji import from_hands
from handlers.callbacks import Action, Signer
from handlers.gouji.keyboards import sets, sets_of
from handlers.keyboards import Keys

CHAT = 501


def test_every_legal_set_of_a_rank_is_reachable_and_no_keyboard_is_long() -> None:
    hand = "6 6 6 6 2 2 2 2 SJ SJ BJ BJ 9"
    game = from_hands([hand, "4", "4", "4", "4", "4"], leader=0)
    legal = [str(m) for m in game.legal_moves(0)]
    wanted = {legal[i] for i, found in sets_of(legal).items() if found.base == "6"}
    assert len(wanted) > 100
    signer = Signer("1:t")
    keys = Keys(signer, CHAT, "gouji", 1, 1, "zh")
    reached, taps, todo = set(), 0, [("6", 1)]
    while todo:
        step, depth = todo.pop()
        markup = sets(keys, legal, step)
        set_rows = [row for row in markup.inline_keyboard if row is not markup.inline_keyboard[-1]]
        assert len(set_rows) <= 4, (step, len(set_rows))
        for row in markup.inline_keyboard:
            for button in row:
                pressed = signer.load(button.callback_data, CHAT)
                if pressed.action in (Action.MOVE, Action.WARNED):
                    reached.add(legal[int(pressed.arg)])
                    taps = max(taps, depth + 1)
                elif pressed.action == Action.SETS and pressed.arg.count("/") >= step.count("/"):
                    todo.append((pressed.arg, depth + 1))  # a count of naturals, or the next page
    assert reached == wanted
    assert taps <= 6  # how many naturals, up to four pages of wildcards, the set
