import type { INodeParameters } from 'n8n-workflow';

import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';

describe('Workforce Trigger > Parameter checks', () => {
	useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 20 } });

	const cases: Array<[string, INodeParameters, RegExp]> = [
		[
			'no kind of change chosen',
			{ event: 'timeRegistration', timeRegistrationEvents: [] },
			/^Emit has no kind of change chosen$/,
		],
		[
			'a start date that is not a date',
			{ event: 'payrollLine', startFrom: 'date', startDate: 'yesterday-ish' },
			/^Start Date is not a date: "yesterday-ish"$/,
		],
		[
			'a negative overlap',
			{ event: 'image', options: { overlapMinutes: -5 } },
			/^Option Overlap \(Minutes\) must be a number of at least 0$/,
		],
		[
			'a page size above the limit',
			{ event: 'image', options: { pageSize: 20000 } },
			/^Option Chunk Limit must be a number from 1 to 10000$/,
		],
		[
			'a work-date range above 45 days',
			{ event: 'payrollExport', workDateRangeDays: 60 },
			/^Work Date Range \(Days\) must be a whole number from 1 to 45$/,
		],
	];
	for (const [what, parameters, message] of cases) {
		it(`refuses ${what} before calling the service`, async () => {
			const trigger = pollTrigger(fx, parameters);
			const tick = await trigger.activate();
			expect(tick.error?.message).toMatch(message);
			expect(tick.error?.constructor.name).toBe('NodeOperationError');
			expect(fx.requests()).toHaveLength(0);
		});
	}
});
