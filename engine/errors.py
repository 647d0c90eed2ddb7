"""The one exception the rules raise for a move that may not be made."""

from __future__ import annotations

# English texts of the reasons; handlers translate by key, these are the fallback wording.
MESSAGES: dict[str, str] = {
    "not_your_turn": "It is not your turn.",
    "no_decision": "There is nothing for you to decide now.",
    "game_over": "This hand is over.",
    "unknown_move": "“{text}” is not a move I understand.",
    "not_in_hand": "You do not hold {cards}.",
    "must_lead": "You are leading: you cannot pass.",
    "threes_last": "Your 3s go together, as your very last set (憋3).",
    "threes_no_wild": "3s never take wildcards.",
    "not_a_set": "{cards} is not one set: one rank, plus any 2s and jokers.",
    "wrong_size": "You must play {size} cards to beat {table}.",
    "too_small": "{move} does not beat {table}.",
    "burn_infeasible": "You cannot burn: after {move} your hand could not be played out "
    "with a joker in every set.",
    "burn_obligation": "After your burn every set you play must hold a joker, "
    "and leave a hand you can still play that way.",
    "bad_decision": "“{text}” is not one of your choices here: {choices}.",
}


class IllegalMove(ValueError):
    """A move the rules refuse. `key` and `params` let the interface translate the reason."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        template = MESSAGES.get(key, key)
        try:
            text = template.format(**params)
        except (KeyError, IndexError):
            text = template
        super().__init__(text)
