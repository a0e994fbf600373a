import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { executeNode, type ExecuteResult } from '../harness/execute';
import { PollHarness } from '../harness/poll';
import { useEmulator, type Fixture } from '../support/emulatorFixture';

export const CATEGORIES = [
	'missing field',
	'wrong type',
	'malformed date',
	'out of range',
	'impossible range',
	'unknown id',
	'odd id',
	'malformed JSON',
	'hostile file name',
	'foreign URL',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** One bad input: what the node gets, and how it must end. */
export interface Row {
	/** A resource of the Workforce node, or "trigger" for the Workforce Trigger (run as n8n activates it). */
	resource: string;
	category: Category;
	label: string;
	parameters: INodeParameters | ((fx: Fixture) => INodeParameters);
	items?:
		| INodeExecutionData[]
		| ((fx: Fixture) => INodeExecutionData[] | Promise<INodeExecutionData[]>);
	/**
	 * The run ends in a NodeOperationError/NodeApiError whose message + description match
	 * `field` (the field by UI label or API name) and `fix` (what to do).
	 */
	error?: { field: RegExp; fix: RegExp };
	/**
	 * Every request that reached the emulator, as "METHOD path status" (path as sent, still
	 * encoded); [] when the node refused before calling. A function gets the fixture for ids.
	 */
	requests: string[] | ((fx: Fixture) => string[]);
	/** Rows handled correctly (no error): checks of the output items, which are never empty... */
	output?: (json: IDataObject[], fx: Fixture, result: ExecuteResult) => void;
	/** ...unless an execution hint explains the empty result (then it is not silent). */
	emptyWithHint?: RegExp;
}

/** The text a user sees: the error's message and its description. */
export function errorText(result: ExecuteResult): string {
	const error = result.error as (Error & { description?: string | null }) | undefined;
	return `${error?.message ?? ''}\n${error?.description ?? ''}`;
}

/** Runs every row through the engine against the emulator (one emulator per file). */
export function runCatalogue(title: string, rows: Row[]) {
	describe(`Bad-input catalogue: ${title}`, () => {
		const fx = useEmulator();
		const named = rows.map((row) => [`${row.category}: ${row.label}`, row] as const);

		it.each(named)('%s', async (_name, row) => {
			const parameters = typeof row.parameters === 'function' ? row.parameters(fx) : row.parameters;
			const items = typeof row.items === 'function' ? await row.items(fx) : row.items;
			const expected = typeof row.requests === 'function' ? row.requests(fx) : row.requests;
			fx.mark();
			const result =
				row.resource === 'trigger'
					? await activateTrigger(fx, parameters)
					: await executeNode({ credentials: fx.credentials, parameters, items });

			// CATALOGUE_DEBUG=1 prints what each row really did, for writing new rows.
			if (process.env.CATALOGUE_DEBUG) {
				console.log(
					`${row.resource} | ${row.label}\n  requests: ${JSON.stringify(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`))}\n  error: ${result.error?.name} ${JSON.stringify(errorText(result))}\n  items: ${JSON.stringify(result.items.map((i) => i.json)).slice(0, 300)}`,
				);
			}
			expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(expected);
			if (row.error) {
				expect(result.error).toBeDefined();
				expect(result.error?.name).toMatch(/^Node(Api|Operation)Error$/);
				const text = errorText(result);
				expect(text).toMatch(row.error.field);
				expect(text).toMatch(row.error.fix);
				expect(text).not.toMatch(
					/TypeError|Cannot read prop|undefined is not|is not a function|\[object Object\]/,
				);
				expect(result.items).toEqual([]);
			} else {
				expect(result.error).toBeUndefined();
				if (row.emptyWithHint) {
					expect(result.items).toEqual([]);
					expect(result.hints.map((h) => h.message)).toEqual([
						expect.stringMatching(row.emptyWithHint),
					]);
				} else {
					expect(result.items.length).toBeGreaterThan(0);
				}
				row.output?.(
					result.items.map((i) => i.json),
					fx,
					result,
				);
			}
		});
	});
}

/** The trigger's activation poll and, when that passes, its first scheduled poll, in the shape of a node run. */
async function activateTrigger(fx: Fixture, parameters: INodeParameters): Promise<ExecuteResult> {
	const trigger = new PollHarness({ credentials: fx.credentials, parameters });
	let tick = await trigger.activate();
	if (!tick.error) tick = await trigger.tick();
	const error = tick.error as (Error & { description?: string }) | undefined;
	return {
		items: tick.items,
		errorItems: [],
		error: error
			? ({
					name: error.constructor.name,
					message: error.message,
					description: error.description,
				} as never)
			: undefined,
		run: {} as never,
		hints: [],
		staticData: trigger.state,
	};
}

export { MAPPED_EMPTY } from '../support/params';

/** Resource locator values as the editor stores them. */
export const rl = (mode: string, value: string) => ({ __rl: true, mode, value });

export const enc = encodeURIComponent;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The row of an id or number the node refuses before any request because it cannot stand in a
 * request path: the message opens with the value as `named` ("Machine ID"), the fix names the
 * field to change (`locator`).
 */
export function refusedInPath(
	row: Pick<Row, 'resource' | 'label' | 'parameters'>,
	named: string,
	value: string,
	locator: string,
): Row {
	return {
		...row,
		category: 'odd id',
		error: {
			field: new RegExp(`^${literal(`${named} "${value}"`)} cannot be used in a request path`),
			fix: new RegExp(`Check the value entered or mapped to "${literal(locator)}"`),
		},
		requests: [],
	};
}
