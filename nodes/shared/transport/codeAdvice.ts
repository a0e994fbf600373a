/**
 * What to do about an error the service names by code, shown in place of the status's generic
 * advice. One row per code; the cause is the service's own message, the fix is ours.
 */
export const CODE_ADVICE: Record<string, string> = {
	// Behaviour notes: a full-sync token is a position in another order than an incremental one.
	ContinuationTokenModeMismatch:
		'A continuation token of a full sync (no Modified Since) was sent with an incremental query (Modified Since set), or the other way round. Tokens of the two modes are never interchangeable: start the extraction again without a token, and keep Modified Since the same on every page (a workflow that pages by hand, e.g. with the HTTP Request node, must not carry a token from one mode into the other).',
	ContinuationTokenQueryMismatch:
		'The continuation token belongs to a query with other parameters. Resend every parameter exactly as on the first page with the token, or start again without it.',
	// Behaviour notes: reading payroll lines may need a client with Administrator access.
	AdministratorRequired:
		"The credential's API client lacks the Administrator role, which reading payroll lines (and payroll lines extended) requires. Ask a company administrator to give that API client (the credential's Client ID) the Administrator role in the service's API client settings, or use a credential whose client has it. Time registrations and the other extraction endpoints work without it.",
	InvalidContinuationToken:
		'The continuation token was changed on the way. Send it exactly as received (it is opaque), or start the extraction again without it.',
};

/** The advice for the first error item whose code has a row; undefined when none has. */
export function adviceForCodes(codes: Array<string | undefined>): string | undefined {
	for (const code of codes) if (code && CODE_ADVICE[code]) return CODE_ADVICE[code];
	return undefined;
}
