import {
	ICredentialsHelper,
	type ICredentialDataDecryptedObject,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeProperties,
} from 'n8n-workflow';
import { Credentials } from 'n8n-core';

import { credentialTypes } from './nodeTypes';

/**
 * Stands in for n8n's database-backed credentials helper with the same semantics: a credential
 * with an expirable hidden field gets it from `preAuthentication` when empty or after a 401, and
 * the result is persisted, so later requests and executions reuse the token.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly store = new Map<string, ICredentialDataDecryptedObject>();
	/** How often a credential was written back (token refreshes). */
	updates = 0;

	set(id: string, data: ICredentialDataDecryptedObject) {
		const type = credentialTypes.workforceApi;
		const defaults = Object.fromEntries(type.properties.map((p) => [p.name, p.default ?? '']));
		this.store.set(id, { ...defaults, ...data } as unknown as ICredentialDataDecryptedObject);
	}

	get(id: string): ICredentialDataDecryptedObject | undefined {
		return this.store.get(id);
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		if (typeof type?.authenticate === 'function')
			return await type.authenticate(credentials, requestOptions);
		if (type?.authenticate) throw new Error('Generic authenticate is not used by this package');
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = credentialTypes[typeName];
		const expirable = type?.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!type?.preAuthentication || !expirable) return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		const id = node.credentials?.[typeName]?.id;
		if (id) {
			this.store.set(id, {
				...(this.store.get(id) ?? {}),
				...output,
			} as ICredentialDataDecryptedObject);
			this.updates++;
		}
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getDecrypted(
		_additionalData: unknown,
		nodeCredentials: INodeCredentialsDetails,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.store.get(nodeCredentials.id ?? '');
		if (!data) throw new Error(`No test credential ${String(nodeCredentials.id)}`);
		return { ...data };
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		return new Credentials({ id: nodeCredentials.id, name: nodeCredentials.name }, type, '');
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(nodeCredentials.id ?? '', { ...data });
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}
}
