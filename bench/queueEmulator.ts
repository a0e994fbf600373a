/*
 * The service side of the queue backfill's figures: how many extraction pages each poll read (the
 * emulator's request log) and what one page costs the emulator alone (a plain request, no n8n),
 * to tell the service's time from the node's and n8n's inside a poll.
 */
import { request } from 'undici';

import type { LoggedRequest } from '../test/emulator/control/requestLog';
import { BACKFILL_START } from './backfillReference';
import { median, type Target } from './measure';
import { fetchToken } from './scenarios/token';

/** Start times of the time-registration page requests the emulator received. */
export async function pageRequestTimes(controlUrl: string): Promise<number[]> {
	const answer = await request(`${controlUrl}/requests`);
	const log = (await answer.body.json()) as LoggedRequest[];
	return log
		.filter((r) => r.api === 'extraction' && r.path.endsWith('/time-registrations'))
		.map((r) => Date.parse(r.time));
}

/** Median time of a plain request for one page of `pageSize` from the start of the backfill (5 requests, after one untimed). */
export async function emulatorPageMs(target: Target, pageSize: number): Promise<number> {
	const token = await fetchToken(target);
	const qs = new URLSearchParams({ ModifiedSince: BACKFILL_START, ChunkLimit: String(pageSize) });
	const times: number[] = [];
	for (let i = 0; i < 6; i++) {
		const started = process.hrtime.bigint();
		const answer = await request(`${target.extraction}/v1/time-registrations?${qs.toString()}`, {
			headers: { authorization: `Bearer ${token}` },
		});
		await answer.body.json();
		if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
	}
	return median(times);
}
