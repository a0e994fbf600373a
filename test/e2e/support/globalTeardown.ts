/* Stops what the global set-up started (the emulator); each test file stops its own n8n server. */
import { readState } from './e2eState';

export default async function globalTeardown() {
	const { emulator } = readState();
	try {
		process.kill(emulator.pid, 'SIGTERM');
	} catch {
		// already gone
	}
}
