import { WORK_DATE_HINT } from '../../nodes/shared/dateHints';
import { executeNode } from '../harness/execute';
import { useEmulator } from '../support/emulatorFixture';
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

	// 00:30 on 1 October at UTC+14 is still 30 September in Oslo: version 2 reads its day there.
	const zoned = {
		resource: 'payrollExport',
		operation: 'getSummaryLines',
		fromWorkDate: '2026-10-01T00:30:00+14:00',
		toWorkDate: '2026-10-31T00:00:00',
		filters: { modifiedSinceDate: '2026-10-01T00:30:00+14:00' },
	};

	it.each([
		['version 1 reads a date-time with its zone as its date written', 1, {}, '2026-10-01'],
		["version 2 reads it as its day in n8n's zone", 2, { period: 'dateRange' }, '2026-09-30'],
	])('%s', async (_name, typeVersion, extra, from) => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...zoned, ...extra },
			settings: { typeVersion },
			timezone: 'Europe/Oslo',
		});
		expect(result.error).toBeUndefined();
		expect(single(fx.apiRequests()[0].query)).toMatchObject({
			fromWorkDate: from,
			toWorkDate: '2026-10-31',
			modifiedSinceDate: from,
		});
	});

	it('version 1 still refuses 01.10.2026 in the words of its date picker', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...zoned, fromWorkDate: '01.10.2026' },
		});
		expect(result.error?.message).toBe('From Work Date is not a date: "01.10.2026"');
		expect(result.error?.description).toMatch(/is dropped by the date picker/);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
