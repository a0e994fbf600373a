import type { IDataObject } from 'n8n-workflow';

import type { SeenSet } from './seen';
import { parseServiceTime } from './time';

/** One change the trigger emits: the item's JSON and how it is remembered. */
export interface Change {
	json: IDataObject;
	key: string;
	version: string;
	/** The record's position in the stream (its modification time), for the memory's retention. */
	time: number;
}

export type ChangeEvent = 'created' | 'changed' | 'deleted' | 'added';

/** How one extraction stream's records become changes. */
export interface StreamKind {
	/** Key and version of a record; undefined when the record cannot be identified. */
	identify(record: IDataObject, fallbackTime: number): Change | undefined;
	/** Whether records arrive oldest change first across the whole stream (so a partial run can advance). */
	ordered: boolean;
	/**
	 * How long after a record was last read its key is kept beyond the window's lower edge. 0 for
	 * records, whose repeats can only come back inside the window.
	 */
	memoryMs: number;
}

/**
 * Image rows come back whenever their parent changes (a new photo, an edit, a removal), long
 * after they were first read, and nothing in a row says whether it is new to the consumer; so
 * their keys are kept this long after they were last read (within Max Remembered Changes).
 */
export const IMAGE_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Time registrations and payroll lines: a live record is a change per (id, modification time);
 * a tombstone (`isDeleted`) becomes a deletion event carrying only what identifies it, never a
 * half-empty record. `createdSince` tells a creation from a change: a record created inside the
 * window and never emitted before is new to the consumer.
 */
export function recordStream(options: {
	distinguishCreated: boolean;
	seen: SeenSet;
	createdSince: () => number;
	/** How a deletion is output: only what identifies it (tombstones; the default), or the record as the service returned it (master data, checklists). */
	deletion?: 'identity' | 'record';
}): StreamKind {
	return {
		ordered: true,
		memoryMs: 0,
		identify(record, fallbackTime) {
			const id = record.id;
			if (id === undefined || id === null || id === '') return undefined;
			const modified = parseServiceTime(record.modifiedDateTime);
			if (record.isDeleted === true) {
				const deleted = parseServiceTime(record.deletedDateTime) ?? modified;
				return {
					key: `~${String(id)}`,
					version: String(deleted ?? 'deleted'),
					// The deletion is the change the window returned the record for: a deleted master record's
					// modifiedDateTime is its last change before, older than the window, and would be forgotten too early.
					time: deleted !== undefined ? Math.max(deleted, modified ?? deleted) : fallbackTime,
					json:
						options.deletion === 'record'
							? { event: 'deleted', ...record }
							: {
									event: 'deleted',
									id: id as string,
									deletedDateTime: (record.deletedDateTime as string | undefined) ?? null,
									modifiedDateTime: (record.modifiedDateTime as string | undefined) ?? null,
								},
				};
			}
			let event: ChangeEvent = 'changed';
			if (options.distinguishCreated && !options.seen.has(String(id))) {
				const created = parseServiceTime(record.createdDateTime);
				if (created !== undefined && created >= options.createdSince()) event = 'created';
			}
			return {
				key: String(id),
				version: String(modified ?? stableHash(record)),
				time: modified ?? fallbackTime,
				json: { event, ...record },
			};
		},
	};
}

/**
 * Image rows: one row per (image x parent), identified by (id, collectionRef, idRef) as the
 * specification says; a row is emitted once, when it first appears. Rows are ordered by the
 * parent's modification inside each source, not across sources, so a partial run cannot advance.
 */
export function imageStream(): StreamKind {
	return {
		ordered: false,
		memoryMs: IMAGE_MEMORY_MS,
		identify(record, fallbackTime) {
			if (record.id === undefined || record.id === null) return undefined;
			// Hashed: many rows are remembered for long, and the key is only compared.
			const key = `i${stableHash([String(record.id), String(record.collectionRef ?? ''), String(record.idRef ?? '')])}`;
			return {
				key,
				version: '1',
				time:
					parseServiceTime(record.parentModifiedDateTime) ??
					parseServiceTime(record.createdDateTime) ??
					fallbackTime,
				json: { event: 'added', ...record },
			};
		},
	};
}

/** A short, stable hash of a JSON value (key order ignored): tells one content from another. */
export function stableHash(value: unknown): string {
	const text = canonical(value);
	// cyrb53: small and good enough to tell versions of one row apart.
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value as object)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}
