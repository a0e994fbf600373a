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
 */
export function n8nEnv(instance: N8nInstance, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
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
		N8N_DISABLED_MODULES: 'mcp-registry',
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
