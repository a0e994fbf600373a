import type { INodeParameters } from 'n8n-workflow';

import { executeNode } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getImages', returnAll: true };

/** The specification's rules for GET /v1/images, checked before any request is made. */
describe('Data Extraction > Get Images: checks before calling', () => {
	const fx = useEmulator();
	const run = (parameters: INodeParameters) =>
		executeNode({ credentials: fx.credentials, parameters: { ...base, ...parameters } });

	async function expectRefused(parameters: INodeParameters, message: RegExp, description?: RegExp) {
		const result = await run(parameters);
		expect(result.error).toBeDefined();
		expect(result.error!.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(message);
		if (description) expect(String(result.error!.description)).toMatch(description);
		expect(result.items).toHaveLength(0);
		// Refused before calling: not even a token request.
		expect(fx.apiRequests()).toHaveLength(0);
		expect(fx.tokenRequests()).toHaveLength(0);
	}

	it.each([0, 10001, 2.5, -3])(
		'Chunk Limit %s is refused, naming the range',
		async (chunkLimit) => {
			await expectRefused(
				{ options: { chunkLimit } },
				/Chunk Limit must be a whole number from 1 to 10000/,
				/between 1 and 10000/,
			);
		},
	);

	it('Chunk Limit 1 and 10000 are accepted', async () => {
		for (const chunkLimit of [1, 10000]) {
			fx.mark();
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: { ...base, returnAll: false, limit: 1, options: { chunkLimit } },
			});
			expect(result.error).toBeUndefined();
			expect(fx.apiRequests()[0].query.ChunkLimit).toEqual([String(chunkLimit)]);
		}
	});

	it('Modified Before without Modified Since is refused', async () => {
		await expectRefused(
			{ options: { modifiedBefore: '2026-01-02T00:00:00Z' } },
			/Modified Before needs Modified Since/,
			/Set Modified Since as well, or remove Modified Before/,
		);
	});

	it.each([
		['equal to', '2026-01-01T00:00:00Z'],
		['earlier than', '2025-12-31T23:00:00Z'],
	])('Modified Before %s Modified Since is refused', async (_label, modifiedBefore) => {
		await expectRefused(
			{ options: { modifiedSince: '2026-01-01T00:00:00Z', modifiedBefore } },
			/Modified Before must be later than Modified Since/,
			/strictly greater than ModifiedSince \(2026-01-01T00:00:00Z\)/,
		);
	});

	it('a zone-less Modified Since counts as UTC when compared', async () => {
		await expectRefused(
			{
				options: {
					modifiedSince: '2026-01-01T01:00:00',
					modifiedBefore: '2026-01-01T02:00:00+02:00',
				},
			},
			/Modified Before must be later than Modified Since/,
		);
	});

	it.each([
		['From Date Time', { fromDateTime: 'last monday' }],
		['To Date Time', { toDateTime: '2026-13-45' }],
		['Modified Since', { options: { modifiedSince: 'soon' } }],
	])('%s that is not a date-time is refused', async (label, parameters) => {
		await expectRefused(parameters, new RegExp(`${label} is not a date-time`), /ISO 8601/);
	});

	it('To Date Time not after From Date Time is refused', async () => {
		await expectRefused(
			{ fromDateTime: '2026-02-01T00:00:00Z', toDateTime: '2026-01-01T00:00:00Z' },
			/To Date Time must not be earlier than From Date Time/,
		);
	});

	it('a Sources value outside feed, alert and checklist is refused', async () => {
		await expectRefused(
			{ sources: '={{ ["feed", "photos"] }}' },
			/Sources has an invalid value: "photos"/,
			/feed, alert and checklist/,
		);
	});

	it('an empty Project filter is refused', async () => {
		await expectRefused(
			{ filters: { project: { __rl: true, mode: 'id', value: '  ' } } },
			/Project is empty/,
			/remove the filter/,
		);
	});

	it('an empty Company ID filter is refused', async () => {
		await expectRefused({ filters: { companyId: ' ' } }, /Company ID is empty/);
	});

	it('a Limit below 1 is refused', async () => {
		await expectRefused(
			{ returnAll: false, limit: 0 },
			/Limit must be a whole number of at least 1/,
		);
	});

	it('an empty image field name is refused when downloading images', async () => {
		await expectRefused(
			{ downloadImage: 'thumbnail', binaryPropertyName: ' ' },
			/Put Image in Field is empty/,
		);
	});

	it('with Continue On Fail the refusal becomes an error item paired to its input', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, options: { chunkLimit: 0 } },
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { error: expect.stringContaining('Chunk Limit') }, pairedItem: { item: 0 } },
		]);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
