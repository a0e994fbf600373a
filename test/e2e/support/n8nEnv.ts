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
	/**
	 * The folder n8n's file nodes may use (N8N_RESTRICT_FILE_ACCESS_TO; n8n's default is
	 * ~/.n8n-files): where the nightly extraction demo writes its files (`%%FILES_FOLDER%%`).
	 */
	filesFolder?: string;
}

/** Fixed so that credentials imported by one n8n command can be read by the next. Local only. */
export const ENCRYPTION_KEY = 'n8n-nodes-workforce-local-e2e-key-0b1d';

/**
 * Environment of a quiet, local-only n8n: SQLite in the user folder, loopback only, no telemetry,
 * no version checks or templates, no module that calls out to the internet, community packages on.
 * `runtime` is the n8n it is for (default: a version that has every module named below).
 */
export function n8nEnv(
	instance: N8nInstance,
	base: NodeJS.ProcessEnv = process.env,
	runtime?: Pick<N8nRuntime, 'dir'>,
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	// Only what n8n needs from the parent: no stray N8N_* or DB_* settings of the developer's shell.
	for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SystemRoot'])
		if (base[key] !== undefined) env[key] = base[key];
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
		// Workflow dates (`$today` in the demos) in UTC, as the tests compute them (n8n's default is
		// America/New_York), named as n8n's time zone list names it (it has no `UTC`).
		GENERIC_TIMEZONE: base.GENERIC_TIMEZONE ?? 'Etc/UTC',
		...(instance.filesFolder ? { N8N_RESTRICT_FILE_ACCESS_TO: instance.filesFolder } : {}),
	};
}

/** Where the shared services of a queue-mode setup listen. */
export interface QueueServices {
	postgres: { host: string; port: number; database: string; user: string };
	redis: { host: string; port: number };
}

/**
 * A production-shaped queue-mode instance (main or worker): Postgres shared by all, Redis as the
 * queue, manual executions offloaded to workers, execution data saved as production saves it,
 * binary data in the database, and n8n's durable poll cursors (all four flags).
 */
export function queueN8nEnv(
	instance: N8nInstance,
	services: QueueServices,
	base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
	const { DB_TYPE: _sqlite, ...quiet } = n8nEnv(instance, base);
	void _sqlite;
	return {
		...quiet,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: services.postgres.host,
		DB_POSTGRESDB_PORT: String(services.postgres.port),
		DB_POSTGRESDB_DATABASE: services.postgres.database,
		DB_POSTGRESDB_USER: services.postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: services.redis.host,
		QUEUE_BULL_REDIS_PORT: String(services.redis.port),
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		// Code nodes may require crypto, as many installs allow: the File-parts benchmark digests parts with it.
		NODE_FUNCTION_ALLOW_BUILTIN: 'crypto',
		N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
		// A killed worker's job is declared stalled after its lock runs out (n8n's defaults: 60 s lock,
		// 30 s check); shorter here so the crash case does not wait minutes. Test setting only: the
		// benchmarks keep n8n's defaults (WF_QUEUE_N8N_DEFAULT_LOCKS), as a node that holds the event
		// loop 15 s (Extract From File on a 128 MiB CSV) would lose its job here.
		...(base.WF_QUEUE_N8N_DEFAULT_LOCKS
			? {}
			: {
					QUEUE_WORKER_LOCK_DURATION: '15000',
					QUEUE_WORKER_LOCK_RENEW_TIME: '3000',
					QUEUE_WORKER_STALLED_INTERVAL: '5000',
				}),
		// `debug` shows the scheduler's and the poller's decisions (why a poll dispatched nothing, a fenced commit).
		...(base.WF_QUEUE_N8N_LOG_LEVEL ? { N8N_LOG_LEVEL: base.WF_QUEUE_N8N_LOG_LEVEL } : {}),
	};
}

/** Modules that call out to the internet (mcp-registry, since 2.x). n8n refuses to start when
 * N8N_DISABLED_MODULES names a module it does not have (n8n 1.123, 2.3: `Unknown module`). */
const ONLINE_MODULES = ['mcp-registry'];

function disabledModules(runtime?: Pick<N8nRuntime, 'dir'>): NodeJS.ProcessEnv {
	const modules = runtime
		? ONLINE_MODULES.filter((name) =>
				existsSync(join(runtime.dir, 'node_modules', 'n8n', 'dist', 'modules', name)),
			)
		: ONLINE_MODULES;
	return modules.length > 0 ? { N8N_DISABLED_MODULES: modules.join(',') } : {};
}
