import type { IExecuteFunctions } from 'n8n-workflow';

import { isVersion2 } from '../../../shared/nodeVersion';

/** Above this many output items in one run, the node suggests File output. */
export const MANY_ITEMS = 100_000;

/**
 * n8n holds every item of a run in memory and saves the whole run data as one string: around a
 * million extraction records the execution can no longer be saved at all. Say so while it still works.
 */
export function manyItemsHint(ctx: IExecuteFunctions, items: number) {
	if (items <= MANY_ITEMS) return;
	// Version 2 (issue 46) also says what fits an instance's memory; version 1's text stays as it was.
	const fits = isVersion2(ctx)
		? ' What fits the memory of your instance, and how to read more window by window: docs/bulk-extraction.md#small-instances.'
		: '';
	ctx.addExecutionHints({
		message: `This run output ${items.toLocaleString('en-US')} items. n8n keeps every item in memory and saves the whole run as one piece of data, which takes gigabytes at this size and fails past about a million records. Set Output to File: the records are written page by page into one file (NDJSON or CSV, optionally gzip), memory stays flat and the execution small.${fits}`,
		location: 'outputPane',
	});
}
