-- The money path, part one: one NGN wallet per organisation, an append-only journal of every
-- movement with its cause and the balance after it, holds (available = balance - held), and the
-- second-approver tokens of large manual adjustments.

CREATE TABLE wallets (
  organisation_id            text PRIMARY KEY REFERENCES organisations (id),
  balance_kobo               bigint NOT NULL DEFAULT 0,
  held_kobo                  bigint NOT NULL DEFAULT 0,
  low_balance_threshold_kobo bigint NOT NULL DEFAULT 0 CHECK (low_balance_threshold_kobo >= 0),
  currency                   text NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  -- A balance can never go negative, and holds can never exceed it (CONVENTIONS rule 6).
  CHECK (balance_kobo >= 0),
  CHECK (held_kobo >= 0 AND held_kobo <= balance_kobo)
);
INSERT INTO wallets (organisation_id) SELECT id FROM organisations;

-- The journal. operation_id names the money operation (ver:<id>, pay:<reference>, adj:<reference>)
-- and is unique, so no operation can move money twice.
CREATE TABLE ledger_entries (
  id                 text PRIMARY KEY,
  organisation_id    text NOT NULL REFERENCES wallets (organisation_id),
  type               text NOT NULL CHECK (type IN ('DEPOSIT', 'DEBIT', 'ADJUSTMENT')),
  amount_kobo        bigint NOT NULL CHECK (amount_kobo <> 0),
  balance_after_kobo bigint NOT NULL CHECK (balance_after_kobo >= 0),
  cause              text NOT NULL CHECK (cause IN ('VERIFICATION', 'PAYMENT', 'ADJUSTMENT')),
  operation_id       text NOT NULL,
  reference          text NOT NULL,
  description        text NOT NULL,
  reason             text NULL,
  adjusted_by        text NULL REFERENCES users (id),
  approved_by        text NULL REFERENCES users (id),
  created_at         timestamptz NOT NULL,
  CHECK ((type = 'DEBIT') = (amount_kobo < 0) OR type = 'ADJUSTMENT'),
  CHECK (cause <> 'ADJUSTMENT' OR (reason IS NOT NULL AND adjusted_by IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_entries_operation_key ON ledger_entries (operation_id);
CREATE INDEX ledger_entries_wallet_idx ON ledger_entries (organisation_id, created_at DESC, id DESC);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only';
END;
$$;
CREATE TRIGGER ledger_entries_no_change
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- Money set aside for a verification in flight; captured (billable) or released.
CREATE TABLE holds (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES wallets (organisation_id),
  amount_kobo     bigint NOT NULL CHECK (amount_kobo > 0),
  status          text NOT NULL CHECK (status IN ('HELD', 'CAPTURED', 'RELEASED')),
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL,
  settled_at      timestamptz NULL
);
CREATE INDEX holds_expiry_idx ON holds (expires_at) WHERE status = 'HELD';

-- A second platform admin's approval of one large adjustment: single use, 15 minutes, bound to the
-- organisation, amount and reason; only its hash is stored.
CREATE TABLE adjustment_approvals (
  id              text PRIMARY KEY,
  token_hash      bytea NOT NULL,
  organisation_id text NOT NULL REFERENCES organisations (id),
  amount_kobo     bigint NOT NULL,
  reason          text NOT NULL,
  issued_by       text NOT NULL REFERENCES users (id),
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz NULL,
  created_at      timestamptz NOT NULL
);
CREATE UNIQUE INDEX adjustment_approvals_token_key ON adjustment_approvals (token_hash);
