import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import {
	PAYROLL_LINE_FILTER_PARAMS,
	payrollLineFilterQuery,
} from '../../../shared/extraction/payrollLineFilters';
import { windowQuery } from './windowQuery';

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
	/** Version 2, MB; checked by helpers/itemBudget.ts (an expression may give anything). */
	itemMemoryBudget?: unknown;
	modifiedBefore?: string;
	modifiedSince?: string;
	parallelRequests?: number;
	partitionBy?: string;
	partitionCount?: number;
	retries?: number;
	retryDelay?: number;
	timeout?: number;
}

export function readPayrollLineFilters(ctx: IExecuteFunctions, itemIndex: number) {
	const read = (name: string) => ctx.getNodeParameter(name, itemIndex, null);
	return payrollLineFilterQuery(ctx.getNode(), read, itemIndex);
}

/** The filter, checked before any request; the same object is resent on every page. */
export function buildQuery(
	this: IExecuteFunctions,
	itemIndex: number,
	options: ExtractionOptions,
	limit: number | undefined,
): IDataObject {
	const qs = windowQuery(this, itemIndex, options, limit);
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
