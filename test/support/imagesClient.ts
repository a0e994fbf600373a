import { request } from 'undici';

import type { Emulator } from '../emulator';
import { DEMO } from '../emulator';
import { tokenCache } from './fetchToken';

/** Drives GET /v1/images directly (emulator contract tests and expectations of node tests). */
export class ImagesClient {
	private readonly tokens = tokenCache();

	constructor(private readonly emulator: () => Emulator) {}

	async token(
		client: { clientId: string; clientSecret: string } = DEMO.clients.admin,
		scope: string = DEMO.scopes.extraction,
	): Promise<string> {
		return await this.tokens(this.emulator(), client, scope);
	}

	/** One page; `query` is a raw query string or name -> value(s). */
	async page(
		query: string | Record<string, string | string[]> = '',
		client?: { clientId: string; clientSecret: string },
	) {
		const search = typeof query === 'string' ? query : toSearch(query);
		const res = await request(
			`${this.emulator().urls.extraction}/v1/images${search ? `?${search}` : ''}`,
			{
				headers: { authorization: `Bearer ${await this.token(client)}` },
			},
		);
		return { status: res.statusCode, body: (await res.body.json()) as ImagesPage };
	}

	/** Every page of a query, following continuationToken with every other parameter unchanged. */
	async all(
		query: Record<string, string | string[]> = {},
		client?: { clientId: string; clientSecret: string },
	) {
		const pages: ImagesPage[] = [];
		let token = '';
		do {
			const { status, body } = await this.page(
				{ ...query, ...(token ? { ContinuationToken: token } : {}) },
				client,
			);
			if (status !== 200) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`);
			pages.push(body);
			token = body.continuationToken;
		} while (token);
		return { pages, rows: pages.flatMap((p) => p.data) };
	}
}

export interface ImagesPage {
	data: Array<
		Record<string, unknown> & { id: string; collectionRef: string; idRef: string; source: string }
	>;
	meta: { source: string; sources: string[]; parentRecordCount: number; chunkLimit: number };
	continuationToken: string;
	syncTypeName: 'full' | 'incremental';
	recordCount: number;
	deletedRecordCount: number;
	links: { next?: string };
	message?: string;
	errors?: Array<{ field: string; message: string; code: string; category: string }>;
}

export function toSearch(query: Record<string, string | string[]>): string {
	const params = new URLSearchParams();
	for (const [k, v] of Object.entries(query))
		for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
	return params.toString();
}

/** The de-duplication identity of a row: (id, collectionRef, idRef). */
export function rowKey(row: object): string {
	const r = row as Record<string, unknown>;
	return `${String(r.id)}|${String(r.collectionRef)}|${String(r.idRef)}`;
}
