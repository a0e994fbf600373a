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

/**
 * A request sent again while the service refuses it (429 or 503) after the Retry-After it gives
 * (1 s when it gives none), as a careful hand-written client does; `onRefused` counts refusals.
 */
async function refusedAgain(
	send: () => ReturnType<typeof request>,
	onRefused: () => void,
): ReturnType<typeof request> {
	for (;;) {
		const answer = await send();
		if (answer.statusCode !== 429 && answer.statusCode !== 503) return answer;
		onRefused();
		refusals++;
		await answer.body.dump();
		const seconds = Number(answer.headers['retry-after'] ?? 1);
		await new Promise((resolve) =>
			setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 1) * 1000),
		);
	}
}

/** Requests the service refused (429 or 503) in this process so far. */
export let refusals = 0;

/** The undici baselines' Return All: every page of time registrations, each handed to `onPage`; answers the request count. */
export async function eachTimeRegistrationPage(
	target: Target,
	onPage: (records: unknown[]) => void,
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
		const answer = await refusedAgain(
			() =>
				request(url, {
					headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
				}),
			() => requests++,
		);
		requests++;
		if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode}`);
		const page = (await answer.body.json()) as { data: unknown[]; continuationToken?: string };
		onPage(page.data);
		continuation = page.continuationToken ?? '';
	} while (continuation);
	return requests;
}

/**
 * Every page's bytes, never parsed: the token is read from the page's tail (the emulator writes
 * it after `data`). A floor for what receiving the bytes alone costs a process.
 */
export async function eachTimeRegistrationBody(
	target: Target,
	onChunk: (chunk: Buffer) => void,
	onPage: (recordCount: number) => void,
): Promise<number> {
	const token = await fetchToken(target);
	let continuation = '';
	let requests = 0;
	do {
		const query = new URLSearchParams();
		if (continuation) query.set('ContinuationToken', continuation);
		const url = `${target.extraction}/v1/time-registrations${query.size ? `?${query.toString()}` : ''}`;
		const answer = await request(url, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		requests++;
		if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode}`);
		let tail = '';
		for await (const chunk of answer.body as AsyncIterable<Buffer>) {
			onChunk(chunk);
			tail = (tail + chunk.toString('latin1', Math.max(0, chunk.length - 2048))).slice(-4096);
		}
		continuation = /"continuationToken"\s*:\s*"([^"]*)"/.exec(tail)?.[1] ?? '';
		onPage(Number(/"recordCount"\s*:\s*(\d+)/.exec(tail)?.[1] ?? 0));
	} while (continuation);
	return requests;
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
