import { randomBytes } from 'node:crypto';

import type { Clock } from '../core/clock';

/** An API client registered by a company administrator. */
export interface ApiClient {
	clientId: string;
	clientSecret: string;
	companyId: string;
	/** Scopes this client was granted; a token request may ask for any subset. */
	grantedScopes: string[];
	isAdministrator: boolean;
	/** Token lifetime in seconds (the live default is about 30 minutes, up to 24 hours). */
	tokenLifetimeSeconds: number;
	disabled?: boolean;
}

export interface IssuedToken {
	token: string;
	clientId: string;
	companyId: string;
	scopes: string[];
	isAdministrator: boolean;
	expiresAt: number;
}

export class Clients {
	private readonly clients = new Map<string, ApiClient>();
	private readonly tokens = new Map<string, IssuedToken>();
	/** Every token ever issued, for tests that count token requests. */
	issuedCount = 0;

	constructor(private readonly clock: Clock) {}

	register(client: Partial<ApiClient> & Pick<ApiClient, 'clientId' | 'companyId'>): ApiClient {
		const full: ApiClient = {
			clientSecret: randomBytes(18).toString('base64url'),
			grantedScopes: ['svcapiv3', 'reportingapiv1'],
			isAdministrator: true,
			tokenLifetimeSeconds: 1800,
			...client,
		};
		this.clients.set(full.clientId, full);
		return full;
	}

	get(clientId: string): ApiClient | undefined {
		return this.clients.get(clientId);
	}

	all(): ApiClient[] {
		return [...this.clients.values()];
	}

	issue(client: ApiClient, scopes: string[]): IssuedToken {
		const token: IssuedToken = {
			token: randomBytes(32).toString('base64url'),
			clientId: client.clientId,
			companyId: client.companyId,
			scopes,
			isAdministrator: client.isAdministrator,
			expiresAt: this.clock.now().getTime() + client.tokenLifetimeSeconds * 1000,
		};
		this.tokens.set(token.token, token);
		this.issuedCount++;
		return token;
	}

	/** The token when it is known, unexpired and its client still enabled. */
	resolve(token: string): IssuedToken | undefined {
		const issued = this.tokens.get(token);
		if (!issued) return undefined;
		if (issued.expiresAt <= this.clock.now().getTime()) return undefined;
		const client = this.clients.get(issued.clientId);
		if (!client || client.disabled) return undefined;
		return issued;
	}

	/** Fault injection: every token issued so far stops working. */
	expireAll() {
		for (const t of this.tokens.values()) t.expiresAt = 0;
	}
}
