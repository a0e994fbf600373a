import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { findPostgresBin } from '../e2e/support/privatePostgres';
import { parseWarehouseUrl, startWarehouse } from '../e2e/support/warehouseDatabase';

/**
 * Which database the sandbox gives the warehouse demo (scripts/sandbox.ts): a URL of the user's,
 * the machine's Postgres, or a message saying what to install. Starting a real cluster is proven
 * by the e2e suite (sandboxWarehouse.e2e.ts), which starts it the way the sandbox does.
 */
describe("the sandbox's warehouse database", () => {
	let root: string;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), 'wf-warehouse-db-'));
	});
	afterEach(() => rmSync(root, { recursive: true, force: true }));

	const binWithPostgres = (...parts: string[]) => {
		const bin = join(root, ...parts);
		mkdirSync(bin, { recursive: true });
		writeFileSync(join(bin, 'postgres'), '');
		return bin;
	};

	it("WF_WAREHOUSE_POSTGRES names a database of the user's: host, port, user, password, SSL", () => {
		expect(parseWarehouseUrl('postgres://bi:s%40cret@db.example:6543/dw?sslmode=require')).toEqual({
			host: 'db.example',
			port: 6543,
			database: 'dw',
			user: 'bi',
			password: 's@cret',
			ssl: 'require',
		});
		expect(parseWarehouseUrl('postgresql://localhost/warehouse')).toEqual({
			host: 'localhost',
			port: 5432,
			database: 'warehouse',
			user: 'postgres',
			password: '',
			ssl: 'disable',
		});
	});

	it.each([
		['not a url', /WF_WAREHOUSE_POSTGRES is not a URL \("not a url"\): write postgres:\/\//],
		['mysql://host/db', /WF_WAREHOUSE_POSTGRES must name a host and a database/],
		['postgres://host', /WF_WAREHOUSE_POSTGRES must name a host and a database/],
	])('a WF_WAREHOUSE_POSTGRES of %p is refused with the form to write', (url, message) => {
		expect(() => parseWarehouseUrl(url)).toThrow(message);
	});

	it('a configured database is used as it is: no server started', async () => {
		const warehouse = await startWarehouse({
			dir: join(root, 'unused'),
			port: 1,
			log: join(root, 'unused.log'),
			env: { WF_WAREHOUSE_POSTGRES: 'postgres://bi@db.example/dw' },
		});
		expect(warehouse).toMatchObject({ source: 'configured', db: { host: 'db.example' } });
		expect('pid' in warehouse && warehouse.pid).toBeFalsy();
	});

	it('without Postgres binaries the sandbox is told what to install or set', async () => {
		const empty = join(root, 'empty-bin');
		mkdirSync(empty);
		const warehouse = await startWarehouse({
			dir: join(root, 'unused'),
			port: 1,
			log: join(root, 'unused.log'),
			env: { WF_POSTGRES_BIN: empty },
		});
		expect(warehouse).toEqual({
			missing: expect.stringContaining('apt-get install -y postgresql'),
		});
		expect((warehouse as { missing: string }).missing).toContain('WF_WAREHOUSE_POSTGRES');
	});

	it("the machine's newest Postgres, or the folder WF_POSTGRES_BIN names when it holds postgres", () => {
		binWithPostgres('lib', '13', 'bin');
		const newest = binWithPostgres('lib', '15', 'bin');
		mkdirSync(join(root, 'lib', '16', 'bin'), { recursive: true }); // no server binary in it
		expect(findPostgresBin({}, join(root, 'lib'))).toBe(newest);
		const own = binWithPostgres('own');
		expect(findPostgresBin({ WF_POSTGRES_BIN: own }, join(root, 'lib'))).toBe(own);
		expect(findPostgresBin({}, join(root, 'nothing-here'))).toBeUndefined();
	});
});
