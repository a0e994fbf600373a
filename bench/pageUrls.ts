/**
 * Every page URL of a Return All over the emulator's time registrations, walked once before a suite
 * runs: the emulator's continuation tokens are signed positions, valid for any client and any
 * number of reads, so a workflow can fetch the very pages the node and the plain loop fetch
 * without paginating itself (n8n's HTTP Request node cannot read a token out of a file answer).
 */
import { request } from 'undici';

import { DEMO, type Emulator } from '../test/emulator';
import { fetchToken } from './scenarios/token';

const TAIL = /"continuationToken"\s*:\s*"([^"]*)"/;

export async function timeRegistrationPageUrls(emulator: Emulator): Promise<string[]> {
	const { urls } = emulator;
	const token = await fetchToken({ ...urls, ...DEMO.clients.admin }, 'reportingapiv1');
	const base = `${urls.extraction}/v1/time-registrations`;
	const pages = [base];
	for (;;) {
		const answer = await request(pages[pages.length - 1], {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode} walking the pages`);
		const text = await answer.body.text();
		// The token is in the envelope after the records: read it from the page's end, not by parsing 3.5 MB.
		const next = TAIL.exec(text.slice(-4096))?.[1] ?? '';
		if (!next) return pages;
		pages.push(`${base}?ContinuationToken=${encodeURIComponent(next)}`);
	}
}
