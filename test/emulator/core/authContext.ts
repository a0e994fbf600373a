/** Who is calling: resolved from the bearer token before a handler runs. */
export interface Caller {
	clientId: string;
	companyId: string;
	isAdministrator: boolean;
	scopes: string[];
}

export const ANONYMOUS: Caller = {
	clientId: '',
	companyId: '',
	isAdministrator: false,
	scopes: [],
};
