import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Local servers on other origins, for tests that prove a token or secret never reaches them (engine and end-to-end alike). */

export interface Recorded {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

/**
 * A second local HTTP server (another origin) that records every request and answers 200. On
 * another loopback address (`127.0.0.2`) it is also another host name, not only another port.
 */
export async function startForeignServer(
	host = '127.0.0.1',
): Promise<{ url: string; requests: Recorded[]; close: () => Promise<void> }> {
	const requests: Recorded[] = [];
	const server: Server = createServer((req, res) => {
		requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
		req.resume();
		req.on('end', () => {
			res.writeHead(200, {
				'content-type': 'application/json',
				'content-disposition': 'attachment; filename="foreign.pdf"',
			});
			res.end('[{"foreign": true}]');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://${host}:${port}`,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** A server that answers every request with a redirect to `target` + the original path. */
export async function startRedirector(
	target: () => string,
	status = 302,
): Promise<{ url: string; hits: Recorded[]; close: () => Promise<void> }> {
	const hits: Recorded[] = [];
	const server: Server = createServer((req, res) => {
		hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
		req.resume();
		req.on('end', () => {
			res.writeHead(status, { location: `${target()}${req.url ?? '/'}` });
			res.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		hits,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** A loopback port on which nothing listens (connection refused). */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
