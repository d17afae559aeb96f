-- +goose Up
-- Notifications outside the tab: Web Push and e-mail.
--
-- The server's VAPID key pair, made once (name 'vapid'): every instance
-- sharing the store signs its pushes with it.
CREATE TABLE server_keys (
    name       TEXT PRIMARY KEY,
    public_key TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
-- The push subscriptions of the accounts' browsers, by endpoint URL.
CREATE TABLE push_subscriptions (
    endpoint   TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);
-- The kinds of notification an account opted in to ("turn", "takeback").
CREATE TABLE notify_kinds (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    PRIMARY KEY (account_id, kind)
);
-- The outbox: one row per notification of an event, unique by account,
-- kind, table and event number, so that an event noticed twice (again
-- after a restart) is sent once. status is pending, sent or dropped; a
-- sender claims a pending row by moving due_ms past its lease.
CREATE TABLE notifications (
    id         BIGSERIAL PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    table_id   TEXT NOT NULL,
    event_n    BIGINT NOT NULL,
    status     TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL,
    due_ms     BIGINT NOT NULL,
    UNIQUE (account_id, kind, table_id, event_n)
);
CREATE INDEX notifications_due ON notifications (status, due_ms);
-- An account's e-mail address: verified once its link was followed;
-- digest asks for the daily digest of tables waiting.
CREATE TABLE account_emails (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    address    TEXT NOT NULL,
    verified   BOOLEAN NOT NULL DEFAULT FALSE,
    digest     BOOLEAN NOT NULL DEFAULT FALSE,
    digest_ms  BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX account_emails_address ON account_emails (address);
-- Single-use tokens sent by mail (purpose 'verify' or 'reset'): the
-- SHA-256 of the token, removed when used.
CREATE TABLE email_tokens (
    hash       BYTEA PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,
    address    TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);

-- +goose Down
DROP TABLE email_tokens;
DROP INDEX account_emails_address;
DROP TABLE account_emails;
DROP INDEX notifications_due;
DROP TABLE notifications;
DROP TABLE notify_kinds;
DROP INDEX push_subscriptions_account;
DROP TABLE push_subscriptions;
DROP TABLE server_keys;
