"""aiosqlite: schema, migrations and the store of tables, seats, moves, players, stats.

The only code in the project that speaks SQL.
"""
