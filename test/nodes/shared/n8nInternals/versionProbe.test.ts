import * as n8nWorkflow from 'n8n-workflow';

import {
	assertSupportedN8n,
	MINIMUM_N8N,
	toolModeSupported,
	unsupportedN8n,
} from '../../../../nodes/shared/n8nInternals/versionProbe';

/** n8n-workflow's exports without some of them: what an older n8n lends the package. */
const without = (...names: string[]) =>
	Object.fromEntries(Object.entries(n8nWorkflow).filter(([key]) => !names.includes(key)));

describe('Which n8n the package runs on', () => {
	it('the n8n-workflow of the n8n the suites run (2.41) has everything the package uses', () => {
		expect(unsupportedN8n()).toBeUndefined();
		expect(() => assertSupportedN8n()).not.toThrow();
	});

	it('an n8n without NodeConnectionTypes (older than ~1.8x) is refused at load, naming the minimum and what is missing', () => {
		const old = without('NodeConnectionTypes', 'sleep');
		expect(() => assertSupportedN8n(old)).toThrow(
			`n8n-nodes-workforce needs n8n ${MINIMUM_N8N} or newer: this n8n is older (its n8n-workflow lacks NodeConnectionTypes, sleep). Update n8n, or install an older release of the package.`,
		);
	});

	it('tool mode: proven on 2.41 (N8N_NODES_API_VERSION exported); not on 2.3.6 and 1.123.81, whose n8n-workflow (2.3.4, 1.120.31) lacks it', () => {
		expect(toolModeSupported()).toBe(true);
		expect(toolModeSupported(without('N8N_NODES_API_VERSION'))).toBe(false);
		expect(unsupportedN8n(without('N8N_NODES_API_VERSION'))).toBeUndefined();
	});
});
