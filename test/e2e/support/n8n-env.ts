import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { N8nRuntime } from './runtime';

export interface N8nInstance {
	/** Throwaway N8N_USER_FOLDER: n8n keeps `.n8n/` (SQLite database, community packages) in it. */
	userFolder: string;
	/** HTTP port of the editor and REST API (only `n8n start` listens on it). */
	port: number;
	/** Port of the task broker this process starts (each concurrent n8n process needs its own). */
	brokerPort: number;
}

/** Fixed so that credentials imported by one n8n command can be read by the next. Local only. */
export const ENCRYPTION_KEY = 'n8n-nodes-workforce-local-e2e-key-0b1d';

/**
 * Environment of a quiet, local-only n8n: SQLite in the user folder, loopback only, no telemetry,
 * no version checks or templates, no module that calls out to the internet, community packages on.
 * `runtime` is the n8n it is for (default: a version that has every module named below).
 */
export function n8nEnv(instance: N8nInstance, base: NodeJS.ProcessEnv = process.env, runtime?: Pick<N8nRuntime, 'dir'>): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	// Only what n8n needs from the parent: no stray N8N_* or DB_* settings of the developer's shell.
	for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SystemRoot']) if (base[key] !== undefined) env[key] = base[key];
	return {
		...env,
		N8N_USER_FOLDER: instance.userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_PORT: String(instance.port),
		N8N_RUNNERS_BROKER_PORT: String(instance.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		...disabledModules(runtime),
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		// Workflow dates (`$today` in the demos) in UTC, as the tests compute them (n8n's default is America/New_York).
		GENERIC_TIMEZONE: base.GENERIC_TIMEZONE ?? 'UTC',
	};
}

/** Modules that call out to the internet (mcp-registry, since 2.x). n8n refuses to start when
 * N8N_DISABLED_MODULES names a module it does not have (n8n 1.123, 2.3: `Unknown module`). */
const ONLINE_MODULES = ['mcp-registry'];

function disabledModules(runtime?: Pick<N8nRuntime, 'dir'>): NodeJS.ProcessEnv {
	const modules = runtime
		? ONLINE_MODULES.filter((name) => existsSync(join(runtime.dir, 'node_modules', 'n8n', 'dist', 'modules', name)))
		: ONLINE_MODULES;
	return modules.length > 0 ? { N8N_DISABLED_MODULES: modules.join(',') } : {};
}
