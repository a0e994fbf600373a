import { NORMAL_DAY_HOURS, OVERTIME50_HOURS, type PayrollType } from './workModel';

/**
 * The overtime of one employee-day as payroll lines and the payroll export show it (behaviour
 * notes): automatic levels (lineType 20/30) come from the ordinary hours above the normal day,
 * manually registered overtime (41) from its own registrations. Each line carries its type's
 * overtimeType: 0 = deducted from ordinary hours, so already netted out of qty and standardQty;
 * 1 = an addition paid on top, never deducted. The seeded company has the usual set-up (automatic
 * levels 0, manual 1); a test may configure either per type (WorkData.setOvertimeType).
 */
export interface DayOvertime {
	/** Registered hours less every type-0 overtime line. */
	qty: number;
	/** Ordinary hours less the type-0 automatic overtime. */
	standardQty: number;
	overtime50Qty: number;
	overtime100Qty: number;
	overtimeLines: Array<{
		payrollTypeId: string;
		name: string;
		lineType: number;
		overtimeType: number;
		sorting: number;
		qty: number;
	}>;
}

/**
 * `types` are the company's payroll types in the seeded order: [1] 50 %, [2] 100 %, [3] manual.
 * `ordinary` is the day's ordinary hours (what `standardQty` counts) before any deduction.
 */
export function dayOvertime(
	types: PayrollType[],
	worked: number,
	manual: number,
	ordinary = worked,
): DayOvertime {
	const overtime50Qty = Math.min(Math.max(worked - NORMAL_DAY_HOURS, 0), OVERTIME50_HOURS);
	const overtime100Qty = Math.max(worked - NORMAL_DAY_HOURS - OVERTIME50_HOURS, 0);
	const lines = [
		{ type: types[1], qty: overtime50Qty, automatic: true },
		{ type: types[2], qty: overtime100Qty, automatic: true },
		{ type: types[3], qty: manual, automatic: false },
	].filter((l) => l.qty > 0);
	const deducted = (automaticOnly: boolean) =>
		lines
			.filter((l) => l.type.overtimeType === 0 && (!automaticOnly || l.automatic))
			.reduce((a, l) => a + l.qty, 0);
	// Ordered by lineType, sorting, name (the notes' order).
	lines.sort(
		(a, b) =>
			a.type.lineType - b.type.lineType ||
			a.type.sorting - b.type.sorting ||
			a.type.name.localeCompare(b.type.name),
	);
	return {
		qty: round(worked + manual - deducted(false)),
		standardQty: round(Math.max(ordinary - deducted(true), 0)),
		overtime50Qty,
		overtime100Qty,
		overtimeLines: lines.map((l) => ({
			payrollTypeId: l.type.id,
			name: l.type.name,
			lineType: l.type.lineType,
			overtimeType: l.type.overtimeType,
			sorting: l.type.sorting,
			qty: l.qty,
		})),
	};
}

/** Hours are quarter-hour multiples; keeps sums free of binary noise. */
function round(n: number): number {
	return Math.round(n * 1e6) / 1e6;
}
