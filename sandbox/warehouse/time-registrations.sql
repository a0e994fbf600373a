-- Warehouse table kept up to date by the "Warehouse sync" demo workflow
-- (sandbox/workflows/warehouse-sync.json): one row per time registration the service ever
-- reported, upserted by id. A deletion keeps the row, flagged, with the last record seen.
CREATE TABLE IF NOT EXISTS workforce_time_registrations (
	id                 text PRIMARY KEY,
	-- The record as the data extraction API returned it (NULL for a deletion of a record never synced).
	record             jsonb,
	-- The service's modification time of what the row holds: an older change never overwrites a newer one.
	modified_date_time timestamptz NOT NULL,
	deleted            boolean     NOT NULL DEFAULT false,
	deleted_date_time  timestamptz,
	synced_at          timestamptz NOT NULL DEFAULT now()
);

-- BI queries usually want the live rows only.
CREATE INDEX IF NOT EXISTS workforce_time_registrations_live ON workforce_time_registrations (modified_date_time) WHERE NOT deleted;
