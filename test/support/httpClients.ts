import { Agent, fetch, setGlobalDispatcher } from 'undici';

/**
 * Every HTTP client of the tests sends each request on a connection of its own, closed after the
 * answer: undici's `fetch` and `request` (through the global dispatcher) and the global `fetch`
 * (the MCP client's), in the unit, calendar and e2e suites alike (their jest set-up files call
 * `oneConnectionPerRequest`).
 *
 * Why: a server closes a kept-alive connection that sat idle (the emulator after 30 s, n8n after
 * 5 s), and a client that picks that connection as the close is on its way fails with "other side
 * closed"; a POST cannot safely be sent again. Load delays both sides' timers and makes the race
 * likely (issue 45: CI red beside CPU burners). A connection per request has no idle time, so
 * the race cannot happen; on loopback it costs well under a millisecond. The package's own
 * requests go through n8n's helpers and are untouched; benchmarks keep their own clients.
 */
export const testDispatcher = new Agent({ pipelining: 0 });

export function oneConnectionPerRequest() {
	setGlobalDispatcher(testDispatcher);
	// Node's own fetch reads the dispatcher of the realm it was made in, not the test's: replaced
	// by undici's, which reads the one set above.
	globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
}
