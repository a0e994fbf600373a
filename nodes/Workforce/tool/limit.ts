import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { isToolMode, type ToolModeContext } from '../../shared/n8nInternals/toolMode';

/** How many items a tool hands a model by default: a model's context is not a warehouse. */
export const TOOL_RESULT_LIMIT = 50;

const PROPERTY = 'toolResultLimit';

function limitProperty(
	show: NonNullable<INodeProperties['displayOptions']>['show'],
): INodeProperties {
	return {
		displayName: 'Tool Result Limit',
		name: PROPERTY,
		type: 'number',
		typeOptions: { minValue: 1 },
		default: TOOL_RESULT_LIMIT,
		description:
			'As an AI tool, at most this many items go back to the model; when there are more, the last item says so (narrow the request, or raise this)',
		displayOptions: { show: { '@tool': [true], ...show } },
	};
}

/**
 * Shown only on the node's tool twin: for Return All, and for the payroll export operations that
 * return every row of their range.
 */
export const toolResultLimitProperties: INodeProperties[] = [
	limitProperty({ returnAll: [true] }),
	limitProperty({ resource: ['payrollExport'], operation: ['get', 'getSummaryLines'] }),
];

type ParameterContext = ToolModeContext & Pick<IExecuteFunctions, 'getNodeParameter'>;

/** The tool's limit (the author's, else the default); a value that is not a whole number of at least 1 counts as the default. */
export function toolResultLimit(ctx: ParameterContext, itemIndex = 0): number {
	const raw = Number(ctx.getNodeParameter(PROPERTY, itemIndex, TOOL_RESULT_LIMIT));
	return Number.isInteger(raw) && raw >= 1 ? raw : TOOL_RESULT_LIMIT;
}

/**
 * How many records a paginated Return All reads: every one in a workflow, the tool's limit plus
 * one as a tool (the extra record tells that there are more, see `capForModel`).
 */
export function returnAllReadLimit(ctx: ParameterContext, itemIndex: number): number {
	return isToolMode(ctx) ? toolResultLimit(ctx, itemIndex) + 1 : Infinity;
}

/** Whether the operation runs without a Limit of its own: Return All, or an operation that returns a whole list. */
function unlimited(ctx: ParameterContext): boolean {
	// null: n8n's getNodeParameter throws for a parameter the operation lacks unless given a fallback.
	const returnAll = ctx.getNodeParameter('returnAll', 0, null) as unknown;
	if (returnAll === true) return true;
	return returnAll === null && ctx.getNodeParameter('limit', 0, null) === null;
}

/**
 * Cuts a tool's answer to the limit when the operation has no Limit of its own, and says so in a
 * last item. Operations with a Limit keep exactly what it asked for.
 */
export function capForModel(
	ctx: ParameterContext,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	const limit = toolResultLimit(ctx);
	if (items.length <= limit || !unlimited(ctx)) return items;
	const note: IDataObject = {
		truncated: true,
		note: `Only the first ${limit} items are shown: the tool returns at most ${limit} items (its Tool Result Limit) and there are more. Narrow the request (filters, a shorter date range, a Limit) or ask the workflow author to raise Tool Result Limit.`,
	};
	return [...items.slice(0, limit), { json: note, pairedItem: items[limit].pairedItem }];
}
