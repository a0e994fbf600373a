/*
 * Upload then download of a near-limit document through the node in n8n's engine, with n8n's
 * binary data in filesystem mode (as n8n runs it by default for large files). Bytes are checked.
 */
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import { executeNode } from '../../test/harness/execute';
import { report, targetFromEnv } from '../measure';
import { benchProjectId, content, FILE_BYTES, sha256 } from './document';
import { credentialsFor } from './engine';
import { fetchToken } from './token';

void report(async () => {
	const target = targetFromEnv();
	const projectId = await benchProjectId(target, await fetchToken(target, 'svcapiv3'));
	const credentials = credentialsFor(target);
	const binaryData = Container.get(BinaryDataService);
	await binaryData.init();
	const input = await binaryData.store(
		{ type: 'execution', workflowId: 'bench', executionId: 'input' },
		Readable.from(content()),
		{
			data: '',
			mimeType: 'application/x-step',
			fileName: 'model.ifc',
		},
	);
	const project = { __rl: true, mode: 'id', value: projectId };
	const up = await executeNode({
		credentials,
		parameters: {
			resource: 'document',
			operation: 'upload',
			parent: 'project',
			project,
			binaryPropertyName: 'data',
			options: { section: 'Bench', replaceExistingFilesWithSameName: true },
		},
		items: [{ json: {}, binary: { data: input } }],
	});
	if (up.error) throw up.error;
	const id = (up.items[0].json.files as Array<{ fileReference: { id: string } }>)[0].fileReference
		.id;
	const down = await executeNode({
		credentials,
		parameters: {
			resource: 'document',
			operation: 'download',
			parent: 'project',
			project,
			fileReferenceId: id,
			binaryPropertyName: 'data',
		},
	});
	if (down.error) throw down.error;
	const output = down.items[0].binary!.data;
	const hash = createHash('sha256');
	if (output.id)
		for await (const c of await binaryData.getAsStream(output.id)) hash.update(c as Buffer);
	else hash.update(Buffer.from(output.data, 'base64'));
	if (hash.digest('hex') !== sha256(content()))
		throw new Error('downloaded bytes differ from the upload');
	await binaryData.deleteMany([{ type: 'execution', workflowId: 'bench', executionId: 'input' }]);
	if (output.id) await binaryData.deleteManyByBinaryDataId([output.id]);
	return { records: 1, requests: 2, note: `${FILE_BYTES} bytes` };
});
