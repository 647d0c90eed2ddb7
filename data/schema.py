"""The schema as numbered migrations, for SQLite (PostgreSQL's, number for number:
data/schema_pg.py). `PRAGMA user_version` records how many are applied; a migration is never
edited once released — a change is a new migration at the end of both lists."""

from __future__ import annotations

# a game's first counts moved into named values (migration 7): the same SQL on both engines
TALLIES_MOVED = """
    INSERT INTO tallies SELECT player_id, group_id, game, 'places', places FROM stats WHERE places != 0;
    INSERT INTO tallies SELECT player_id, group_id, game, 'smothers', smothers FROM stats WHERE smothers != 0;
    INSERT INTO tallies SELECT player_id, group_id, game, 'burns', burns FROM stats WHERE burns != 0;
    INSERT INTO tallies SELECT player_id, group_id, game, 'points_opened', points_opened FROM stats
        WHERE points_opened != 0;
    ALTER TABLE stats DROP COLUMN places;
    ALTER TABLE stats DROP COLUMN smothers;
    ALTER TABLE stats DROP COLUMN burns;
    ALTER TABLE stats DROP COLUMN points_opened;
"""
# a username looked up whatever its case (migration 14): the same SQL on both engines
USERNAME_INDEX = """
    DROP INDEX players_by_username;
    CREATE INDEX players_by_username ON players(lower(username));
"""

MIGRATIONS: tuple[str, ...] = (
    # 1: everything the referee keeps
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,                     -- the Telegram user id
        name TEXT NOT NULL,
        language TEXT,                              -- chosen with /lang, else Telegram's
        private_chat INTEGER NOT NULL DEFAULT 0,    -- the bot may write to them
        created_at REAL NOT NULL
    );
    CREATE TABLE groups (
        id INTEGER PRIMARY KEY,                     -- the Telegram chat id
        title TEXT NOT NULL DEFAULT '',
        language TEXT,
        defaults TEXT NOT NULL DEFAULT '{}',        -- JSON: per game, time control and options
        many_tables INTEGER NOT NULL DEFAULT 0      -- more than one running table allowed
    );
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        group_id INTEGER NOT NULL REFERENCES groups(id),
        game TEXT NOT NULL CHECK (game IN ('gouji', 'gongzhu')),
        rules TEXT NOT NULL,                        -- JSON of the Rules' fields
        time_control TEXT NOT NULL,                 -- fast | normal | slow | custom
        move_seconds REAL NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'stopped')),
        version INTEGER NOT NULL DEFAULT 0,         -- every committed change adds one
        creator_id INTEGER REFERENCES players(id),
        created_at REAL NOT NULL,
        deadline_at REAL,                           -- the current decision's deadline
        reminder_at REAL                            -- its reminder, until sent
    );
    CREATE INDEX tables_by_group ON tables(group_id, status);
    CREATE INDEX tables_by_status ON tables(status);
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,                      -- the lobby's join order until the start
        player_id INTEGER REFERENCES players(id),   -- NULL for a bot
        team INTEGER,                               -- the team chosen in the lobby (teams=chosen)
        autopilot INTEGER NOT NULL DEFAULT 0,
        strikes INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX one_seat_per_player ON seats(table_id, player_id) WHERE player_id IS NOT NULL;
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        table_id INTEGER NOT NULL REFERENCES tables(id),
        number INTEGER NOT NULL,                    -- 1, then one more per rematch
        seed TEXT NOT NULL,
        started_at REAL NOT NULL,
        ended_at REAL,
        end_reason TEXT,
        totals TEXT,                                -- JSON, once over
        UNIQUE (table_id, number)
    );
    CREATE TABLE hands (                            -- 够级 hands and 拱猪 deals
        match_id INTEGER NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        seed TEXT NOT NULL,
        started_at REAL NOT NULL,
        ended_at REAL,
        scores TEXT,                                -- JSON, once over
        PRIMARY KEY (match_id, number)
    ) WITHOUT ROWID;
    CREATE TABLE moves (                            -- append-only: the match is its replay
        match_id INTEGER NOT NULL REFERENCES matches(id),
        ply INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('move', 'timeout', 'forfeit', 'stop')),
        move TEXT NOT NULL DEFAULT '',
        actor TEXT NOT NULL CHECK (actor IN ('player', 'bot', 'autopilot', 'timeout', 'referee')),
        player_id INTEGER,
        at REAL NOT NULL,
        PRIMARY KEY (match_id, ply)
    ) WITHOUT ROWID;
    CREATE TRIGGER moves_are_never_changed BEFORE UPDATE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    CREATE TRIGGER moves_are_never_deleted BEFORE DELETE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    CREATE TABLE messages (                         -- Telegram messages the interface edits
        table_id INTEGER NOT NULL REFERENCES tables(id),
        chat_id INTEGER NOT NULL,
        purpose TEXT NOT NULL,                      -- lobby | table | hand | turn
        message_id INTEGER NOT NULL,
        PRIMARY KEY (table_id, chat_id, purpose)
    ) WITHOUT ROWID;
    CREATE TABLE stats (
        player_id INTEGER NOT NULL REFERENCES players(id),
        group_id INTEGER NOT NULL REFERENCES groups(id),
        game TEXT NOT NULL,
        matches INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        hands INTEGER NOT NULL DEFAULT 0,
        points INTEGER NOT NULL DEFAULT 0,
        timeouts INTEGER NOT NULL DEFAULT 0,
        forfeits INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player_id, group_id, game)
    ) WITHOUT ROWID;
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    """,
    # 2: a lobby's join link carries an unguessable token, never the table id (docs/security.md)
    """
    ALTER TABLE tables ADD COLUMN join_token TEXT;
    UPDATE tables SET join_token = lower(hex(randomblob(12)));
    CREATE UNIQUE INDEX tables_by_join_token ON tables(join_token);
    """,
    # 3: which games exist is the registry's to say (engine/games.py), not the schema's: the
    # CHECK on `tables.game` goes, so adding a game needs no migration. SQLite drops a CHECK only
    # by rebuilding the table (its "twelve steps"; the store runs this with foreign keys off).
    """
    CREATE TABLE tables_rebuilt (
        id INTEGER PRIMARY KEY,
        group_id INTEGER NOT NULL REFERENCES groups(id),
        game TEXT NOT NULL,                         -- a name in engine.games.GAMES
        rules TEXT NOT NULL,
        time_control TEXT NOT NULL,
        move_seconds REAL NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'stopped')),
        version INTEGER NOT NULL DEFAULT 0,
        creator_id INTEGER REFERENCES players(id),
        created_at REAL NOT NULL,
        deadline_at REAL,
        reminder_at REAL,
        join_token TEXT
    );
    INSERT INTO tables_rebuilt
        SELECT id, group_id, game, rules, time_control, move_seconds, status, version, creator_id,
               created_at, deadline_at, reminder_at, join_token
        FROM tables;
    DROP TABLE tables;
    ALTER TABLE tables_rebuilt RENAME TO tables;
    CREATE INDEX tables_by_group ON tables(group_id, status);
    CREATE INDEX tables_by_status ON tables(status);
    CREATE UNIQUE INDEX tables_by_join_token ON tables(join_token);
    """,
    # 4: a player who plays in the Mini App may keep their private chat quiet: one
    # short message per table instead of hand pictures and keyboards
    """
    ALTER TABLE players ADD COLUMN quiet INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: the league: skill ratings per group and game and for every group together,
    # each match's rating changes (the history a profile charts), the order matches were rated
    # in (a rebuild replays them in it), a profile's counts, and usernames for `/me @name`
    """
    CREATE TABLE ratings (
        scope INTEGER NOT NULL,                     -- the group's chat id; 0: every group
        game TEXT NOT NULL,
        rater INTEGER NOT NULL,                     -- a player's id, or a bot level's (negative)
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        matches INTEGER NOT NULL,                   -- rated matches
        PRIMARY KEY (scope, game, rater)
    ) WITHOUT ROWID;
    CREATE TABLE rating_changes (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        scope INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        game TEXT NOT NULL,
        rater INTEGER NOT NULL,
        side INTEGER NOT NULL,                      -- the seat's team (or the seat alone)
        rank INTEGER NOT NULL,                      -- 0: first; equal ranks tied
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        matches INTEGER NOT NULL,                   -- the rater's rated matches, this one included
        at REAL NOT NULL,
        PRIMARY KEY (match_id, scope, seat)
    ) WITHOUT ROWID;
    CREATE INDEX rating_changes_by_rater ON rating_changes(scope, game, rater, at);
    ALTER TABLE matches ADD COLUMN rated_order INTEGER;
    ALTER TABLE stats ADD COLUMN places INTEGER NOT NULL DEFAULT 0;     -- 够级: sum of places
    ALTER TABLE stats ADD COLUMN smothers INTEGER NOT NULL DEFAULT 0;   -- 闷 made
    ALTER TABLE stats ADD COLUMN burns INTEGER NOT NULL DEFAULT 0;      -- 烧 won
    ALTER TABLE stats ADD COLUMN points_opened INTEGER NOT NULL DEFAULT 0;  -- 开点
    ALTER TABLE players ADD COLUMN username TEXT;
    CREATE INDEX players_by_username ON players(username COLLATE NOCASE);
    """,
    # 6: what a group is owed: a notice that ends a round or the match (its score
    # sheet, its result, the rating changes) is written in the transaction of the change and
    # deleted once told, so a crash between the two tells it after the restart
    """
    CREATE TABLE owed (
        id INTEGER PRIMARY KEY,
        table_id INTEGER NOT NULL REFERENCES tables(id),
        notice BLOB NOT NULL                        -- the referee's Notice, pickled by this bot
    );
    """,
    # 7: a game's own statistics are named values, not a column per statistic of one
    # game: the first game's columns' counts move into `tallies`; a new game's need no migration
    """
    CREATE TABLE tallies (
        player_id INTEGER NOT NULL REFERENCES players(id),
        group_id INTEGER NOT NULL REFERENCES groups(id),
        game TEXT NOT NULL,
        name TEXT NOT NULL,                         -- the game's statistic (engine.pack.Game.tallies)
        value INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player_id, group_id, game, name)
    ) WITHOUT ROWID;
"""
    + TALLIES_MOVED,
    # 8: a finished match's review, computed once in the search workers and kept:
    # per person's decision in play, the best move the search found, the loss and its mark
    """
    CREATE TABLE reviews (
        match_id INTEGER PRIMARY KEY REFERENCES matches(id),
        body TEXT NOT NULL,                         -- JSON: engine.review's judgements by round
        created_at REAL NOT NULL
    );
    """,
    # 9: which judge made a review (a review by another judge is made again when asked), the
    # group's message that told it (a second /review points to it), and whether a player lets
    # the members of their groups drill their reviewed mistakes (/drill)
    """
    ALTER TABLE reviews ADD COLUMN judge TEXT NOT NULL DEFAULT '';
    ALTER TABLE reviews ADD COLUMN told_message INTEGER;
    ALTER TABLE players ADD COLUMN drills_shared INTEGER NOT NULL DEFAULT 0;
    """,
    # 10: who asked to be told privately when a table opens in a group (/notify), and when each
    # was last told (at most once an hour)
    """
    CREATE TABLE notify (
        group_id INTEGER NOT NULL,
        player_id INTEGER NOT NULL,
        last_told REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (group_id, player_id)
    );
    """,
    # 11: a person waiting to take a bot's seat at a running table's next round boundary
    """
    ALTER TABLE seats ADD COLUMN heir INTEGER;
    """,
    # 12: the quick tables' pool (/quick): one queue a person, kept across restarts; the first
    # name strangers see of each other; and until when the pool skips a player who timed out
    # into autopilot at a quick table
    """
    CREATE TABLE pool (
        player_id INTEGER PRIMARY KEY,              -- one queue a person
        game TEXT NOT NULL,
        preset TEXT NOT NULL,                       -- the rules' preset, or 'default'
        pace TEXT NOT NULL,                         -- a named time control
        since REAL NOT NULL
    );
    ALTER TABLE players ADD COLUMN first_name TEXT;
    ALTER TABLE players ADD COLUMN pool_barred_until REAL NOT NULL DEFAULT 0;
    """,
    # 13: the daily deal (/daily): who played which day's deal of which game, at which table, and
    # their score once finished (one try a day); the groups that hear yesterday's places daily
    """
    CREATE TABLE daily (
        day TEXT NOT NULL,                          -- the UTC date, YYYY-MM-DD
        game TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        table_id INTEGER NOT NULL REFERENCES tables(id),
        score INTEGER,                              -- the seat's total, once the deal is over
        finished_at REAL,
        PRIMARY KEY (day, game, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX daily_by_table ON daily(table_id);
    ALTER TABLE groups ADD COLUMN daily_line INTEGER NOT NULL DEFAULT 0;
    """,
    # 14: a username is looked up whatever its case, in the SQL both engines read (lower())
    USERNAME_INDEX,
    # 15: an owed notice whose players were told (their results, in private) while its group's
    # part still waited for the group's budget: told again after a crash, it tells the group only
    """
    ALTER TABLE owed ADD COLUMN told_privately INTEGER NOT NULL DEFAULT 0;
    """,
    # 16: the table's version each move was made on: a press or a page's post delivered again
    # after its move was committed (a double press, an owner dying before it answered) is
    # recognised as that very move and answered as made, not as out of date
    """
    ALTER TABLE moves ADD COLUMN version INTEGER;
    """,
)
