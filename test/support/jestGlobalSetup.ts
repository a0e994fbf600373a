import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One throwaway n8n user folder per jest run (n8n keeps its instance settings and binary store
 * there), named in the environment the workers inherit. A fixed folder was shared by every jest
 * run on the machine: one run's teardown deleted the binary store under another run's feet
 * (ENOENT renaming a binary data file, seen with two runs side by side).
 */
export default function globalSetup() {
	if (process.env.N8N_USER_FOLDER) return;
	process.env.WF_JEST_USER_FOLDER = mkdtempSync(join(tmpdir(), 'n8n-nodes-workforce-jest-'));
	process.env.N8N_USER_FOLDER = process.env.WF_JEST_USER_FOLDER;
}
