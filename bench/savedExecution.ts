/*
 * What n8n saved of a bench run, read from its SQLite database after the timing (n8n's own sqlite3
 * module, read-only). The run data is there even where n8n's REST API leaves it out: n8n 2.41.1
 * answers `GET /rest/executions/<id>` with empty run data and `dataTooLargeToDisplay` when the saved
 * data is over EXECUTIONS_DATA_MAX_DISPLAY_SIZE (100 MiB by default; 200,000 items are over it).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { BenchN8n } from './n8nInstance';

interface Sqlite3 {
	Database: new (
		file: string,
		mode: number,
		done: (error: Error | null) => void,
	) => {
		get(sql: string, params: unknown[], done: (error: Error | null, row?: unknown) => void): void;
		close(): void;
	};
	OPEN_READONLY: number;
}

/** The first row `sql` answers in the bench n8n's database (undefined when it answers none). */
async function firstRow<Row>(bench: BenchN8n, sql: string, params: unknown[] = []): Promise<Row> {
	const sqlite3 = createRequire(join(bench.runtime.dir, 'node_modules', 'n8n', 'package.json'))(
		'sqlite3',
	) as Sqlite3;
	return await new Promise((resolve, reject) => {
		const db = new sqlite3.Database(
			join(bench.instance.userFolder, '.n8n', 'database.sqlite'),
			sqlite3.OPEN_READONLY,
			(error) => {
				if (error) return reject(error);
				db.get(sql, params, (failure, row) => {
					db.close();
					if (failure) reject(failure);
					else resolve(row as Row);
				});
			},
		);
	});
}

export interface SavedExecution {
	status: string;
	/** Characters of run data n8n saved for it. */
	dataLength: number;
}

/** The last execution n8n saved: whether the run data was saved, and how big it is (undefined: none found). */
export async function lastSavedExecution(bench: BenchN8n): Promise<SavedExecution | undefined> {
	return await firstRow<SavedExecution | undefined>(
		bench,
		'SELECT e.status AS status, length(d.data) AS dataLength FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id ORDER BY e.id DESC LIMIT 1',
	).catch(() => undefined);
}

/** One run of a node as n8n saved it: the node's own time, and the items on its first output. */
export interface SavedRun {
	executionTime: number;
	items: number;
}

/**
 * Every node's runs in an execution's saved run data. n8n saves it in the "flatted" format (a
 * table of values, test/e2e/support/executions.ts): only the path to each run is followed, so a
 * run of 200,000 items is not rebuilt to read one number and a count.
 */
export async function savedRuns(
	bench: BenchN8n,
	executionId: string,
): Promise<{ characters: number; runs: Record<string, SavedRun[]> }> {
	const row = await firstRow<{ data: string } | undefined>(
		bench,
		'SELECT data FROM execution_data WHERE executionId = ?',
		[Number(executionId)],
	);
	if (!row) throw new Error(`n8n's database holds no run data for execution ${executionId}`);
	const table = JSON.parse(row.data) as unknown[];
	// In the table an object's string or object value is the index of its entry; numbers stay in place.
	const follow = (entry: unknown, ...path: Array<string | number>): unknown =>
		path.reduce((current: unknown, key) => {
			const value = (current as Record<string | number, unknown> | undefined)?.[key];
			return typeof value === 'string' ? table[Number(value)] : value;
		}, entry);
	const runData = follow(table[0], 'resultData', 'runData') as Record<string, string>;
	const runs = Object.keys(runData).map((node): [string, SavedRun[]] => {
		const tasks = follow(runData, node) as unknown[];
		return [
			node,
			tasks.map((_, index) => {
				const task = follow(tasks, index);
				const items = follow(task, 'data', 'main', 0) as unknown[] | undefined;
				return {
					executionTime: follow(task, 'executionTime') as number,
					items: items?.length ?? 0,
				};
			}),
		];
	});
	return { characters: row.data.length, runs: Object.fromEntries(runs) };
}
