/** A document just under the service's 30,000,000-byte request limit, produced chunk by chunk. */
import { createHash } from 'node:crypto';

import { request } from 'undici';

import type { Target } from '../measure';

export const FILE_BYTES = 30_000_000 - 1_000;
const CHUNK = 1 << 20;

/** Deterministic content, so the bench never holds the whole file to build it. */
export function* content(): Generator<Buffer> {
	for (let offset = 0; offset < FILE_BYTES; offset += CHUNK) {
		const size = Math.min(CHUNK, FILE_BYTES - offset);
		const chunk = Buffer.allocUnsafe(size);
		for (let i = 0; i < size; i++) chunk[i] = ((offset + i) * 31) % 251;
		yield chunk;
	}
}

export function sha256(chunks: Iterable<Buffer>): string {
	const hash = createHash('sha256');
	for (const c of chunks) hash.update(c);
	return hash.digest('hex');
}

/** The id of the demo project P-1002, whose documents the scenarios use. */
export async function benchProjectId(target: Target, token: string): Promise<string> {
	const answer = await request(
		`${target.integration}/api/v4/integration/projects/by-project-number/P-1002`,
		{ headers: { authorization: `Bearer ${token}` } },
	);
	if (answer.statusCode !== 200) throw new Error(`project lookup: HTTP ${answer.statusCode}`);
	return ((await answer.body.json()) as { id: string }).id;
}
