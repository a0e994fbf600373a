/**
 * Plain words for a Node network error code. n8n replaces any error message that contains a raw
 * code such as ECONNREFUSED with a generic text, which would hide which host failed.
 */
export function networkProblem(code: string | undefined): string {
	const words: Record<string, string> = {
		ECONNREFUSED: 'connection refused',
		ENOTFOUND: 'host name not found',
		EAI_AGAIN: 'host name lookup failed',
		ETIMEDOUT: 'timed out',
		ECONNABORTED: 'timed out',
		ECONNRESET: 'connection dropped',
		EHOSTUNREACH: 'host unreachable',
		EADDRNOTAVAIL: 'address not available',
		EPIPE: 'connection dropped',
		UND_ERR_SOCKET: 'connection dropped',
		CERT_HAS_EXPIRED: 'certificate expired',
	};
	return code ? (words[code.toUpperCase()] ?? 'network error') : 'no answer';
}
