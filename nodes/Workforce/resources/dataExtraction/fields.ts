import { INSTANT_HINT } from '../../../shared/dateHints';
import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { extractionOptionsField } from './optionsField';
import { outputFields } from './outputField';
import { payrollLineFilterProperties } from '../../../shared/extraction/payrollLineFilters';

/** Operations that read payroll lines and so take ExportFilter and UserPayrollTypeFilter. */
const PAYROLL_LINE_OPERATIONS = ['getPayrollLines', 'getPayrollLinesExtended'];

/**
 * The parameters every time-registration / payroll-line extraction shares: Return All or Limit,
 * the FromDateTime/ToDateTime window, the incremental parameters of the behaviour notes and
 * free-form extra query parameters.
 */
export function extractionFields(operation: string, noun: string): INodeProperties[] {
	const show = { show: { resource: ['dataExtraction'], operation: [operation] } };
	return [
		...returnAllAndLimit(show),
		...outputFields(show),
		{
			displayName: 'From Date Time',
			name: 'fromDateTime',
			type: 'dateTime',
			default: '',
			description: `Start of the window (FromDateTime, inclusive) of the ${noun}. ${INSTANT_HINT}.`,
			displayOptions: show,
		},
		{
			displayName: 'To Date Time',
			name: 'toDateTime',
			type: 'dateTime',
			default: '',
			description: `End of the window (ToDateTime, inclusive: a record dated exactly then is returned). To read consecutive periods without repeats, end each 1 ms before the next one starts (e.g. 2026-01-31T23:59:59.999Z). ${INSTANT_HINT}.`,
			displayOptions: show,
		},
		...(PAYROLL_LINE_OPERATIONS.includes(operation) ? payrollLineFilterProperties(show) : []),
		extractionOptionsField(show, {
			chunkLimit:
				'Records per page (ChunkLimit, 1 to 10000). A page never splits one modification time, so it can hold a few more.',
			pageFacts:
				'Whether to add the page envelope (syncTypeName, recordCount, deletedRecordCount, page number) to each item under "_page"',
			modifiedSince: `Switches to incremental mode (ModifiedSince, inclusive): records created, changed or deleted since then, oldest change first. Deleted records come as tombstones (isDeleted: true). ${INSTANT_HINT}.`,
			timeout: true,
		}),
		{
			displayName: 'Additional Query Parameters',
			name: 'additionalQuery',
			type: 'fixedCollection',
			placeholder: 'Add Parameter',
			typeOptions: { multipleValues: true },
			default: {},
			description:
				'Further query parameters the service accepts, sent as given on every page (repeat a name to send several values)',
			displayOptions: show,
			options: [
				{
					displayName: 'Parameter',
					name: 'parameter',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '' },
						{ displayName: 'Value', name: 'value', type: 'string', default: '' },
					],
				},
			],
		},
	];
}
