import type { NodeApiError, JsonObject } from 'n8n-workflow';

import type { WorkforceContext } from '../transport';
import { errorWithOwnMessage } from '../transport/errors';

/** The words of a failed extraction: what failed, how far it got, and that nothing was output. */

/** Pages and records received before the failure (of the whole run, partitions included). */
export interface Progress {
	pages: number;
	records: number;
}

export interface ErrorLabel {
	/** Label for messages, e.g. "Get time registrations". */
	what?: string;
	path: string;
	itemIndex?: number;
	/** Named when the run is partitioned, e.g. "partition 3 of 12 (2026-03-01 to 2026-04-01)". */
	partition?: string;
}

export function progressError(
	ctx: WorkforceContext,
	label: ErrorLabel,
	progress: Progress,
	reason: string,
	cause: unknown,
): NodeApiError {
	const name = label.what ?? `GET ${label.path}`;
	const where = label.partition ? `${label.partition}: ` : '';
	const got = `${progress.pages} page${progress.pages === 1 ? '' : 's'} and ${progress.records} record${progress.records === 1 ? '' : 's'} received before it stopped`;
	const causeMessage = (cause as { message?: string } | undefined)?.message;
	const message = `${name} failed: ${where}${reason} (${got})${causeMessage ? `: ${causeMessage}` : ''}`;
	const httpCode = (cause as { httpCode?: string | null } | undefined)?.httpCode ?? undefined;
	// Ours says how far it got, also when the cause was a network code.
	const error = errorWithOwnMessage(
		ctx.getNode(),
		{ message, httpCode: httpCode ?? null } as JsonObject,
		{
			message,
			description: [
				// A 429 says when to try again (from Retry-After); keep that advice in front.
				String(httpCode) === '429' ? ((cause as { description?: string }).description ?? '') : '',
				// A failure the service named by code (e.g. a token of the other sync mode) keeps its fix in front too.
				String(
					(cause as { context?: { codeAdvice?: unknown } } | undefined)?.context?.codeAdvice ?? '',
				),
				'Nothing was output, because a partial extraction would look complete. Run the node again (the whole range is read again); if it keeps failing, narrow the date range or retry later.',
			]
				.filter(Boolean)
				.join(' '),
			httpCode: httpCode ?? undefined,
			itemIndex: label.itemIndex,
		},
	);
	error.context.pagesReceived = progress.pages;
	error.context.recordsReceived = progress.records;
	// What went wrong in the service's or the network's words, for a run that names its failure (issue 34).
	error.context.causeMessage = causeMessage ?? reason;
	return error;
}
