-- +goose Up
-- Tournaments for people: Swiss events and arenas, run by whichever
-- instance holds a tournament's lease.
--
-- status is scheduled, running, finished or cancelled; time_control is
-- the JSON of the tables' clock ('' for none); rounds is a Swiss event's
-- number of rounds, duration_ms an arena's length; creator is the
-- account that scheduled it ('' for the operator). lease_owner and
-- lease_ms say which instance drives it until when; lease_epoch counts
-- the claims, and a write of a stale owner is refused.
CREATE TABLE tournaments (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    format        TEXT NOT NULL,
    options       TEXT NOT NULL,
    time_control  TEXT NOT NULL,
    table_size    INTEGER NOT NULL,
    rounds        INTEGER NOT NULL,
    duration_ms   INTEGER NOT NULL,
    min_players   INTEGER NOT NULL,
    starts_ms     INTEGER NOT NULL,
    creator       TEXT NOT NULL,
    status        TEXT NOT NULL,
    cancel_reason TEXT NOT NULL,
    round         INTEGER NOT NULL,
    created_ms    INTEGER NOT NULL,
    started_ms    INTEGER NOT NULL,
    finished_ms   INTEGER NOT NULL,
    lease_owner   TEXT NOT NULL,
    lease_ms      INTEGER NOT NULL,
    lease_epoch   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tournaments_status ON tournaments (status, starts_ms);
-- The entrants: an account (entrant 'a:' || account id) or a bot level
-- (entrant 'b:' || level); rating is theirs when they joined.
-- withdrawn_ms is 0 while they play on.
CREATE TABLE tournament_entrants (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entrant       TEXT NOT NULL,
    account_id    TEXT NOT NULL,
    bot           TEXT NOT NULL,
    name          TEXT NOT NULL,
    rating        REAL NOT NULL,
    joined_ms     INTEGER NOT NULL,
    withdrawn_ms  INTEGER NOT NULL,
    withdraw_reason TEXT NOT NULL,
    PRIMARY KEY (tournament_id, entrant)
) WITHOUT ROWID;
-- The games: one row per board of a round (an arena numbers its pairing
-- waves as rounds), unique so that a round's tables are made once.
-- players and ranks are JSON lists of entrants and their ranks ('' until
-- the game ends); outcome is '' for a game played (or under way), 'bye'
-- for a Swiss bye (one player, no table), 'forfeit' or 'aborted'; table_id is '' until the table is made; owner_token
-- is the table's owner token, which lets the runner call off a table
-- nobody came to.
CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    table_id      TEXT NOT NULL,
    owner_token   TEXT NOT NULL,
    players       TEXT NOT NULL,
    ranks         TEXT NOT NULL,
    outcome       TEXT NOT NULL,
    created_ms    INTEGER NOT NULL,
    finished_ms   INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE tournament_games;
DROP TABLE tournament_entrants;
DROP INDEX tournaments_status;
DROP TABLE tournaments;
