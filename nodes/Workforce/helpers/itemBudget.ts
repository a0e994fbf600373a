import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { DEFAULT_ITEM_BUDGET_MB } from '../../shared/itemBudget';
import { FROM_VERSION_2, isVersion2 } from '../../shared/nodeVersion';
import { plural } from '../../shared/plural';

/**
 * Issue 46: n8n holds every item of a run until the workflow ends, and past the instance's memory
 * n8n itself goes down. Version 2 counts the bytes of the records it reads into items (the
 * answers' bytes as received: its own count, not the engine's memory) and stops before passing
 * its budget, by the ordered runner's stop rule: at a slice or window boundary.
 */

const FIELD = 'Options > Item Memory Budget (MB)';
const WAYS_ON =
	"Items stay in n8n's memory until the workflow ends. For more records use Output: File (any size, in parts), or read the range window by window, one execution each (Data Extraction > Plan Windows and the warehouse-backfill pattern: docs/bulk-extraction.md#small-instances). Raise the budget only on an instance with the memory for it.";

export const itemBudgetOption: INodeProperties = {
	displayName: 'Item Memory Budget (MB)',
	name: 'itemMemoryBudget',
	type: 'number',
	typeOptions: { minValue: 0.1, numberPrecision: 1 },
	default: DEFAULT_ITEM_BUDGET_MB,
	displayOptions: { show: FROM_VERSION_2 },
	description: `Into items: the megabytes of records a run may read before it stops at a slice or 45-day window boundary (with the error output, what is complete goes out and the rest is named). ${DEFAULT_ITEM_BUDGET_MB} is safe on a 640 MiB n8n; raise it only on a larger instance.`,
};

export interface ItemBudget {
	bytes: number;
	/** Admits what a run would hand on next, or answers the error that stops it before passing the budget. */
	admit(bytes: number, records: number): NodeOperationError | undefined;
}

/** The budget of one item's run into items (version 2), counting what it admitted. */
export function readItemBudget(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: { itemMemoryBudget?: unknown },
	what: string,
): ItemBudget | undefined {
	if (!isVersion2(ctx)) return undefined;
	const raw = options.itemMemoryBudget ?? DEFAULT_ITEM_BUDGET_MB;
	const mb = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN;
	if (raw === '' || !Number.isFinite(mb) || mb <= 0)
		throw new NodeOperationError(
			ctx.getNode(),
			`${FIELD} must be a number above 0, not ${String(raw)}`,
			{
				description: `Set ${FIELD} to the megabytes of records a run into items may read, e.g. ${DEFAULT_ITEM_BUDGET_MB} (safe on a 640 MiB n8n), or remove the option for that default.`,
				itemIndex,
			},
		);
	let [read, records] = [0, 0];
	const admit = (bytes: number, count: number) => {
		if (read + bytes <= mb * 1e6) {
			[read, records] = [read + bytes, records + count];
			return undefined;
		}
		const held = `${plural(records, 'record')} (${(read / 1e6).toFixed(1)} MB) were read into items`;
		return new NodeOperationError(
			ctx.getNode(),
			`${what} stopped at the Item Memory Budget of ${mb} MB: ${held}, and the next ${plural(count, 'record')} (${(bytes / 1e6).toFixed(1)} MB) would pass it`,
			{ description: WAYS_ON, itemIndex },
		);
	};
	return { bytes: mb * 1e6, admit };
}
