import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { registerControlApi } from './control/controlApi';
import { Faults, type FaultAction, type PartialAnswer } from './control/faults';
import { parseQuery, RequestLog, type LoggedRequest } from './control/requestLog';
import { API_PREFIXES, type ApiName } from './core/apis';
import { ApiError } from './core/apiError';
import { ANONYMOUS, type Caller } from './core/authContext';
import { Clock, type ClockSettings } from './core/clock';
import { Companies } from './core/companies';
import { FileStore } from './core/fileStore';
import { Latency, recordsIn, type LatencyInput } from './core/latency';
import { DEFAULT_OPTIONS, type EmulatorContext, type EmulatorOptions } from './core/context';
import { Router, type EmuRequest, type EmuResponse } from './core/router';
import { Clients } from './identity/clients';
import { issueToken } from './identity/tokenIssuer';
import { createSections, type Section } from './sections';

export interface EmulatorUrls {
	origin: string;
	identity: string;
	integration: string;
	extraction: string;
	control: string;
}

const LOGGED_HEADERS = ['authorization', 'content-type', 'content-length', 'accept', 'user-agent'];

/** The Workforce Integration Service, in memory, over real HTTP on loopback. */
export class Emulator {
	readonly ctx: EmulatorContext;
	private readonly routers: Record<ApiName, Router> = {
		identity: new Router(),
		integration: new Router(),
		extraction: new Router(),
		control: new Router(),
	};
	private server?: Server;
	urls!: EmulatorUrls;

	/**
	 * `clock`: the clock's mode (see core/clock.ts); `WORKFORCE_EMULATOR_CLOCK` when omitted, else real time.
	 * `latency`: how far away the service is (core/latency.ts); `WORKFORCE_EMULATOR_LATENCY` when omitted, else off.
	 */
	constructor({
		clock: clockSettings,
		latency,
		...options
	}: Partial<EmulatorOptions> & {
		clock?: ClockSettings | string;
		latency?: LatencyInput | string;
	} = {}) {
		const clock = new Clock(clockSettings ?? process.env.WORKFORCE_EMULATOR_CLOCK ?? {});
		const ctx = {
			options: { ...DEFAULT_OPTIONS, ...options },
			clock,
			companies: new Companies(),
			clients: new Clients(clock),
			log: new RequestLog(),
			faults: new Faults(),
			files: new FileStore(clock),
			latency: new Latency(latency ?? process.env.WORKFORCE_EMULATOR_LATENCY),
		} as EmulatorContext;
		ctx.sections = createSections(ctx);
		this.ctx = ctx;

		this.routers.identity.post('/connect/token', (req) => issueToken(req, ctx.clients), 'none');
		for (const section of Object.values(ctx.sections) as Section[]) {
			section.registerIntegration?.(this.routers.integration);
			section.registerExtraction?.(this.routers.extraction);
		}
		registerControlApi(this.routers.control, this);
	}

	async listen(port = 0, host = '127.0.0.1'): Promise<EmulatorUrls> {
		const server = createServer((req, res) => void this.handle(req, res));
		server.keepAliveTimeout = 30_000;
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, host, () => resolve());
		});
		this.server = server;
		const address = server.address() as AddressInfo;
		const origin = `http://${host}:${address.port}`;
		this.urls = {
			origin,
			identity: origin + API_PREFIXES.identity,
			integration: origin + API_PREFIXES.integration,
			extraction: origin + API_PREFIXES.extraction,
			control: origin + API_PREFIXES.control,
		};
		return this.urls;
	}

	async close(): Promise<void> {
		const server = this.server;
		if (!server) return;
		this.server = undefined;
		this.ctx.faults.release();
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://emulator');
		const rawPath = (req.url ?? '/').split('?')[0];
		const found = (Object.entries(API_PREFIXES) as Array<[ApiName, string]>).find(
			([, prefix]) => rawPath === prefix || rawPath.startsWith(prefix + '/'),
		);
		if (!found) {
			await this.reply(res, undefined, { status: 404, body: { message: `No API at ${rawPath}` } });
			return;
		}
		const [api, prefix] = found;
		const path = rawPath.slice(prefix.length) || '/';
		const method = (req.method ?? 'GET').toUpperCase();
		const headers: Record<string, string> = {};
		for (const h of LOGGED_HEADERS)
			if (req.headers[h] !== undefined) headers[h] = String(req.headers[h]);
		const entry: LoggedRequest | undefined =
			api === 'control'
				? undefined
				: this.ctx.log.start({
						time: this.ctx.clock.nowIso(),
						api,
						method,
						path,
						search: url.search.replace(/^\?/, ''),
						query: parseQuery(url.search),
						headers,
					});

		if (entry) res.once('close', () => (entry.endTime = this.ctx.clock.nowIso()));
		let fault: FaultAction | undefined;
		try {
			if (api !== 'control') {
				const { latency } = this.ctx;
				if (api === 'integration' || api === 'extraction') {
					const admission = latency.admit();
					if (!admission.admitted) {
						if (entry) entry.fault = `concurrency${admission.status}`;
						await drain(req);
						await sleep(latency.settings.ttfbMs);
						await this.reply(res, entry, refusal(admission.status, latency.settings));
						latency.refused();
						return;
					}
					res.once('close', () => latency.finish());
				}
				await sleep(latency.settings.ttfbMs);
				fault = this.ctx.faults.take({
					api,
					method,
					path,
					search: url.search.replace(/^\?/, ''),
				});
				if (fault && entry) entry.fault = fault.kind;
				if (fault?.kind === 'drop') {
					req.socket.destroy();
					return;
				}
				if (fault?.kind === 'delay') {
					const { ms } = fault;
					await new Promise((r) => setTimeout(r, ms));
				}
				if (fault?.kind === 'hold') {
					await this.ctx.faults.hold((done) => res.once('close', done));
					// The client gave up (its timeout): nobody is left to answer.
					if (res.destroyed || req.socket.destroyed) return;
				}
				if (fault?.kind === 'expireTokens') this.ctx.clients.expireAll();
				if (fault?.kind === 'status') {
					await drain(req);
					const body = fault.body ?? {
						message:
							fault.status >= 500 ? 'An unexpected error occurred.' : `Injected ${fault.status}`,
						errors: [],
					};
					await this.reply(res, entry, { status: fault.status, body, headers: fault.headers });
					return;
				}
				if (fault?.kind === 'rateLimit') {
					await drain(req);
					const headers: Record<string, string> = {};
					if (fault.retryAfterSeconds !== undefined) {
						headers['retry-after'] =
							fault.retryAfterAs === 'date'
								? new Date(
										this.ctx.clock.now().getTime() + fault.retryAfterSeconds * 1000,
									).toUTCString()
								: String(fault.retryAfterSeconds);
					}
					const body = {
						message: 'Too many requests. Slow down and try again later.',
						errors: [
							{
								category: 'RateLimitError',
								code: 'TooManyRequests',
								field: '',
								message: 'Rate limit exceeded.',
							},
						],
					};
					await this.reply(res, entry, { status: 429, body, headers });
					return;
				}
			}

			const match = this.routers[api].match(method, path);
			if (match === undefined || match === 'method') {
				await drain(req);
				await this.reply(res, entry, {
					status: match === 'method' ? 405 : 404,
					body: { message: `No route for ${method} ${path}`, errors: [] },
				});
				return;
			}
			const caller = this.authenticate(req, api, match.route.scope);
			if (entry) entry.clientId = caller.clientId || undefined;
			const emuReq = makeRequest(
				req,
				api,
				path,
				match.params,
				url.searchParams,
				caller,
				this.ctx.options.maxRequestBytes,
				entry,
			);
			const response = await match.route.handler(emuReq);
			if (!emuReq.consumed) await drain(req);
			await this.reply(
				res,
				entry,
				response,
				fault?.kind === 'truncate' || fault?.kind === 'stall' ? fault : undefined,
			);
		} catch (error) {
			await drain(req).catch(() => undefined);
			if (error instanceof ApiError) {
				await this.reply(res, entry, {
					status: error.status,
					body: error.body,
					headers: error.headers,
				});
			} else {
				await this.reply(res, entry, {
					status: 500,
					body: {
						message: 'An unexpected error occurred.',
						errors: [],
						detail: String((error as Error)?.message ?? error),
					},
				});
			}
		}
	}

	/** 401 for a missing, unknown or expired token, and for a token whose scope does not cover the API. */
	private authenticate(
		req: IncomingMessage,
		api: ApiName,
		scope: 'integration' | 'extraction' | 'none',
	): Caller {
		if (api === 'identity' || api === 'control' || scope === 'none') return ANONYMOUS;
		const match = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
		const issued = match ? this.ctx.clients.resolve(match[1]) : undefined;
		const needed =
			scope === 'extraction' ? this.ctx.options.extractionScope : this.ctx.options.integrationScope;
		if (!issued || !issued.scopes.includes(needed)) {
			throw new ApiError(401, undefined, {
				'www-authenticate': `Bearer error="invalid_token"${issued ? `, error_description="The token does not carry scope ${needed}"` : ''}`,
			});
		}
		return {
			clientId: issued.clientId,
			companyId: issued.companyId,
			isAdministrator: issued.isAdministrator,
			scopes: issued.scopes,
		};
	}

	private async reply(
		res: ServerResponse,
		entry: LoggedRequest | undefined,
		response: EmuResponse,
		partial?: PartialAnswer,
	) {
		if (entry) entry.status = response.status;
		if (res.headersSent || res.destroyed) return;
		const headers: Record<string, string> = { ...(response.headers ?? {}) };
		let payload: Buffer | undefined;
		if (response.bytes) {
			payload = response.bytes;
			headers['content-type'] ??= 'application/octet-stream';
		} else if (response.body !== undefined && response.status !== 204) {
			payload = Buffer.from(JSON.stringify(response.body));
			headers['content-type'] ??= 'application/json; charset=utf-8';
		}
		if (payload) headers['content-length'] = String(payload.length);
		const { latency } = this.ctx;
		if (!latency.active || entry === undefined) {
			send(res, response.status, headers, payload, partial);
			return;
		}
		// The time to first byte has passed (before the request was handled); the page's server time
		// and its transfer at the connection's bandwidth are still to come.
		const plan = latency.plan(recordsIn(response.body), payload?.length ?? 0);
		entry.latency = plan;
		headers['x-emulator-latency'] =
			`ttfb=${plan.ttfbMs}; server=${plan.serverMs}; transfer=${plan.transferMs}`;
		await sleep(plan.serverMs);
		if (partial || !payload || latency.settings.bytesPerSecond === 0 || res.destroyed) {
			send(res, response.status, headers, payload, partial);
			return;
		}
		res.writeHead(response.status, headers);
		await streamAt(res, payload, latency.settings.bytesPerSecond);
	}
}

/** A concurrency refusal: 429 with Retry-After while the service copes, 503 once it is overloaded. */
function refusal(status: 429 | 503, settings: { retryAfterSeconds: number }): EmuResponse {
	const headers = { 'retry-after': String(settings.retryAfterSeconds) };
	if (status === 503)
		return {
			status,
			headers,
			body: { message: 'The service is temporarily unavailable.', errors: [] },
		};
	return {
		status,
		headers,
		body: {
			message: 'Too many requests. Slow down and try again later.',
			errors: [
				{
					category: 'RateLimitError',
					code: 'TooManyRequests',
					field: '',
					message: 'Too many concurrent requests.',
				},
			],
		},
	};
}

function sleep(ms: number): Promise<void> {
	return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * Writes the body in slices, each when the connection's bandwidth has carried the bytes before
 * it (measured from the first byte, so timer lateness does not add up), waiting for the socket
 * when it is full.
 */
async function streamAt(res: ServerResponse, payload: Buffer, bytesPerSecond: number) {
	const slice = 64 * 1024;
	const started = performance.now();
	for (let offset = 0; offset < payload.length; offset += slice) {
		if (res.destroyed) return;
		const part = payload.subarray(offset, offset + slice);
		res.write(part);
		const due = started + ((offset + part.length) / bytesPerSecond) * 1000 - performance.now();
		await sleep(due);
		// Asked after the wait: the socket may have drained meanwhile (a 'drain' already gone by).
		if (res.writableNeedDrain && !res.destroyed)
			await new Promise<void>((resolve) => {
				const done = () => {
					res.off('drain', done);
					res.off('close', done);
					resolve();
				};
				res.once('drain', done);
				res.once('close', done);
			});
	}
	if (!res.destroyed) res.end();
}

function send(
	res: ServerResponse,
	status: number,
	headers: Record<string, string>,
	payload: Buffer | undefined,
	partial?: PartialAnswer,
) {
	res.writeHead(status, headers);
	if (partial && payload) {
		// The headers promise the whole body; the connection is lost (or goes quiet) part of the way through.
		const part = payload.subarray(
			0,
			Math.min(payload.length - 1, partial.bytes ?? Math.floor(payload.length / 2)),
		);
		res.write(part, () => {
			if (partial.kind === 'truncate') res.socket?.destroy();
		});
		return;
	}
	res.end(payload);
}

/** Reads and discards what is left of a request body, so the connection can be reused. */
async function drain(req: IncomingMessage): Promise<void> {
	if (req.readableEnded || req.destroyed) return;
	req.resume();
	await new Promise<void>((resolve) => {
		req.once('end', resolve);
		req.once('close', resolve);
		req.once('error', () => resolve());
	});
}

function makeRequest(
	raw: IncomingMessage,
	api: ApiName,
	path: string,
	params: Record<string, string>,
	query: URLSearchParams,
	caller: Caller,
	maxBytes: number,
	entry: LoggedRequest | undefined,
): EmuRequest & { consumed: boolean } {
	let bufferPromise: Promise<Buffer> | undefined;
	let jsonValue: { value: unknown } | undefined;
	const request = {
		method: (raw.method ?? 'GET').toUpperCase(),
		api,
		path,
		params,
		query,
		headers: raw.headers,
		raw,
		caller,
		consumed: false,
		logBody(summary: unknown) {
			if (entry) entry.body = summary;
		},
		buffer(): Promise<Buffer> {
			request.consumed = true;
			bufferPromise ??= readBody(raw, maxBytes);
			return bufferPromise;
		},
		async json(): Promise<unknown> {
			if (jsonValue) return jsonValue.value;
			const buf = await request.buffer();
			let value: unknown;
			if (buf.length > 0) {
				try {
					value = JSON.parse(buf.toString('utf8'));
				} catch (error) {
					throw new ApiError(400, {
						message: 'The request body is not valid JSON.',
						errors: [
							{
								category: 'UserInvalidInputError',
								code: 'InvalidJson',
								field: '',
								message: String((error as Error).message),
							},
						],
					});
				}
			}
			jsonValue = { value };
			if (entry) entry.body = value;
			return value;
		},
	};
	return request;
}

async function readBody(raw: IncomingMessage, maxBytes: number): Promise<Buffer> {
	const declared = Number(raw.headers['content-length'] ?? 0);
	if (declared > maxBytes) throw tooLarge(maxBytes);
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of raw) {
		size += (chunk as Buffer).length;
		if (size > maxBytes) throw tooLarge(maxBytes);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

export function tooLarge(maxBytes: number): ApiError {
	return new ApiError(413, {
		message: `The request is larger than ${maxBytes} bytes.`,
		errors: [
			{
				category: 'RequestTooLarge',
				code: 'PayloadTooLarge',
				field: '',
				message: `Maximum request size is ${maxBytes} bytes.`,
			},
		],
	});
}
