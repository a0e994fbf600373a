import {
	NodeApiError,
	NodeOperationError,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
} from 'n8n-workflow';

/** n8n errors pass unchanged; anything else becomes a NodeOperationError for that item. */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** With Continue On Fail the item's error becomes an output item; otherwise the run stops with it. */
export function outputOrThrow(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
	out: INodeExecutionData[],
): void {
	if (!ctx.continueOnFail()) throw asNodeError(ctx.getNode(), error, itemIndex);
	out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
}
