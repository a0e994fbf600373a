/* Upload then download of a near-limit document with plain undici: a streamed multipart body and a streamed download. */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

import { request } from 'undici';

import { report, targetFromEnv } from '../measure';
import { benchProjectId, content, FILE_BYTES, sha256 } from './document';
import { fetchToken } from './token';

void report(async () => {
	const target = targetFromEnv();
	const token = await fetchToken(target, 'svcapiv3');
	const projectId = await benchProjectId(target, token);
	const boundary = `bench-${randomBytes(12).toString('hex')}`;
	const head = Buffer.from(
		`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="model.ifc"\r\nContent-Type: application/x-step\r\n\r\n`,
	);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	const documents = `${target.integration}/api/v4/integration/projects/${encodeURIComponent(projectId)}/documents`;
	const up = await request(`${documents}?section=Bench&replaceExistingFilesWithSameName=true`, {
		method: 'POST',
		headers: {
			authorization: `Bearer ${token}`,
			'content-type': `multipart/form-data; boundary=${boundary}`,
			'content-length': String(head.length + FILE_BYTES + tail.length),
		},
		body: Readable.from(
			(function* () {
				yield head;
				yield* content();
				yield tail;
			})(),
		),
	});
	const uploaded = (await up.body.json()) as { files: Array<{ fileReference: { id: string } }> };
	if (up.statusCode >= 300)
		throw new Error(`upload: HTTP ${up.statusCode}: ${JSON.stringify(uploaded)}`);
	const id = uploaded.files[0].fileReference.id;
	const down = await request(`${documents}/${encodeURIComponent(id)}`, {
		headers: { authorization: `Bearer ${token}` },
	});
	if (down.statusCode !== 200) throw new Error(`download: HTTP ${down.statusCode}`);
	const hash = createHash('sha256');
	for await (const c of down.body) hash.update(c as Buffer);
	if (hash.digest('hex') !== sha256(content()))
		throw new Error('downloaded bytes differ from the upload');
	return { records: 1, requests: 2, note: `${FILE_BYTES} bytes` };
});
