import type { INodeParameters } from 'n8n-workflow';

import { MAPPED_EMPTY, refusedInPath, rl, type Row } from '../runner';

/** yyyy-MM-dd of `days` ago (UTC). */
const daysAgo = (days: number) =>
	new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const payroll = (over: INodeParameters = {}): INodeParameters => ({
	resource: 'payrollExport',
	operation: 'get',
	fromWorkDate: daysAgo(10),
	toWorkDate: daysAgo(3),
	...over,
});
const times = (over: INodeParameters = {}): INodeParameters => ({
	resource: 'dataExtraction',
	operation: 'getTimeRegistrations',
	returnAll: true,
	...over,
});
const images = (over: INodeParameters = {}): INodeParameters => ({
	resource: 'dataExtraction',
	operation: 'getImages',
	returnAll: true,
	...over,
});

export const payrollExportRows: Row[] = [
	{
		resource: 'payrollExport',
		category: 'impossible range',
		label: 'get: From Work Date after To Work Date',
		parameters: payroll({ fromWorkDate: daysAgo(3), toWorkDate: daysAgo(10) }),
		error: {
			field: /^From Work Date \(.*\) is after To Work Date/,
			fix: /put From Work Date on or before To Work Date/,
		},
		requests: [],
	},
	{
		resource: 'payrollExport',
		category: 'malformed date',
		label: 'get: From Work Date mapped to "next monday"',
		items: [{ json: { from: 'next monday' } }],
		parameters: payroll({ fromWorkDate: '={{ $json.from }}' }),
		error: { field: /^From Work Date is not a date: "next monday"/, fix: /yyyy-MM-dd/ },
		requests: [],
	},
	{
		resource: 'payrollExport',
		category: 'malformed date',
		label: 'get: From Work Date an invalid Date from an expression',
		parameters: payroll({ fromWorkDate: "={{ new Date('next monday') }}" }),
		error: { field: /^From Work Date is not a date: "Invalid Date"/, fix: /yyyy-MM-dd/ },
		requests: [],
	},
	{
		resource: 'payrollExport',
		category: 'out of range',
		label: 'get: Modified Since Date 400 days back',
		parameters: payroll({ filters: { modifiedSinceDate: daysAgo(400) } }),
		error: {
			field: /^Modified Since Date .* is more than one year back/,
			fix: /clear Modified Since Date/,
		},
		requests: [],
	},
	{
		resource: 'payrollExport',
		category: 'out of range',
		label: 'get summary lines: a 60-day range without splitting',
		parameters: {
			resource: 'payrollExport',
			operation: 'getSummaryLines',
			fromWorkDate: daysAgo(70),
			toWorkDate: daysAgo(10),
			options: { splitLongRanges: false },
		},
		error: {
			field: /spans 61 days; the service allows at most 45 days/,
			fix: /Turn on Options > Split Ranges Over 45 Days/,
		},
		requests: [],
	},
	{
		resource: 'payrollExport',
		category: 'malformed JSON',
		label: 'get: User IDs mapped to a broken JSON array',
		items: [{ json: { users: '["u-1", ' } }],
		parameters: payroll({ filters: { userIds: '={{ $json.users }}' } }),
		error: {
			field: /^User IDs is not valid JSON: "\["u-1", "/,
			fix: /or as a JSON array \(\["a", "b"\]\) in Filters > User IDs/,
		},
		requests: [],
	},
	{
		resource: 'payrollExport',
		category: 'malformed JSON',
		label: 'get: User IDs mapped to valid JSON array text are sent as a list',
		items: [{ json: { users: '["u-1", "u-2"]' } }],
		parameters: payroll({ filters: { userIds: '={{ $json.users }}' } }),
		requests: ['GET /api/payroll-export/readonly 200'],
		emptyWithHint: /^The payroll export for .* is empty/,
		output: (_json, fx) => expect(fx.apiRequests()[0].query.userIds).toEqual(['u-1', 'u-2']),
	},
	{
		resource: 'payrollExport',
		category: 'unknown id',
		label: 'get: Project IDs naming a project that does not exist: empty, with a hint saying why',
		parameters: payroll({ filters: { projectIds: 'no-such-project' } }),
		requests: ['GET /api/payroll-export/readonly 200'],
		emptyWithHint:
			/^The payroll export for .* is empty\. Likely causes: .*no hours are registered in the period for the chosen filters/,
		output: (_json, fx) =>
			expect(fx.apiRequests()[0].query.projectIds).toEqual(['no-such-project']),
	},
	{
		resource: 'payrollExport',
		category: 'missing field',
		label: 'get file: output binary field mapped to an empty value',
		parameters: {
			resource: 'payrollExport',
			operation: 'getFile',
			fromWorkDate: daysAgo(10),
			toWorkDate: daysAgo(3),
			dataExportType: 10,
			binaryPropertyName: MAPPED_EMPTY,
		},
		error: {
			field: /^Put Output File in Field is empty/,
			fix: /Name the binary field the file goes to/,
		},
		requests: [],
	},
];

export const dataExtractionRows: Row[] = [
	{
		resource: 'dataExtraction',
		category: 'malformed date',
		label: 'time registrations: From Date Time "yesterday"',
		parameters: times({ fromDateTime: 'yesterday' }),
		error: { field: /From Date Time is not a date-time: "yesterday"/, fix: /ISO 8601/ },
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'malformed date',
		label: 'time registrations: From Date Time an invalid Date from an expression',
		parameters: times({ fromDateTime: "={{ new Date('yesterday') }}" }),
		error: { field: /From Date Time is not a date-time: "Invalid Date"/, fix: /ISO 8601/ },
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'impossible range',
		label: 'time registrations: To Date Time before From Date Time',
		parameters: times({ fromDateTime: '2026-03-01T00:00:00Z', toDateTime: '2026-02-01T00:00:00Z' }),
		error: { field: /To Date Time/, fix: /after From Date Time|later/ },
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'impossible range',
		label: 'payroll lines: Modified Before without Modified Since',
		parameters: {
			resource: 'dataExtraction',
			operation: 'getPayrollLines',
			returnAll: true,
			options: { modifiedBefore: '2026-01-01T00:00:00Z' },
		},
		error: { field: /Modified Before/, fix: /Modified Since/ },
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'out of range',
		label: 'payroll lines: limit 0',
		parameters: {
			resource: 'dataExtraction',
			operation: 'getPayrollLines',
			returnAll: false,
			limit: 0,
		},
		error: {
			field: /^Limit must be a whole number of at least 1, not 0/,
			fix: /Set Limit to 1 or more, or turn on Return All/,
		},
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'out of range',
		label: 'extended payroll lines: chunk limit 20,000',
		parameters: {
			resource: 'dataExtraction',
			operation: 'getPayrollLinesExtended',
			returnAll: true,
			options: { chunkLimit: 20000 },
		},
		error: { field: /Chunk Limit/, fix: /between 1 and 10000|1 to 10000/ },
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'wrong type',
		label: 'time registrations: an additional query parameter that the node sets itself',
		parameters: times({
			additionalQuery: { parameter: [{ name: 'ContinuationToken', value: 'x' }] },
		}),
		error: {
			field: /Additional query parameter "ContinuationToken" is set by the node/,
			fix: /Remove|remove|option/,
		},
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'wrong type',
		label: 'images: sources mapped to an unknown source',
		items: [{ json: { sources: ['feed', 'selfie'] } }],
		parameters: images({ sources: '={{ $json.sources }}' }),
		error: {
			field: /Sources has an invalid value: "selfie"/,
			fix: /Choose from feed, alert and checklist/,
		},
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'missing field',
		label: 'images: company filter mapped to an empty value',
		parameters: images({ filters: { companyId: MAPPED_EMPTY } }),
		error: { field: /^Company ID is empty/, fix: /remove the Company ID filter/ },
		requests: [],
	},
	{
		resource: 'dataExtraction',
		category: 'unknown id',
		label: 'images: unknown project number in the filter',
		parameters: images({ filters: { project: rl('projectNumber', 'P-404') } }),
		error: { field: /P-404/, fix: /looked up By Project Number .*Check the project number/ },
		requests: ['GET /api/v4/integration/projects/by-project-number/P-404 404'],
	},
	refusedInPath(
		{
			resource: 'dataExtraction',
			label: 'images: project number ".." in the filter is refused',
			parameters: images({ filters: { project: rl('projectNumber', '..') } }),
		},
		'Project number',
		'..',
		'Project',
	),
];
