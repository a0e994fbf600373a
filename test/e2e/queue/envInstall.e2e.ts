import { join } from 'node:path';

import { mainServer, useE2e } from '../support/e2e';
import { installedPackages, installPackage, nodeTypeNames } from '../support/communityInstaller';
import { checkOwnInstall, proxiedRequests } from './packageFromEnv';
import { figure, postgres } from './queueSupport';
import { readStack } from './stackFile';

const NODE_TYPES = ['n8n-nodes-workforce.workforce', 'n8n-nodes-workforce.workforceTrigger'];

/**
 * The stack's instances got the package from N8N_COMMUNITY_PACKAGES through n8n's own installer
 * (test/e2e/queue/stack.ts starts them so, packageFromEnv.ts says how main and workers differ):
 * nothing was copied by hand, and n8n treats the package as managed by the environment.
 */
describe('Queue mode: the package installed from N8N_COMMUNITY_PACKAGES', () => {
	const e2e = useE2e();

	it('the main and both workers each installed it into their own user folder', async () => {
		const stack = readStack();
		const pkg = { name: stack.package.name, version: stack.package.version };
		expect(pkg).toEqual({ name: e2e.state.package.name, version: e2e.state.package.version });
		const instances = [
			{ ...stack.main, role: 'main' as const },
			...stack.workers.map((w) => ({ ...w, role: 'worker' as const })),
		];
		expect(instances.map((i) => i.name)).toEqual(['main', 'worker-1', 'worker-2']);
		for (const instance of instances)
			expect(() =>
				checkOwnInstall(
					pkg,
					instance.instance.userFolder,
					join(instance.instance.userFolder, 'npm-cache'),
					instance.log,
					instance.role,
				),
			).not.toThrow();
		// Every one of them asked the (proxied) default registry for it.
		const requests = proxiedRequests(stack.package.proxyLog, pkg);
		expect(requests.length).toBeGreaterThanOrEqual(instances.length);
		figure(`N8N_COMMUNITY_PACKAGES install: ${requests.length} registry requests for 3 instances`);

		// n8n's record of it, in the database all instances share: one package, both nodes.
		const db = await postgres('n8n');
		try {
			const packages = await db.query<{ packageName: string; installedVersion: string }>(
				'SELECT "packageName", "installedVersion" FROM installed_packages',
			);
			expect(packages.rows).toEqual([{ packageName: pkg.name, installedVersion: pkg.version }]);
			const nodes = await db.query<{ type: string }>(
				'SELECT type FROM installed_nodes ORDER BY type',
			);
			expect(nodes.rows.map((r) => r.type)).toEqual(NODE_TYPES);
		} finally {
			await db.end();
		}
	});

	it('Settings > Community Nodes lists it and refuses changes: the environment manages it', async () => {
		const main = await mainServer();
		const listed = await installedPackages(main);
		expect(listed.map((p) => [p.packageName, p.installedVersion])).toEqual([
			[e2e.state.package.name, e2e.state.package.version],
		]);
		expect(await nodeTypeNames(main)).toEqual(expect.arrayContaining(NODE_TYPES));
		await expect(installPackage(main, e2e.state.package.name)).rejects.toThrow(
			/HTTP 400 .*managed via environment variables/,
		);
	});
});
