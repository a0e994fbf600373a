import type { ApiName } from '../core/apis';
import type { LatencyPlan } from '../core/latency';

export interface LoggedRequest {
	seq: number;
	time: string;
	/** When the answer's last byte went or the connection closed (a request's end, for in-flight counts). */
	endTime?: string;
	api: ApiName;
	method: string;
	/** Path below the API's base, as sent (still URL-encoded). */
	path: string;
	/** The raw query string without `?`. */
	search: string;
	query: Record<string, string[]>;
	headers: Record<string, string>;
	/** The parsed JSON body, the form fields of a token request, or a multipart summary. */
	body?: unknown;
	status?: number;
	fault?: string;
	clientId?: string;
	/** What the latency model added to the answer, when it is on. */
	latency?: LatencyPlan;
}

/** Every request the emulator received, oldest first, bounded so long benchmarks do not grow without end. */
export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;

	constructor(private readonly limit = 200_000) {}

	start(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
		const logged = { seq: ++this.seq, ...entry };
		this.entries.push(logged);
		if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
		return logged;
	}

	all(): LoggedRequest[] {
		return [...this.entries];
	}

	since(seq: number): LoggedRequest[] {
		return this.entries.filter((e) => e.seq > seq);
	}

	get lastSeq(): number {
		return this.seq;
	}

	clear() {
		this.entries = [];
	}
}

/** Turns a query string into name -> values, keeping repeated names. */
export function parseQuery(search: string): Record<string, string[]> {
	const out: Record<string, string[]> = {};
	for (const [k, v] of new URLSearchParams(search)) (out[k] ??= []).push(v);
	return out;
}
