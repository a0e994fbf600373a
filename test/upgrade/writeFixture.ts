import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { PollHarness } from '../harness/poll';
import type { CaseState } from '../support/toolCases';
import {
	applyChange,
	CREDENTIALS,
	everyOperation,
	FIXTURES,
	freshService,
	Ids,
	itemsOf,
	requestsSince,
	setDate,
	stopDate,
	TRIGGER_TYPE,
	WORKFORCE_TYPE,
	type NodeFixture,
	type Observed,
	type TriggerFixture,
	type WorkDataChange,
} from './fixture';
import { editorStored, NODE_RECIPES, nodeTypeVersion, TRIGGER_RECIPES } from './recipes';
import { runNode } from './replay';

/**
 * Writes test/upgrade/fixtures/<version of package.json>/: run by scripts/upgrade-fixture.sh
 * (npm's `version` step), not by the test suite. It refuses to overwrite a release's fixture
 * unless UPGRADE_FIXTURE_FORCE=1: what a release saved is what later releases must run.
 */
const release = (
	JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
).version;
// UPGRADE_FIXTURES_OUT writes elsewhere (to try a recipe without touching the saved fixtures).
const dir = join(process.env.UPGRADE_FIXTURES_OUT ?? FIXTURES, release);
// The hour the fixture is made, so the tool table's dates (relative to now) and the service agree.
const savedAt = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
const minute = (n: number) => new Date(new Date(savedAt).getTime() + n * 60_000).toISOString();
const TRIGGER_SEED = 40;

const write = (file: string, value: unknown) => {
	mkdirSync(join(dir, file, '..'), { recursive: true });
	writeFileSync(join(dir, file), `${JSON.stringify(value, null, '\t')}\n`);
};

/** The table checks what a model sees: binary data summed up as `files` beside the JSON. */
function asToolSees(item: Observed['items'][number]): IDataObject {
	const json = item.json as IDataObject;
	if (!item.binary) return json;
	const files = Object.entries(item.binary).map(([field, b]) => {
		const { fileName, mimeType, bytes } = b as IDataObject;
		return { field, fileName, mimeType, fileSize: bytes };
	});
	return { ...json, files };
}

const manualTrigger: INode = {
	id: 'manual-trigger',
	name: "When clicking 'Execute workflow'",
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe(`Upgrade fixture for ${release}`, () => {
	beforeAll(() => {
		if (existsSync(dir) && process.env.UPGRADE_FIXTURE_FORCE !== '1')
			throw new Error(
				`${dir} exists: a release's fixture is what it saved. Bump the version first, or set UPGRADE_FIXTURE_FORCE=1 to rewrite it.`,
			);
		rmSync(dir, { recursive: true, force: true });
		write('release.json', { release, savedAt });
		stopDate(savedAt);
	});
	afterAll(() => jest.useRealTimers());

	it('covers every operation of the node', () => {
		const recipes = NODE_RECIPES.map((r) => `${r.case.resource}.${r.case.operation}`);
		expect(everyOperation().filter((op) => !recipes.includes(op))).toEqual([]);
	});

	it('saves one workflow per operation, in the order the table runs them', async () => {
		const service = await freshService();
		try {
			const ids = new Ids();
			const state: CaseState = { tag: 'UPG' };
			const typeVersion = nodeTypeVersion();
			for (const [i, recipe] of NODE_RECIPES.entries()) {
				const { resource, operation } = recipe.case;
				const { parameters, item } = recipe.build(state);
				const node: INode = {
					id: `workforce-${i}`,
					name: 'Workforce',
					type: WORKFORCE_TYPE,
					typeVersion,
					position: [220, 0],
					parameters,
					credentials: CREDENTIALS,
				};
				const workflow: NodeFixture['workflow'] = {
					name: `${resource} ${operation} (${release})`,
					nodes: [manualTrigger, node],
					connections: {
						[manualTrigger.name]: { main: [[{ node: node.name, type: 'main', index: 0 }]] },
					},
					pinData: { [manualTrigger.name]: ids.tokenize([item]) },
				};
				const expected = await runNode(service, ids, { workflow });
				if (expected.error) throw new Error(`${resource}.${operation}: ${expected.error}`);
				// The table's own checks, on the values as they came (they note ids for later rows).
				recipe.case.result(ids.restore(expected.items).map(asToolSees), state);
				const file = `node/${String(i).padStart(2, '0')}-${resource}-${operation}.json`;
				write(file, { resource, operation, workflow, expected } satisfies NodeFixture);
			}
		} finally {
			await service.emulator.close();
		}
	});

	it.each(TRIGGER_RECIPES.map((r) => [r.event, r] as const))(
		'saves the trigger on %s after a few polls',
		async (_event, recipe) => {
			setDate(savedAt);
			const service = await freshService({ workData: { timeRegistrations: TRIGGER_SEED } });
			try {
				const parameters = editorStored(
					{
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						...recipe.parameters,
					} as INodeParameters,
					true,
				);
				const typeVersion = nodeTypeVersion(true);
				const trigger = new PollHarness({
					credentials: service.credentials,
					parameters,
					typeVersion,
					cursorMode: 'staticData',
				});
				const history: WorkDataChange[] = [];
				const at = (c: { minute: number }) => minute(c.minute);
				for (const [p, changes] of recipe.polls.entries()) {
					for (const { minute: m, ...change } of changes) {
						const recorded = { at: at({ minute: m }), ...change };
						applyChange(service.emulator, recorded);
						history.push(recorded);
					}
					setDate(minute(5 * p));
					const tick = p === 0 ? await trigger.activate() : await trigger.tick();
					if (tick.error) throw tick.error;
					if (p > 0) expect(tick.items.length).toBeGreaterThan(0);
				}
				const staticData = JSON.parse(JSON.stringify(trigger.savedStaticData)) as never;
				const after = recipe.after.map(({ minute: m, ...change }) => ({
					at: at({ minute: m }),
					...change,
				}));
				for (const change of after) applyChange(service.emulator, change);
				const pollAt = minute(5 * recipe.polls.length);
				setDate(pollAt);
				const seq = service.emulator.ctx.log.lastSeq;
				const tick = await trigger.tick();
				if (tick.error) throw tick.error;
				expect(tick.items.length).toBeGreaterThan(0);
				const ids = new Ids();
				const expected = ids.tokenize({
					requests: requestsSince(service.emulator, seq),
					items: itemsOf(tick.items),
				});
				const node: INode = {
					...trigger.node,
					parameters,
					credentials: CREDENTIALS,
				};
				expect(node.type).toBe(TRIGGER_TYPE);
				write(`trigger/${recipe.event}.json`, {
					event: recipe.event,
					workflow: {
						name: `Workforce Trigger on ${recipe.event} (${release})`,
						nodes: [node],
						connections: {},
						staticData,
					},
					history,
					after,
					pollAt,
					timeRegistrations: TRIGGER_SEED,
					expected,
				} satisfies TriggerFixture);
			} finally {
				await service.emulator.close();
			}
		},
	);
});
