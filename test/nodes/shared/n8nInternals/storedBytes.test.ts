import type { IExecuteFunctions } from 'n8n-workflow';

import { storedByteCount } from '../../../../nodes/shared/n8nInternals/storedBytes';
import { TestCredentialsHelper } from '../../../harness/credentialsHelper';
import { useBinaryDataMode } from '../../../support/binaryItems';
import { jsonOf } from '../../../harness/execute';
import { executeStandIn, standInNode } from '../../../harness/standIn';

const SIZE = 200_001;

/** Stores SIZE bytes with n8n-core's `prepareBinaryData`; the size as n8n gives it and as counted. */
const store = standInNode('Store probe', 'storeProbe', {
	async execute(this: IExecuteFunctions) {
		const binary = await this.helpers.prepareBinaryData(Buffer.alloc(SIZE, 7), 'probe.bin');
		// What n8n 1.x gives: no `bytes`, only the rounded `fileSize` text.
		const { bytes, ...asOn1x } = binary;
		return [
			[
				{
					json: {
						bytes: bytes ?? null,
						counted: (await storedByteCount(this, binary)) ?? null,
						countedOn1x: (await storedByteCount(this, asOn1x)) ?? null,
						fileSize: binary.fileSize ?? null,
					},
				},
			],
		];
	},
});

describe("The size of stored binary data: n8n 2.x's `bytes`, or counted as on 1.x (n8n-core's binary stores)", () => {
	const binaryMode = useBinaryDataMode();

	it.each([
		['filesystem (from the stored file)', 'filesystem-v2'],
		['default, in memory (from the base64 data)', 'default'],
	])('%s', async (_label, mode) => {
		binaryMode.set(mode);
		expect(jsonOf(await executeStandIn(new TestCredentialsHelper(), store))).toEqual([
			{ bytes: SIZE, counted: SIZE, countedOn1x: SIZE, fileSize: '200 kB' },
		]);
	});
});
