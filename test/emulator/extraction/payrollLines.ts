import { dayOvertime } from './overtime';
import { NO_TYPE, STATE, dateOf, entityId, iso } from './workModel';
import type { WorkData } from './workData';

/**
 * One payroll line per employee per day, derived from the registrations: standard hours up to
 * 7.5, then 2 hours at 50 % and the rest at 100 %, plus manually registered overtime; qty and
 * standardQty netted of the overtime types deducted from ordinary hours (see overtime.ts).
 */
export class PayrollLineTable {
	/** Sorted unique keys (user * 2^20 + day offset). */
	readonly keys: Float64Array;
	/** Registrations of line i: regs[start[i] .. start[i + 1]). */
	readonly start: Uint32Array;
	readonly regs: Uint32Array;
	readonly modified: Float64Array;
	/** Lines whose registrations are all deleted (or deleted directly) are tombstones. */
	readonly deleted: Float64Array;
	readonly byModified: Uint32Array;
	private readonly keyIndex = new Map<number, number>();

	constructor(private readonly data: WorkData) {
		const n = data.count;
		const regs = new Uint32Array(n);
		const key = new Float64Array(n);
		for (let i = 0; i < n; i++) {
			regs[i] = i;
			key[i] = lineKey(data.user[i], data.day[i]);
		}
		regs.sort((a, b) => key[a] - key[b] || a - b);
		const keys: number[] = [];
		const start: number[] = [];
		for (let j = 0; j < n; j++) {
			const k = key[regs[j]];
			if (keys.length === 0 || keys[keys.length - 1] !== k) {
				keys.push(k);
				start.push(j);
			}
		}
		start.push(n);
		this.keys = Float64Array.from(keys);
		this.start = Uint32Array.from(start);
		this.regs = regs;
		this.modified = new Float64Array(keys.length);
		this.deleted = new Float64Array(keys.length);
		for (let i = 0; i < keys.length; i++) {
			let modified = 0;
			let alive = false;
			let lastDeleted = 0;
			for (let j = this.start[i]; j < this.start[i + 1]; j++) {
				const r = regs[j];
				modified = Math.max(modified, data.modified[r]);
				if (data.deleted[r]) lastDeleted = Math.max(lastDeleted, data.deleted[r]);
				else alive = true;
			}
			const override = data.lineOverrides.get(keys[i]);
			if (override) modified = Math.max(modified, override.modified);
			this.modified[i] = modified;
			this.deleted[i] =
				override?.deleted && override.deleted >= modified
					? override.deleted
					: alive
						? 0
						: lastDeleted;
			this.keyIndex.set(keys[i], i);
		}
		const order = new Uint32Array(keys.length);
		for (let i = 0; i < keys.length; i++) order[i] = i;
		order.sort((a, b) => this.modified[a] - this.modified[b] || a - b);
		this.byModified = order;
	}

	get count(): number {
		return this.keys.length;
	}

	/** First line whose key is >= key (keys are sorted). */
	seek(key: number): number {
		let lo = 0;
		let hi = this.keys.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.keys[mid] < key) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	id(i: number): string {
		return entityId('pl', this.keys[i]);
	}

	keyOf(id: string): number | undefined {
		const m = /-([0-9a-f]{12})$/i.exec(id);
		if (!m || !id.startsWith(entityId('pl', 0).slice(0, 8))) return undefined;
		const key = parseInt(m[1], 16);
		return this.keyIndex.has(key) ? key : undefined;
	}

	userOf(i: number): number {
		return Math.floor(this.keys[i] / LINE_DAY_SPAN);
	}

	dayOf(i: number): number {
		return (this.keys[i] % LINE_DAY_SPAN) - LINE_DAY_OFFSET;
	}

	/** The line's figures from the registrations that pass `include` (all live ones by default). */
	figures(i: number, include: (r: number) => boolean = () => true) {
		const d = this.data;
		let worked = 0;
		let manualOvertime = 0;
		let absence = 0;
		let absenceApproved = 0;
		let absenceLocked = 0;
		let approved = 0;
		let locked = 0;
		let breakQty = 0;
		let count = 0;
		let allApproved = true;
		let approvedAt = 0;
		for (let j = this.start[i]; j < this.start[i + 1]; j++) {
			const r = this.regs[j];
			if (d.deleted[r] || !include(r)) continue;
			count++;
			const h = d.hours(r);
			if (h >= 5.5) breakQty += 0.5;
			const isApproved = d.state[r] !== STATE.unapproved;
			if (!isApproved) allApproved = false;
			else approvedAt = Math.max(approvedAt, d.approvedAt[r]);
			if (d.absenceType[r] !== NO_TYPE) {
				absence += h;
				if (isApproved) absenceApproved += h;
				if (d.state[r] === STATE.locked) absenceLocked += h;
				continue;
			}
			if (d.payrollType[r] === 3) manualOvertime += h;
			else worked += h;
			if (isApproved) approved += h;
			if (d.state[r] === STATE.locked) locked += h;
		}
		const override = d.lineOverrides.get(this.keys[i]);
		if (override?.qty !== undefined) worked = override.qty;
		const { qty, standardQty, overtime50Qty, overtime100Qty, overtimeLines } = dayOvertime(
			d.payrollTypes,
			worked,
			manualOvertime,
		);
		return {
			count,
			qty,
			standardQty,
			overtime50Qty,
			overtime100Qty,
			manualOvertime,
			breakQty,
			absenceQty: absence,
			absenceApprovedQty: absenceApproved,
			absenceLockedQty: absenceLocked,
			approvedQty: approved,
			lockedQty: locked,
			allApproved: count > 0 && allApproved,
			approvedAt,
			overtimeLines,
		};
	}

	/** A payroll line as the extraction API serves it (extended adds overtimeLines). */
	record(i: number, extended: boolean): Record<string, unknown> {
		const d = this.data;
		const id = this.id(i);
		const modifiedDateTime = iso(this.modified[i]);
		if (this.deleted[i])
			return { id, isDeleted: true, deletedDateTime: iso(this.deleted[i]), modifiedDateTime };
		const e = d.employees[this.userOf(i)];
		const f = this.figures(i);
		const line: Record<string, unknown> = {
			id,
			userId: e.id,
			userName: e.name,
			employeeNumber: e.employeeNumber,
			companyId: e.companyId,
			transDateTime: `${dateOf(this.dayOf(i))}T00:00:00Z`,
			qty: f.qty,
			standardQty: f.standardQty,
			overtime50Qty: f.overtime50Qty,
			overtime100Qty: f.overtime100Qty,
			timebankQty: 0,
			breakQty: f.breakQty,
			absenceQty: f.absenceQty,
			absenceApprovedQty: f.absenceApprovedQty,
			absenceLockedQty: f.absenceLockedQty,
			totalVerifiedQty: f.approvedQty + f.absenceApprovedQty,
			approvedQty: f.approvedQty,
			lockedQty: f.lockedQty,
			verified: f.allApproved,
			verifiedDateTime: f.allApproved ? iso(f.approvedAt) : null,
			verifiedByName: f.allApproved ? 'Kari Nordmann' : null,
			approved: f.allApproved,
			approvedDateTime: f.allApproved ? iso(f.approvedAt) : null,
			approvedByName: f.allApproved ? 'Kari Nordmann' : null,
			modifiedDateTime,
			isDeleted: false,
		};
		if (extended) line.overtimeLines = f.overtimeLines;
		return line;
	}

	/** The company the line is visible to: that of the employee. */
	companyOf(i: number): string {
		return this.data.employees[this.userOf(i)].companyId;
	}
}

const LINE_DAY_OFFSET = 100_000;
const LINE_DAY_SPAN = 1 << 20;

export function lineKey(user: number, day: number): number {
	return user * LINE_DAY_SPAN + day + LINE_DAY_OFFSET;
}
