/*
 * Return All over every time registration: a plain undici loop that parses each page and keeps
 * nothing (the floor for File output). BENCH_LOOP_BALLAST_MB (set by the suite for its variant):
 * the loop runs beside that many MiB of live objects, as a process the size of an idle n8n holds,
 * to show what reading the same bytes costs the collector of a process that large (issue 33).
 */
import { report, targetFromEnv } from '../measure';
import { eachTimeRegistrationBody, eachTimeRegistrationPage, warmUpExtraction } from './token';

const target = targetFromEnv();
const ballastMb = Number(process.env.BENCH_LOOP_BALLAST_MB ?? 0);
/** BENCH_LOOP_BYTES=1: receive every page's bytes and parse nothing (what the bytes alone cost). */
const bytesOnly = process.env.BENCH_LOOP_BYTES === '1';

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

void report(
	async () => {
		let records = 0;
		let bytes = 0;
		const requests = bytesOnly
			? await eachTimeRegistrationBody(
					target,
					(chunk) => (bytes += chunk.length),
					(count) => (records += count),
				)
			: await eachTimeRegistrationPage(target, (page) => {
					records += page.length;
				});
		return {
			records,
			requests,
			note:
				[
					bytesOnly ? `bytes only, ${bytes} bytes` : '',
					held.length ? `beside ${ballastMb} MiB of live objects` : '',
				]
					.filter(Boolean)
					.join(', ') || undefined,
		};
	},
	() => warmUpExtraction(target),
);
