import { inWindow, type PagedSource } from '../extractionPages';
import { iso } from '../workModel';
import { PDF_DELAY_MS, PDF_HOST, type EmulatedEndpoint } from './endpoints';

/** One record of an endpoint as stored: its fields, and the times the envelope and the paging read. */
export interface StoredRecord {
	id: string;
	/** Every field besides id, the times, isDeleted, deletedDateTime and pdfUrl (companyId included). */
	fields: Record<string, unknown>;
	created: number;
	/** The last change. A master-data deletion leaves it at the last change before the deletion. */
	modified: number;
	/** 0 = live. */
	deleted: number;
}

/**
 * The records of one endpoint in load order (full mode pages in this order; indices never move,
 * a deletion only marks its record), with the deletion shape of the endpoint's kind of record.
 * In incremental mode a record's position is its last change *including* a deletion, so a
 * deleted master record comes back in the window of its deletion although its
 * `modifiedDateTime` is older: "created, changed or deleted since then".
 */
export class RecordTable {
	private readonly records: StoredRecord[] = [];
	private readonly byId = new Map<string, number>();
	private byPosition?: Uint32Array;

	constructor(readonly endpoint: EmulatedEndpoint) {}

	get count(): number {
		return this.records.length;
	}

	insert(record: StoredRecord): StoredRecord {
		if (this.byId.has(record.id))
			throw new Error(`${this.endpoint.path}: a record ${record.id} exists already`);
		this.byId.set(record.id, this.records.length);
		this.records.push(record);
		this.byPosition = undefined;
		return record;
	}

	get(id: string): StoredRecord | undefined {
		const i = this.byId.get(id);
		return i === undefined ? undefined : this.records[i];
	}

	all(): StoredRecord[] {
		return [...this.records];
	}

	live(): StoredRecord[] {
		return this.records.filter((r) => !r.deleted);
	}

	change(id: string, patch: Record<string, unknown>, at: number): StoredRecord {
		const record = this.require(id);
		if (record.deleted) throw new Error(`${this.endpoint.path}: record ${id} is deleted`);
		const { id: _ignored, ...fields } = patch;
		Object.assign(record.fields, fields);
		record.modified = at;
		this.byPosition = undefined;
		return record;
	}

	remove(id: string, at: number): StoredRecord {
		const record = this.require(id);
		if (record.deleted) throw new Error(`${this.endpoint.path}: record ${id} is deleted already`);
		record.deleted = at;
		// Master data keep their last version (and its modifiedDateTime); for every other kind the deletion is the last change.
		if (this.endpoint.kind !== 'master') record.modified = at;
		this.byPosition = undefined;
		return record;
	}

	/** Where a record sits in incremental mode: its last change, a deletion included. */
	position(record: StoredRecord): number {
		return Math.max(record.modified, record.deleted);
	}

	/** The record as the service serves it, in the deletion shape of its kind. */
	view(record: StoredRecord, now: number): Record<string, unknown> {
		const pdf = this.endpoint.pdf ? { pdfUrl: this.pdfUrl(record, now) } : {};
		if (record.deleted && this.endpoint.kind === 'registration') {
			// A tombstone: id, isDeleted, deletedDateTime and modifiedDateTime; every other field empty.
			const empty = Object.fromEntries(Object.keys(record.fields).map((k) => [k, null]));
			return {
				id: record.id,
				...empty,
				...(this.endpoint.pdf ? { pdfUrl: null } : {}),
				createdDateTime: null,
				modifiedDateTime: iso(record.deleted),
				isDeleted: true,
				deletedDateTime: iso(record.deleted),
			};
		}
		return {
			id: record.id,
			...record.fields,
			...pdf,
			createdDateTime: iso(record.created),
			modifiedDateTime: iso(record.modified),
			isDeleted: record.deleted !== 0,
			deletedDateTime: record.deleted ? iso(record.deleted) : null,
		};
	}

	/** The absolute link to the record's generated PDF; null until it exists (some time after creation). */
	pdfUrl(record: StoredRecord, now: number): string | null {
		if (now < record.created + PDF_DELAY_MS) return null;
		return `${PDF_HOST}/pdf${this.endpoint.path}/${record.id}.pdf`;
	}

	/** The record's own date, filtered by FromDateTime/ToDateTime; undefined where the window does not apply. */
	dateOf(record: StoredRecord): number | undefined {
		const window = this.endpoint.window;
		if (typeof window !== 'object') return undefined;
		const value = record.fields[window.field];
		return typeof value === 'string' ? Date.parse(value) : undefined;
	}

	/** The shared paging's view of this table for one caller. */
	source(visibleCompanies: Set<string>, now: number): PagedSource {
		const records = this.records;
		const windowed = typeof this.endpoint.window === 'object';
		return {
			count: records.length,
			modifiedOrder: () => this.positionOrder(),
			modified: (i) => this.position(records[i]),
			deleted: (i) => records[i].deleted !== 0,
			passes: (i, w) => {
				if (!visibleCompanies.has(String(records[i].fields.companyId))) return false;
				if (!windowed) return true;
				const date = this.dateOf(records[i]);
				return date !== undefined && inWindow(date, w);
			},
			record: (i) => this.view(records[i], now),
		};
	}

	private positionOrder(): Uint32Array {
		if (!this.byPosition) {
			const order = new Uint32Array(this.records.length);
			for (let i = 0; i < order.length; i++) order[i] = i;
			order.sort(
				(a, b) => this.position(this.records[a]) - this.position(this.records[b]) || a - b,
			);
			this.byPosition = order;
		}
		return this.byPosition;
	}

	private require(id: string): StoredRecord {
		const record = this.get(id);
		if (!record) throw new Error(`${this.endpoint.path}: no record ${id}`);
		return record;
	}
}
