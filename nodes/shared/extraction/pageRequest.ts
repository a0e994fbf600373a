import {
	NodeApiError,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type JsonObject,
} from 'n8n-workflow';

import { plural } from '../plural';
import { transportError, workforceRequest, type WorkforceContext } from '../transport';
import { readBytes, readText } from '../transport/body';
import { errorWithOwnMessage } from '../transport/errors';
import type { PageDecoder } from './pageDecoder';
import { decideRetry, httpStatus, retryAfterOf, type RetryPolicy } from './retryPolicy';

/** One page's request: sent, retried, its answer read whole (text, or bytes into the decoder's buffer). */

export interface PageRequestOptions {
	/** e.g. "Get time registrations". */
	what?: string;
	path: string;
	itemIndex?: number;
	partition?: string;
	retry?: RetryPolicy;
	/** ms. */
	timeout?: number;
	/** jsonPages by default; with `bytes`, answers are read into buffers of its own. */
	decoder?: PageDecoder;
	/** Waits for a place among the run's requests in flight (partitions: the slice the sink needs next first). */
	acquire?: () => Promise<RequestSlot>;
}

/** One request's place in the gate the streams of one run share (the node's RequestGate). */
export interface RequestSlot {
	release(): void;
	succeeded(): void;
	/** 429, or 503 `overloaded`, with its Retry-After: the signal to send fewer requests at once. */
	pushedBack(retryAfterMs?: number | null, overloaded?: boolean): void;
}

const STREAMED_GET = { api: 'extraction', method: 'GET', stream: true } as const;

export async function requestPage(
	this: WorkforceContext,
	options: PageRequestOptions,
	qs: IDataObject,
	progress: Progress,
	credentials: ICredentialDataDecryptedObject,
): Promise<string | Buffer> {
	// The label (what, path, itemIndex) and the timeout as the caller gave them.
	const request = { ...options, ...STREAMED_GET, qs, credentials };
	for (let attempt = 1; ; attempt++) {
		const slot = await options.acquire?.();
		let waitMs: number;
		try {
			const { body } = await workforceRequest.call(this, request);
			const raw = await readBody(this, body, options);
			slot?.succeeded();
			return raw;
		} catch (error) {
			const status = httpStatus(error);
			if (status === '429' || status === '503')
				slot?.pushedBack(retryAfterOf(error), status === '503');
			const decision = decideRetry(error, attempt, options.retry, options.timeout);
			if ('reason' in decision) {
				// Already a NodeApiError: wrapping returns the same instance.
				if (decision.final && progress.pages === 0 && !options.partition)
					throw new NodeApiError(this.getNode(), error as JsonObject);
				const reason = `page ${progress.pages + 1} ${decision.reason}`;
				throw progressError(this, options, progress, reason, error, decision.reason);
			}
			waitMs = decision.waitMs;
		} finally {
			slot?.release();
		}
		// Given back before waiting, so other partitions go on.
		await sleep(waitMs);
	}
}

/** The answer read whole; lost part-way, it is retried as a dropped connection. */
async function readBody(ctx: WorkforceContext, body: unknown, options: PageRequestOptions) {
	try {
		return options.decoder?.bytes
			? await readBytes(body, options.timeout, options.decoder.bytes)
			: await readText(body, options.timeout);
	} catch (cause) {
		const { code, message } = cause as { code?: string; message: string };
		const lost = { code: code && /^E[A-Z]+$/.test(code) ? code : 'ECONNRESET', message };
		throw transportError(ctx, lost, options);
	}
}

/** Received before the failure, of the whole run. */
export interface Progress {
	pages: number;
	records: number;
}

export function progressError(
	ctx: WorkforceContext,
	label: PageRequestOptions,
	progress: Progress,
	reason: string,
	cause?: unknown,
	/** The reason without its page: a run that stops part-way counts pages its own way (helpers/resume.ts). */
	pageFailure?: string,
): NodeApiError {
	// Usually the transport's NodeApiError; none when the answer itself is wrong.
	const failure = (cause ?? {}) as Partial<NodeApiError>;
	const { httpCode, message: causeMessage } = failure;
	const got = `${plural(progress.pages, 'page')} and ${plural(progress.records, 'record')} received before it stopped`;
	const where = label.partition ? `${label.partition}: ` : '';
	const what = label.what ?? `GET ${label.path}`;
	const message = `${what} failed: ${where}${reason} (${got})${causeMessage ? `: ${causeMessage}` : ''}`;
	const description = [
		// A 429's advice on when to retry, and a service code's fix, stay in front.
		String(httpCode) === '429' ? failure.description : '',
		String(failure.context?.codeAdvice ?? ''),
		'Nothing was output, because a partial extraction would look complete. Run the node again (the whole range is read again); if it keeps failing, narrow the date range or retry later.',
	];
	const response = { message, httpCode: httpCode ?? null };
	const error = errorWithOwnMessage(ctx.getNode(), response, {
		message,
		description: description.filter(Boolean).join(' '),
		httpCode: httpCode ?? undefined,
		itemIndex: label.itemIndex,
	});
	// causeMessage: for a run that names its failure (issue 34).
	Object.assign(error.context, {
		what,
		pageFailure,
		pagesReceived: progress.pages,
		recordsReceived: progress.records,
		causeMessage: causeMessage ?? reason,
	});
	return error;
}
