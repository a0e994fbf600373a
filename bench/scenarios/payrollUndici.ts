/* The payroll export over 365 days: a plain undici loop making the same window requests. */
import { request } from 'undici';

import { report, targetFromEnv } from '../measure';
import { PAYROLL_FILTERS, PAYROLL_FLAGS, payrollRange } from './payroll';
import { fetchToken } from './token';

const target = targetFromEnv();

const run = async (windows: Array<{ from: string; to: string }>) => {
	const token = await fetchToken(target, 'svcapiv3');
	const rows: unknown[] = [];
	for (const window of windows) {
		const qs = new URLSearchParams({
			fromWorkDate: window.from,
			toWorkDate: window.to,
			...Object.fromEntries(
				Object.entries({ ...PAYROLL_FILTERS, ...PAYROLL_FLAGS }).map(([k, v]) => [k, String(v)]),
			),
		});
		const answer = await request(`${target.integration}/api/payroll-export?${qs.toString()}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (answer.statusCode !== 200)
			throw new Error(`HTTP ${answer.statusCode}: ${await answer.body.text()}`);
		for (const row of (await answer.body.json()) as unknown[]) rows.push(row);
	}
	return { records: rows.length, requests: windows.length };
};

void report(
	async () => await run(payrollRange().windows),
	async () =>
		await run([{ from: payrollRange().windows[0].from, to: payrollRange().windows[0].from }]),
);
