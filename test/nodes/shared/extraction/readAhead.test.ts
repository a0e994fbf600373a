import type { IExecuteFunctions } from 'n8n-workflow';

import { paginate } from '../../../../nodes/shared/extraction/pageLoop';
import { executeStandIn, standInNode } from '../../../harness/standIn';
import { jsonOf } from '../../../harness/execute';
import { useEmulator, type Fixture } from '../../../support/emulatorFixture';

const PAGE = 250;

/**
 * Return All overlaps the service building the next page with the caller handling this one: the
 * next page is asked for once this one is decoded, before it is handed over. The emulator holds
 * every request after the first at its door; the probe, handed page n, waits until the request
 * for page n + 1 is held there (it reached the service while page n was being handled), then lets
 * it go. Without read-ahead that request would only leave when the probe asks for page n + 1.
 */
describe('Page loop read-ahead: the next page is asked for before this one is handed over', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: PAGE } });
	const pages = () => Math.ceil(fx.emulator.ctx.sections.workData.data.count / PAGE);

	it('with read-ahead the request for page n + 1 reaches the service while page n is handled; each page asked once', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 1,
			count: pages() - 1,
			action: { kind: 'hold' },
		});
		const seen = await probe(fx, true, async (pageNumber) => {
			if (pageNumber === pages()) return;
			await fx.emulator.ctx.faults.whenHolding(1);
			fx.emulator.ctx.faults.release();
		});
		expect(seen).toHaveLength(pages());
		seen.forEach((received, index) => expect(received).toBe(Math.min(index + 2, pages())));
		expect(fx.apiRequests()).toHaveLength(pages());
	});

	it('without read-ahead (a Limit) nothing is asked for ahead', async () => {
		const seen = await probe(fx, false);
		seen.forEach((received, index) => expect(received).toBe(index + 1));
	});
});

/**
 * Runs the paginator inside n8n's engine; at each page, `handle` (as a sink would), then notes how
 * many pages the emulator was asked for.
 */
async function probe(
	fx: Fixture,
	readAhead: boolean,
	handle: (pageNumber: number) => Promise<void> = async () => {},
): Promise<number[]> {
	const extractionRequests = () =>
		fx.apiRequests().filter((r) => r.path === '/v1/time-registrations').length;
	const prober = standInNode('Paginator probe', 'paginatorProbe', {
		async execute(this: IExecuteFunctions) {
			const seen: number[] = [];
			for await (const page of paginate.call(this, {
				path: '/v1/time-registrations',
				qs: { ChunkLimit: PAGE },
				readAhead,
			})) {
				await handle(seen.length + 1);
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
