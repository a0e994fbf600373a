/** The three bases of the service, each served below its own path prefix (see the behaviour notes: a base may carry a path). */
export type ApiName = 'identity' | 'integration' | 'extraction' | 'control';

export const API_PREFIXES: Record<ApiName, string> = {
	identity: '/identity',
	integration: '/core',
	extraction: '/reporting',
	control: '/__control',
};
