import { WORK_DATE_HINT } from '../../nodes/shared/dateHints';
import { executeNode } from '../harness/execute';
import { daysAgo } from '../nodes/payrollExport/dates';
import { useEmulator } from '../support/emulatorFixture';
import { useFakeDate } from '../support/fakeDate';
import { single } from '../support/query';
import { payrollWorkDateFields } from '../support/workDateFields';

/**
 * Version 2's work dates became typed text (issue 44); a workflow saved with version 1 keeps its
 * date picker fields and reads them as it did: the date part as written, whatever the zone, with
 * 01.10.2026 refused in the picker's words. The saved fixtures (upgrade.test.ts) replay the
 * payroll operations; this pins the fields a saved node opens with and the reading that differs.
 */
describe('Payroll Export work dates of a saved version 1 node', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 200 } });
	useFakeDate();

	it('open as the date picker they were saved with, in every payroll operation', () => {
		const dates = payrollWorkDateFields(1);
		expect(dates.map((p) => p.name).sort()).toEqual(
			['fromWorkDate', 'toWorkDate', 'modifiedSinceDate'].flatMap((n) => [n, n, n]).sort(),
		);
		for (const p of dates) {
			expect([p.name, p.type, p.default, p.hint]).toEqual([p.name, 'dateTime', '', undefined]);
			expect(p.description).toContain(WORK_DATE_HINT);
		}
	});

	// 00:30 at UTC+14 is still the day before in Oslo: version 2 reads its day there. Days a
	// week back, inside the year back Modified Since Date allows, whatever the instant.
	const zoned = () => ({
		resource: 'payrollExport',
		operation: 'getSummaryLines',
		fromWorkDate: `${daysAgo(7)}T00:30:00+14:00`,
		toWorkDate: `${daysAgo(1)}T00:00:00`,
		filters: { modifiedSinceDate: `${daysAgo(7)}T00:30:00+14:00` },
	});

	it.each([
		['version 1 reads a date-time with its zone as its date written', 1, {}, 7],
		["version 2 reads it as its day in n8n's zone", 2, { period: 'dateRange' }, 8],
	])('%s', async (_name, typeVersion, extra, fromDaysAgo) => {
		const from = daysAgo(fromDaysAgo);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...zoned(), ...extra },
			settings: { typeVersion },
			timezone: 'Europe/Oslo',
		});
		expect(result.error).toBeUndefined();
		expect(single(fx.apiRequests()[0].query)).toMatchObject({
			fromWorkDate: from,
			toWorkDate: daysAgo(1),
			modifiedSinceDate: from,
		});
	});

	it('version 1 still refuses 01.10.2026 in the words of its date picker', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...zoned(), fromWorkDate: '01.10.2026' },
		});
		expect(result.error?.message).toBe('From Work Date is not a date: "01.10.2026"');
		expect(result.error?.description).toMatch(/is dropped by the date picker/);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
