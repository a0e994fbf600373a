import { useEmulator } from '../../../support/emulatorFixture';
import {
	dataWindow,
	extractionRequests,
	failPartWay,
	resumableRun,
	resumeOf,
} from '../../../support/resumeRuns';

const CARRIES = '(the error output item carries them).';
const set = (field: string, key: string) => `${field} to {{ $json.details.resume.${key} }}`;

/**
 * Issue 34: the error item's description, word for word, says what went out (the stretch before
 * the failed slice and its records, or nothing) and which fields to set to read the rest.
 */
describe('Data Extraction: the description of a run that fails part-way', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1000, pageSize: 100 } });
	const run = async (fields: Record<string, unknown>, options: Record<string, unknown> = {}) => {
		const parameters = {
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: true,
			...fields,
			options: { chunkLimit: 50, retries: 0, ...options },
		};
		const plain = await resumableRun(fx, parameters);
		expect(plain.errorItems).toHaveLength(0);
		const half = Math.floor(extractionRequests(fx) / 2);
		expect(half).toBeGreaterThan(1);
		fx.mark();
		const { run: failed } = await failPartWay(fx, half, parameters);
		return { items: failed.items, ...resumeOf(failed.errorItems[0]) };
	};

	it('a partitioned window: the complete stretch before the failed slice, its records, and both window fields', async () => {
		const { items, resume, description } = await run(dataWindow(fx), {
			partitionBy: 'parts',
			partitionCount: 4,
			parallelRequests: 1,
		});
		expect(items.length).toBeGreaterThan(1);
		expect(description).toBe(
			`The complete stretch before ${resume.fromDateTime} was output (${items.length} records); the rest was not. Read the rest with this node again: set ${set('From Date Time', 'fromDateTime')} and ${set('To Date Time', 'toDateTime')} ${CARRIES}`,
		);
	});

	it('one stream: nothing output, the whole window named', async () => {
		const { description } = await run(dataWindow(fx));
		expect(description).toBe(
			`Nothing was output: no part of the window was complete. Read the rest with this node again: set ${set('From Date Time', 'fromDateTime')} and ${set('To Date Time', 'toDateTime')} ${CARRIES}`,
		);
	});

	it('incremental without Modified Before: only Modified Since to set', async () => {
		const { resume, description } = await run({}, { modifiedSince: '2000-01-01T00:00:00Z' });
		expect(Object.keys(resume)).toEqual(['modifiedSince']);
		expect(description).toBe(
			`Nothing was output: no part of the window was complete. Read the rest with this node again: set ${set('Options > Modified Since', 'modifiedSince')} ${CARRIES}`,
		);
	});

	it('no window: nothing to set, run the node again', async () => {
		const { resume, description } = await run({});
		expect(resume).toEqual({});
		expect(description).toBe(
			'Nothing was output: no part of the window was complete. Run the node again to read it.',
		);
	});
});
