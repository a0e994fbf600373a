import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import type { TestCredentialsHelper } from '../harness/credentialsHelper';
import { executeNode } from '../harness/execute';
import { PollHarness, type CursorMode } from '../harness/poll';
import {
	applyChange,
	itemsOf,
	observe,
	requestsSince,
	setDate,
	TRIGGER_TYPE,
	WORKFORCE_TYPE,
	type Ids,
	type NodeFixture,
	type Observed,
	type TriggerFixture,
} from './fixture';

export interface Service {
	emulator: Emulator;
	credentials: TestCredentialsHelper;
}

/** The workflow's Workforce node, as saved. */
export function workforceNode(fixture: { workflow: { nodes: INode[] } }, type = WORKFORCE_TYPE) {
	const node = fixture.workflow.nodes.find((n) => n.type === type);
	if (!node) throw new Error(`The saved workflow has no ${type} node`);
	return node;
}

/** Runs a saved node workflow through n8n-core: the pinned items go into the node as saved. */
export async function runNode(
	service: Service,
	ids: Ids,
	fixture: Pick<NodeFixture, 'workflow'> & { expected?: Observed },
): Promise<Observed> {
	const node = workforceNode(fixture);
	const pinned = Object.values(fixture.workflow.pinData)[0] ?? [{ json: {} }];
	const items = ids.restore(pinned);
	const seq = service.emulator.ctx.log.lastSeq;
	const result = await executeNode({
		credentials: service.credentials,
		parameters: node.parameters,
		items: items as INodeExecutionData[],
		nodeType: node.type,
		settings: { name: node.name, typeVersion: node.typeVersion, credentials: node.credentials },
	});
	const observed: Observed = {
		requests: requestsSince(service.emulator, seq),
		items: itemsOf(result.items),
		...(result.error ? { error: result.error.message } : {}),
	};
	return observe(ids, fixture.expected, observed);
}

/**
 * The trigger as n8n reloads a saved, active workflow: its static data as stored, the service as
 * it was (history replayed), then the changes made since and one poll.
 */
export async function runTrigger(
	service: Service,
	ids: Ids,
	fixture: Pick<TriggerFixture, 'workflow' | 'history' | 'after' | 'pollAt'> & {
		expected?: Observed;
	},
	cursorMode: CursorMode,
): Promise<{
	observed: Observed;
	changed: string[];
	emitted: INodeExecutionData[];
	next: INodeExecutionData[];
}> {
	for (const change of fixture.history) applyChange(service.emulator, change);
	const trigger = triggerFrom(service, fixture, cursorMode);
	const changed = fixture.after.map((change) => applyChange(service.emulator, change));
	setDate(fixture.pollAt);
	const seq = service.emulator.ctx.log.lastSeq;
	const tick = await trigger.tick();
	const raw: Observed = {
		requests: requestsSince(service.emulator, seq),
		items: itemsOf(tick.items),
		...(tick.error ? { error: tick.error.message } : {}),
	};
	const observed = observe(ids, fixture.expected, raw);
	setDate(new Date(new Date(fixture.pollAt).getTime() + 5 * 60_000).toISOString());
	const next = await trigger.tick();
	return { observed, changed, emitted: tick.items, next: next.items };
}

/** A PollHarness holding the saved workflow's static data, as after n8n loaded it. */
export function triggerFrom(
	service: Service,
	fixture: Pick<TriggerFixture, 'workflow'>,
	cursorMode: CursorMode,
): PollHarness {
	const node = workforceNode(fixture, TRIGGER_TYPE);
	const trigger = new PollHarness({
		credentials: service.credentials,
		parameters: node.parameters as INodeParameters,
		typeVersion: node.typeVersion,
		cursorMode,
	});
	if (trigger.node.name !== node.name)
		throw new Error(`The harness names its trigger "${trigger.node.name}", not "${node.name}"`);
	trigger.savedStaticData = JSON.parse(JSON.stringify(fixture.workflow.staticData)) as IDataObject;
	trigger.restart();
	return trigger;
}
