import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import type { Observed } from './observed';

/**
 * The upgrade contract's fixture: workflows saved with one release (node parameters as the
 * editor stores them, the trigger's static data after a few polls) and what they did then. Later
 * releases must run them unchanged: through n8n-core (test/upgrade/upgrade.test.ts) and in a real
 * n8n after its Update button (test/e2e/installerLifecycle.e2e.ts). Written by writeFixture.ts.
 */
export const FIXTURES = join(__dirname, 'fixtures');

/** One saved workflow: Manual Trigger with pinned items -> one Workforce node. */
export interface NodeFixture {
	resource: string;
	operation: string;
	/** n8n's workflow export shape. */
	workflow: {
		name: string;
		nodes: INode[];
		connections: IDataObject;
		pinData: Record<string, INodeExecutionData[]>;
	};
	expected: Observed;
}

/** The trigger: static data as saved after `history` was polled; `after` changes and one poll. */
export interface TriggerFixture {
	event: string;
	workflow: {
		name: string;
		nodes: INode[];
		connections: IDataObject;
		staticData: IDataObject;
	};
	/** Changes the service saw before the workflow was saved (replayed on a fresh emulator). */
	history: WorkDataChange[];
	/** Changes after the save; the next poll (at `pollAt`) must emit exactly these. */
	after: WorkDataChange[];
	pollAt: string;
	/** The emulator's seed: how many time registrations it starts with. */
	timeRegistrations: number;
	expected: Observed;
}

/** A change to the emulator's time registrations at a moment (ids derive from the index). */
export interface WorkDataChange {
	at: string;
	op: 'add' | 'change' | 'delete';
	/** Registration index, for change and delete. */
	index?: number;
	hours?: number;
}

export interface Release {
	release: string;
	/** The instant the fixture was saved: the replay runs with Date (node and service) stopped there. */
	savedAt: string;
	nodes: NodeFixture[];
	triggers: TriggerFixture[];
}

export const WORKFORCE_TYPE = 'n8n-nodes-workforce.workforce';
export const TRIGGER_TYPE = 'n8n-nodes-workforce.workforceTrigger';

/** Fixture folders by release, oldest first. */
export function releases(): Release[] {
	if (!existsSync(FIXTURES)) return [];
	const byVersion = (a: string, b: string) =>
		a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
	return readdirSync(FIXTURES)
		.sort(byVersion)
		.map((release) => {
			const dir = join(FIXTURES, release);
			const read = <T>(file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
			const meta = read<{ release: string; savedAt: string }>('release.json');
			const list = (sub: string) =>
				readdirSync(join(dir, sub))
					.filter((f) => f.endsWith('.json'))
					.sort()
					.map((f) => join(sub, f));
			return {
				...meta,
				nodes: list('node').map((f) => read<NodeFixture>(f)),
				triggers: list('trigger').map((f) => read<TriggerFixture>(f)),
			};
		});
}
