import { executeNode } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { stopDateAt } from '../../../support/fakeDate';
import { single } from '../../../support/query';
import { expectedGap, missingHours, MONTH, NOW, SEED, serviceRows, ZONE } from './oracle';

/**
 * One operation's completeness tests (issue 44): an emulator laid out at NOW, node and service on
 * one stopped clock, a version 2 run in ZONE, and the expected gap from oracle.ts.
 */
export function completenessFixture(
	base: Record<string, unknown>,
	rows: 'summary-as-lines' | 'readonly',
	options: { perTest?: boolean } = {},
) {
	const fx = useEmulator(SEED, options);
	beforeEach(() => stopDateAt(Date.parse(NOW)));
	afterEach(() => jest.useRealTimers());
	return {
		fx,
		/** A version 2 run; `settings` are the node's (onError), `continueOnFail` the harness's. */
		run: (parameters: Record<string, unknown>, settings: Record<string, unknown> = {}) =>
			executeNode({
				credentials: fx.credentials,
				parameters: { ...base, ...parameters },
				settings: { typeVersion: 2, ...settings },
				timezone: ZONE,
				continueOnFail: settings.continueOnFail === true,
			}),
		/** The API requests since the last mark, as `path dataFilter`. */
		requests: () => fx.apiRequests().map((r) => `${r.path} ${String(single(r.query).dataFilter)}`),
		/** The service's rows of last month under the data filter and All Data's, and the gap; then a mark. */
		expected: async (dataFilter: 0 | 5) => {
			const month = { fromWorkDate: MONTH.from, toWorkDate: MONTH.to };
			const exported = await serviceRows(fx.emulator, rows, {
				...month,
				dataFilter: String(dataFilter),
			});
			const all = await serviceRows(fx.emulator, rows, { ...month, dataFilter: '10' });
			const hours = missingHours(fx.emulator, MONTH.from, MONTH.to, dataFilter);
			fx.mark();
			return { exported, all, gap: expectedGap(exported, all, hours) };
		},
	};
}
