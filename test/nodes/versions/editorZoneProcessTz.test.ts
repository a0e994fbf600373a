import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The zone cases (editorZone.test.ts) again in processes whose own zone is not UTC: n8n's server
 * may run in any TZ, and version 2 must read the editor's dates in n8n's time zone all the same.
 * A jest worker keeps the zone it started with, so each runs in a jest of its own.
 */
const ROOT = join(__dirname, '..', '..', '..');

function runInZone(tz: string): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
				'--runInBand',
				'--runTestsByPath',
				join('test', 'nodes', 'versions', 'editorZone.test.ts'),
			],
			{ cwd: ROOT, env: { ...process.env, TZ: tz, WF_EXPECT_PROCESS_TZ: tz } },
		);
		let output = '';
		child.stdout.on('data', (d: Buffer) => (output += d.toString()));
		child.stderr.on('data', (d: Buffer) => (output += d.toString()));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, output }));
	});
}

describe('Editor dates in n8n time zone, in a server whose own zone is not UTC', () => {
	it.each(['Pacific/Auckland', 'America/Los_Angeles'])('TZ=%s', async (tz) => {
		const { code, output } = await runInZone(tz);
		expect([code, output]).toEqual([0, expect.stringMatching(/Tests:\s+\d+ passed, \d+ total/)]);
		expect(output).toContain(`process zone ${tz}`);
		// The jest started here shares this run's n8n user folder and must leave it in place: other
		// workers' binary data lives there (its teardown once removed it mid-run, issue 32).
		expect(existsSync(process.env.N8N_USER_FOLDER!)).toBe(true);
	});
});
