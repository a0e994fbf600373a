import { rmSync } from 'node:fs';

/** Removes the n8n user folder this jest's own setup made (jestGlobalSetup.ts), and only that one. */
export default function teardown() {
	const [owner, folder] = (process.env.WF_JEST_USER_FOLDER ?? '').split(/:(.*)/s);
	if (folder && owner === String(process.pid)) rmSync(folder, { recursive: true, force: true });
}
