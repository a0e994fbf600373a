/**
 * Generated work data: employees (hourly and fixed pay), projects, payroll and absence types and
 * time registrations in unapproved, approved and locked states. Registrations live in typed
 * arrays and become objects only when served, so a million of them fit in memory and generate
 * in well under a second. Payroll figures (one line per employee per day) derive from them.
 */
import type { Clock } from '../core/clock';
import { lateApprovalAt } from './lateApproval';
import { PayrollLineTable } from './payrollLines';
import {
	DAY_MS,
	NO_TYPE,
	NORMAL_DAY_HOURS,
	STATE,
	dateOf,
	dayOf,
	entityId,
	iso,
	typeId,
	type AbsenceType,
	type CompanyRefs,
	type Employee,
	type PayrollType,
	type Project,
	type TimeRegistrationInput,
} from './workModel';

export * from './workModel';
export { PayrollLineTable } from './payrollLines';

export interface WorkDataOptions {
	/** How many time registrations to generate (default 600). */
	timeRegistrations?: number;
	/** How many employees (default: enough for about 700 registrations each, at least 8). */
	employees?: number;
	/** How many projects (default 12). */
	projects?: number;
	/** Default page size of the extraction endpoints (default 2500, the spec's ChunkLimit default). */
	pageSize?: number;
	/** Secret the continuation tokens are signed with. */
	tokenSecret?: string;
}

/** Columnar store of the time registrations. Index = creation order; ids derive from the index. */
export class WorkData {
	readonly employees: Employee[] = [];
	readonly projects: Project[] = [];
	readonly payrollTypes: PayrollType[];
	readonly absenceTypes: AbsenceType[];
	readonly pageSize: number;
	readonly tokenSecret: string;

	count = 0;
	user = new Uint16Array(0);
	project = new Uint16Array(0);
	/** Days since 1970-01-01 (UTC). */
	day = new Int32Array(0);
	startMinute = new Uint16Array(0);
	minutes = new Uint16Array(0);
	state = new Uint8Array(0);
	payrollType = new Uint8Array(0);
	absenceType = new Uint8Array(0);
	created = new Float64Array(0);
	modified = new Float64Array(0);
	approvedAt = new Float64Array(0);
	lockedAt = new Float64Array(0);
	/** 0 = not deleted. */
	deleted = new Float64Array(0);
	/** Free-text fields changed through the mutation API. */
	readonly descriptions = new Map<number, string>();

	/** Registration indices ordered by (modified, index); rebuilt lazily after a change. */
	private byModified?: Uint32Array;
	private lines?: PayrollLineTable;
	/** Changes made to payroll lines directly (line key -> modified / deleted time, qty override). */
	readonly lineOverrides = new Map<number, { modified: number; deleted?: number; qty?: number }>();

	constructor(
		private readonly clock: Clock,
		readonly companies: CompanyRefs,
		options: WorkDataOptions = {},
	) {
		this.pageSize = options.pageSize ?? 2500;
		this.tokenSecret = options.tokenSecret ?? 'emulator-continuation-secret';
		this.payrollTypes = [
			// Automatic levels deducted from ordinary hours (overtimeType 0), manual overtime paid on top (1): the usual set-up.
			{
				id: typeId(1),
				name: 'Ordinary hours',
				code: '100',
				doNotExport: false,
				lineType: 0,
				sorting: 0,
				overtimeType: 0,
			},
			{
				id: typeId(2),
				name: 'Overtime 50%',
				code: '150',
				doNotExport: false,
				lineType: 20,
				sorting: 1,
				overtimeType: 0,
			},
			{
				id: typeId(3),
				name: 'Overtime 100%',
				code: '200',
				doNotExport: false,
				lineType: 30,
				sorting: 2,
				overtimeType: 0,
			},
			{
				id: typeId(4),
				name: 'Overtime registered manually',
				code: '250',
				doNotExport: false,
				lineType: 41,
				sorting: 3,
				overtimeType: 1,
			},
			{
				id: typeId(5),
				name: 'Internal training (do not export)',
				code: '900',
				doNotExport: true,
				lineType: 0,
				sorting: 4,
				overtimeType: 0,
			},
		];
		this.absenceTypes = [
			{ id: typeId(11), name: 'Vacation', code: 'FE', exportedByDefault: true },
			{ id: typeId(12), name: 'Sick leave', code: 'SY', exportedByDefault: true },
			{ id: typeId(13), name: 'Welfare leave', code: 'VP', exportedByDefault: false },
		];
		this.generate(options);
	}

	// ---- generation -------------------------------------------------------------------------

	private generate(options: WorkDataOptions) {
		const n = Math.max(0, Math.floor(options.timeRegistrations ?? 600));
		const employeeCount = options.employees ?? Math.min(60_000, Math.max(8, Math.ceil(n / 700)));
		const projectCount = options.projects ?? 12;
		const { parent, subsidiary } = this.companies;
		const first = [
			'Kari',
			'Ola',
			'Ingrid',
			'Per',
			'Sigrid',
			'Lars',
			'Nora',
			'Jonas',
			'Hilde',
			'Anders',
		];
		const last = ['Nordmann', 'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Berg', 'Haugen', 'Dahl'];
		for (let i = 0; i < employeeCount; i++) {
			this.employees.push({
				id: entityId('e', i),
				employeeNumber: String(2001 + i),
				name: `${first[i % first.length]} ${last[(i * 7) % last.length]}`,
				// Every fourth employee is on a fixed salary.
				hourly: i % 4 !== 3,
				companyId: parent.id,
				companyName: parent.name,
			});
		}
		const names = [
			'Harbour bridge',
			'School extension',
			'Road 7 resurfacing',
			'Tunnel lighting',
			'Quay wall',
			'Water main',
		];
		for (let i = 0; i < projectCount; i++) {
			const company = i % 5 === 4 ? subsidiary : parent;
			this.projects.push({
				id: entityId('p', i),
				projectNumber: `WD-${3001 + i}`,
				name: `${names[i % names.length]} ${Math.floor(i / names.length) + 1}`,
				externalNumber: i % 3 === 2 ? `EXT-${500 + i}` : '',
				external: i % 3 === 2,
				companyId: company.id,
				companyName: company.name,
				taskId: entityId('t', i),
				taskName: 'Execution',
			});
		}

		this.ensureCapacity(n);
		// Fill from the newest working day backwards so the most recent days always hold data,
		// while indices (creation order) still run from old to new.
		const nowMs = this.clock.now().getTime();
		const today = Math.floor(nowMs / DAY_MS);
		// Nothing is stamped after now: before the evening, today's registrations are not in yet
		// (a change in the future would surface later as a change nobody made, and make every
		// test depend on the time of day it runs at).
		const latest = nowMs - 1000;
		let pos = n - 1;
		let rnd = 0x9e3779b9;
		const next = () => {
			rnd ^= rnd << 13;
			rnd ^= rnd >>> 17;
			rnd ^= rnd << 5;
			return (rnd >>> 0) / 4294967296;
		};
		for (let d = today; pos >= 0; d--) {
			const weekday = (d + 4) % 7; // 0 = Sunday
			if (weekday === 0 || weekday === 6) continue;
			const age = today - d;
			for (let e = employeeCount - 1; e >= 0 && pos >= 0; e--) {
				if (d * DAY_MS + 17 * 3_600_000 + e * 1000 + 2 > latest) continue;
				const perDay = 1 + Math.floor(next() * 3);
				let minute = 7 * 60;
				for (let k = 0; k < perDay && pos >= 0; k++, pos--) {
					const roll = next();
					const isAbsence = roll < 0.04;
					const hours = isAbsence
						? NORMAL_DAY_HOURS
						: perDay === 1
							? 7.5 + Math.floor(next() * 8) * 0.5
							: 2 + Math.floor(next() * 9) * 0.5;
					this.user[pos] = e;
					this.project[pos] = Math.floor(next() * projectCount);
					this.day[pos] = d;
					this.startMinute[pos] = minute;
					this.minutes[pos] = Math.round(hours * 60);
					minute = Math.min(23 * 60, minute + this.minutes[pos]);
					this.absenceType[pos] = isAbsence
						? Math.floor(next() * this.absenceTypes.length)
						: NO_TYPE;
					this.payrollType[pos] = isAbsence ? NO_TYPE : roll < 0.1 ? 4 : roll < 0.13 ? 3 : 0;
					// Submitted the same evening; approved in weekly batches (one timestamp for the
					// whole week of an employee), locked when the month is closed.
					const created = d * DAY_MS + 17 * 3_600_000 + e * 1000 + k;
					this.created[pos] = created;
					let modified = created;
					let state: number = STATE.unapproved;
					if (age > 3 || (age > 0 && next() < 0.6)) {
						if (next() < 0.95 || age > 60) {
							state = STATE.approved;
							const weekEnd = d + (5 - ((d + 4) % 7));
							this.approvedAt[pos] = Math.min(
								weekEnd * DAY_MS + 15 * 3_600_000 + (e % 50) * 1000,
								(today - 0.5) * DAY_MS,
								latest,
							);
							modified = Math.max(modified, this.approvedAt[pos]);
							if (age > 35) {
								state = STATE.locked;
								const monthClose = Date.UTC(
									new Date(d * DAY_MS).getUTCFullYear(),
									new Date(d * DAY_MS).getUTCMonth() + 1,
									5,
									8,
								);
								this.lockedAt[pos] = Math.min(monthClose, (today - 1) * DAY_MS);
								modified = Math.max(modified, this.lockedAt[pos]);
							}
						}
					}
					// The late team's month-end days stay unapproved until after the month (lateApproval.ts).
					const late = lateApprovalAt(e, d);
					if (late !== undefined && latest < late && state !== STATE.unapproved) {
						state = STATE.unapproved;
						this.approvedAt[pos] = 0;
						this.lockedAt[pos] = 0;
						modified = created;
					}
					this.state[pos] = state;
					this.modified[pos] = modified;
				}
			}
		}
		this.count = n;
	}

	private ensureCapacity(size: number) {
		if (size <= this.user.length) return;
		const cap = Math.max(size, Math.ceil(this.user.length * 1.5), 64);
		const grow = <T extends Uint16Array | Int32Array | Uint8Array | Float64Array>(
			a: T,
			make: (n: number) => T,
		): T => {
			const b = make(cap);
			b.set(a);
			return b;
		};
		this.user = grow(this.user, (c) => new Uint16Array(c));
		this.project = grow(this.project, (c) => new Uint16Array(c));
		this.day = grow(this.day, (c) => new Int32Array(c));
		this.startMinute = grow(this.startMinute, (c) => new Uint16Array(c));
		this.minutes = grow(this.minutes, (c) => new Uint16Array(c));
		this.state = grow(this.state, (c) => new Uint8Array(c));
		this.payrollType = grow(this.payrollType, (c) => new Uint8Array(c));
		this.absenceType = grow(this.absenceType, (c) => new Uint8Array(c));
		this.created = grow(this.created, (c) => new Float64Array(c));
		this.modified = grow(this.modified, (c) => new Float64Array(c));
		this.approvedAt = grow(this.approvedAt, (c) => new Float64Array(c));
		this.lockedAt = grow(this.lockedAt, (c) => new Float64Array(c));
		this.deleted = grow(this.deleted, (c) => new Float64Array(c));
	}

	// ---- lookups ----------------------------------------------------------------------------

	indexOf(id: string): number | undefined {
		const m = /^74720000-0000-4000-8000-([0-9a-f]{12})$/i.exec(id);
		if (!m) return undefined;
		const index = parseInt(m[1], 16);
		return index < this.count ? index : undefined;
	}

	timeRegistrationId(index: number): string {
		return entityId('tr', index);
	}

	isDeleted(index: number): boolean {
		return this.deleted[index] !== 0;
	}

	hours(index: number): number {
		return this.minutes[index] / 60;
	}

	/** Registration indices by (modified, index), for incremental mode. */
	modifiedOrder(): Uint32Array {
		if (!this.byModified) {
			const order = new Uint32Array(this.count);
			for (let i = 0; i < this.count; i++) order[i] = i;
			const modified = this.modified;
			order.sort((a, b) => modified[a] - modified[b] || a - b);
			this.byModified = order;
		}
		return this.byModified;
	}

	/** The payroll-line table (one line per employee per day), rebuilt lazily after a change. */
	payrollLines(): PayrollLineTable {
		this.lines ??= new PayrollLineTable(this);
		return this.lines;
	}

	// ---- mutations (tests and the trigger) --------------------------------------------------

	/** Adds a registration, created and modified now. Returns its index. */
	addTimeRegistration(input: TimeRegistrationInput = {}): number {
		const now = this.clock.now().getTime();
		const index = this.count;
		this.ensureCapacity(index + 1);
		this.count++;
		this.user[index] = input.userId
			? this.employeeIndex(input.userId)
			: index % this.employees.length;
		this.project[index] = input.projectId
			? this.projectIndex(input.projectId)
			: index % this.projects.length;
		this.day[index] = input.workDate ? dayOf(input.workDate) : Math.floor(now / DAY_MS);
		this.startMinute[index] = input.startMinute ?? 7 * 60;
		this.minutes[index] = Math.round((input.hours ?? 7.5) * 60);
		this.payrollType[index] = input.payrollTypeId
			? this.payrollTypeIndex(input.payrollTypeId)
			: input.absenceTypeId
				? NO_TYPE
				: 0;
		this.absenceType[index] = input.absenceTypeId
			? this.absenceTypeIndex(input.absenceTypeId)
			: NO_TYPE;
		this.created[index] = now;
		this.modified[index] = now;
		this.deleted[index] = 0;
		this.setState(index, input.state ?? 'unapproved', now);
		if (input.description !== undefined) this.descriptions.set(index, input.description);
		this.changed();
		return index;
	}

	/** Changes a registration; its modifiedDateTime moves to now. */
	changeTimeRegistration(id: string, patch: TimeRegistrationInput, at?: number): number {
		const index = this.requireIndex(id);
		const now = at ?? this.clock.now().getTime();
		if (patch.userId) this.user[index] = this.employeeIndex(patch.userId);
		if (patch.projectId) this.project[index] = this.projectIndex(patch.projectId);
		if (patch.workDate) this.day[index] = dayOf(patch.workDate);
		if (patch.startMinute !== undefined) this.startMinute[index] = patch.startMinute;
		if (patch.hours !== undefined) this.minutes[index] = Math.round(patch.hours * 60);
		if (patch.payrollTypeId) this.payrollType[index] = this.payrollTypeIndex(patch.payrollTypeId);
		if (patch.absenceTypeId) this.absenceType[index] = this.absenceTypeIndex(patch.absenceTypeId);
		if (patch.state) this.setState(index, patch.state, now);
		if (patch.description !== undefined) this.descriptions.set(index, patch.description);
		this.modified[index] = now;
		this.changed();
		return index;
	}

	/** Deletes a registration: it leaves full mode and appears as a tombstone in incremental mode. */
	deleteTimeRegistration(id: string, at?: number): number {
		const index = this.requireIndex(id);
		const now = at ?? this.clock.now().getTime();
		this.deleted[index] = now;
		this.modified[index] = now;
		this.changed();
		return index;
	}

	/** Changes many registrations at one and the same modification time (a bulk approval, say). */
	changeTimeRegistrations(ids: string[], patch: TimeRegistrationInput): number {
		const at = this.clock.now().getTime();
		for (const id of ids) this.changeTimeRegistration(id, patch, at);
		return at;
	}

	/** Deletes many registrations at one and the same time. */
	deleteTimeRegistrations(ids: string[]): number {
		const at = this.clock.now().getTime();
		for (const id of ids) this.deleteTimeRegistration(id, at);
		return at;
	}

	/** Changes a payroll line directly (a recalculation): its modifiedDateTime moves to now. */
	changePayrollLine(id: string, patch: { qty?: number } = {}) {
		const key = this.payrollLines().keyOf(id);
		if (key === undefined) throw new Error(`No payroll line ${id}`);
		const previous = this.lineOverrides.get(key);
		this.lineOverrides.set(key, {
			...previous,
			modified: this.clock.now().getTime(),
			deleted: undefined,
			...(patch.qty !== undefined ? { qty: patch.qty } : {}),
		});
		this.lines = undefined;
	}

	/**
	 * The company's payroll set-up changes whether an overtime type is deducted (0) or paid on top (1).
	 * Lines are derived again; their modifiedDateTime does not move (a set-up change is no data change).
	 */
	setOvertimeType(payrollTypeId: string, overtimeType: 0 | 1) {
		const type = this.payrollTypes[this.payrollTypeIndex(payrollTypeId)];
		type.overtimeType = overtimeType;
		this.lines = undefined;
	}

	/** Deletes a payroll line: a tombstone in incremental mode. */
	deletePayrollLine(id: string) {
		const key = this.payrollLines().keyOf(id);
		if (key === undefined) throw new Error(`No payroll line ${id}`);
		const now = this.clock.now().getTime();
		this.lineOverrides.set(key, { ...this.lineOverrides.get(key), modified: now, deleted: now });
		this.lines = undefined;
	}

	private setState(index: number, state: 'unapproved' | 'approved' | 'locked', now: number) {
		this.state[index] = STATE[state];
		this.approvedAt[index] = state === 'unapproved' ? 0 : this.approvedAt[index] || now;
		this.lockedAt[index] = state === 'locked' ? this.lockedAt[index] || now : 0;
	}

	private changed() {
		this.byModified = undefined;
		this.lines = undefined;
	}

	private requireIndex(id: string): number {
		const index = this.indexOf(id);
		if (index === undefined) throw new Error(`No time registration ${id}`);
		return index;
	}

	private employeeIndex(id: string): number {
		const i = this.employees.findIndex((e) => e.id === id || e.employeeNumber === id);
		if (i < 0) throw new Error(`No employee ${id}`);
		return i;
	}

	private projectIndex(id: string): number {
		const i = this.projects.findIndex((p) => p.id === id || p.projectNumber === id);
		if (i < 0) throw new Error(`No project ${id}`);
		return i;
	}

	private payrollTypeIndex(id: string): number {
		const i = this.payrollTypes.findIndex((t) => t.id === id || t.code === id);
		if (i < 0) throw new Error(`No payroll type ${id}`);
		return i;
	}

	private absenceTypeIndex(id: string): number {
		const i = this.absenceTypes.findIndex((t) => t.id === id || t.code === id);
		if (i < 0) throw new Error(`No absence type ${id}`);
		return i;
	}

	// ---- records as served ------------------------------------------------------------------

	/** A time registration as the extraction API serves it; a tombstone when deleted. */
	timeRegistration(index: number): Record<string, unknown> {
		const id = this.timeRegistrationId(index);
		const modifiedDateTime = iso(this.modified[index]);
		if (this.deleted[index])
			return { id, isDeleted: true, deletedDateTime: iso(this.deleted[index]), modifiedDateTime };
		const e = this.employees[this.user[index]];
		const p = this.projects[this.project[index]];
		const start = this.day[index] * DAY_MS + this.startMinute[index] * 60_000;
		const qty = this.hours(index);
		const absence =
			this.absenceType[index] !== NO_TYPE ? this.absenceTypes[this.absenceType[index]] : undefined;
		const type =
			this.payrollType[index] !== NO_TYPE ? this.payrollTypes[this.payrollType[index]] : undefined;
		const state = this.state[index];
		const unitPrice = 650;
		return {
			id,
			workDate: dateOf(this.day[index]),
			startDateTime: iso(start),
			stopDateTime: iso(start + this.minutes[index] * 60_000),
			qty,
			unitQty: qty,
			unitName: 'hours',
			unitPrice,
			price: unitPrice,
			amount: Math.round(qty * unitPrice * 100) / 100,
			breakQty: qty >= 5.5 ? 0.5 : 0,
			description:
				this.descriptions.get(index) ??
				(absence ? absence.name : `${type?.name ?? 'Work'} on ${p.name}`),
			descriptionInternal: '',
			payrollTypeId: type?.id ?? null,
			payrollTypeName: type?.name ?? null,
			absenceTypeId: absence?.id ?? null,
			absenceTypeName: absence?.name ?? null,
			approved: state !== STATE.unapproved,
			approvedDateTime: state !== STATE.unapproved ? iso(this.approvedAt[index]) : null,
			approvedByName: state !== STATE.unapproved ? 'Kari Nordmann' : null,
			payrollApproved: state !== STATE.unapproved,
			payrollApprovedDateTime: state !== STATE.unapproved ? iso(this.approvedAt[index]) : null,
			locked: state === STATE.locked,
			lockedDateTime: state === STATE.locked ? iso(this.lockedAt[index]) : null,
			lockedByName: state === STATE.locked ? 'Payroll office' : null,
			invoiced: state === STATE.locked,
			projectId: p.id,
			projectNumber: p.projectNumber,
			projectName: p.name,
			projectExternalNumber: p.externalNumber,
			projectCompanyId: p.companyId,
			projectCompanyName: p.companyName,
			taskId: p.taskId,
			taskName: p.taskName,
			taskWbsNumber: '1.1',
			resourceId: null,
			resourceNumber: null,
			resourceName: null,
			userId: e.id,
			userName: e.name,
			userEmployeeNumber: e.employeeNumber,
			userCompanyName: e.companyName,
			createdDateTime: iso(this.created[index]),
			modifiedDateTime,
			isDeleted: false,
			deletedDateTime: null,
		};
	}
}
