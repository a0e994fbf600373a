/*
 * What decoding a page costs the File output, in CPU, for issue 33's question whether the page
 * scan pays: the same pages of 2,500 time registrations (fetched once from the emulator) decoded
 * over and over, the ways interleaved round by round so load on the machine hits each alike:
 * - `parse`: JSON.parse and keep nothing (what the plain loop does);
 * - `parse + NDJSON`: JSON.parse, one JSON.stringify per record into the part's lines, the
 *   summary from the objects (the plain way to write the File output);
 * - `scan + NDJSON`: pageScan.ts, the lines cut from the page's bytes, the summary from the scan
 *   (what the node does today);
 * - `parse + CSV` and `scan + CSV`: the same for CSV, its records parsed from the page's text or,
 *   scanned, the page's bytes parsed whole as the writer encodes it (the summary from the scan);
 * - `scan + CSV, record by record`: as `scan + CSV`, each record parsed from its own span as the
 *   encoder takes it (what the node does today: one record's objects alive at a time, not a page's).
 * Prints CPU per page and MB/s of page text for each (median of the rounds). In-process CPU only:
 * what the objects cost n8n's collector later in a busy heap is the `n8nFile` suite's question.
 * `node .build/bench/decodeCost.js` after `bash scripts/build-dev.sh`; DECODE_PAGES, DECODE_ROUNDS.
 */
import { loadavg } from 'node:os';

import { request } from 'undici';

import { DEMO, startEmulator } from '../test/emulator';
import { PageBytes } from '../nodes/Workforce/resources/dataExtraction/output/fileDecoder';
import {
	scanPage,
	type ScannedPage,
} from '../nodes/Workforce/resources/dataExtraction/output/pageScan';
import {
	FileSummary,
	SUMMARY_FIELDS,
} from '../nodes/Workforce/resources/dataExtraction/output/summary';
import {
	csvEncoder,
	ndjsonEncoder,
	type RecordEncoder,
} from '../nodes/Workforce/resources/dataExtraction/output/encoders';
import type { FileFormat } from '../nodes/Workforce/resources/dataExtraction/outputField';
import type { IDataObject } from 'n8n-workflow';

const PAGES = Number(process.env.DECODE_PAGES ?? 20);
const ROUNDS = Number(process.env.DECODE_ROUNDS ?? 15);
const utf8 = new TextEncoder();

async function fetchPages(): Promise<Buffer[]> {
	const emulator = await startEmulator({ workData: { timeRegistrations: PAGES * 2500 } });
	try {
		const token = await request(`${emulator.urls.identity}/connect/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				grant_type: 'client_credentials',
				client_id: DEMO.clients.admin.clientId,
				client_secret: DEMO.clients.admin.clientSecret,
				scope: 'svcapiv3 reportingapiv1',
			}).toString(),
		});
		const { access_token } = (await token.body.json()) as { access_token: string };
		const pages: Buffer[] = [];
		let continuation = '';
		do {
			const query = new URLSearchParams({ ChunkLimit: '2500' });
			if (continuation) query.set('ContinuationToken', continuation);
			const answer = await request(`${emulator.urls.extraction}/v1/time-registrations?${query}`, {
				headers: { authorization: `Bearer ${access_token}` },
			});
			const bytes = Buffer.from(await answer.body.arrayBuffer());
			pages.push(bytes);
			continuation =
				(JSON.parse(bytes.toString('utf8')) as { continuationToken?: string }).continuationToken ??
				'';
		} while (continuation);
		return pages;
	} finally {
		await emulator.close();
	}
}

type Way = (page: Buffer) => number;

/** The page parsed whole, summarised and encoded, as the File output did before the scan. */
const parsed =
	(format: FileFormat, encoder: () => RecordEncoder): Way =>
	(page) => {
		const records = (JSON.parse(page.toString('utf8')) as { data: IDataObject[] }).data;
		new FileSummary(format, false).addPage(records);
		return utf8.encode(encoder().page(records)).byteLength;
	};

/** The page scanned and summarised from its bytes, then its text made by `text`. */
const scanned =
	(format: FileFormat, text: (page: ScannedPage) => { byteLength: number }): Way =>
	(page) => {
		const scan = scanPage(new PageBytes(page), SUMMARY_FIELDS)!;
		new FileSummary(format, false).addScanned(scan, scan.count);
		return text(scan).byteLength;
	};

const ways: Record<string, Way> = {
	parse: (page) => (JSON.parse(page.toString('utf8')) as { data: unknown[] }).data.length,
	'parse + NDJSON': parsed('ndjson', ndjsonEncoder),
	'scan + NDJSON': scanned('ndjson', (scan) => scan.takeLines(scan.count)),
	'parse + CSV': parsed('csv', csvEncoder),
	'scan + CSV': scanned('csv', (scan) => utf8.encode(csvEncoder().page(scan.records))),
	'scan + CSV, record by record': scanned('csv', (scan) =>
		utf8.encode(csvEncoder().page(eachRecord(scan))),
	),
};

/** As the File output's page cursor hands a scanned page's records to the encoder. */
function* eachRecord(scanned: ScannedPage): Generator<IDataObject> {
	for (let i = 0; i < scanned.count; i++) yield scanned.record(i);
}

async function main() {
	const pages = await fetchPages();
	const bytes = pages.reduce((sum, page) => sum + page.byteLength, 0);
	const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
	for (let round = 0; round < ROUNDS; round++) {
		for (const [name, way] of Object.entries(ways)) {
			// The scan cuts its lines in the page's own bytes: each way gets fresh copies, made untimed.
			const copies = pages.map((page) => Buffer.from(page));
			const before = process.cpuUsage();
			for (const page of copies) way(page);
			const used = process.cpuUsage(before);
			cpu[name].push((used.user + used.system) / 1000);
		}
	}
	const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
	const base = median(cpu.parse);
	console.log(
		`${pages.length} pages, ${(bytes / pages.length / 1e6).toFixed(2)} MB a page, ${ROUNDS} rounds, load ${loadavg()[0].toFixed(1)}`,
	);
	console.log('| Way | CPU per page (ms) | MB/s | Ratio to parse |');
	console.log('|---|---:|---:|---:|');
	for (const name of Object.keys(ways)) {
		const ms = median(cpu[name]);
		console.log(
			`| ${name} | ${(ms / pages.length).toFixed(1)} | ${Math.round(bytes / 1e6 / (ms / 1000))} | ${(ms / base).toFixed(2)} |`,
		);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
