import type { Row } from '../runner';

/** Bad inputs of the Workforce Trigger, caught when n8n activates it (its first poll). */
export const triggerRows: Row[] = [
	{
		resource: 'trigger',
		category: 'missing field',
		label: 'time registrations: no kind of change chosen under Emit',
		parameters: { event: 'timeRegistration', timeRegistrationEvents: [] },
		error: {
			field: /^Emit has no kind of change chosen/,
			fix: /Choose at least one of Created, Changed and Deleted under Emit/,
		},
		requests: [],
	},
	{
		resource: 'trigger',
		category: 'malformed date',
		label: 'payroll lines: Start Date "soon"',
		parameters: { event: 'payrollLine', startFrom: 'date', startDate: 'soon' },
		error: {
			field: /^Start Date is not a date/,
			fix: /Pick the date and time from which the first poll should emit changes/,
		},
		requests: [],
	},
	{
		resource: 'trigger',
		category: 'out of range',
		label: 'images: page size 0',
		parameters: { event: 'image', options: { pageSize: 0 } },
		error: {
			field: /^Option Chunk Limit must be a number from 1 to 10000/,
			fix: /Change Chunk Limit under Options/,
		},
		requests: [],
	},
	{
		resource: 'trigger',
		category: 'out of range',
		label: 'payroll export: a work-date range of 60 days',
		parameters: { event: 'payrollExport', workDateRangeDays: 60 },
		error: {
			field: /^Work Date Range \(Days\) must be a whole number from 1 to 45/,
			fix: /at most 45 days of work dates per request/,
		},
		requests: [],
	},
	{
		resource: 'trigger',
		category: 'wrong type',
		label: 'time registrations: retries given as words',
		parameters: { event: 'timeRegistration', options: { retries: 'many' as unknown as number } },
		error: {
			field: /^Option Retries per Page must be a number from 0 to 10/,
			fix: /Change Retries per Page under Options \(it is many\)/,
		},
		requests: [],
	},
	{
		resource: 'trigger',
		category: 'out of range',
		label: 'images: a negative overlap',
		parameters: { event: 'image', options: { overlapMinutes: -5 } },
		error: {
			field: /^Option Overlap \(Minutes\) must be a number of at least 0/,
			fix: /Change Overlap \(Minutes\) under Options \(it is -5\)/,
		},
		requests: [],
	},
];
