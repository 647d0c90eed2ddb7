"""A third game that lives only in the tests: 吃墩 (Tricks), a small trick-taking game
for three, registered through the public pack API (`handlers.packs.register`) with no platform
file naming it. Its rules are in `rules.md` beside this file."""
