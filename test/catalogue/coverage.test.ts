import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { CATALOGUE } from './rows';
import { CATEGORIES } from './runner';

/** The catalogue stays a cross-resource table: big enough, every resource and every kind of bad input. */
describe('Bad-input catalogue coverage', () => {
	it('holds at least 60 rows', () => {
		expect(CATALOGUE.length).toBeGreaterThanOrEqual(60);
	});

	it('has rows for every resource of the node and for the trigger', () => {
		const resourceProperty = new Workforce().description.properties.find(
			(p) => p.name === 'resource',
		);
		const resources = (resourceProperty?.options ?? []).map((o) => (o as { value: string }).value);
		expect(resources.length).toBeGreaterThan(0);
		// The Workforce Trigger is a node of its own: its rows count as the resource "trigger".
		const missing = [...resources, 'trigger'].filter(
			(r) => !CATALOGUE.some((row) => row.resource === r),
		);
		expect(missing).toEqual([]);
	});

	it('has rows for every category of bad input', () => {
		const missing = CATEGORIES.filter((c) => !CATALOGUE.some((row) => row.category === c));
		expect(missing).toEqual([]);
	});

	it('names every row uniquely', () => {
		const names = CATALOGUE.map((row) => `${row.resource}: ${row.category}: ${row.label}`);
		expect(new Set(names).size).toBe(names.length);
	});
});
