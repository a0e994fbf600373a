import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { toUtcIso } from '../../helpers/dates';
import {
	PAYROLL_LINE_FILTER_PARAMS,
	readPayrollLineFilters,
} from '../../../shared/extraction/payrollLineFilters';

/** Parameters the node sets itself; an additional query parameter may not repeat them. */
const OWN = [
	'fromdatetime',
	'todatetime',
	'modifiedsince',
	'modifiedbefore',
	'chunklimit',
	'continuationtoken',
];

export interface ExtractionOptions {
	chunkLimit?: number;
	includePageFacts?: boolean;
	modifiedBefore?: string;
	modifiedSince?: string;
	parallelRequests?: number;
	partitionBy?: string;
	partitionCount?: number;
	retries?: number;
	retryDelay?: number;
	timeout?: number;
}

/** The filter, checked before any request; the same object is resent on every page. */
export function buildQuery(
	this: IExecuteFunctions,
	itemIndex: number,
	options: ExtractionOptions,
	limit: number | undefined,
): IDataObject {
	const qs: IDataObject = {};
	const date = (field: string, label: string, value: unknown) => {
		const iso = toUtcIso(value);
		if (iso === null) {
			throw new NodeOperationError(
				this.getNode(),
				`${label} is not a date-time: "${String(value)}"`,
				{
					description:
						'Use an ISO 8601 date-time such as 2026-01-31T00:00:00Z (no zone means UTC).',
					itemIndex,
				},
			);
		}
		if (iso !== undefined) qs[field] = iso;
		return iso;
	};
	const from = date(
		'FromDateTime',
		'From Date Time',
		this.getNodeParameter('fromDateTime', itemIndex, ''),
	);
	const to = date('ToDateTime', 'To Date Time', this.getNodeParameter('toDateTime', itemIndex, ''));
	if (from && to && Date.parse(from) > Date.parse(to)) {
		throw new NodeOperationError(
			this.getNode(),
			'To Date Time must not be earlier than From Date Time',
			{
				description: `The window ${from} to ${to} is empty. Both ends are included (equal ends read that one instant); set To Date Time on or after From Date Time.`,
				itemIndex,
			},
		);
	}
	const since = date('ModifiedSince', 'Modified Since', options.modifiedSince);
	const before = date('ModifiedBefore', 'Modified Before', options.modifiedBefore);
	if (before && !since) {
		throw new NodeOperationError(this.getNode(), 'Modified Before needs Modified Since', {
			description:
				'ModifiedBefore only bounds incremental mode. Set Modified Since as well, or remove Modified Before.',
			itemIndex,
		});
	}
	if (before && since && Date.parse(before) <= Date.parse(since)) {
		throw new NodeOperationError(
			this.getNode(),
			'Modified Before must be later than Modified Since',
			{
				description: `The service requires ModifiedBefore to be strictly greater than ModifiedSince (${since}).`,
				itemIndex,
			},
		);
	}
	if (options.chunkLimit !== undefined) {
		const chunk = Number(options.chunkLimit);
		if (!Number.isInteger(chunk) || chunk < 1 || chunk > 10_000) {
			throw new NodeOperationError(
				this.getNode(),
				`Chunk Limit must be a whole number from 1 to 10000, not ${String(options.chunkLimit)}`,
				{ itemIndex },
			);
		}
		qs.ChunkLimit = chunk;
	} else if (limit !== undefined && limit < 2500) {
		// A small Limit asks for a page of that size instead of the default 2500 records.
		qs.ChunkLimit = limit;
	}
	const lineFilters = readPayrollLineFilters(this, itemIndex);
	if (lineFilters) Object.assign(qs, lineFilters);
	const extra = this.getNodeParameter('additionalQuery.parameter', itemIndex, []) as Array<{
		name?: string;
		value?: string;
	}>;
	for (const { name, value } of extra) {
		const key = String(name ?? '').trim();
		if (key === '') {
			throw new NodeOperationError(this.getNode(), 'An additional query parameter has no name', {
				description: 'Give each additional query parameter a name, or remove it.',
				itemIndex,
			});
		}
		if (OWN.includes(key.toLowerCase())) {
			throw new NodeOperationError(
				this.getNode(),
				`Additional query parameter "${key}" is set by the node`,
				{
					description:
						"Use the node's own field for it (dates and incremental options); ContinuationToken is handled by the node.",
					itemIndex,
				},
			);
		}
		if (lineFilters && PAYROLL_LINE_FILTER_PARAMS.includes(key.toLowerCase())) {
			throw new NodeOperationError(
				this.getNode(),
				`Additional query parameter "${key}" has a field of its own`,
				{
					description:
						"Set it with the node's Export Filter or User Payroll Type Filter field instead.",
					itemIndex,
				},
			);
		}
		const previous = qs[key];
		qs[key] =
			previous === undefined
				? String(value ?? '')
				: ([] as string[]).concat(previous as string | string[], String(value ?? ''));
	}
	return qs;
}
