import { randomUUID } from 'node:crypto';

/** Generated ids are GUID strings, as the live service uses; a prefix keeps them readable in logs. */
export function newId(): string {
	return randomUUID();
}

/** Deterministic ids for seeded data, so demo workflows can name them. */
export function seededId(prefix: string, n: number): string {
	const hex = n.toString(16).padStart(12, '0');
	const p = Buffer.from(prefix).toString('hex').padEnd(8, '0').slice(0, 8);
	return `${p}-0000-4000-8000-${hex}`;
}
