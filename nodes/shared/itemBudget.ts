import { NodeOperationError, type INode, type INodeProperties } from 'n8n-workflow';

import { FROM_VERSION_2 } from './nodeVersion';

/**
 * Issue 46: MB (1,000,000 bytes) of records a node version 2 run reads into items, at most, by
 * default. A time registration is about 1,400 bytes, so 10 MB is about 7,000 of them: on an n8n
 * held to 640 MiB, 10,000 (14 MB) into items completed and 20,000 (28 MB) took n8n down
 * (docs/bulk-extraction.md#small-instances).
 */
export const DEFAULT_ITEM_BUDGET_MB = 10;

/**
 * Issue 46: MB of records one poll of trigger version 2 emits, at most, by default. Smaller than
 * the node's budget, as a poll's workflow runs after it with the changes in hand and n8n saves the
 * execution: the sandbox's warehouse-sync (one upsert statement a poll) over 200,000 records at
 * 640 MiB took n8n down with polls of 10 MB (docs/bulk-extraction.md#small-instances, BENCHMARKS.md).
 */
export const TRIGGER_POLL_BUDGET_MB = 2;

/** The option's name in the node's and the trigger's Options (`itemMemoryBudget`). */
export const ITEM_BUDGET_FIELD = 'Options > Item Memory Budget (MB)';

/** The option under Options, version 2 only: the node's bounds a run into items, the trigger's a poll. */
export function budgetOption(fallback: number, description: string): INodeProperties {
	return {
		displayName: 'Item Memory Budget (MB)',
		name: 'itemMemoryBudget',
		type: 'number',
		typeOptions: { minValue: 0.1, numberPrecision: 1 },
		default: fallback,
		displayOptions: { show: FROM_VERSION_2 },
		description,
	};
}

/**
 * A budget in MB as set (an expression may give anything): unset is the default; zero, negative
 * or not a number is refused before any request, naming the field and the fix.
 */
export function budgetMegabytes(
	node: INode,
	raw: unknown,
	budget: { fallback: number; bounds: string; itemIndex?: number },
): number {
	const value = raw ?? budget.fallback;
	const mb = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
	if (value !== '' && Number.isFinite(mb) && mb > 0) return mb;
	throw new NodeOperationError(
		node,
		`${ITEM_BUDGET_FIELD} must be a number above 0, not ${String(value)}`,
		{
			description: `Set ${ITEM_BUDGET_FIELD} to the megabytes of records ${budget.bounds}, e.g. ${budget.fallback} (safe on a 640 MiB n8n), or remove the option for that default.`,
			itemIndex: budget.itemIndex,
		},
	);
}
