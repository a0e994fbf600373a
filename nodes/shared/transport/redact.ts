import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/** Anything that looks like a bearer credential in a text. */
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi;

/**
 * The client secret and every token the credential holds: a service (or proxy) that echoes the
 * request in its error body must not put them into messages, execution data or logs.
 */
export function credentialSecrets(
	credentials: ICredentialDataDecryptedObject | undefined,
): string[] {
	if (!credentials) return [];
	const secrets = [String(credentials.clientSecret ?? '')];
	const stored = String(credentials.accessToken ?? '');
	try {
		const parsed = JSON.parse(stored) as { tokens?: Array<{ token?: unknown }> };
		for (const t of parsed.tokens ?? []) secrets.push(String(t.token ?? ''));
	} catch {
		secrets.push(stored);
	}
	return secrets.filter((s) => s.length >= 8);
}

/** A copy of `value` with bearer credentials and the given secrets replaced in every string. */
export function redact<T>(value: T, secrets: string[] = []): T {
	if (typeof value === 'string') {
		let out: string = value.replace(BEARER, 'Bearer [redacted]');
		for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
		return out as T;
	}
	if (Array.isArray(value)) return value.map((v) => redact(v, secrets)) as T;
	if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, secrets)])) as T;
	}
	return value;
}
