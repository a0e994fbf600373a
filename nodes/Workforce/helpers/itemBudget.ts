import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { budgetMegabytes, budgetOption, DEFAULT_ITEM_BUDGET_MB } from '../../shared/itemBudget';
import { isVersion2 } from '../../shared/nodeVersion';
import { plural } from '../../shared/plural';

/**
 * Issue 46: n8n holds every item of a run until the workflow ends, and past the instance's memory
 * n8n itself goes down. Version 2 counts the bytes of the records it reads into items (the
 * answers' bytes as received: its own count, not the engine's memory) and stops before passing
 * its budget, by the ordered runner's stop rule: at a slice or window boundary.
 */

const WAYS_ON =
	"Items stay in n8n's memory until the workflow ends. For more records use Output: File (any size, in parts), or read the range window by window, one execution each (Data Extraction > Plan Windows and the warehouse-backfill pattern: docs/bulk-extraction.md#small-instances). Raise the budget only on an instance with the memory for it.";

export const itemBudgetOption = budgetOption(
	DEFAULT_ITEM_BUDGET_MB,
	`Into items: the megabytes of records a run may read before it stops at a slice or 45-day window boundary (with the error output, what is complete goes out and the rest is named). ${DEFAULT_ITEM_BUDGET_MB} is safe on a 640 MiB n8n; raise it only on a larger instance.`,
);

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
	const mb = budgetMegabytes(ctx.getNode(), options.itemMemoryBudget, {
		fallback: DEFAULT_ITEM_BUDGET_MB,
		bounds: 'a run into items may read',
		itemIndex,
	});
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
