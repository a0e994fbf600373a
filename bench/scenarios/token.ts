import { request } from 'undici';

import type { Target } from '../measure';

/** One client-credentials token for the plain undici baselines. */
export async function fetchToken(
	target: Target,
	scope = 'svcapiv3 reportingapiv1',
): Promise<string> {
	const answer = await request(`${target.identity}/connect/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: target.clientId,
			client_secret: target.clientSecret,
			scope,
		}).toString(),
	});
	return ((await answer.body.json()) as { access_token: string }).access_token;
}

/** Warm-up of the undici baselines: a token and one small page, so neither is in the timed run. */
export async function warmUpExtraction(target: Target): Promise<void> {
	const token = await fetchToken(target);
	const answer = await request(`${target.extraction}/v1/time-registrations?ChunkLimit=10`, {
		headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
	});
	await answer.body.json();
}

/** Requests the service refused (429 or 503) in this process so far, each sent again after its Retry-After. */
export let refusals = 0;

/**
 * The undici baselines' loop: every page of time registrations (in `window` when given), each
 * body handed to `read`, which answers the next page's token; answers the request count. A refused request (429 or 503) is sent again
 * after the Retry-After the service gives (1 s when it gives none), as a careful hand-written
 * client does.
 */
async function eachPage(
	target: Target,
	read: (body: Awaited<ReturnType<typeof request>>['body']) => Promise<string>,
	window?: { from: string; to: string },
	knownToken?: string,
): Promise<number> {
	const token = knownToken ?? (await fetchToken(target));
	let continuation = '';
	let requests = 0;
	do {
		const query = new URLSearchParams(
			window ? { FromDateTime: window.from, ToDateTime: window.to } : {},
		);
		if (continuation) query.set('ContinuationToken', continuation);
		const url = `${target.extraction}/v1/time-registrations${query.size ? `?${query.toString()}` : ''}`;
		for (;;) {
			const answer = await request(url, {
				headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
			});
			requests++;
			if (answer.statusCode === 429 || answer.statusCode === 503) {
				refusals++;
				await answer.body.dump();
				const seconds = Number(answer.headers['retry-after'] ?? 1);
				await new Promise((resolve) =>
					setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 1) * 1000),
				);
				continue;
			}
			if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode}`);
			continuation = await read(answer.body);
			break;
		}
	} while (continuation);
	return requests;
}

/**
 * The undici baselines' Return All: every page parsed, its records handed to `onPage` (the next
 * page is asked for once what it answers resolves); answers the request count.
 */
export async function eachTimeRegistrationPage(
	target: Target,
	onPage: (records: unknown[]) => void | Promise<void>,
	window?: { from: string; to: string },
	knownToken?: string,
): Promise<number> {
	return await eachPage(
		target,
		async (body) => {
			const page = (await body.json()) as { data: unknown[]; continuationToken?: string };
			await onPage(page.data);
			return page.continuationToken ?? '';
		},
		window,
		knownToken,
	);
}

/**
 * Every page's bytes, never parsed: the token and the record count are read from the page's
 * tail (the emulator writes them after `data`). What receiving the bytes alone costs a process.
 */
export async function eachTimeRegistrationBody(
	target: Target,
	onChunk: (chunk: Buffer) => void,
	onPage: (recordCount: number) => void,
): Promise<number> {
	return await eachPage(target, async (body) => {
		let tail = '';
		for await (const chunk of body as AsyncIterable<Buffer>) {
			onChunk(chunk);
			tail = (tail + chunk.toString('latin1', Math.max(0, chunk.length - 2048))).slice(-4096);
		}
		onPage(Number(/"recordCount"\s*:\s*(\d+)/.exec(tail)?.[1] ?? 0));
		return /"continuationToken"\s*:\s*"([^"]*)"/.exec(tail)?.[1] ?? '';
	});
}

/**
 * Month windows from `from` to `to` (ISO dates; the 12 months before the current one when
 * omitted), each [month start, next month start - 1 ms]: ToDateTime is inclusive, so a record on
 * a boundary is read once.
 */
export function monthWindows(from?: string, to?: string): Array<{ from: string; to: string }> {
	const now = new Date();
	const end = to
		? new Date(to)
		: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
	let start = from
		? new Date(from)
		: new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth() - 1, 1));
	const windows: Array<{ from: string; to: string }> = [];
	while (start < end) {
		const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
		const stop = next < end ? next : end;
		windows.push({ from: start.toISOString(), to: new Date(stop.getTime() - 1).toISOString() });
		start = next;
	}
	return windows;
}
