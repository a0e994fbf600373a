/* Stops what the global set-up started (the emulator, the warehouse's Postgres); each test file stops its own n8n server. */
import { readState } from './e2eState';
import { stopWarehouse } from './warehouseDatabase';

export default async function globalTeardown() {
	const { emulator, warehouse } = readState();
	try {
		process.kill(emulator.pid, 'SIGTERM');
	} catch {
		// already gone
	}
	if (warehouse && 'db' in warehouse) stopWarehouse(warehouse.pid);
}
