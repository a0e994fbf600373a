import type { IncomingMessage } from 'node:http';

import type { ApiName } from './apis';
import type { Caller } from './authContext';

export interface EmuRequest {
	method: string;
	api: ApiName;
	/** Path below the API's base, e.g. `/api/v4/integration/projects/P-1`. */
	path: string;
	/** Path parameters, each segment URL-decoded on its own (an encoded `/` stays inside its segment). */
	params: Record<string, string>;
	query: URLSearchParams;
	headers: IncomingMessage['headers'];
	raw: IncomingMessage;
	caller: Caller;
	/** Parses the body as JSON (once); `undefined` for an empty body. */
	json(): Promise<unknown>;
	/** The raw body bytes (once). */
	buffer(): Promise<Buffer>;
	/** Records what the request carried in the request log (for bodies that are not JSON). */
	logBody(summary: unknown): void;
}

export interface EmuResponse {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
	/** Raw bytes instead of JSON. */
	bytes?: Buffer;
}

export type Handler = (req: EmuRequest) => Promise<EmuResponse> | EmuResponse;

interface Route {
	method: string;
	segments: string[];
	handler: Handler;
	scope: 'integration' | 'extraction' | 'none';
}

/** A small method + path-pattern router; `:name` segments capture parameters. */
export class Router {
	private readonly routes: Route[] = [];

	add(method: string, pattern: string, handler: Handler, scope: Route['scope'] = 'integration') {
		this.routes.push({ method, segments: split(pattern), handler, scope });
	}

	get(pattern: string, handler: Handler, scope?: Route['scope']) {
		this.add('GET', pattern, handler, scope);
	}
	post(pattern: string, handler: Handler, scope?: Route['scope']) {
		this.add('POST', pattern, handler, scope);
	}
	put(pattern: string, handler: Handler, scope?: Route['scope']) {
		this.add('PUT', pattern, handler, scope);
	}
	patch(pattern: string, handler: Handler, scope?: Route['scope']) {
		this.add('PATCH', pattern, handler, scope);
	}
	delete(pattern: string, handler: Handler, scope?: Route['scope']) {
		this.add('DELETE', pattern, handler, scope);
	}

	/** Literal segments win over parameters, so `/by-project-number/x` is not read as an id. */
	match(
		method: string,
		rawPath: string,
	): { route: Route; params: Record<string, string> } | 'method' | undefined {
		const parts = split(rawPath);
		let best: { route: Route; params: Record<string, string>; literals: number } | undefined;
		let pathMatched = false;
		for (const route of this.routes) {
			if (route.segments.length !== parts.length) continue;
			const params: Record<string, string> = {};
			let literals = 0;
			let ok = true;
			for (let i = 0; i < parts.length; i++) {
				const seg = route.segments[i];
				if (seg.startsWith(':')) {
					let value: string;
					try {
						value = decodeURIComponent(parts[i]);
					} catch {
						ok = false;
						break;
					}
					params[seg.slice(1)] = value;
				} else if (seg.toLowerCase() === parts[i].toLowerCase()) {
					literals++;
				} else {
					ok = false;
					break;
				}
			}
			if (!ok) continue;
			pathMatched = true;
			if (route.method !== method) continue;
			if (!best || literals > best.literals) best = { route, params, literals };
		}
		if (best) return { route: best.route, params: best.params };
		return pathMatched ? 'method' : undefined;
	}
}

function split(path: string): string[] {
	return path.split('/').filter((s) => s.length > 0);
}
