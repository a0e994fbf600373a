import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { executeNode, jsonOf } from '../harness/execute';
import { useEmulator } from '../support/emulatorFixture';
import { requestedWindows } from '../support/partitionWindows';

/**
 * Options are offered only where they apply, decided by n8n's own display rules (what the editor
 * runs), and hiding one changes nothing for a saved workflow that still holds its value: the node
 * never reads it there.
 */
const node = new Workforce().description;
const extractionOptions = node.properties.filter(
	(p) => p.name === 'options' && p.displayOptions?.show?.resource?.includes('dataExtraction'),
);

const utcDay = (d: Date) => [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()] as const;

function shownIn(collection: INodeProperties, option: string, values: INodeParameters): boolean {
	const child = (collection.options as INodeProperties[]).find((o) => o.name === option)!;
	return NodeHelpers.displayParameterPath({ options: values }, child, 'options', null, node);
}

describe('options shown only where they apply', () => {
	const partitioned = ['day', 'week', 'month', 'parts'];
	const rows = extractionOptions.flatMap((collection) =>
		['none', ...partitioned].map((by) => [collection.displayOptions!.show!.operation, by] as const),
	);

	it('every partitioned extraction has the partition options', () => {
		expect(rows.length).toBeGreaterThanOrEqual(5 * 5);
	});

	it.each(rows)('%s with Partition By %s', (operations, by) => {
		const collection = extractionOptions.find(
			(c) => c.displayOptions!.show!.operation === operations,
		)!;
		expect(shownIn(collection, 'partitionCount', { partitionBy: by })).toBe(by === 'parts');
		expect(shownIn(collection, 'parallelRequests', { partitionBy: by })).toBe(by !== 'none');
		// Before Partition By is added (a new node, a saved one without it) it means None.
		expect(shownIn(collection, 'partitionCount', {})).toBe(false);
		expect(shownIn(collection, 'partitionBy', {})).toBe(true);
	});

	it('n8n drops a hidden option when it reads the parameters (as the editor and the engine do)', () => {
		const parameters = {
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			options: { partitionBy: 'week', partitionCount: 0 },
		};
		const read = NodeHelpers.getNodeParameters(
			node.properties,
			parameters,
			true,
			false,
			null,
			node,
		);
		expect(read?.options).toEqual({ partitionBy: 'week' });
	});

	describe('a saved workflow still holding a hidden value runs as before', () => {
		const fx = useEmulator({ workData: { timeRegistrations: 300, pageSize: 100 } });
		// The 30 whole UTC days before the suite's instant, where the demo data lies (WF_TEST_NOW).
		const today = Date.UTC(...utcDay(new Date()));
		const day = (n: number) => new Date(today - n * 86_400_000).toISOString().slice(0, 10);
		const run = async (options: INodeParameters) => {
			fx.mark();
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: {
					resource: 'dataExtraction',
					operation: 'getTimeRegistrations',
					returnAll: true,
					fromDateTime: `${day(30)}T00:00:00Z`,
					toDateTime: `${day(1)}T23:59:59Z`,
					options,
				},
			});
			expect(result.error).toBeUndefined();
			return {
				ids: jsonOf(result).map((r) => r.id),
				windows: requestedWindows(fx, '/v1/time-registrations'),
			};
		};

		it.each([
			[
				'Week, with a Partition Count of 0 (refused were it read)',
				{ partitionBy: 'week' },
				{ partitionCount: 0 },
			],
			['None, with Parallel Requests of 99', { partitionBy: 'none' }, { parallelRequests: 99 }],
		])('%s', async (_label, options, hidden) => {
			const plain = await run(options);
			const holding = await run({ ...options, ...hidden });
			expect(holding).toEqual(plain);
			expect(plain.ids.length).toBeGreaterThan(0);
		});
	});
});
