/*
 * Return All over every time registration: a plain undici loop that parses each page and keeps
 * nothing (the floor for File output). BENCH_LOOP_BALLAST_MB (set by the suite for its variant):
 * the loop runs beside that many MiB of live objects, as a process the size of an idle n8n holds,
 * to show what reading the same bytes costs the collector of a process that large (issue 33).
 * BENCH_LOOP_FILE: the loop also writes the records as the File output does, for its like-for-like
 * baseline: `ndjson` into an NDJSON file, `gzip` into a gzipped one (bench/ndjsonFile.ts), in a
 * temporary folder removed after the file's lines are counted (untimed). BENCH_LOOP_ITEMS=1: the
 * loop keeps what the node's item mode must hand n8n, every record as an item in one array held
 * until the process ends (the same-output loop, issue 33).
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { report, targetFromEnv } from '../measure';
import { countNdjsonLines, ndjsonFile, type NdjsonFile } from '../ndjsonFile';
import { eachTimeRegistrationBody, eachTimeRegistrationPage, warmUpExtraction } from './token';

const target = targetFromEnv();
const ballastMb = Number(process.env.BENCH_LOOP_BALLAST_MB ?? 0);
/** BENCH_LOOP_BYTES=1: receive every page's bytes and parse nothing (what the bytes alone cost). */
const bytesOnly = process.env.BENCH_LOOP_BYTES === '1';
const fileMode = process.env.BENCH_LOOP_FILE ?? '';
if (!['', 'ndjson', 'gzip'].includes(fileMode) || (fileMode && bytesOnly))
	throw new Error(
		`BENCH_LOOP_FILE is "${fileMode}": set it to ndjson or gzip, without BENCH_LOOP_BYTES (a file needs the parsed records)`,
	);
const keepItems = process.env.BENCH_LOOP_ITEMS === '1';
if (keepItems && (bytesOnly || fileMode))
	throw new Error(
		'BENCH_LOOP_ITEMS is set with BENCH_LOOP_BYTES or BENCH_LOOP_FILE: items need the parsed records and are the output, so set it alone',
	);
/** The items the loop keeps (BENCH_LOOP_ITEMS), as the node hands them to n8n for its one input item. */
const items: Array<{ json: unknown; pairedItem: { item: number } }> = [];
const gzip = fileMode === 'gzip';
const folder = fileMode ? mkdtempSync(join(tmpdir(), 'n8n-nodes-workforce-bench-loop-')) : '';
const path = join(folder, gzip ? 'records.ndjson.gz' : 'records.ndjson');

/** Small objects and strings, like a server's heap, until V8's heap holds `mb` MiB more. */
function ballast(mb: number): unknown[] {
	const kept: unknown[] = [];
	const start = process.memoryUsage().heapUsed;
	for (let i = 0; process.memoryUsage().heapUsed - start < mb * 1024 * 1024; i++) {
		const chunk: unknown[] = [];
		for (let k = 0; k < 10_000; k++)
			chunk.push({ id: i * 10_000 + k, name: `entry ${i}-${k}`, tags: [k] });
		kept.push(chunk);
	}
	return kept;
}

const held = ballastMb > 0 ? ballast(ballastMb) : [];

let written: { fileBytes: number; textBytes: number } | undefined;

/** The file's lines, read back after the timing: one a record, or the run fails. */
async function checkFile(records: number): Promise<string> {
	const { lines, textBytes, sha256 } = await countNdjsonLines(createReadStream(path), gzip);
	if (lines !== records || textBytes !== written?.textBytes)
		throw new Error(
			`${path} holds ${lines} lines (${textBytes} bytes), the loop read ${records} records (${written?.textBytes} bytes written)`,
		);
	return `${gzip ? 'gunzipped' : 'read'} back: ${lines} lines, sha256 ${sha256}`;
}

void report(
	async () => {
		let records = 0;
		let bytes = 0;
		const file: NdjsonFile | undefined = fileMode ? ndjsonFile(path, gzip) : undefined;
		const requests = bytesOnly
			? await eachTimeRegistrationBody(
					target,
					(chunk) => (bytes += chunk.length),
					(count) => (records += count),
				)
			: await eachTimeRegistrationPage(target, async (page) => {
					records += page.length;
					if (keepItems)
						for (const record of page) items.push({ json: record, pairedItem: { item: 0 } });
					await file?.write(page);
				});
		written = await file?.close();
		return {
			records,
			requests,
			note:
				[
					bytesOnly ? `bytes only, ${bytes} bytes` : '',
					written
						? `${gzip ? 'gzip' : 'NDJSON'} file of ${written.fileBytes} bytes${gzip ? ` (${written.textBytes} bytes of NDJSON)` : ''}`
						: '',
					held.length ? `beside ${ballastMb} MiB of live objects` : '',
					keepItems ? `${items.length} items kept` : '',
				]
					.filter(Boolean)
					.join(', ') || undefined,
		};
	},
	() => warmUpExtraction(target),
	fileMode ? (outcome) => checkFile(outcome.records ?? 0) : undefined,
).finally(() => {
	if (folder) rmSync(folder, { recursive: true, force: true });
});
