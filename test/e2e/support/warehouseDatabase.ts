import {
	findPostgresBin,
	POSTGRES_MISSING,
	startPrivatePostgres,
	stopPostgresGroup,
} from './privatePostgres';

/** Where the warehouse demo (sandbox/workflows/warehouse-sync.json) writes: a Postgres database. */
export interface WarehouseDb {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	/** n8n's Postgres credential's SSL setting: disable, allow or require. */
	ssl?: 'disable' | 'allow' | 'require';
}

export interface Warehouse {
	db: WarehouseDb;
	/** Where it came from, as the sandbox tells the user. */
	source: 'configured' | 'private';
	/** The private server's process group (to stop it from another process); none when configured. */
	pid?: number;
	stop(): Promise<void>;
}

/** A Postgres of the user's: `postgres://user:password@host:port/database`. */
export const WAREHOUSE_URL_ENV = 'WF_WAREHOUSE_POSTGRES';

/**
 * The warehouse demo's database: the one WF_WAREHOUSE_POSTGRES names, else database `warehouse` in
 * a private cluster of the machine's own Postgres (folder `dir`, any free `port`), else undefined
 * with what to do (`missing`). The demo workflow creates its table itself.
 */
export async function startWarehouse(options: {
	dir: string;
	port: number;
	log: string;
	env?: NodeJS.ProcessEnv;
}): Promise<Warehouse | { missing: string }> {
	const env = options.env ?? process.env;
	const url = env[WAREHOUSE_URL_ENV];
	if (url) return { db: parseWarehouseUrl(url), source: 'configured', stop: async () => {} };
	if (!findPostgresBin(env))
		return { missing: `${POSTGRES_MISSING}, or name a Postgres of yours in ${WAREHOUSE_URL_ENV}` };
	const server = await startPrivatePostgres({
		dir: options.dir,
		port: options.port,
		log: options.log,
		databases: ['warehouse'],
	});
	return {
		db: {
			host: '127.0.0.1',
			port: server.port,
			database: 'warehouse',
			user: 'postgres',
			password: '',
		},
		source: 'private',
		pid: server.pid,
		stop: server.stop,
	};
}

/** Stops a private warehouse server from another process (the e2e suite's teardown). */
export function stopWarehouse(pid: number | undefined) {
	if (pid) stopPostgresGroup(pid);
}

export function parseWarehouseUrl(url: string): WarehouseDb {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new Error(
			`${WAREHOUSE_URL_ENV} is not a URL ("${url}"): write postgres://user:password@host:5432/database`,
		);
	}
	const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
	if (!/^postgres(ql)?:$/.test(parsed.protocol) || !parsed.hostname || !database)
		throw new Error(
			`${WAREHOUSE_URL_ENV} must name a host and a database ("${url}"): write postgres://user:password@host:5432/database`,
		);
	return {
		host: parsed.hostname,
		port: Number(parsed.port || 5432),
		database,
		user: decodeURIComponent(parsed.username || 'postgres'),
		password: decodeURIComponent(parsed.password),
		ssl: parsed.searchParams.get('sslmode') === 'require' ? 'require' : 'disable',
	};
}

/** The warehouse demo's Postgres credential (n8n's `postgres` type) for a database. */
export function warehouseCredentialData(db: WarehouseDb) {
	return {
		host: db.host,
		port: db.port,
		database: db.database,
		user: db.user,
		password: db.password,
		ssl: db.ssl ?? 'disable',
		allowUnauthorizedCerts: false,
	};
}
