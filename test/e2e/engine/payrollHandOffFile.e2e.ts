// The unit suite's set-up: the fixed instant (test/support/testNow.ts) and a throwaway n8n folder.
import '../../support/jestSetup';

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { executeNode, jsonOf } from '../../harness/execute';
import { n8nNodesBaseDir } from './n8nNodesBase';
import { bytesOf } from '../../support/binaryItems';
import { useEmulator } from '../../support/emulatorFixture';
import { daysAgo } from '../../nodes/payrollExport/dates';

/**
 * docs/payroll-hand-off.md: what n8n's Convert to File (CSV) writes, and that the Code node and
 * Convert to Text File the page gives write the same file without the BOM, ending in a newline.
 * n8n's own node (the cached runtime's n8n-nodes-base) runs through the engine; the Code node's
 * JavaScript is read from the page and run on the same items.
 */
const CONVERT = 'n8n-nodes-base.convertToFile';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'payroll-hand-off.md'), 'utf8');

function convertToFile(): INodeType {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { ConvertToFile } = require(
		join(n8nNodesBaseDir(), 'dist', 'nodes', 'Files', 'ConvertToFile', 'ConvertToFile.node.js'),
	) as { ConvertToFile: new () => INodeType };
	return new ConvertToFile();
}

/** The page's Code node, run as n8n runs it for all items ($input.first(), $input.all()). */
function codeNodeOf(markdown: string): (items: INodeExecutionData[]) => IDataObject[] {
	const section = markdown.slice(markdown.indexOf('## A file without a BOM'));
	const code = /```js\n([\s\S]*?)```/.exec(section)![1];
	// The page's snippet, run as the Code node would run it.
	const run = new Function('$input', code) as (input: unknown) => Array<{ json: IDataObject }>;
	return (items) => run({ first: () => items[0], all: () => items }).map((i) => i.json);
}

describe('docs/payroll-hand-off.md: the CSV file, its BOM and its last line', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 400 } });

	/** The demo's first two steps: the payroll lines, and the file's columns (Edit Fields). */
	async function payrollColumns(): Promise<INodeExecutionData[]> {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'payrollExport',
				operation: 'getSummaryLines',
				fromWorkDate: daysAgo(30),
				toWorkDate: daysAgo(1),
				userPayrollTypeFilter: 'all-users',
			},
		});
		expect(result.error).toBeUndefined();
		return jsonOf(result).map((line) => ({
			json: {
				employeeNumber: line.employeeNumber,
				employeeName: line.userName,
				payrollTypeCode: line.payrollTypeCode,
				payrollTypeName: line.payrollTypeName,
				quantity: line.qty,
				unit: 'hours',
				workDate: line.date,
			},
		}));
	}

	async function convert(items: INodeExecutionData[], parameters: IDataObject): Promise<Buffer> {
		const result = await executeNode({
			credentials: fx.credentials,
			nodeType: CONVERT,
			extraNodeTypes: { [CONVERT]: convertToFile() },
			settings: { typeVersion: 1.1 },
			items,
			parameters: { binaryPropertyName: 'data', ...parameters },
		});
		expect(result.error).toBeUndefined();
		return await bytesOf(result.items[0].binary!.data);
	}

	it("Convert to File (CSV) starts with a BOM and ends without a newline; the page's two steps give the same bytes without the BOM, with the newline", async () => {
		const items = await payrollColumns();
		expect(items.length).toBeGreaterThan(10);
		// A name with a comma and a quote, so the quoting is compared too.
		items[0].json.employeeName = 'Berg, Kari "KB"';

		const csv = await convert(items, {
			operation: 'csv',
			options: { fileName: 'payroll-2026-10.csv' },
		});
		expect(csv.subarray(0, 3)).toEqual(BOM);
		expect(csv.at(-1)).not.toBe(0x0a);
		expect(csv.toString('utf8')).toContain('"Berg, Kari ""KB"""');

		const [{ csv: text }] = codeNodeOf(page)(items);
		const file = await convert([{ json: { csv: text } }], {
			operation: 'toText',
			sourceProperty: 'csv',
			options: { fileName: 'payroll-2026-10.csv' },
		});
		expect(file.subarray(0, 3)).not.toEqual(BOM);
		expect(file.at(-1)).toBe(0x0a);
		expect(file).toEqual(Buffer.concat([csv.subarray(3), Buffer.from('\n')]));
	});
});
