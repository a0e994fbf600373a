import type { Fixture } from './emulatorFixture';

/** An instant as the node writes it in a window's query (whole seconds without `.000`). */
export function iso(ms: number): string {
	return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** The windows the node asked `path` for (the first page of each), in the order of their start. */
export function requestedWindows(fx: Fixture, path: string): Array<{ from: string; to: string }> {
	const seen = new Map<string, string>();
	for (const r of fx.apiRequests())
		if (r.path === path && r.query.FromDateTime)
			seen.set(r.query.FromDateTime[0], r.query.ToDateTime[0]);
	return [...seen]
		.map(([from, to]) => ({ from, to }))
		.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
}
