import { jsonOf } from '../../harness/execute';
import { pollTrigger } from '../../support/armedTrigger';
import { runner, useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';

const MIN = 60_000;

/** Export Filter and User Payroll Type Filter (behaviour notes) on Get Payroll Lines (+Extended) and the trigger's payroll-line event. */
describe('Data Extraction > Get Payroll Lines: Export Filter and User Payroll Type Filter', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1200, pageSize: 5000 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const run = runner(fx, { resource: 'dataExtraction', returnAll: true });

	it.each(['getPayrollLines', 'getPayrollLinesExtended'])(
		'%s: the defaults are not sent and leave out fixed-pay employees and unapproved days; All + All Users read every line',
		async (operation) => {
			const lines = data().payrollLines();
			const byDefault = jsonOf(await run({ operation }));
			expect(fx.apiRequests()[0].query).toEqual({});
			expect(
				byDefault.every(
					(l) => l.approved === true && data().employees.find((e) => e.id === l.userId)!.hourly,
				),
			).toBe(true);
			expect(byDefault.length).toBeLessThan(lines.count);
			fx.mark();
			const all = jsonOf(
				await run({ operation, lineExportFilter: 'All', lineUserPayrollTypeFilter: 'AllUsers' }),
			);
			expect(all).toHaveLength(lines.count);
			expect(fx.apiRequests()[0].query).toEqual({
				ExportFilter: ['All'],
				UserPayrollTypeFilter: ['AllUsers'],
			});
		},
	);

	it.each([
		['named values (an expression may give any case)', 'onlylocked', 'Fixed Pay'],
		['typed values in any case or with spaces, `_` and `-`', ' only_locked ', 'FIXED-pay'],
	])(
		'Only Locked and Fixed Pay are sent as named, from %s',
		async (_, lineExportFilter, lineUserPayrollTypeFilter) => {
			const result = await run({
				operation: 'getPayrollLines',
				lineExportFilter,
				lineUserPayrollTypeFilter,
			});
			expect(result.error).toBeUndefined();
			expect(fx.apiRequests()[0].query).toEqual({
				ExportFilter: ['OnlyLocked'],
				UserPayrollTypeFilter: ['FixedPay'],
			});
			expect(
				jsonOf(result).every((l) => !data().employees.find((e) => e.id === l.userId)!.hourly),
			).toBe(true);
		},
	);

	it.each([
		[
			{ lineExportFilter: 'Approved' },
			'Export Filter has an unknown value: "Approved"',
			/OnlyApproved, OnlyLocked, All/,
		],
		[
			{ lineUserPayrollTypeFilter: 'Salaried' },
			'User Payroll Type Filter has an unknown value: "Salaried"',
			/PaidByHour, FixedPay, AllUsers/,
		],
		[
			{ additionalQuery: { parameter: [{ name: 'exportfilter', value: 'All' }] } },
			'Additional query parameter "exportfilter" has a field of its own',
			/Export Filter/,
		],
	])('refuses %j before any request, naming the field', async (extra, message, fix) => {
		const result = await run({ operation: 'getPayrollLines', ...extra });
		expect(result.error?.message).toBe(message);
		expect((result.error as { description?: string }).description).toMatch(fix);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('an empty result under the default filters carries a hint naming what the defaults leave out; none when All + All Users were asked', async () => {
		const window = { fromDateTime: '1990-01-01T00:00:00Z', toDateTime: '1990-01-02T00:00:00Z' };
		const empty = await run({ operation: 'getPayrollLines', ...window });
		expect(empty.items).toHaveLength(0);
		expect(empty.hints.map((h) => h.message)).toEqual([
			expect.stringMatching(
				/Export Filter is Only Approved.*choose All; User Payroll Type Filter is Paid by Hour.*choose All Users/,
			),
		]);
		const asked = await run({
			operation: 'getPayrollLinesExtended',
			...window,
			lineExportFilter: 'All',
			lineUserPayrollTypeFilter: 'AllUsers',
		});
		expect(asked.items).toHaveLength(0);
		expect(asked.hints).toHaveLength(0);
	});

	it('the field descriptions say what the default leaves out', async () => {
		const { Workforce } = await import('../../../nodes/Workforce/Workforce.node');
		const props = new Workforce().description.properties;
		expect(props.find((p) => p.name === 'lineExportFilter')!.description).toMatch(
			/leaves out every day that still has unapproved hours/,
		);
		expect(props.find((p) => p.name === 'lineUserPayrollTypeFilter')!.description).toMatch(
			/leaves out fixed-pay employees/,
		);
	});
});

describe('Workforce Trigger > Payroll Line Changed: Export Filter and User Payroll Type Filter', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 300 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	function fixedPayLine(): string {
		const lines = data().payrollLines();
		for (let i = 0; i < lines.count; i++)
			if (!data().employees[lines.userOf(i)].hourly && !lines.deleted[i]) return lines.id(i);
		throw new Error('no fixed-pay line');
	}

	it("the defaults miss a fixed-pay employee's change; All Users emits it, sending the filter on every poll", async () => {
		const plain = pollTrigger(fx, { event: 'payrollLine' });
		const everyone = pollTrigger(fx, {
			event: 'payrollLine',
			lineExportFilter: 'All',
			lineUserPayrollTypeFilter: 'AllUsers',
		});
		await plain.tick();
		await everyone.tick();
		clock.advance(MIN);
		const id = fixedPayLine();
		data().changePayrollLine(id, { qty: 6 });
		clock.advance(MIN);
		fx.mark();
		const missed = await plain.tick();
		expect(missed.emitted).toBe(false);
		const tick = await everyone.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items.map((i) => [i.json.event, i.json.id])).toEqual([['changed', id]]);
		const queries = fx.apiRequests().map((r) => single(r.query));
		expect(queries[0].ExportFilter).toBeUndefined();
		expect(queries[1]).toMatchObject({ ExportFilter: 'All', UserPayrollTypeFilter: 'AllUsers' });
	});

	it('an unknown filter value fails the poll before any request, naming the field', async () => {
		const trigger = pollTrigger(fx, {
			event: 'payrollLine',
			lineUserPayrollTypeFilter: 'everyone',
		});
		const tick = await trigger.tick();
		expect(tick.error?.message).toBe('User Payroll Type Filter has an unknown value: "everyone"');
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
