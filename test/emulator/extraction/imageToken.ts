import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

import { validationError } from '../core/apiError';
import { tokenModeMismatch } from './continuationToken';
import type { ImageSource } from './imageModel';

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
	/** The sync mode the token was issued in, so a token of the other mode is named as such. */
	m?: 'f' | 'i';
}

const SOURCES = new Set<string>(['feed', 'alert', 'checklist']);
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Opaque continuation tokens the emulator can verify: the cursor encrypted and authenticated with
 * keys of this emulator (AES-256-GCM), so a client can neither read nor change it. The IV is
 * derived from the content, so one position of one query always gives the same token. A
 * malformed token, an altered one, or one issued for another query (other filters, the other
 * mode, another company) answers 400, as the specification requires for a malformed
 * ContinuationToken.
 */
export class ImageTokens {
	private readonly encryptionKey = randomBytes(32);
	private readonly ivKey = randomBytes(32);

	issue(cursor: ImageCursor, fingerprint: string, mode?: 'full' | 'incremental'): string {
		const payload: Payload = {
			v: 1,
			s: cursor.source,
			a: cursor.after,
			q: fingerprint,
			...(mode ? { m: mode === 'full' ? 'f' : 'i' } : {}),
		};
		const plain = Buffer.from(JSON.stringify(payload));
		const iv = createHmac('sha256', this.ivKey).update(plain).digest().subarray(0, IV_BYTES);
		const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
		const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
		return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
	}

	verify(token: string, fingerprint: string, mode?: 'full' | 'incremental'): ImageCursor {
		if (!/^[A-Za-z0-9_-]+$/.test(token)) throw malformed();
		const raw = Buffer.from(token, 'base64url');
		if (raw.length <= IV_BYTES + TAG_BYTES) throw malformed();
		let payload: Payload;
		try {
			const decipher = createDecipheriv(
				'aes-256-gcm',
				this.encryptionKey,
				raw.subarray(0, IV_BYTES),
			);
			decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
			const plain = Buffer.concat([
				decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
				decipher.final(),
			]);
			payload = JSON.parse(plain.toString('utf8')) as Payload;
		} catch {
			throw malformed();
		}
		if (payload?.v !== 1 || !SOURCES.has(payload.s)) throw malformed();
		if (
			mode !== undefined &&
			payload.m !== undefined &&
			payload.m !== (mode === 'full' ? 'f' : 'i')
		)
			throw tokenModeMismatch(payload.m);
		if (payload.q !== fingerprint) {
			throw validationError(
				'ContinuationToken',
				'The ContinuationToken belongs to a different query. Send every other parameter unchanged with the token, or start again without ContinuationToken.',
			);
		}
		return { source: payload.s, after: payload.a };
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
