import {
	NodeApiError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyRouting,
	type PostReceiveAction,
} from 'n8n-workflow';

import { route } from '../../helpers/routing';

export const MACHINE_TYPE_INVALID = 'MachineService.machineTypeInvalid';

/**
 * Adds the type id that was sent to an unknown-machine-type error, and what to do about it; the
 * service's own message need not repeat the value.
 */
export function explainMachineError(error: unknown, typeIdSent: unknown): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const errors = (error.context?.data as { errors?: Array<{ code?: string }> } | undefined)?.errors;
	if (!Array.isArray(errors) || !errors.some((e) => e?.code === MACHINE_TYPE_INVALID)) return error;
	const sent =
		typeIdSent === undefined || typeIdSent === null
			? ''
			: ` (typeId sent: "${String(typeIdSent)}")`;
	error.message = `${error.message}${sent}`;
	error.description =
		`${MACHINE_TYPE_INVALID}: the type ID is not a machine type of the company. Choose one from "Type Name or ID" ` +
		'(Machine Type > Get Many lists them), or mark the record as equipment (Is Equipment), whose type is not validated.';
	return error;
}

/** The type id this item sent, from the collection the operation has (only the writes have one). */
function typeIdOfItem(ctx: IExecuteSingleFunctions): unknown {
	const collection = { create: 'additionalFields', replace: 'fields', update: 'updateFields' }[
		String(ctx.getNodeParameter('operation', ''))
	];
	if (!collection) return undefined;
	return (ctx.getNodeParameter(collection, {}) as IDataObject).typeId;
}

/** The routing's answer handler, with the machine type explained in its errors. */
function explainingMachineErrors(handler: PostReceiveAction): PostReceiveAction {
	const handle = handler as (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) => Promise<INodeExecutionData[]>;
	return async function (this: IExecuteSingleFunctions, items, response) {
		try {
			return await handle.call(this, items, response);
		} catch (error) {
			throw explainMachineError(error, typeIdOfItem(this));
		}
	};
}

/** `route` for machine operations: the same error handling, plus the machine type explanation. */
export function machineRoute(options: Parameters<typeof route>[0]): INodePropertyRouting {
	const routing = route(options);
	const postReceive = routing.output?.postReceive ?? [];
	postReceive[0] = explainingMachineErrors(postReceive[0] as PostReceiveAction);
	return routing;
}

/** Sends `includeEquipmentDetails=true` when chosen (the service's default is false). */
export async function sendIncludeEquipment(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	if (this.getNodeParameter('includeEquipmentDetails', false) === true) {
		requestOptions.qs = {
			...((requestOptions.qs as IDataObject | undefined) ?? {}),
			includeEquipmentDetails: true,
		};
	}
	return requestOptions;
}

export function includeEquipmentProperty(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Include Equipment Details',
		name: 'includeEquipmentDetails',
		type: 'boolean',
		default: false,
		description: 'Whether to include the equipment linked to each machine',
		displayOptions,
	};
}
