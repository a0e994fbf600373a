/**
 * Issue 46: MB (1,000,000 bytes) of records a node version 2 run reads into items, and a trigger
 * version 2 poll emits, at most by default. A time registration is about 1,400 bytes, so 10 MB is
 * about 7,000 of them: on an n8n held to 640 MiB, 10,000 (14 MB) into items completed and 20,000
 * (28 MB) took n8n down (docs/bulk-extraction.md#small-instances).
 */
export const DEFAULT_ITEM_BUDGET_MB = 10;
