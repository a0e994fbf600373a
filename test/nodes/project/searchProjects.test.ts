import { runListSearch } from '../../harness/nodeMethods';
import { DEMO, useEmulator } from '../../support/emulatorFixture';

describe('Project locator > From List', () => {
	const fx = useEmulator();

	it('lists projects as "number · name", filtered by the search text', async () => {
		const all = await runListSearch('searchProjects', fx.credentials, {});
		const mine = fx.emulator.ctx.sections.projects.list(DEMO.companies.parent);
		expect(all.results).toHaveLength(mine.length);
		expect(all.results[0]).toEqual({
			name: `${mine[0].projectNumber} · ${mine[0].name}`,
			value: mine[0].id,
		});
		const filtered = await runListSearch('searchProjects', fx.credentials, {}, 'school');
		expect(filtered.results.map((r) => r.name)).toEqual(['P-1002 · School extension Nord']);
	});
});
