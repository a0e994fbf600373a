import type { NodeApiError, JsonObject } from 'n8n-workflow';

import type { WorkforceContext } from '../transport';
import { errorWithOwnMessage } from '../transport/errors';

/** Received before the failure, of the whole run. */
export interface Progress {
	pages: number;
	records: number;
}

export interface ErrorLabel {
	/** e.g. "Get time registrations". */
	what?: string;
	path: string;
	itemIndex?: number;
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
	const error = errorWithOwnMessage(
		ctx.getNode(),
		{ message, httpCode: httpCode ?? null } as JsonObject,
		{
			message,
			description: [
				// A 429's advice on when to retry, and a service code's fix, stay in front.
				String(httpCode) === '429' ? ((cause as { description?: string }).description ?? '') : '',
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
	// For a run that names its failure (issue 34).
	error.context.causeMessage = causeMessage ?? reason;
	return error;
}
