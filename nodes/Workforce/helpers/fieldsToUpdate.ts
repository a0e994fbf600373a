import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
} from 'n8n-workflow';

/**
 * A PATCH without fields would change nothing: say so instead of sending it. `withClear` names
 * the "Fields to Clear" list of operations that have one.
 */
export function assertFieldsToUpdate(
	ctx: IExecuteSingleFunctions,
	body: IDataObject,
	withClear = false,
): void {
	if (Object.keys(body).length > 0) return;
	throw new NodeOperationError(ctx.getNode(), 'No fields to update', {
		description: `Add at least one field under "Update Fields"${withClear ? ' or "Fields to Clear"' : ''}.`,
		itemIndex: ctx.getItemIndex(),
	});
}

/** The same check as a preSend step of a routed update. */
export async function requireFieldsToUpdate(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	assertFieldsToUpdate(this, (requestOptions.body ?? {}) as IDataObject);
	return requestOptions;
}
