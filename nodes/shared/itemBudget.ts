/**
 * Issue 46: MB (1,000,000 bytes) of records a node version 2 run reads into items, at most, by
 * default. A time registration is about 1,400 bytes, so 10 MB is about 7,000 of them: on an n8n
 * held to 640 MiB, 10,000 (14 MB) into items completed and 20,000 (28 MB) took n8n down
 * (docs/bulk-extraction.md#small-instances).
 */
export const DEFAULT_ITEM_BUDGET_MB = 10;

/**
 * Issue 46: MB of records one poll of trigger version 2 emits, at most. Smaller than the node's
 * budget, as a poll's workflow runs after it with the changes in hand and n8n saves the execution:
 * the sandbox's warehouse-sync (one upsert statement a poll) over 200,000 records at 640 MiB took
 * n8n down with polls of 10 MB (docs/bulk-extraction.md#small-instances, BENCHMARKS.md).
 */
export const TRIGGER_POLL_BUDGET_MB = 2;
