import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One throwaway n8n user folder per jest run (n8n keeps its instance settings and binary store
 * there), named in the environment the workers inherit, with the pid of the jest that made it:
 * a jest a test starts (editorZoneProcessTz.test.ts) inherits that environment and uses the same
 * folder, and its teardown must not remove the folder of the run that started it (it did: the
 * whole store vanished under a File run writing a part, ENOENT at the store's stat, issue 32).
 */
export default function globalSetup() {
	if (process.env.N8N_USER_FOLDER) return;
	const folder = mkdtempSync(join(tmpdir(), 'n8n-nodes-workforce-jest-'));
	process.env.N8N_USER_FOLDER = folder;
	process.env.WF_JEST_USER_FOLDER = `${process.pid}:${folder}`;
}
