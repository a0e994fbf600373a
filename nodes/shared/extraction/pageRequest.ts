import {
	NodeApiError,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type JsonObject,
} from 'n8n-workflow';

import { transportError, workforceRequest, type WorkforceContext } from '../transport';
import { readBytes, readText } from '../transport/body';
import { errorWithOwnMessage } from '../transport/errors';
import { decideRetry, httpStatus, isPushback, retryAfterOf, type RetryPolicy } from './retryPolicy';

/** One page's request: sent, retried, its answer read whole (text, or bytes into the decoder's buffer). */

export interface PageRequestOptions extends ErrorLabel {
	retry?: RetryPolicy;
	/** ms. */
	timeout?: number;
	/** Read the answer as bytes into a buffer of exactly `size` bytes from here. */
	bytes?: (size: number) => Buffer;
	gate?: RequestSlots;
	/** The slice's index, so the one the sink needs next goes first. */
	priority?: number;
}

/** Slots for requests in flight, shared by the streams of one run (the node's RequestGate). */
export interface RequestSlots {
	readonly full: boolean;
	acquire(priority?: number): Promise<RequestSlot>;
}

export interface RequestSlot {
	/** Again is a no-op. */
	release(): void;
	succeeded(): void;
	/** 429, or 503 `overloaded`, with its Retry-After. */
	pushedBack(retryAfterMs?: number | null, overloaded?: boolean): void;
}

/** An answer as a value: a page asked for early never makes an unhandled rejection. */
export type Settled = { ok: true; raw: string | Buffer } | { ok: false; error: unknown };

/** The page's answer after any retries. */
export function requestPage(
	this: WorkforceContext,
	options: PageRequestOptions,
	qs: IDataObject,
	progress: Progress,
	credentials: ICredentialDataDecryptedObject,
): Promise<Settled> {
	return fetchPage.call(this, options, qs, progress, credentials).then(
		(raw): Settled => ({ ok: true, raw }),
		(error: unknown): Settled => ({ ok: false, error }),
	);
}

async function fetchPage(
	this: WorkforceContext,
	options: PageRequestOptions,
	qs: IDataObject,
	progress: Progress,
	credentials: ICredentialDataDecryptedObject,
): Promise<string | Buffer> {
	for (let attempt = 1; ; attempt++) {
		const slot = options.gate ? await options.gate.acquire(options.priority) : undefined;
		try {
			const raw = await attemptPage.call(this, options, qs, credentials);
			slot?.succeeded();
			return raw;
		} catch (error) {
			if (isPushback(error)) slot?.pushedBack(retryAfterOf(error), httpStatus(error) === '503');
			const decision = decideRetry(error, attempt, options.retry, options.timeout);
			if (decision.retry) {
				// Given back before waiting, so other partitions go on.
				slot?.release();
				await sleep(decision.waitMs);
				continue;
			}
			if (decision.kind === 'rateLimited') {
				throw progressError(
					this,
					options,
					{ ...progress },
					`page ${progress.pages + 1} was rate limited (HTTP 429)${decision.reason}`,
					error,
				);
			}
			const transient = decision.kind === 'transient';
			// Already a NodeApiError: wrapping returns the same instance.
			if (progress.pages === 0 && !transient && !options.partition)
				throw new NodeApiError(this.getNode(), error as JsonObject);
			const reason = transient
				? `page ${progress.pages + 1} still failed after ${attempt} attempt${attempt === 1 ? '' : 's'}`
				: `page ${progress.pages + 1} failed`;
			throw progressError(this, options, { ...progress }, reason, error);
		} finally {
			slot?.release();
		}
	}
}

async function attemptPage(
	this: WorkforceContext,
	options: PageRequestOptions,
	qs: IDataObject,
	credentials: ICredentialDataDecryptedObject,
): Promise<string | Buffer> {
	const response = await workforceRequest.call(this, {
		api: 'extraction',
		method: 'GET',
		path: options.path,
		qs,
		what: options.what,
		itemIndex: options.itemIndex,
		timeout: options.timeout,
		stream: true,
		headers: { Accept: 'application/json' },
		credentials,
	});
	try {
		if (!options.bytes) return await readText(response.body, options.timeout);
		return await readBytes(response.body, options.timeout, options.bytes);
	} catch (cause) {
		// Lost part-way through the answer: retried as a dropped connection.
		const code = (cause as { code?: string }).code;
		throw transportError(
			this,
			{
				code: code && /^E[A-Z]+$/.test(code) ? code : 'ECONNRESET',
				message: (cause as Error).message,
			},
			options,
		);
	}
}

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
