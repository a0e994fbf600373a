import { capturedLogs, type ExecuteResult } from '../harness/execute';
import { DEMO, type Fixture } from '../support/emulatorFixture';

/** Every client secret of the demo data and every token the emulator has issued so far. */
export function secretsOf(fx: Fixture): string[] {
	const secrets = Object.values(DEMO.clients).map((c) => c.clientSecret);
	const issued = (fx.emulator.ctx.clients as unknown as { tokens: Map<string, unknown> }).tokens;
	return [...secrets, ...issued.keys()];
}

function serialize(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, v: unknown) => {
		if (typeof v === 'object' && v !== null) {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		if (v instanceof Error) return { ...v, name: v.name, message: v.message, stack: v.stack };
		return v;
	});
}

/**
 * Everything a user, a log shipper or the execution store could see of a run: the whole `run`
 * object (execution data), the output items, the error (message, description, stack) and what
 * n8n logged since `logsFrom`.
 */
export function visibleText(result: ExecuteResult, logsFrom: number): string {
	const error = result.error as (Error & { description?: unknown }) | undefined;
	return [
		serialize(result.run),
		serialize(result.items),
		error ? `${error.message}\n${String(error.description ?? '')}\n${error.stack ?? ''}` : '',
		capturedLogs.slice(logsFrom).join('\n'),
	].join('\n');
}

/** The secrets (or any bearer credential) found in the text. */
export function leaksIn(text: string, secrets: string[]): string[] {
	const found = secrets
		.filter((s) => s.length >= 8 && text.includes(s))
		.map((s) => `secret ${s.slice(0, 4)}…`);
	const bearer = text.match(/Bearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/g) ?? [];
	return [...found, ...bearer.map((b) => `header ${b.slice(0, 12)}…`)];
}

export {
	closedPort,
	startForeignServer,
	startRedirector,
	type Recorded,
} from '../support/foreignServers';
