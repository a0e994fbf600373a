/* Stops what the global set-up started: the suite's `n8n start`, the emulator, the warehouse's Postgres. */
import { readState } from './e2eState';
import { SUITE_SERVER } from './globalSetup';
import type { N8nServer } from './n8nServer';
import { stopWarehouse } from './warehouseDatabase';

export default async function globalTeardown() {
	const { emulator, warehouse } = readState();
	await ((globalThis as Record<symbol, unknown>)[SUITE_SERVER] as N8nServer | undefined)?.stop();
	try {
		process.kill(emulator.pid, 'SIGTERM');
	} catch {
		// already gone
	}
	if (warehouse && 'db' in warehouse) stopWarehouse(warehouse.pid);
}
