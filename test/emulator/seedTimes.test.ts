import { EMULATED_ENDPOINTS } from './extraction/otherEndpoints/endpoints';
import { DEMO, startEmulator } from './index';
import { fetchToken } from '../support/fetchToken';
import { call } from '../support/http';

const DAY = 86_400_000;

/**
 * The demo data never holds a change after the service's "now", whatever the time of day the
 * tests run at. Today's registrations used to be stamped 17:00 UTC: before that hour they were
 * changes from the future, which a trigger started "now" later emitted as changes nobody made
 * (the trigger soak and budget tests failed from midnight to 17:00 UTC).
 */
describe('emulator demo data: nothing is stamped after now, at any time of day', () => {
	const moments = [
		'2026-03-02T00:30:00.000Z', // Monday, just after midnight
		'2026-03-04T11:59:59.000Z', // Wednesday before noon (weekly approvals are capped at noon)
		'2026-03-05T16:59:00.000Z', // Thursday, a minute before the evening submissions
		'2026-03-06T17:00:30.000Z', // Friday, in the middle of them
		'2026-03-07T09:00:00.000Z', // Saturday
	];

	it.each(moments)('frozen at %s', async (now) => {
		const emulator = await startEmulator({
			clock: { mode: 'frozen', now },
			workData: { timeRegistrations: 3000 },
		});
		try {
			const token = await fetchToken(emulator, DEMO.clients.admin);
			// Everything modified after now, up to a month ahead: must be nothing ("just now" is allowed).
			const after = (ms: number) =>
				encodeURIComponent(new Date(Date.parse(now) + ms).toISOString());
			const window = `ModifiedSince=${after(1)}&ModifiedBefore=${after(30 * DAY)}`;
			const paths = [
				'/v1/time-registrations',
				'/v1/payroll-lines',
				'/v1/images',
				...EMULATED_ENDPOINTS.map((e) => e.path),
			];
			for (const path of paths) {
				const page = await call('GET', `${emulator.urls.extraction}${path}?${window}`, { token });
				expect({
					path,
					status: page.status,
					data: (page.body as { data?: unknown[] }).data,
				}).toEqual({ path, status: 200, data: [] });
			}
			// The most recent days still hold data (nothing was simply left out).
			const data = emulator.ctx.sections.workData.data;
			const newest = Math.max(...Array.from({ length: data.count }, (_, i) => data.modified[i]));
			expect(Date.parse(now) - newest).toBeLessThan(4 * DAY);
		} finally {
			await emulator.close();
		}
	});
});
