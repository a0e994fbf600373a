import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { capturedLogs, type ExecuteResult } from '../harness/execute';
import { DEMO, type Fixture } from '../support/emulator-fixture';

/** Every client secret of the demo data and every token the emulator has issued so far. */
export function secretsOf(fx: Fixture): string[] {
	const secrets = Object.values(DEMO.clients).map((c) => c.clientSecret);
	const issued = (fx.emulator.ctx.clients as unknown as { tokens: Map<string, unknown> }).tokens;
	return [...secrets, ...issued.keys()];
}

function serialize(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, v: unknown) => {
		if (typeof v === 'object' && v !== null) {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		if (v instanceof Error) return { ...v, name: v.name, message: v.message, stack: v.stack };
		return v;
	});
}

/**
 * Everything a user, a log shipper or the execution store could see of a run: the whole `run`
 * object (execution data), the output items, the error (message, description, stack) and what
 * n8n logged since `logsFrom`.
 */
export function visibleText(result: ExecuteResult, logsFrom: number): string {
	const error = result.error as (Error & { description?: unknown }) | undefined;
	return [
		serialize(result.run),
		serialize(result.items),
		error ? `${error.message}\n${String(error.description ?? '')}\n${error.stack ?? ''}` : '',
		capturedLogs.slice(logsFrom).join('\n'),
	].join('\n');
}

/** The secrets (or any bearer credential) found in the text. */
export function leaksIn(text: string, secrets: string[]): string[] {
	const found = secrets.filter((s) => s.length >= 8 && text.includes(s)).map((s) => `secret ${s.slice(0, 4)}…`);
	const bearer = text.match(/Bearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/g) ?? [];
	return [...found, ...bearer.map((b) => `header ${b.slice(0, 12)}…`)];
}

export interface Recorded {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

/**
 * A second local HTTP server (another origin) that records every request and answers 200. On
 * another loopback address (`127.0.0.2`) it is also another host name, not only another port.
 */
export async function startForeignServer(host = '127.0.0.1'): Promise<{ url: string; requests: Recorded[]; close: () => Promise<void> }> {
	const requests: Recorded[] = [];
	const server: Server = createServer((req, res) => {
		requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
		req.resume();
		req.on('end', () => {
			res.writeHead(200, { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="foreign.pdf"' });
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
export async function startRedirector(target: () => string, status = 302): Promise<{ url: string; hits: Recorded[]; close: () => Promise<void> }> {
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
	return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback port on which nothing listens (connection refused). */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
