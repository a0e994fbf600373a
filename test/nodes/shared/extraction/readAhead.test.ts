import type { IExecuteFunctions } from 'n8n-workflow';

import { paginate } from '../../../../nodes/shared/extraction/pageLoop';
import { executeStandIn, standInNode } from '../../../harness/standIn';
import { jsonOf } from '../../../harness/execute';
import { useEmulator, type Fixture } from '../../../support/emulatorFixture';

/**
 * Return All overlaps the service building the next page with the node parsing this one. That
 * only happens if the next page's request has left before the parse blocks the event loop, so
 * the probe looks at what the emulator has received at the moment each page is handed over.
 */
describe('Page loop read-ahead: the next page is asked for before this one is handed over', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 250 } });

	it('with read-ahead the request for page n + 1 has reached the service when page n is handed over; each page asked once', async () => {
		const seen = await probe(fx, true);
		const pages = Math.ceil(fx.emulator.ctx.sections.workData.data.count / 250);
		expect(seen).toHaveLength(pages);
		seen.forEach((received, index) => expect(received).toBe(Math.min(index + 2, pages)));
		expect(fx.apiRequests()).toHaveLength(pages);
	});

	it('without read-ahead (a Limit) nothing is asked for ahead', async () => {
		const seen = await probe(fx, false);
		seen.forEach((received, index) => expect(received).toBe(index + 1));
	});
});

/** Runs the paginator inside n8n's engine and notes, at each page, how many pages the emulator was asked for. */
async function probe(fx: Fixture, readAhead: boolean): Promise<number[]> {
	const extractionRequests = () =>
		fx.apiRequests().filter((r) => r.path === '/v1/time-registrations').length;
	const prober = standInNode('Paginator probe', 'paginatorProbe', {
		async execute(this: IExecuteFunctions) {
			const seen: number[] = [];
			for await (const page of paginate.call(this, {
				path: '/v1/time-registrations',
				qs: { ChunkLimit: 250 },
				readAhead,
			})) {
				seen.push(extractionRequests());
				expect(page.decoded.records.length).toBeGreaterThan(0);
			}
			return [[{ json: { seen } }]];
		},
	});
	const result = await executeStandIn(fx.credentials, prober);
	expect(result.error).toBeUndefined();
	return jsonOf(result)[0].seen as number[];
}
