import {
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type PreSendAction,
} from 'n8n-workflow';

import { workforceJson } from '../../shared/transport';
import { readLocator, resourceLocator, type LocatorSpec } from './locators';
import { notFoundOf, PICKERS } from './pickerHints';

export { assertPathSafe } from './locators';

export const MACHINES_PATH = '/api/v4/integration/machines';

const MACHINE: LocatorSpec = {
	name: 'machine',
	displayName: 'Machine',
	description: 'The machine or equipment to work with',
	searchListMethod: 'searchMachines',
	modes: [
		{ displayName: 'By ID', name: 'id', placeholder: 'e.g. 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10' },
		{ displayName: 'By Machine Number', name: 'machineNumber', placeholder: 'e.g. M-100' },
	],
};

/** Machine picker: from a searchable list, by generated id, or by machine number. */
export function machineLocator(
	displayOptions: INodeProperties['displayOptions'],
	description?: string,
): INodeProperties {
	return resourceLocator(MACHINE, displayOptions, description);
}

type ItemContext = IExecuteSingleFunctions | IExecuteFunctions;

/** Reads the machine locator of an item; a missing value is a clear error naming the field. */
export function readMachineLocator(
	ctx: ItemContext,
	itemIndex?: number,
): { mode: string; value: string } {
	return readLocator(
		ctx,
		'machine',
		'Machine',
		'Pick a machine from the list, or enter its ID or machine number in "Machine".',
		itemIndex,
	);
}

/** The service's own endpoint for a machine number (encoded, so it cannot reach another path). */
export function byNumberPath(machineNumber: string): string {
	return `${MACHINES_PATH}/by-machine-number/${encodeURIComponent(machineNumber)}`;
}

/** Looks a machine number up and returns the machine's generated id. */
export async function machineIdOfNumber(
	ctx: ItemContext,
	machineNumber: string,
	itemIndex: number,
): Promise<string> {
	const machine = await workforceJson.call(ctx, {
		method: 'GET',
		path: byNumberPath(machineNumber),
		what: `Looking up machine number "${machineNumber}"`,
		notFound: notFoundOf(PICKERS.machine, 'machineNumber', machineNumber),
		itemIndex,
	});
	return String((machine as { id: unknown }).id);
}

/** The generated id of the chosen machine, looking a machine number up when needed. */
export async function resolveMachineId(ctx: IExecuteSingleFunctions): Promise<string> {
	const { mode, value } = readMachineLocator(ctx);
	return mode === 'machineNumber' ? await machineIdOfNumber(ctx, value, ctx.getItemIndex()) : value;
}

/**
 * Sets the request path from a template holding `{machineId}`; the id is URL-encoded so an id
 * holding `/`, `?` or `#` can never reach another path.
 */
export function machinePath(template: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const id = await resolveMachineId(this);
		requestOptions.url = template.replace('{machineId}', encodeURIComponent(id));
		return requestOptions;
	};
}
