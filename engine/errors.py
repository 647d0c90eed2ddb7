"""Refusals with a reason key: the rules' `IllegalMove` and the referee's `Refused`."""

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
    "too_many": "No deal has more than {count} × {rank}.",
    "play_a_set": "“{text}” is not a move now: play a set that beats the table, or pass.",
    # 拱猪
    "unknown_card": "“{text}” is not a card: write a suit letter S H D C and a rank, like SQ or H10.",
    "one_or_two": "Play one card, or two: “{text}” is too many.",
    "lead_club_two": "The first lead of the match is the ♣2.",
    "lead_one_or_pair": "Lead one card or a pair of identical cards.",
    "play_size": "Play {size} card(s), as many as the lead.",
    "must_follow": "You must follow suit: play {suit} while you have it.",
    "pair_required": "You hold a pair of {suit}: a pair must answer a pair.",
    "held_back": "Your exposed {card} waits until the first {suit} trick is over.",
    "colour_discard": "Your discard must be {colour} while you have a {colour} card.",
    "claimed_once": "You have already claimed during this trick.",
    "claim_bad_card": "{card} is not one of the scoring cards still to be taken.",
    "answer_claim": "A claim is waiting: accept or reject it.",
    "play_a_card": "Play a card (or claim the rest).",
    # the referee
    "unknown_game": "“{game}” is not a game here: gouji or gongzhu.",
    "bad_option": "{error}",
    "option_unknown": "unknown option {option}; allowed: {allowed}",
    "option_switch": "{option} must be on or off",
    "option_number": "{option} must be a whole number of at most {digits} digits",
    "option_choice": "{option} must be one of {allowed}",
    "bad_time_control": "{error}",
    "unknown_table": "There is no such table.",
    "group_busy": "This group already has a table (#{table}): finish it or /stop it first.",
    "not_in_lobby": "The table has already started.",
    "not_running": "This table is not playing now.",
    "already_seated": "You already have a seat at this table.",
    "table_full": "The table is full.",
    "not_seated": "You have no seat at this table.",
    "not_full": "The table needs {missing} more: invite friends or add bots.",
    "no_teams": "Teams are chosen only at tables with teams=chosen.",
    "bad_team": "Choose team 1 or 2.",
    "team_full": "Team {team} is full.",
    "no_bot": "There is no bot to remove.",
    "stale": "That button is out of date: the table has moved on.",
    "not_autopilot": "You are not on autopilot.",
    "not_over": "The match is still being played.",
    "not_allowed": "Only the table's creator or a group admin can do that.",
    "already_voted": "You have already voted to stop.",
    "no_match": "No match has been played at this table yet.",
    "record_after_end": "The record (every move, and the seed that rebuilds the deals) is handed out "
    "once the match is over. /score shows the standings now.",
}


class Refusal(ValueError):
    """A refused request. `key` and `params` let the interface translate the reason."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        template = MESSAGES.get(key, key)
        try:
            text = template.format(**params)
        except (KeyError, IndexError):
            text = template
        super().__init__(text)


class IllegalMove(Refusal):
    """A move the rules refuse."""


class Refused(Refusal):
    """A request the referee refuses (a stale button, a full table, …); nothing has changed."""
