import { rmSync } from 'node:fs';

/** Removes this run's n8n user folder (jest-global-setup), and only that one. */
export default function teardown() {
	const folder = process.env.WF_JEST_USER_FOLDER;
	if (folder) rmSync(folder, { recursive: true, force: true });
}
