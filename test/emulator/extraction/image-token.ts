import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { validationError } from '../core/api-error';
import type { ImageSource } from './image-model';

/** Where a paging run stands: the source being drained and the sort key of the last parent served. */
export interface ImageCursor {
	source: ImageSource;
	/** [timestamp, parent id] of the last parent served in that source; null = from its start. */
	after: [string, string] | null;
}

interface Payload {
	v: 1;
	s: ImageSource;
	a: [string, string] | null;
	/** Fingerprint of the query the run belongs to (every filter, the mode and the caller's company). */
	q: string;
}

const SOURCES = new Set<string>(['feed', 'alert', 'checklist']);

/**
 * Opaque continuation tokens the emulator can verify: a payload plus an HMAC with a secret of
 * this emulator. A malformed token, an altered one, or one issued for another query (other
 * filters, the other mode, another company) answers 400, as the specification requires for a
 * malformed ContinuationToken.
 */
export class ImageTokens {
	private readonly secret = randomBytes(32);

	issue(cursor: ImageCursor, fingerprint: string): string {
		const payload: Payload = { v: 1, s: cursor.source, a: cursor.after, q: fingerprint };
		const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
		return `${body}.${this.sign(body)}`;
	}

	verify(token: string, fingerprint: string): ImageCursor {
		const [body, signature, extra] = token.split('.');
		if (!body || !signature || extra !== undefined || !this.signatureMatches(body, signature)) throw malformed();
		let payload: Payload;
		try {
			payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
		} catch {
			throw malformed();
		}
		if (payload?.v !== 1 || !SOURCES.has(payload.s)) throw malformed();
		if (payload.q !== fingerprint) {
			throw validationError(
				'ContinuationToken',
				'The ContinuationToken belongs to a different query. Send every other parameter unchanged with the token, or start again without ContinuationToken.',
			);
		}
		return { source: payload.s, after: payload.a };
	}

	private sign(body: string): string {
		return createHmac('sha256', this.secret).update(body).digest('base64url').slice(0, 27);
	}

	private signatureMatches(body: string, signature: string): boolean {
		const expected = Buffer.from(this.sign(body));
		const given = Buffer.from(signature);
		return expected.length === given.length && timingSafeEqual(expected, given);
	}
}

/** A stable short hash of the parts of a query a token is bound to. */
export function fingerprint(parts: unknown): string {
	return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

function malformed() {
	return validationError(
		'ContinuationToken',
		'The ContinuationToken is malformed or was altered. Send the token exactly as received, or start again without it.',
	);
}
