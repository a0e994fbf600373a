import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

/** n8n errors pass unchanged; anything else becomes a NodeOperationError for that item. */
export function asNodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}
