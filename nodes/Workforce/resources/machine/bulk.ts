import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { machineIdOfNumber, MACHINES_PATH, readMachineLocator } from '../../helpers/machineLocator';
import { workforceJson } from '../../../shared/transport';
import { serviceError } from '../../../shared/transport/errors';
import { failWith, MACHINE_FIELD_NAMES, normalizeMachineBody, requireText } from './fields';
import { explainMachineError } from './routing';

type Mode = 'create' | 'replace';

interface Prepared {
	itemIndex: number;
	body?: IDataObject;
	error?: NodeApiError | NodeOperationError;
}

interface ServiceErrorItem {
	category?: string;
	code?: string;
	field?: string;
	message?: string;
}

const ENDPOINT: Record<Mode, { method: 'POST' | 'PUT'; path: string }> = {
	create: { method: 'POST', path: `${MACHINES_PATH}/create/array` },
	replace: { method: 'PUT', path: `${MACHINES_PATH}/update/array` },
};

/**
 * Create Many / Replace Many: each input item becomes one machine, sent as arrays of Batch Size.
 * The service processes each machine of an array on its own, so one failure does not stop the
 * others; each result goes back to its input item (pairedItem).
 */
export function bulkOperation(mode: Mode) {
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const rawBatchSize = this.getNodeParameter('batchSize', 0, 100) as unknown;
		const batchSize = Number(rawBatchSize);
		if (!Number.isInteger(batchSize) || batchSize < 1) {
			throw new NodeOperationError(
				this.getNode(),
				'Batch Size must be a whole number of 1 or more',
				{
					description: `Got "${String(rawBatchSize)}". Set Batch Size to 1 or more (100 is a good start).`,
				},
			);
		}
		const continueOnFail = this.continueOnFail();
		const prepared = await prepare(this, items.length, mode);

		// Without Continue On Fail an item that cannot be sent stops the node before any machine is sent.
		const invalid = prepared.find((p) => p.error);
		if (invalid?.error && !continueOnFail) {
			invalid.error.message = `${invalid.error.message} (item ${invalid.itemIndex + 1}; nothing was saved)`;
			throw invalid.error;
		}

		const outcome = new Map<number, INodeExecutionData>();
		for (const p of prepared)
			if (p.error) outcome.set(p.itemIndex, errorItem(p.itemIndex, p.body, p.error));
		const sendable = prepared.filter((p) => p.body && !p.error);
		let saved = 0;
		for (let start = 0; start < sendable.length; start += batchSize) {
			const batch = sendable.slice(start, start + batchSize);
			const results = await sendBatch(this, mode, batch);
			let firstFailure: Prepared | undefined;
			batch.forEach((p, position) => {
				const result = results[position];
				if (result.machine) {
					saved++;
					outcome.set(p.itemIndex, { json: result.machine, pairedItem: { item: p.itemIndex } });
				} else {
					const error = result.error as NodeApiError;
					outcome.set(p.itemIndex, errorItem(p.itemIndex, p.body, error));
					firstFailure ??= { ...p, error };
				}
			});
			if (firstFailure?.error && !continueOnFail) {
				const number = String(firstFailure.body?.machineNumber ?? '');
				firstFailure.error.message = `Item ${firstFailure.itemIndex + 1} (machineNumber "${number}") was not saved: ${firstFailure.error.message}`;
				firstFailure.error.description = [
					firstFailure.error.description,
					`The other machines of its batch were processed and earlier items may already be saved (${saved} saved so far); later batches were not sent. Turn on Continue On Fail to get one result per item.`,
				]
					.filter(Boolean)
					.join(' ');
				throw firstFailure.error;
			}
		}
		return [
			items.map((_, i) => outcome.get(i)).filter((i): i is INodeExecutionData => i !== undefined),
		];
	};
}

/**
 * Builds each item's machine, from the mapped parameters or from the item's JSON (the fields of
 * the Machine table; others are ignored). For Replace Many the machine's id comes from the
 * locator, or from the JSON's `id`, else its `machineNumber` is looked up.
 */
async function prepare(ctx: IExecuteFunctions, count: number, mode: Mode): Promise<Prepared[]> {
	const out: Prepared[] = [];
	const items = ctx.getInputData();
	let idsByNumber: Map<string, string> | undefined;
	const idOfNumber = async (value: string, i: number) => {
		// One list request serves every item; numbers outside it are looked up one by one.
		idsByNumber ??= await machineIdsByNumber(ctx);
		return idsByNumber.get(value) ?? (await machineIdOfNumber(ctx, value, i));
	};
	for (let i = 0; i < count; i++) {
		const fail = failWith(ctx.getNode(), i);
		let body: IDataObject | undefined;
		try {
			const fromJson = ctx.getNodeParameter('machineData', i, 'fields') === 'json';
			body = normalizeMachineBody(
				fromJson ? machineOfJson(items[i]?.json ?? {}, mode) : machineOfParameters(ctx, i, mode),
				fail,
			);
			requireText(body, 'companyId', 'Company ID', fail);
			requireText(body, 'machineNumber', 'Machine Number', fail);
			if (mode === 'replace' && fromJson) {
				body.id ??= await idOfNumber(String(body.machineNumber), i);
			} else if (mode === 'replace') {
				const { mode: locatorMode, value } = readMachineLocator(ctx, i);
				body.id = locatorMode === 'machineNumber' ? await idOfNumber(value, i) : value;
			}
			out.push({ itemIndex: i, body });
		} catch (error) {
			const clear =
				error instanceof NodeApiError || error instanceof NodeOperationError
					? error
					: new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: i });
			out.push({ itemIndex: i, body, error: clear });
		}
	}
	return out;
}

function machineOfParameters(ctx: IExecuteFunctions, i: number, mode: Mode): IDataObject {
	const collection = (ctx.getNodeParameter(
		mode === 'create' ? 'additionalFields' : 'fields',
		i,
		{},
	) ?? {}) as IDataObject;
	return {
		companyId: ctx.getNodeParameter('companyId', i, ''),
		machineNumber: ctx.getNodeParameter('machineNumber', i, ''),
		...collection,
	};
}

function machineOfJson(json: IDataObject, mode: Mode): IDataObject {
	const body: IDataObject = {};
	for (const field of MACHINE_FIELD_NAMES) if (json[field] !== undefined) body[field] = json[field];
	if (mode === 'create') delete body.id;
	return body;
}

async function machineIdsByNumber(ctx: IExecuteFunctions): Promise<Map<string, string>> {
	const machines = await workforceJson.call(ctx, {
		method: 'GET',
		path: MACHINES_PATH,
		what: 'Listing machines to resolve machine numbers',
	});
	const map = new Map<string, string>();
	for (const m of Array.isArray(machines) ? (machines as IDataObject[]) : [])
		map.set(String(m.machineNumber), String(m.id));
	return map;
}

/** Sends one array; a failure of the whole request becomes the result of each of its items. */
async function sendBatch(
	ctx: IExecuteFunctions,
	mode: Mode,
	batch: Prepared[],
): Promise<Array<{ machine?: IDataObject; error?: NodeApiError }>> {
	const { method, path } = ENDPOINT[mode];
	const first = batch[0].itemIndex + 1;
	const last = batch[batch.length - 1].itemIndex + 1;
	let body: unknown;
	try {
		body = await workforceJson.call(ctx, {
			method,
			path,
			body: batch.map((p) => p.body),
			what: `Sending machines of items ${first}-${last}`,
			itemIndex: batch[0].itemIndex,
		});
	} catch (error) {
		if (!(error instanceof NodeApiError))
			throw new NodeOperationError(ctx.getNode(), error as Error, {
				itemIndex: batch[0].itemIndex,
			});
		return batch.map(() => ({ error }));
	}
	if (!Array.isArray(body)) {
		const error = new NodeApiError(
			ctx.getNode(),
			{ message: 'Unexpected answer' },
			{
				message: `The service did not answer ${path} with an array of results`,
				description: `Got ${JSON.stringify(body)?.slice(0, 200)}. The machines of items ${first}-${last} may or may not be saved; check with Get Many.`,
			},
		);
		return batch.map(() => ({ error }));
	}
	return batch.map((p, position) => readResult(ctx, body as unknown[], position, p));
}

/**
 * The answer of the array endpoints is not shown in the specification. Read per-item results
 * (`{ index, success, machine?, errors? }`, matched by index, else by position) and also a plain
 * array of machines.
 */
function readResult(
	ctx: IExecuteFunctions,
	results: unknown[],
	position: number,
	p: Prepared,
): { machine?: IDataObject; error?: NodeApiError } {
	const indexed = results.find((r) => isObject(r) && r.index === position);
	const entry =
		indexed ??
		(results.some((r) => isObject(r) && typeof r.index === 'number')
			? undefined
			: results[position]);
	const number = String(p.body?.machineNumber ?? '');
	const what = `Saving machine "${number}" (item ${p.itemIndex + 1})`;
	if (!isObject(entry)) {
		const message = `${what} failed: the service's answer holds no result for this machine`;
		return {
			error: new NodeApiError(
				ctx.getNode(),
				{ message },
				{
					message,
					description:
						'It may or may not be saved; check with Get by Machine Number before sending it again.',
					itemIndex: p.itemIndex,
				},
			),
		};
	}
	const errors = Array.isArray(entry.errors) ? (entry.errors as ServiceErrorItem[]) : [];
	const failed = entry.success === false || (entry.success === undefined && errors.length > 0);
	if (!failed) {
		return { machine: (isObject(entry.machine) ? entry.machine : entry) as IDataObject };
	}
	const status = typeof entry.status === 'number' ? entry.status : 400;
	const message = typeof entry.message === 'string' ? entry.message : 'The machine was not saved.';
	const error = serviceError(
		ctx.getNode(),
		status,
		{ message, errors },
		{ what, itemIndex: p.itemIndex },
	);
	return { error: explainMachineError(error, p.body?.typeId) as NodeApiError };
}

/**
 * With Continue On Fail: an item naming the machine and the offending fields. No `error`
 * property: n8n would replace the JSON with the bare message and lose the machine and fields.
 */
function errorItem(
	itemIndex: number,
	body: IDataObject | undefined,
	error: NodeApiError | NodeOperationError,
): INodeExecutionData {
	const data = (error.context?.data as { errors?: ServiceErrorItem[] } | undefined)?.errors;
	const fields = Array.isArray(data)
		? [...new Set(data.map((e) => e.field).filter((f): f is string => !!f))]
		: [];
	return {
		json: {
			error: error.message,
			...(error.description ? { description: error.description } : {}),
			itemIndex,
			machineNumber: (body?.machineNumber as string | undefined) ?? null,
			...(body?.id ? { id: body.id } : {}),
			fields,
			...(Array.isArray(data) ? { errors: data as unknown as IDataObject[] } : {}),
		},
		pairedItem: { item: itemIndex },
	};
}

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
