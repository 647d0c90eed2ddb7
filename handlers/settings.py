"""The lobby's settings keyboard: a button per option that players change at the table (a switch,
or a choice that steps to the next value), and the time control. Every other option is set with
`key=value` after the game's command (`/<game>`). Which options have a button is each game's
to say (`GameUI.switches`)."""

from __future__ import annotations

from collections.abc import Mapping

from telegram import InlineKeyboardMarkup

from engine.games import GAMES
from handlers.callbacks import Action
from handlers.games import ui
from handlers.i18n import has, t
from handlers.keyboards import Keys, rows

TIMES = ("fast", "normal", "slow")
TIME = "time"  # the settings button's argument for the time control


def next_value(game: str, name: str, value: object) -> str:
    """The value a press moves the option to: a switch flips, a choice steps round."""
    if isinstance(value, bool):
        return str(not value).lower()
    steps = ui(game).option_values.get(name) or tuple(map(str, GAMES[game].rules_type.choices.get(name, ())))
    text = str(value)
    return steps[(steps.index(text) + 1) % len(steps)] if text in steps else steps[0]


def step(game: str, name: str, options: Mapping[str, object]) -> dict[str, str]:
    """The options one press of the setting `name` changes: its next value, and what that implies."""
    value = next_value(game, name, options.get(name))
    return {name: value, **ui(game).implied.get((name, value), {})}


def next_time(current: str) -> str:
    """fast → normal → slow → fast; a custom time steps to fast."""
    return TIMES[(TIMES.index(current) + 1) % len(TIMES)] if current in TIMES else TIMES[0]


def value_label(lang: str, value: object, option: str = "") -> str:
    """A value as players read it; `value.<option>_<value>` where one word means different
    things for different options (猪羊变色's `chosen` is not the teams' `chosen`)."""
    if isinstance(value, bool):
        return "✓" if value else "✗"
    for key in (f"value.{option}_{value}", f"value.{value}"):
        if has(key):
            return t(lang, key)
    return str(value)


def options_text(lang: str, game: str, options: Mapping[str, object], time: str | None = None) -> str:
    """The table's rules in words (`设置：开点: ✗ · 副数: 2`): every option that differs from the
    game's defaults (those of its variant, after the variant itself), and the time control if
    given; never `key=value`."""
    rules_type = GAMES[game].rules_type
    chosen = {name: str(options[name]) for name in rules_type.presets if name in options}
    defaults = rules_type.from_options(chosen).to_dict()
    defaults.update({name: rules_type().to_dict()[name] for name in chosen})
    changed = [name for name in defaults if options.get(name, defaults[name]) != defaults[name]]
    words = [f"{t(lang, 'option.time')}: {value_label(lang, time)}"] if time else []
    for name in changed:
        title = t(lang, f"option.{name}") if has(f"option.{name}") else name
        words.append(f"{title}: {value_label(lang, options[name], name)}")
    return t(lang, "lobby.options", options=" · ".join(words)) if words else t(lang, "lobby.no_options")


def keyboard(keys: Keys, game: str, options: Mapping[str, object], time: str) -> InlineKeyboardMarkup:
    lang = keys.lang
    buttons = [keys.button(f"{t(lang, 'option.time')}: {value_label(lang, time)}", Action.SETTINGS, TIME)]
    for name in ui(game).switches:
        label = f"{t(lang, f'option.{name}')}: {value_label(lang, options.get(name), name)}"
        buttons.append(keys.button(label, Action.SETTINGS, name))
    back = keys.button(t(lang, "play.back"), Action.SETTINGS, "-")
    return InlineKeyboardMarkup([*rows(buttons, 2), [back]])
