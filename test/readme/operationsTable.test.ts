import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { WorkforceTrigger } from '../../nodes/WorkforceTrigger/WorkforceTrigger.node';

/** The README's Operations table lists exactly the node's operations and the trigger's events. */
describe('README Operations table', () => {
	const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
	const section = readme.slice(
		readme.indexOf('## Operations'),
		readme.indexOf('\n## ', readme.indexOf('## Operations') + 5),
	);
	const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
	const documented = new Set<string>();
	for (const line of section.split('\n')) {
		const cells = line.split('|').map((c) => c.trim());
		if (cells.length < 4 || cells[1] === 'Resource' || cells[1].startsWith('---')) continue;
		// "Get (by ID or ...)" -> "Get"; "Enable / Disable (...)" -> "Enable", "Disable"; only the last
		// parenthesis is the explanation: "Get Records (Other Endpoint) (...)" -> "Get Records (Other Endpoint)".
		const operations = cells[2].replace(/\s*\([^()]*\)$/, '').split(' / ');
		for (const op of operations) documented.add(`${norm(cells[1])} > ${norm(op)}`);
	}

	const actual = new Set<string>();
	const { properties } = new Workforce().description;
	const resources = (properties.find((p) => p.name === 'resource') as INodeProperties)
		.options as Array<{ name: string; value: string }>;
	for (const resource of resources) {
		for (const selector of properties.filter(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		)) {
			for (const op of selector.options as Array<{ name: string }>)
				actual.add(`${norm(resource.name)} > ${norm(op.name)}`);
		}
	}
	const events = new WorkforceTrigger().description.properties.find((p) => p.name === 'event')!
		.options as Array<{ name: string }>;
	for (const event of events) actual.add(`workforce trigger > ${norm(event.name)}`);

	it('documents every operation and event, and nothing else', () => {
		expect(actual.size).toBeGreaterThan(60);
		expect([...documented].filter((d) => !actual.has(d)).sort()).toEqual([]);
		expect([...actual].filter((a) => !documented.has(a)).sort()).toEqual([]);
	});
});
