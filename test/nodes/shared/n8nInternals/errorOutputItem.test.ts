import { NodeOperationError, type INodeExecutionData } from 'n8n-workflow';

import { executeNode } from '../../../harness/execute';
import { standInNode } from '../../../harness/standIn';
import { useEmulator } from '../../../support/emulatorFixture';
import { errorOutputItem } from '../../../../nodes/shared/n8nInternals/errorOutputItem';

/**
 * What errorOutputItem.ts relies on, through n8n-core's own WorkflowExecute (the version in
 * node_modules, 2.41.1): with On Error "Continue (using error output)" an item whose json holds
 * only `error`, `message` and `details` goes to the error output with its details whole; one more
 * key keeps it on the main output; an item carrying an error object loses its json to the message.
 */
describe('n8n routes the error item to the error output (n8nInternals/errorOutputItem.ts)', () => {
	const fx = useEmulator();
	const details = { resume: { fromDateTime: '2026-01-01T00:00:00Z' }, failed: { page: 1 } };

	async function route(items: (node: NodeOperationError['node']) => INodeExecutionData[]) {
		const type = 'test.errorOutput';
		return await executeNode({
			credentials: fx.credentials,
			parameters: {},
			nodeType: type,
			settings: { onError: 'continueErrorOutput' },
			extraNodeTypes: {
				[type]: standInNode('Error Output', 'errorOutput', {
					async execute() {
						return [items(this.getNode())];
					},
				}),
			},
		});
	}

	it('the item errorOutputItem builds goes to the error output, details whole; others stay', async () => {
		const result = await route(() => [
			{ json: { id: 1 }, pairedItem: { item: 0 } },
			errorOutputItem('Get Time Registrations failed', details, 0),
		]);
		expect(result.items.map((item) => item.json)).toEqual([{ id: 1 }]);
		expect(result.errorItems.map((item) => item.json)).toEqual([
			{ error: 'Get Time Registrations failed', details },
		]);
	});

	it('one key more, and the item stays on the main output', async () => {
		const item = errorOutputItem('failed', details, 0);
		const result = await route(() => [{ ...item, json: { ...item.json, extra: true } }]);
		expect(result.errorItems).toEqual([]);
		expect(result.items).toHaveLength(1);
	});

	it('an item carrying an error object reaches the error output as its message only: the details are lost', async () => {
		const result = await route((node) => [
			{ json: { details }, error: new NodeOperationError(node, 'failed'), pairedItem: { item: 0 } },
		]);
		expect(result.errorItems.map((item) => item.json)).toEqual([{ error: 'failed' }]);
	});
});
