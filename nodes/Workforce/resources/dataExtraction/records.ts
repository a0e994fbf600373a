import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import type { ExtractionPage } from './pageStream';
import { returnAllReadLimit } from '../../tool/limit';

/** What every extraction operation shares around the paginator: Limit, page facts, taking records. */

/**
 * Return All as Infinity (as an AI tool: its result limit plus one), otherwise the Limit, refused
 * before any request when it is not a whole number of at least 1.
 */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number, fix: string): number {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean)
		return returnAllReadLimit(ctx, itemIndex);
	const raw = ctx.getNodeParameter('limit', itemIndex, 50);
	const limit = Number(raw);
	if (!Number.isInteger(limit) || limit < 1) {
		// Sent on as ChunkLimit, a Limit of 0 would come back as an error about a field the user never set.
		throw new NodeOperationError(
			ctx.getNode(),
			`Limit must be a whole number of at least 1, not ${String(raw)}`,
			{ description: fix, itemIndex },
		);
	}
	return limit;
}

/** The page's envelope facts, for users who asked for them (`_page` on each record). */
export function pageFacts(page: ExtractionPage, extra: IDataObject = {}): IDataObject {
	const { envelope } = page.decoded;
	return {
		pageNumber: page.pageNumber,
		syncTypeName: envelope.syncTypeName,
		recordCount: envelope.recordCount,
		deletedRecordCount: envelope.deletedRecordCount,
		...extra,
	};
}

/**
 * Hands records to `take` until the limit is reached. Leaving the loop ends the generator, so no
 * page is requested that is not needed.
 */
export async function takeRecords(
	pages: AsyncGenerator<ExtractionPage>,
	limit: number,
	take: (record: IDataObject, page: ExtractionPage) => Promise<void> | void,
): Promise<void> {
	let taken = 0;
	for await (const page of pages) {
		const { records } = page.decoded;
		const room = Math.min(records.length, limit - taken);
		for (let i = 0; i < room; i++) {
			// Await only what is a promise (image downloads): a bare await per record is a microtask turn each, 200,000 of them on Return All.
			const taken = take(records[i], page);
			if (taken) await taken;
		}
		taken += room;
		if (taken >= limit) break;
	}
}
