/*
 * Peak memory of a near-limit document round trip (upload then download of a file just under the
 * service's 30,000,000-byte request limit) through n8n-core's engine.
 *
 *   bash scripts/build-dev.sh && node --expose-gc .build/bench/document-roundtrip.js [filesystem|memory] [--live]
 *
 * The emulator runs in a child process, so this process's RSS is n8n + the node only. Prints
 * figures; asserts nothing but byte equality. RSS includes garbage chunks V8 has not collected
 * yet; `--live` forces a collection every 100 ms so the Buffer figure shows what is really held.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

import { API_PREFIXES } from '../test/emulator/core/apis';
import { DEMO } from '../test/emulator/seed/demo';
import { TestCredentialsHelper } from '../test/harness/credentials-helper';
import { CREDENTIAL_ID, executeNode } from '../test/harness/execute';

const FILE_BYTES = 30_000_000 - 1_000;
const CHUNK = 1 << 20;
const MiB = 1024 * 1024;

/** Deterministic content, produced chunk by chunk so the bench never holds the whole file. */
function* content(): Generator<Buffer> {
	for (let offset = 0; offset < FILE_BYTES; offset += CHUNK) {
		const size = Math.min(CHUNK, FILE_BYTES - offset);
		const chunk = Buffer.allocUnsafe(size);
		for (let i = 0; i < size; i++) chunk[i] = ((offset + i) * 31) % 251;
		yield chunk;
	}
}

function sha256(chunks: Iterable<Buffer>): string {
	const hash = createHash('sha256');
	for (const c of chunks) hash.update(c);
	return hash.digest('hex');
}

async function startEmulatorProcess(): Promise<{ origin: string; stop: () => void }> {
	const port = 20000 + Math.floor(Math.random() * 20000);
	const child = spawn(process.execPath, [path.join(__dirname, '..', 'test', 'emulator', 'main.js')], {
		env: { ...process.env, WORKFORCE_EMULATOR_PORT: String(port) },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let out = '';
	child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
	while (!out.includes('Press Ctrl+C')) {
		if (child.exitCode !== null) throw new Error(`emulator exited: ${out}`);
		await new Promise((r) => setTimeout(r, 50));
	}
	return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function main() {
	const mode = process.argv[2] === 'memory' ? 'memory' : 'filesystem';
	const emulator = await startEmulatorProcess();
	try {
		const credentials = new TestCredentialsHelper();
		credentials.set(CREDENTIAL_ID, {
			...DEMO.clients.admin,
			scopes: `${DEMO.scopes.integration} ${DEMO.scopes.extraction}`,
			integrationBaseUrl: emulator.origin + API_PREFIXES.integration,
			extractionBaseUrl: emulator.origin + API_PREFIXES.extraction,
			identityBaseUrl: emulator.origin + API_PREFIXES.identity,
		});
		const projects = (await (await fetch(`${emulator.origin}${API_PREFIXES.integration}/api/v4/integration/projects`, {
			headers: { authorization: `Bearer ${await token(emulator.origin)}` },
		})).json()) as Array<{ id: string; projectNumber: string }>;
		const projectId = projects.find((p) => p.projectNumber === 'P-1002')!.id;

		const binaryData = Container.get(BinaryDataService);
		await binaryData.init();
		const expected = sha256(content());
		let input: IBinaryData;
		if (mode === 'filesystem') {
			input = await binaryData.store({ type: 'execution', workflowId: 'bench', executionId: 'input' }, Readable.from(content()), {
				data: '',
				mimeType: 'application/x-step',
				fileName: 'model.ifc',
			});
		} else {
			input = { data: Buffer.concat([...content()]).toString('base64'), mimeType: 'application/x-step', fileName: 'model.ifc' };
		}
		const item: INodeExecutionData = { json: {}, binary: { data: input } };

		global.gc?.();
		const baseline = process.memoryUsage().rss;
		const baseArrayBuffers = process.memoryUsage().arrayBuffers;
		let peak = baseline;
		let peakArrayBuffers = baseArrayBuffers;
		let uploadPeak = baseline;
		const sample = () => {
			const m = process.memoryUsage();
			peak = Math.max(peak, m.rss);
			peakArrayBuffers = Math.max(peakArrayBuffers, m.arrayBuffers);
		};
		const sampler = setInterval(sample, 2);
		// With --expose-gc, collect every 100 ms so the Buffer figure shows live memory, not garbage.
		const collector = process.argv.includes('--live') && global.gc ? setInterval(() => global.gc!(), 100) : undefined;
		const started = Date.now();
		const up = await executeNode({
			credentials,
			parameters: { resource: 'document', operation: 'upload', parent: 'project', project: { __rl: true, mode: 'id', value: projectId }, binaryPropertyName: 'data', options: { section: 'Bench' } },
			items: [item],
		});
		if (up.error) throw up.error;
		const uploadedAt = Date.now();
		sample();
		uploadPeak = peak;
		const id = ((up.items[0].json.files as Array<{ fileReference: { id: string } }>)[0]).fileReference.id;
		const down = await executeNode({
			credentials,
			parameters: { resource: 'document', operation: 'download', parent: 'project', project: { __rl: true, mode: 'id', value: projectId }, fileReferenceId: id, binaryPropertyName: 'data' },
		});
		if (down.error) throw down.error;
		const finished = Date.now();
		clearInterval(sampler);
		if (collector) clearInterval(collector);
		peak = Math.max(peak, process.memoryUsage().rss);

		const output = down.items[0].binary!.data;
		const hash = createHash('sha256');
		if (output.id) {
			for await (const c of await binaryData.getAsStream(output.id)) hash.update(c as Buffer);
		} else {
			hash.update(Buffer.from(output.data, 'base64'));
		}
		const actual = hash.digest('hex');
		await binaryData.deleteMany([{ type: 'execution', workflowId: 'bench', executionId: 'input' }]);
		if (output.id) await binaryData.deleteManyByBinaryDataId([output.id]);
		console.log(`document round trip, n8n binary mode: ${mode}${collector ? ' (gc every 100 ms: live memory)' : ''}`);
		console.log(`  file size:             ${FILE_BYTES} bytes (${(FILE_BYTES / MiB).toFixed(1)} MiB)`);
		console.log(`  upload / download:     ${uploadedAt - started} ms / ${finished - uploadedAt} ms`);
		console.log(`  RSS before round trip: ${(baseline / MiB).toFixed(1)} MiB`);
		console.log(`  peak RSS during it:    ${(peak / MiB).toFixed(1)} MiB (+${((peak - baseline) / MiB).toFixed(1)} MiB; upload phase +${((uploadPeak - baseline) / MiB).toFixed(1)} MiB)`);
		console.log(`  peak Buffer memory:    +${((peakArrayBuffers - baseArrayBuffers) / MiB).toFixed(1)} MiB above the baseline (process.memoryUsage().arrayBuffers)`);
		console.log(`  process maxRSS:        ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MiB`);
		console.log(`  bytes identical:       ${actual === expected} (${output.fileName}, ${output.mimeType})`);
		if (actual !== expected) process.exitCode = 1;
	} finally {
		emulator.stop();
	}
}

async function token(origin: string): Promise<string> {
	const res = await fetch(`${origin}${API_PREFIXES.identity}/connect/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO.clients.admin.clientId, client_secret: DEMO.clients.admin.clientSecret, scope: DEMO.scopes.integration }),
	});
	return ((await res.json()) as { access_token: string }).access_token;
}

void main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
