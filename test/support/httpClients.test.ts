import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch, request } from 'undici';

/**
 * The tests' HTTP clients never reuse a connection (httpClients.ts, set up for every suite by its
 * jest set-up file): each request arrives on a socket of its own and asks for it to be closed, so
 * no request can meet a server closing an idle kept-alive connection.
 */
describe('test HTTP clients: a connection per request', () => {
	let server: Server;
	let url: string;
	const seen: Array<{ port: number; connection: string | undefined }> = [];

	beforeAll(async () => {
		server = createServer((req, res) => {
			seen.push({ port: req.socket.remotePort!, connection: req.headers.connection });
			res.end('ok');
		});
		server.keepAliveTimeout = 60_000;
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
	});
	afterAll(async () => {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	});

	const clients: Array<[string, () => Promise<string>]> = [
		['undici fetch', async () => (await fetch(url, { method: 'POST', body: 'x' })).text()],
		['undici request', async () => (await request(url, { method: 'POST', body: 'x' })).body.text()],
		['the global fetch', async () => (await globalThis.fetch(url, { method: 'POST' })).text()],
	];

	it.each(clients)('%s', async (_name, send) => {
		seen.length = 0;
		for (let i = 0; i < 3; i++) expect(await send()).toBe('ok');
		expect(seen.map((s) => s.connection)).toEqual(['close', 'close', 'close']);
		expect(new Set(seen.map((s) => s.port)).size).toBe(3);
	});
});
